"""Shanten, waits, useful tiles (ukeire) and the discard table.

Everything is the *replacement number* r: the fewest draws that turn the
concealed counts into a complete hand ``w`` with ``w_j ≤ 4 − outside_j``
(``outside`` = the player's own tiles in melds and kita). Shanten is r − 1:
−1 complete, 0 tenpai. A kind the player holds all four of can therefore
never be drawn, paired or waited on.

Counts are 34-length lists of concealed kind counts (see :mod:`sanma_core.tiles`).

>>> from sanma_core.tiles import kind_name, parse_tiles, to_counts
>>> shanten(to_counts(parse_tiles("19m123456p11s123z")))
3
>>> [kind_name(k) for k in waits(to_counts(parse_tiles("123456789p1144s")))]
['1s', '4s']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tiles import NUM_KINDS, SANMA_KINDS
from .closed import chiitoitsu_r, kokushi_r
from .draw_masks import discard_masks, mask_kinds, useful_mask
from .fast_shanten import fast_r
from .groups import INF
from .hand_groups import expansions
from .lanes import GIVE_UP, lane_min
from .validation import HandShapeError, caps_from_outside, check_counts, full_check

#: Shanten of a form the hand can never complete (e.g. thirteen orphans with all four Norths set aside).
IMPOSSIBLE = INF
_KINDS_IN_ORDER: tuple[int, ...] = tuple(sorted(SANMA_KINDS))

__all__ = [
    "IMPOSSIBLE",
    "DiscardOption",
    "HandShapeError",
    "Ukeire",
    "chiitoitsu_shanten",
    "discard_options",
    "is_furiten",
    "kokushi_shanten",
    "regular_shanten",
    "shanten",
    "ukeire",
    "waits",
]


@dataclass(frozen=True)
class Ukeire:
    """Useful tiles: kinds that lower the shanten, and how many copies are still live."""

    tiles: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class DiscardOption:
    """The hand after discarding one ``tile`` kind from a 14-tile-sized hand.

    ``ukeire.count`` does not count the discarded copy: it lies in the river.
    """

    tile: int
    shanten: int
    ukeire: Ukeire


# ---- replacement numbers ---------------------------------------------------------------


def _shanten_of(r: int) -> int:
    return r - 1 if r < GIVE_UP else IMPOSSIBLE


def _regular_r(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> int:
    sets = n // 3
    p, s, i = expansions(counts, caps, sets)
    return lane_min(p + s + i, sets)


def _r(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> int:
    if caps is None:
        return fast_r(counts, n)
    r = _regular_r(counts, caps, n)
    if n >= 13 and r > 0:
        r = min(r, chiitoitsu_r(counts, caps), kokushi_r(counts, caps))
    return r


def _useful(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> tuple[int, tuple[int, ...]]:
    """Replacement number of checked 3n+1 counts and the kinds whose draw lowers it."""
    expansions(counts, caps, (n + 1) // 3)  # checks the copies per kind
    r, mask = useful_mask(counts, caps, n)
    return r, mask_kinds(mask)


def _live(kinds: Sequence[int], counts: Sequence[int], outside: Sequence[int] | None) -> int:
    live = 4 * len(kinds) - sum(map(counts.__getitem__, kinds))
    return live if outside is None else live - sum(map(outside.__getitem__, kinds))


def _require_draw_size(n: int, what: str) -> None:
    if n % 3 != 1:
        raise HandShapeError(f"{what} needs a 13-tile-sized hand (3n+1 tiles), got {n}")


# ---- public API ---------------------------------------------------------------------------


def shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Minimum shanten over the regular form, seven pairs and thirteen orphans.

    >>> from sanma_core.tiles import kind_name, parse_tiles, to_counts
    >>> counts = to_counts(parse_tiles("1111p234p567s111z"))
    >>> shanten(counts), [kind_name(k) for k in waits(counts)]  # no fifth 1p to wait on
    (0, ['4p'])
    """
    if outside is None or not any(outside):
        if len(counts) == NUM_KINDS:  # the common case, checked inline (2m–8m make fast_r answer −1)
            n = sum(counts)
            if n % 3 and 0 < n <= 14:
                r = fast_r(counts, n)
                if r >= 0:
                    return r - 1 if r < GIVE_UP else IMPOSSIBLE
        return _shanten_of(fast_r(counts, check_counts(counts, None)))
    caps = caps_from_outside(outside)
    return _shanten_of(_r(counts, caps, check_counts(counts, caps)))


def regular_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Shanten of the sets-and-a-pair form only."""
    caps = caps_from_outside(outside)
    return _shanten_of(_regular_r(counts, caps, check_counts(counts, caps)))


def chiitoitsu_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Seven-pairs shanten (closed 13/14-tile hands only; ``IMPOSSIBLE`` otherwise)."""
    caps = caps_from_outside(outside)
    n = check_counts(counts, caps)
    full_check(counts, caps)
    return _shanten_of(chiitoitsu_r(counts, caps)) if n >= 13 else IMPOSSIBLE


def kokushi_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Thirteen-orphans shanten (closed 13/14-tile hands only; ``IMPOSSIBLE`` otherwise)."""
    caps = caps_from_outside(outside)
    n = check_counts(counts, caps)
    full_check(counts, caps)
    return _shanten_of(kokushi_r(counts, caps)) if n >= 13 else IMPOSSIBLE


def ukeire(counts: Sequence[int], outside: Sequence[int] | None = None) -> Ukeire:
    """Kinds whose draw lowers the shanten of a 13-tile-sized hand, and their live copies.

    >>> from sanma_core.tiles import kind_name, parse_tiles, to_counts
    >>> u = ukeire(to_counts(parse_tiles("19m23456p11s1122z")))
    >>> [kind_name(k) for k in u.tiles], u.count
    (['1p', '4p', '7p', '1s', '1z', '2z'], 17)
    """
    caps = caps_from_outside(outside)
    n = check_counts(counts, caps)
    _require_draw_size(n, "ukeire")
    _, tiles = _useful(counts, caps, n)
    return Ukeire(tiles, _live(tiles, counts, outside if caps is not None else None))


def waits(counts: Sequence[int], outside: Sequence[int] | None = None) -> list[int]:
    """Kinds that complete a tenpai 13-tile-sized hand; empty when not tenpai."""
    caps = caps_from_outside(outside)
    n = check_counts(counts, caps)
    _require_draw_size(n, "waits")
    r, tiles = _useful(counts, caps, n)
    return list(tiles) if r == 1 else []


def discard_options(counts: Sequence[int], outside: Sequence[int] | None = None) -> list[DiscardOption]:
    """Shanten and useful tiles after each distinct discard from a 14-tile-sized hand, by kind."""
    caps = caps_from_outside(outside)
    n = check_counts(counts, caps)
    if n % 3 != 2:
        raise HandShapeError(f"the discard table needs a 14-tile-sized hand (3n+2 tiles), got {n}")
    sets = n // 3  # the same number of sets as the 3n+1 hand after the discard
    expansions(counts, caps, sets)  # checks the copies per kind
    held = counts.__getitem__
    away = outside.__getitem__ if caps is not None and outside is not None else None
    options = []
    for k, r, mask in discard_masks(counts, caps, n):
        tiles = mask_kinds(mask)
        live = 4 * len(tiles) - sum(map(held, tiles))
        if away is not None:
            live -= sum(map(away, tiles))
        options.append(DiscardOption(k, r - 1 if r < GIVE_UP else IMPOSSIBLE, Ukeire(tiles, live)))
    return options


def is_furiten(wait_kinds: Sequence[int], discarded_kinds: Sequence[int]) -> bool:
    """Furiten by one's own discards: some wait was discarded by this player.

    >>> is_furiten([12, 15], [27, 15])
    True
    """
    discarded = set(discarded_kinds)
    return any(k in discarded for k in wait_kinds)
