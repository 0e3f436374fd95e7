"""Readings: each decomposition of a hand with each group the winning tile can complete.

:meth:`~sanma_core.scoring.facts.Facts.set_regular` decides which readings a decomposition
has and :meth:`~sanma_core.scoring.facts.Facts.read` their facts; both the ranking in
:mod:`.evaluate` and :func:`readings` (which builds the :class:`Reading` objects an
explanation shows) use them, so a reading's place in the list is the same for both.

>>> from sanma_core.scoring.facts import HandSummary
>>> from sanma_core.tiles import parse_tiles, to_counts
>>> counts = tuple(to_counts(parse_tiles("123p456p789s11z555s")))
>>> [(r.wait, r.ankou) for r in readings(counts, 22, (), False, HandSummary(counts, 22))]
[('shanpon', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..melds import Meld
from ..tiles import NUM_KINDS
from .facts import NO_MELDS, Facts, HandSummary, MeldFacts
from .shapes import Decomposition, is_chiitoitsu_shape, is_kokushi_shape, regular_decompositions


class Group(NamedTuple):
    """One set of a regular reading.

    ``shape`` is ``"sequence"``, ``"triplet"`` or ``"kan"``; ``tile`` its first kind;
    ``source`` ``"hand"``, ``"pon"``, ``"minkan"`` or ``"ankan"``; ``concealed`` tells
    whether it counts as concealed for fu and ankou (a triplet completed by ron does not).
    """

    shape: str
    tile: int
    source: str
    concealed: bool

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == "sequence":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.shape == "kan" else 3)


class Reading(Facts):
    """One way to read a complete hand: its :class:`~sanma_core.scoring.facts.Facts` and its groups.

    ``groups`` are the sets, melds last; ``pairs`` the seven pairs of chiitoitsu; ``win_group``
    the index of the group the winning tile completes (-1: the pair, or not regular);
    ``index`` the reading's place in :func:`readings`.
    """

    __slots__ = ("groups", "pairs", "win_group", "index")

    def place(self, groups: tuple[Group, ...], win_group: int, pairs: tuple[int, ...], index: int) -> Reading:
        self.groups = groups
        self.win_group = win_group
        self.pairs = pairs
        self.index = index
        return self


#: The readings of a special form: the winning tile completes no set.
SPECIAL_CANDIDATES = ((-1, -1),)


_MELD_SHAPE = {"pon": "triplet", "minkan": "kan", "ankan": "kan"}
_MELD_GROUPS = {(mk, k): Group(_MELD_SHAPE[mk], k, mk, mk == "ankan") for mk in _MELD_SHAPE for k in range(NUM_KINDS)}
_HAND_GROUP = (
    tuple(Group("sequence", k, "hand", True) for k in range(NUM_KINDS)),
    tuple(Group("triplet", k, "hand", True) for k in range(NUM_KINDS)),
)
_RON_TRIPLET = tuple(Group("triplet", k, "hand", False) for k in range(NUM_KINDS))


def readings(concealed: tuple[int, ...], win_kind: int, melds: Sequence[Meld], tsumo: bool,
             summary: HandSummary, decomps: Sequence[Decomposition] | None = None) -> list[Reading]:
    """Every reading of a complete hand: each decomposition with each group the winning tile can complete.

    ``decomps`` may pass :func:`~sanma_core.scoring.shapes.regular_decompositions` of ``concealed``.
    """
    meld_facts = MeldFacts(melds) if melds else NO_MELDS
    meld_groups = tuple(_MELD_GROUPS[(m.kind, m.tile_kind)] for m in melds)
    out: list[Reading] = []
    for pair, sets in regular_decompositions(concealed) if decomps is None else decomps:
        base = tuple(_HAND_GROUP[t][k] for t, k in sets) + meld_groups
        first = Reading(summary, meld_facts)
        for index, _ in first.set_regular(pair, sets, win_kind):
            r = Reading(summary, meld_facts)
            r.set_regular(pair, sets, win_kind)
            r.read(sets, index, win_kind, tsumo)
            groups = base
            if r.ron_triplet:
                groups = base[:index] + (_RON_TRIPLET[sets[index][1]],) + base[index + 1:]
            out.append(r.place(groups, index, (), len(out)))
    if not melds:
        form = "chiitoitsu" if is_chiitoitsu_shape(concealed) else "kokushi" if is_kokushi_shape(concealed) else None
        if form is not None:
            r = Reading(summary, meld_facts)
            r.set_special(form)
            pairs = tuple(k for k in range(NUM_KINDS) if concealed[k]) if form == "chiitoitsu" else ()
            out.append(r.place((), -1, pairs, len(out)))
    return out


__all__ = ["SPECIAL_CANDIDATES", "Group", "Reading", "readings"]
