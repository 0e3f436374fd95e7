"""Shanten, waits, useful tiles (ukeire) and the discard table.

Everything is the *replacement number* r: the fewest draws that turn the
concealed counts into a complete hand ``w`` with ``w_j ≤ 4 − outside_j``
(``outside`` = the player's own tiles in melds and kita). Shanten is r − 1:
−1 complete, 0 tenpai. A kind the player holds all four of can therefore
never be drawn, paired or waited on.

Counts are 34-length lists of concealed kind counts (see :mod:`sanma_core.tiles`).

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> shanten(to_counts(parse_tiles("19m123456p11s123z")))
3
>>> [kind_name(k) for k in waits(to_counts(parse_tiles("123456789p1144s")))]
['1s', '4s']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

from ..tiles import NUM_KINDS, SANMA_KINDS, kind_name
from .groups import INF
from .lanes import ISO, PIN, SOU, any_lane_at_most, expand, lane_min
from .tables import capped_isolated_costs, capped_suit_costs, isolated_costs, suit_costs

ISOLATED = (0, 8, 27, 28, 29, 30, 31, 32, 33)
KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KOKUSHI_SET = frozenset(KOKUSHI_KINDS)
_NO_MAN = (1, 2, 3, 4, 5, 6, 7)


class HandShapeError(ValueError):
    """Counts that no sanma hand can have (wrong size, 2m–8m, a fifth copy)."""


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


# ---- the three groups, as lane-packed ints ---------------------------------------


class _BadCounts(Exception):
    """A group key outside 0–4 copies; the caller re-checks for a precise message."""


def _suit_vec(key: tuple[int, ...]) -> tuple[int, ...]:
    if min(key) < 0 or max(key) > 4:
        raise _BadCounts
    return suit_costs(key)


# _FAST[sets][role]: uncapped group key -> expansion
_FAST: list[list[dict[tuple[int, ...], int]]] = [[{}, {}, {}] for _ in range(5)]
# _DRAWS[sets][role]: uncapped group key -> expansions after drawing each kind of the group (None: no copy left)
_DRAWS: list[list[dict[tuple[int, ...], tuple[int | None, ...]]]] = [[{}, {}, {}] for _ in range(5)]


def _suit_fast(key: tuple[int, ...], role: int, sets: int) -> int:
    cache = _FAST[sets][role]
    packed = cache.get(key)
    if packed is None:
        packed = cache[key] = expand(_suit_vec(key), role, sets)
    return packed


def _iso_fast(key: tuple[int, ...], sets: int) -> int:
    cache = _FAST[sets][ISO]
    packed = cache.get(key)
    if packed is None:
        if key[0] < 0 or key[-1] > 4:
            raise _BadCounts
        packed = cache[key] = expand(isolated_costs(key), ISO, sets)
    return packed


def _iso_key(counts: Sequence[int]) -> tuple[int, ...]:
    iso = [counts[0], counts[8], *counts[27:34]]
    iso.sort()
    return tuple(iso)


def _expansions(counts: Sequence[int], caps: Sequence[int] | None, sets: int) -> tuple[int, int, int]:
    """The three groups of a hand, expanded for ``sets`` sets."""
    if caps is None:
        return (
            _suit_fast(tuple(counts[9:18]), PIN, sets),
            _suit_fast(tuple(counts[18:27]), SOU, sets),
            _iso_fast(_iso_key(counts), sets),
        )
    return (
        expand(capped_suit_costs(tuple(counts[9:18]), tuple(caps[9:18])), PIN, sets),
        expand(capped_suit_costs(tuple(counts[18:27]), tuple(caps[18:27])), SOU, sets),
        expand(_capped_iso_vec(counts, caps), ISO, sets),
    )


def _capped_iso_vec(counts: Sequence[int], caps: Sequence[int], extra: int = -1) -> tuple[int, ...]:
    pairs = sorted((counts[k] + (k == extra), caps[k]) for k in ISOLATED)
    return capped_isolated_costs(tuple(pairs))


def _draw_expansions(counts: Sequence[int], caps: Sequence[int] | None, sets: int, role: int) -> list[tuple[int, int]]:
    """(kind, expansion of its group after drawing it) for every drawable kind of one group."""
    kinds = ISOLATED if role == ISO else range(9 + 9 * role, 18 + 9 * role)
    if caps is None:
        if role == ISO:
            out = []
            for k in kinds:
                if counts[k] < 4:
                    plus = list(counts)
                    plus[k] += 1
                    out.append((k, _iso_fast(_iso_key(plus), sets)))
            return out
        start = 9 + 9 * role
        key = tuple(counts[start : start + 9])
        cache = _DRAWS[sets][role]
        draws = cache.get(key)
        if draws is None:
            built: list[int | None] = []
            for r in range(9):
                if key[r] >= 4:
                    built.append(None)
                else:
                    plus = list(key)
                    plus[r] += 1
                    built.append(_suit_fast(tuple(plus), role, sets))
            draws = cache[key] = tuple(built)
        return [(start + r, x) for r, x in enumerate(draws) if x is not None]
    out = []
    for k in kinds:
        if counts[k] >= caps[k]:
            continue
        if role == ISO:
            vec = _capped_iso_vec(counts, caps, k)
        else:
            start = 9 + 9 * role
            plus = list(counts[start : start + 9])
            plus[k - start] += 1
            vec = capped_suit_costs(tuple(plus), tuple(caps[start : start + 9]))
        out.append((k, expand(vec, role, sets)))
    return out


def _caps(outside: Sequence[int] | None) -> list[int] | None:
    if outside is None or not any(outside):
        return None
    if len(outside) != NUM_KINDS:
        raise HandShapeError(f"outside counts must have {NUM_KINDS} entries, got {len(outside)}")
    return [4 - o for o in outside]


def _check(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    """Cheap checks on every call; copies per kind are checked where groups are built."""
    if len(counts) != NUM_KINDS:
        raise HandShapeError(f"counts must have {NUM_KINDS} entries, got {len(counts)}")
    n = sum(counts)
    if n % 3 == 0 or not 0 < n <= 14:
        raise HandShapeError(f"a concealed hand has 3n+1 or 3n+2 tiles up to 14, got {n}")
    if any(counts[1:8]):
        bad = next(k for k in _NO_MAN if counts[k])
        raise HandShapeError(f"{kind_name(bad)} does not exist in sanma")
    if caps is not None:
        _full_check(counts, caps)
    return n


def _full_check(counts: Sequence[int], caps: Sequence[int] | None) -> None:
    for k in range(NUM_KINDS):
        cap = 4 if caps is None else caps[k]
        if cap < 0 or cap > 4:
            raise HandShapeError(f"{4 - cap} copies of {kind_name(k)} outside the hand: counts must be 0–4")
        if not 0 <= counts[k] <= cap:
            if cap == 4:
                raise HandShapeError(f"{counts[k]} copies of {kind_name(k)}: counts must be 0–4")
            raise HandShapeError(f"{counts[k]} copies of {kind_name(k)} in hand and {4 - cap} outside it: only 4 exist")


def _expansions_checked(counts: Sequence[int], caps: Sequence[int] | None, sets: int) -> tuple[int, int, int]:
    try:
        return _expansions(counts, caps, sets)
    except (_BadCounts, IndexError):
        _full_check(counts, caps)
        raise


# ---- replacement numbers ------------------------------------------------------


def _chiitoitsu_r(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    if caps is None:
        kinds = NUM_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
    else:
        pairs = sum(1 for k in range(NUM_KINDS) if counts[k] >= 2 and caps[k] >= 2)
        kinds = sum(1 for k in range(NUM_KINDS) if counts[k] >= 1 and caps[k] >= 2)
    if pairs >= 7:
        return 0
    singles = kinds - pairs
    return 14 - 2 * pairs - (singles if singles < 7 - pairs else 7 - pairs)


_kokushi_counts = itemgetter(*KOKUSHI_KINDS)


def _kokushi_r(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    held = _kokushi_counts(counts)
    present = 13 - held.count(0)
    pair = max(held) >= 2
    if caps is not None:
        if any(caps[k] < 1 for k in KOKUSHI_KINDS):
            return INF
        if not pair and all(caps[k] < 2 for k in KOKUSHI_KINDS):
            return INF
    return 14 - present - pair


def _regular_r(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> int:
    sets = n // 3
    p, s, i = _expansions_checked(counts, caps, sets)
    return lane_min(p + s + i, sets)


def _r(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> int:
    if caps is None:
        return _fast_r(counts, n)
    r = _regular_r(counts, caps, n)
    if n >= 13 and r > 0:
        r = min(r, _chiitoitsu_r(counts, caps), _kokushi_r(counts, caps))
    return r


def _fast_r(counts: Sequence[int], n: int) -> int:
    """Replacement number of a hand with no own tiles outside it (the hot path)."""
    sets = n // 3
    fast = _FAST[sets]
    pin = tuple(counts[9:18])
    p = fast[PIN].get(pin)
    sou = tuple(counts[18:27])
    s = fast[SOU].get(sou)
    iso = [counts[0], counts[8], *counts[27:34]]
    iso.sort()
    iso_key = tuple(iso)
    i = fast[ISO].get(iso_key)
    if p is None or s is None or i is None:
        p, s, i = _expansions_checked(counts, None, sets)
    r = lane_min(p + s + i, sets)
    if n >= 13 and r > 0:
        kinds = NUM_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
        if pairs >= 7:
            return 0
        singles = kinds - pairs
        chiitoi = 14 - 2 * pairs - (singles if singles < 7 - pairs else 7 - pairs)
        if chiitoi < r:
            r = chiitoi
        # thirteen orphans needs at least 13 - present draws; at most 4 suit terminals are present
        if 9 - iso.count(0) + 4 > 13 - r:
            kokushi = _kokushi_r(counts, None)
            if kokushi < r:
                r = kokushi
    return r


# ---- public API ---------------------------------------------------------------------


def shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Minimum shanten over the regular form, seven pairs and thirteen orphans.

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> counts = to_counts(parse_tiles("1111p234p567s111z"))
    >>> shanten(counts), [kind_name(k) for k in waits(counts)]  # no fifth 1p to wait on
    (0, ['4p'])
    """
    caps = _caps(outside)
    return _r(counts, caps, _check(counts, caps)) - 1


def regular_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Shanten of the sets-and-a-pair form only."""
    caps = _caps(outside)
    return _regular_r(counts, caps, _check(counts, caps)) - 1


def chiitoitsu_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Seven-pairs shanten (closed 13/14-tile hands only; ``INF`` otherwise)."""
    caps = _caps(outside)
    n = _check(counts, caps)
    _full_check(counts, caps)
    return _chiitoitsu_r(counts, caps) - 1 if n >= 13 else INF


def kokushi_shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Thirteen-orphans shanten (closed 13/14-tile hands only; ``INF`` otherwise)."""
    caps = _caps(outside)
    n = _check(counts, caps)
    _full_check(counts, caps)
    return _kokushi_r(counts, caps) - 1 if n >= 13 else INF


def _closed_after_draw(counts: Sequence[int], caps: Sequence[int] | None):  # noqa: ANN202
    """A function kind -> min(chiitoitsu, kokushi) replacement number after drawing it."""
    if caps is None:
        kinds = NUM_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
    else:
        pairs = sum(1 for k in range(NUM_KINDS) if counts[k] >= 2 and caps[k] >= 2)
        kinds = sum(1 for k in range(NUM_KINDS) if counts[k] >= 1 and caps[k] >= 2)
    held = _kokushi_counts(counts)
    present = 13 - held.count(0)
    has_pair = max(held) >= 2
    kokushi_ok = caps is None or all(caps[k] >= 1 for k in KOKUSHI_KINDS)

    def after(k: int) -> int:
        p, n_kinds = pairs, kinds
        c = counts[k]
        if caps is None or caps[k] >= 2:
            if c == 0:
                n_kinds += 1
            elif c == 1:
                p += 1
        if p >= 7:
            return 0
        singles = n_kinds - p
        best = 14 - 2 * p - (singles if singles < 7 - p else 7 - p)
        if kokushi_ok and k in _KOKUSHI_SET:
            pair = has_pair or c == 1
            if pair or caps is None or any(caps[j] >= 2 for j in KOKUSHI_KINDS):
                kokushi = 14 - present - (c == 0) - pair
                if kokushi < best:
                    best = kokushi
        return best

    return after


def _useful(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> tuple[int, list[int]]:
    """Replacement number of a 3n+1 hand and the kinds whose draw lowers it."""
    sets = (n + 1) // 3
    p, s, i = _expansions_checked(counts, caps, sets)
    r = lane_min(p + s + i, sets)
    closed = n >= 13
    if closed:
        r = min(r, _chiitoitsu_r(counts, caps), _kokushi_r(counts, caps))
        after = _closed_after_draw(counts, caps)
    target = r - 1
    useful: list[int] = []
    guard_rest = ((s + i, PIN), (p + i, SOU), (p + s, ISO))
    for rest, role in guard_rest:
        for k, x in _draw_expansions(counts, caps, sets, role):
            if any_lane_at_most(x + rest, sets, target) or closed and after(k) <= target:
                useful.append(k)
    useful.sort()
    return r, useful


def _live(kinds: Sequence[int], counts: Sequence[int], outside: Sequence[int] | None) -> int:
    if outside is None:
        return sum(4 - counts[k] for k in kinds)
    return sum(4 - counts[k] - outside[k] for k in kinds)


def _require_draw_size(n: int, what: str) -> None:
    if n % 3 != 1:
        raise HandShapeError(f"{what} needs a 13-tile-sized hand (3n+1 tiles), got {n}")


def ukeire(counts: Sequence[int], outside: Sequence[int] | None = None) -> Ukeire:
    """Kinds whose draw lowers the shanten of a 13-tile-sized hand, and their live copies.

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> u = ukeire(to_counts(parse_tiles("19m23456p11s1122z")))
    >>> [kind_name(k) for k in u.tiles], u.count
    (['1p', '4p', '7p', '1s', '1z', '2z'], 17)
    """
    caps = _caps(outside)
    n = _check(counts, caps)
    _require_draw_size(n, "ukeire")
    _, tiles = _useful(counts, caps, n)
    return Ukeire(tuple(tiles), _live(tiles, counts, outside if caps is not None else None))


def waits(counts: Sequence[int], outside: Sequence[int] | None = None) -> list[int]:
    """Kinds that complete a tenpai 13-tile-sized hand; empty when not tenpai."""
    caps = _caps(outside)
    n = _check(counts, caps)
    _require_draw_size(n, "waits")
    r, tiles = _useful(counts, caps, n)
    return tiles if r == 1 else []


def discard_options(counts: Sequence[int], outside: Sequence[int] | None = None) -> list[DiscardOption]:
    """Shanten and useful tiles after each distinct discard from a 14-tile-sized hand, by kind."""
    caps = _caps(outside)
    n = _check(counts, caps)
    if n % 3 != 2:
        raise HandShapeError(f"the discard table needs a 14-tile-sized hand (3n+2 tiles), got {n}")
    live_outside = outside if caps is not None else None
    options = []
    after = list(counts)
    for k in SANMA_KINDS_SORTED:
        if not counts[k]:
            continue
        after[k] -= 1
        r, tiles = _useful(after, caps, n - 1)
        after[k] += 1
        options.append(DiscardOption(k, r - 1, Ukeire(tuple(tiles), _live(tiles, counts, live_outside))))
    return options


def is_furiten(wait_kinds: Sequence[int], discarded_kinds: Sequence[int]) -> bool:
    """Furiten by one's own discards: some wait was discarded by this player."""
    discarded = set(discarded_kinds)
    return any(k in discarded for k in wait_kinds)


SANMA_KINDS_SORTED: tuple[int, ...] = tuple(sorted(SANMA_KINDS))
