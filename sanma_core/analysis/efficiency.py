"""The best discard and its useful tiles: one definition for drills, hints, reviews and bots.

**Useful tiles** of a discard are the kinds whose draw lowers the shanten of the
hand left after it. They are counted by the copies *unseen to the player*: four
minus every copy the player can see. With only the hand known that is the own
hand (the discarded copy included: it lies in the river), own melds and kita;
pass ``seen`` to count the ponds, the others' melds and kita and the dora
indicators as well (what a player at the table sees).

**Order of the discards**, best first:

1. the lowest shanten;
2. the most unseen useful copies;
3. value: the least han thrown away (dora and red fives; ``value``);
4. danger: the lowest danger against a riichi (``danger``);
5. tile order (m, p, s, z; 1 to 9).

**Kita.** Setting a North aside (when legal) leaves the same shape as
discarding it, adds a han (one more per West dora indicator) and draws a
replacement tile, and the turn's discard is still to come. So it is the best
play whenever the North is not needed for the shape: when the hand without it
has the lowest shanten any discard reaches. Discarding a North that could be set
aside is never best.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> p = best_play(to_counts(parse_tiles("067789p45678s444z")), kita_legal=True)
>>> p.best.name, p.kita.shanten, p.kita.useful_count
('kita', 0, 11)
>>> best_play(to_counts(parse_tiles("067789p45678s444z"))).best.name  # no kita: discard a North
'4z'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..tiles import HONOURS, NORTH, NUM_KINDS, kind, kind_name
from .shape import chiitoitsu_shanten, discard_options, kokushi_shanten, regular_shanten, shanten, ukeire

__all__ = ["KitaVerdict", "Option", "Play", "best_play", "discard_values", "kita_option", "kita_verdict", "rank_discards",
           "sort_key", "unseen_counts"]

KITA = "kita"


@dataclass(frozen=True)
class Option:
    """One play from a 14-tile-sized hand: a discard of ``tile``, or kita (``tile`` is then North)."""

    tile: int
    shanten: int
    useful: tuple[int, ...]
    useful_count: int  # copies of the useful kinds unseen to the player
    value: float = 0.0  # han thrown away (dora, red five); kita: minus the han it adds
    danger: float = 0.0  # against the riichi players (0 when nobody is in riichi)
    kita: bool = False

    @property
    def name(self) -> str:
        """``"kita"`` or the MPSZ name of the discarded kind."""
        return KITA if self.kita else kind_name(self.tile)

    @property
    def shape(self) -> tuple[int, int]:
        """(shanten, −useful copies): the part of the order that is pure efficiency."""
        return self.shanten, -self.useful_count


def sort_key(o: Option) -> tuple[int, int, float, float, int]:
    """The order of the module docstring: shanten, useful copies, value, danger, tile order."""
    return o.shanten, -o.useful_count, o.value, o.danger, o.tile


def unseen_counts(counts: Sequence[int], outside: Sequence[int] | None = None,
                  seen: Sequence[int] | None = None) -> list[int]:
    """Copies of each kind the player cannot see: 4 − (``seen``, or the hand plus melds and kita)."""
    if seen is None:
        seen = [counts[k] + (outside[k] if outside is not None else 0) for k in range(NUM_KINDS)]
    return [max(0, 4 - seen[k]) for k in range(NUM_KINDS)]


def discard_values(tiles: Sequence[int], dora_kinds: Sequence[int] = ()) -> dict[int, float]:
    """Han thrown away by discarding each kind of ``tiles``: its dora hits, plus one for a red five
    when every copy held is red (a plain copy goes first otherwise).

    >>> from sanma_core.tiles import parse_tiles
    >>> discard_values(parse_tiles("05p3z"), [13, 29])
    {13: 1.0, 29: 1.0}
    """
    out: dict[int, float] = {}
    hits = {k: dora_kinds.count(k) for k in set(dora_kinds)}
    for k in {kind(t) for t in tiles}:
        plain = any(t == k for t in tiles)
        out[k] = float(hits.get(k, 0) + (0 if plain else 1))
    return {k: v for k, v in sorted(out.items()) if v}


def rank_discards(counts: Sequence[int], outside: Sequence[int] | None = None, *,
                  seen: Sequence[int] | None = None, value: Mapping[int, float] | None = None,
                  danger: Mapping[int, float] | None = None) -> list[Option]:
    """Every distinct discard of a 14-tile-sized hand, best first (see the module docstring)."""
    unseen = unseen_counts(counts, outside, seen)
    value = value or {}
    danger = danger or {}
    opts = [Option(o.tile, o.shanten, tuple(o.ukeire.tiles), sum(unseen[k] for k in o.ukeire.tiles),
                   float(value.get(o.tile, 0.0)), float(danger.get(o.tile, 0.0)))
            for o in discard_options(list(counts), list(outside) if outside is not None else None)]
    return sorted(opts, key=sort_key)


def kita_option(counts: Sequence[int], outside: Sequence[int] | None = None, *, seen: Sequence[int] | None = None,
                han: int = 1, danger: float = 0.0) -> Option | None:
    """The hand once a North is set aside (before the replacement draw); None without a North in hand."""
    if counts[NORTH] == 0:
        return None
    after = list(counts)
    after[NORTH] -= 1
    out = list(outside) if outside is not None else [0] * NUM_KINDS
    out[NORTH] += 1
    u = ukeire(after, out)
    unseen = unseen_counts(counts, outside, seen)
    return Option(NORTH, shanten(after, out), tuple(u.tiles), sum(unseen[k] for k in u.tiles), -float(han), danger, True)


@dataclass(frozen=True)
class Play:
    """What to do with a 14-tile-sized hand: the ranked discards and, with a North in hand, kita."""

    discards: tuple[Option, ...]  # best first
    kita: Option | None  # the hand after kita (whether or not it is legal)
    kita_legal: bool

    @property
    def kita_best(self) -> bool:
        """Kita is legal and the North is not needed for the shape."""
        return self.kita_legal and self.kita is not None and self.kita.shanten <= self.discards[0].shanten

    @property
    def best(self) -> Option:
        return self.kita if self.kita_best and self.kita is not None else self.discards[0]

    @property
    def tied(self) -> tuple[Option, ...]:
        """Every option equal to the best on all keys but tile order (kita alone when kita is best)."""
        if self.kita_best and self.kita is not None:
            return (self.kita,)
        top = sort_key(self.discards[0])[:4]
        return tuple(o for o in self.discards if sort_key(o)[:4] == top)


def best_play(counts: Sequence[int], outside: Sequence[int] | None = None, *, seen: Sequence[int] | None = None,
              value: Mapping[int, float] | None = None, danger: Mapping[int, float] | None = None,
              kita_legal: bool = False, kita_han: int = 1) -> Play:
    """The ranked discards of a 14-tile-sized hand, and whether kita beats them all.

    ``kita_han`` is the han a North set aside adds (1, plus one per West dora indicator).
    """
    ranked = rank_discards(counts, outside, seen=seen, value=value, danger=danger)
    k = kita_option(counts, outside, seen=seen, han=kita_han, danger=(danger or {}).get(NORTH, 0.0))
    return Play(tuple(ranked), k, kita_legal and k is not None)


@dataclass(frozen=True)
class KitaVerdict:
    """Set the North aside (``set_aside``) or keep it, and why (``reason``).

    Reasons to keep: ``"not_allowed"``, ``"kokushi"`` (thirteen orphans is the closest form, ≤ 3-shanten),
    ``"chiitoitsu"`` (the North pair counts for seven pairs, ≤ 2-shanten), ``"honours"`` (an honour-heavy hand,
    eight or more honours, uses the North pair), ``"shape"`` (without the North the shanten rises).
    To set aside: ``"free"``. ``shanten_keep``/``shanten_kita``: best shanten with the North kept / set aside.
    """

    set_aside: bool
    reason: str
    shanten_keep: int
    shanten_kita: int
    form_shanten: int | None = None  # thirteen orphans' or seven pairs' shanten when that is the reason
    honours: int = 0


def kita_verdict(counts: Sequence[int], outside: Sequence[int] | None = None, *, closed: bool = True,
                 kita_legal: bool = True) -> KitaVerdict:
    """Whether a 14-tile-sized hand holding a North should set it aside (the tutor's kita rule; the bots' too).

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> kita_verdict(to_counts(parse_tiles("19m19p19s12344z567p"))).reason
    'kokushi'
    >>> kita_verdict(to_counts(parse_tiles("067789p45678s444z"))).reason
    'free'
    """
    out = list(outside) if outside is not None else [0] * NUM_KINDS
    play = best_play(counts, out, kita_legal=True)
    keep = play.discards[0].shanten
    after = play.kita.shanten if play.kita is not None else keep
    if counts[NORTH] == 0 or not kita_legal:
        return KitaVerdict(False, "not_allowed", keep, after)
    reg = regular_shanten(counts, out)
    if closed:
        ks = kokushi_shanten(counts, out)
        if ks <= 3 and ks <= reg:
            return KitaVerdict(False, "kokushi", keep, after, ks)
        if counts[NORTH] >= 2:
            cs = chiitoitsu_shanten(counts, out)
            if cs <= 2 and cs <= reg:
                return KitaVerdict(False, "chiitoitsu", keep, after, cs)
    if counts[NORTH] >= 2:
        honours = sum(counts[k] for k in HONOURS) + sum(out[k] for k in HONOURS if k != NORTH)
        if honours >= 8:
            return KitaVerdict(False, "honours", keep, after, None, honours)
    if not play.kita_best:
        return KitaVerdict(False, "shape", keep, after)
    return KitaVerdict(True, "free", keep, after)
