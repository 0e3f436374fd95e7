"""Analysis of a whole hand as a player holds it: concealed tiles, melds and kita.

>>> a = analyze_hand("19m123456p11s123z")
>>> a.shanten, [kind_name(k) for k in a.ukeire.tiles]
(3, ['1m', '9m', '1s', '1z', '2z', '3z'])
>>> analysis_to_json(analyze_hand("123456789p1144s"))["waits"]
['1s', '4s']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import SanmaError
from ..i18n import gettext, ngettext
from ..melds import Meld, parse_meld
from ..rules import Ruleset, get_ruleset
from ..tiles import NORTH, NUM_KINDS, check_tile_supply, kind, kind_name, parse_tiles, to_counts
from .shape import DiscardOption, Ukeire, discard_options, shanten, ukeire

MAX_KITA = 4


class HandError(SanmaError):
    """A hand of the wrong size for its melds, or an impossible kita count."""


@dataclass(frozen=True)
class HandAnalysis:
    """Shape of one hand. ``waits``/``ukeire`` for 13-tile-sized hands, ``discards`` for 14."""

    tiles: tuple[int, ...]
    melds: tuple[Meld, ...]
    kita: int
    counts: tuple[int, ...]
    outside: tuple[int, ...]
    shanten: int
    waits: tuple[int, ...] = ()
    ukeire: Ukeire | None = None
    discards: tuple[DiscardOption, ...] = ()

    @property
    def drawn(self) -> bool:
        """True for a 14-tile-sized hand (one tile to discard)."""
        return len(self.tiles) % 3 == 2


def _tiles(tiles: str | Sequence[int]) -> list[int]:
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    out = list(tiles)
    for t in out:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 35:
            raise HandError(gettext("not a tile: {tile} (tiles are 0–35)").format(tile=repr(t)))
    return out


def _melds(melds: Sequence[Meld | str]) -> tuple[Meld, ...]:
    out = []
    for m in melds:
        if isinstance(m, Meld):
            out.append(m)
        elif isinstance(m, str):
            out.append(parse_meld(m))
        else:
            raise HandError(gettext("a meld must be written KIND:TILES, got {m}").format(m=repr(m)))
    return tuple(out)


def outside_counts(melds: Sequence[Meld], kita: int) -> list[int]:
    """The player's own tiles outside the concealed hand, by kind (melds and kita Norths)."""
    outside = [0] * NUM_KINDS
    for m in melds:
        for t in m.tiles:
            outside[kind(t)] += 1
    outside[NORTH] += kita
    return outside


def validate_hand(tiles: Sequence[int], melds: Sequence[Meld], kita: int, rules: Ruleset) -> None:
    """Raise :class:`HandError` or ``NotationError`` naming what is wrong with the hand."""
    if isinstance(kita, bool) or not isinstance(kita, int) or not 0 <= kita <= MAX_KITA:
        raise HandError(gettext("kita must be a whole number 0–{most}, got {kita}").format(most=MAX_KITA, kita=repr(kita)))
    if len(melds) > 4:
        raise HandError(gettext("a hand has at most 4 melds, got {n}").format(n=len(melds)))
    short, full = 13 - 3 * len(melds), 14 - 3 * len(melds)
    if len(tiles) not in (short, full):
        raise HandError(ngettext("the hand has {n} tiles; with {melds} meld it needs {short} or {full}",
                                 "the hand has {n} tiles; with {melds} melds it needs {short} or {full}",
                                 len(melds)).format(n=len(tiles), melds=len(melds), short=short, full=full))
    norths = sum(1 for t in tiles if t == NORTH) + sum(1 for m in melds for t in m.tiles if t == NORTH)
    if kita and norths + kita > 4:
        raise HandError(gettext("kita {kita} needs {kita} Norths (4z) but {norths} more are in the hand and melds: "
                                "only 4 exist").format(kita=kita, norths=norths))
    everything = list(tiles) + [t for m in melds for t in m.tiles] + [NORTH] * kita
    check_tile_supply(everything, rules.red_fives)


def analyze_hand(
    tiles: str | Sequence[int],
    melds: Sequence[Meld | str] = (),
    kita: int = 0,
    rules: Ruleset | str | None = None,
) -> HandAnalysis:
    """Validate a hand and compute its shanten, waits and useful tiles or its discard table."""
    hand = _tiles(tiles)
    meld_list = _melds(melds)
    validate_hand(hand, meld_list, kita, get_ruleset(rules))
    counts = to_counts(hand)
    outside = outside_counts(meld_list, kita)
    drawn = len(hand) % 3 == 2
    options = tuple(discard_options(counts, outside)) if drawn else ()
    best = min((d.shanten for d in options), default=0)
    # a hand that must discard is as far as its best discard, unless that discard is tenpai (it may be complete)
    sh = best if best > 0 else shanten(counts, outside)
    common = {
        "tiles": tuple(hand),
        "melds": meld_list,
        "kita": kita,
        "counts": tuple(counts),
        "outside": tuple(outside),
        "shanten": sh,
    }
    if drawn:
        return HandAnalysis(**common, discards=options)
    useful = ukeire(counts, outside)
    return HandAnalysis(**common, waits=useful.tiles if sh == 0 else (), ukeire=useful)


_NAMES = tuple(kind_name(k) for k in range(NUM_KINDS))


def _ukeire_json(u: Ukeire) -> dict[str, Any]:
    return {"tiles": [_NAMES[k] for k in u.tiles], "count": u.count}


_TILE_TEXT = tuple(json.dumps(name) for name in _NAMES)
_LIST_TEXT: dict[tuple[int, ...], str] = {}


def _ukeire_text(u: Ukeire) -> str:
    tiles = _LIST_TEXT.get(u.tiles)
    if tiles is None:
        if len(_LIST_TEXT) > 50_000:
            _LIST_TEXT.clear()
        tiles = _LIST_TEXT[u.tiles] = f"[{', '.join(map(_TILE_TEXT.__getitem__, u.tiles))}]"
    return f'{{"tiles": {tiles}, "count": {u.count}}}'


def analysis_json_text(analysis: HandAnalysis) -> str:
    """``json.dumps(analysis_to_json(analysis))``, built from memoised pieces (the batch's hot path).

    >>> analysis_json_text(analyze_hand("123456789p1144s"))
    '{"shanten": 0, "waits": ["1s", "4s"], "ukeire": {"tiles": ["1s", "4s"], "count": 4}}'
    """
    if analysis.drawn:
        names = _TILE_TEXT
        discards = ", ".join(
            f'{{"tile": {names[d.tile]}, "shanten": {d.shanten}, "ukeire": {_ukeire_text(d.ukeire)}}}'
            for d in analysis.discards
        )
        return f'{{"shanten": {analysis.shanten}, "discards": [{discards}]}}'
    assert analysis.ukeire is not None
    waits = f'"waits": [{", ".join(map(_TILE_TEXT.__getitem__, analysis.waits))}], ' if analysis.shanten == 0 else ""
    return f'{{"shanten": {analysis.shanten}, {waits}"ukeire": {_ukeire_text(analysis.ukeire)}}}'


def analysis_to_json(analysis: HandAnalysis) -> dict[str, Any]:
    """The ``sanma analyze`` answer (CONTRACTS.md) for one hand, without ``ok``."""
    out: dict[str, Any] = {"shanten": analysis.shanten}
    if analysis.drawn:
        out["discards"] = [
            {"tile": _NAMES[d.tile], "shanten": d.shanten, "ukeire": _ukeire_json(d.ukeire)} for d in analysis.discards
        ]
    else:
        if analysis.shanten == 0:
            out["waits"] = [_NAMES[k] for k in analysis.waits]
        assert analysis.ukeire is not None
        out["ukeire"] = _ukeire_json(analysis.ukeire)
    return out
