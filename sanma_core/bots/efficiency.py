"""Tile efficiency for bots: the discard table once per hand state, live useful tiles, yaku plans.

The discard table comes from :func:`sanma_core.analysis.discard_options` and is
memoised per concealed counts, so asking again in the same turn (kita, then the
discard) costs nothing. Bots ask about the concealed tiles alone (the fast,
table-driven path) and count useful tiles against everything they can see, so
tiles locked in their own melds and kita are never counted as live anyway.

>>> from sanma_core.tiles import parse_tiles, to_counts, kind_name
>>> opts = discard_table(tuple(to_counts(parse_tiles("19m123456p11s1234z"))), None)
>>> min(o.shanten for o in opts), [kind_name(o.tile) for o in opts if o.shanten == 3][:3]
(3, ['1m', '9m', '1z'])
>>> toitoi_shanten(to_counts(parse_tiles("111p222s33z44z55z6z")))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..analysis import DiscardOption, discard_options, shanten
from ..tiles import HONOURS, NUM_KINDS

_ZERO = (0,) * NUM_KINDS
SIMPLES = frozenset(k for k in range(9, 27) if k % 9 not in (0, 8))
NON_SIMPLES = tuple(k for k in (0, 8, 9, 17, 18, 26, *range(27, 34)))
PIN_SET = frozenset(range(9, 18)) | HONOURS
SOU_SET = frozenset(range(18, 27)) | HONOURS


@lru_cache(maxsize=20_000)  # a table is ~2.5 KB of objects; hits come from the same hand within a turn
def _table(counts: tuple[int, ...], outside: tuple[int, ...]) -> tuple[DiscardOption, ...]:
    return tuple(discard_options(list(counts), list(outside) if outside != _ZERO else None))


def discard_table(counts: Sequence[int], outside: Sequence[int] | None) -> tuple[DiscardOption, ...]:
    """Shanten and useful kinds after each distinct discard of a 14-tile-sized hand (memoised)."""
    return _table(tuple(counts), tuple(outside) if outside is not None else _ZERO)


@lru_cache(maxsize=100_000)
def _shanten(counts: tuple[int, ...], outside: tuple[int, ...]) -> int:
    return shanten(list(counts), list(outside) if outside != _ZERO else None)


def hand_shanten(counts: Sequence[int], outside: Sequence[int] | None) -> int:
    """Shanten of a hand of any legal size (memoised)."""
    return _shanten(tuple(counts), tuple(outside) if outside is not None else _ZERO)


def after_kan(counts: Sequence[int], k: int, closed: bool) -> list[int]:
    """The concealed counts once a closed (all four) or added (the fourth) kan of kind ``k`` is made.

    >>> after_kan([4, 1], 0, True), after_kan([1, 1], 0, False)
    ([0, 1], [0, 1])
    """
    left = list(counts)
    left[k] -= 4 if closed else 1
    return left


def toitoi_shanten(counts: Sequence[int]) -> int:
    """Shanten towards all triplets and a pair, for a 3m+1 concealed hand.

    Triplets count two steps, pairs one (as a future triplet or the pair).
    """
    n = sum(counts)
    sets = (n - 1) // 3
    trips = pairs = 0
    for c in counts:
        if c >= 3:
            trips += 1
        elif c == 2:
            pairs += 1
    t = min(trips, sets)
    p = min(pairs, sets - t + 1)
    return 2 * sets - 2 * t - p


def off_plan(counts: Sequence[int], allowed: frozenset[int]) -> int:
    """Tiles of the hand outside ``allowed`` (to be thrown before the plan completes)."""
    return sum(c for k, c in enumerate(counts) if c and k not in allowed)


def yaku_plans(counts: Sequence[int], meld_kinds: Sequence[int], yakuhai: frozenset[int],
               is_open: bool) -> list[tuple[str, frozenset[int] | int | None]]:
    """Ways an open hand without a secured yaku can still get one.

    Returns ``[]`` for a closed hand or one whose yaku is already secured (a
    yakuhai pon or a concealed yakuhai triplet). Otherwise a list of
    ``(name, data)``: ``("toitoi", None)``, ``("tanyao", SIMPLES)``,
    ``("honitsu", suit+honours)``, ``("yakuhai", kind)`` for a concealed yakuhai pair.

    >>> yaku_plans([0] * 34, [13], frozenset({31, 32, 33, 27}), True)[:2]
    [('toitoi', None), ('tanyao', frozenset({10, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24, 25}))]
    """
    if not is_open:
        return []
    if any(k in yakuhai for k in meld_kinds) or any(counts[k] >= 3 for k in yakuhai):
        return []
    plans: list[tuple[str, frozenset[int] | int | None]] = [("toitoi", None)]
    if all(k in SIMPLES for k in meld_kinds):
        plans.append(("tanyao", SIMPLES))
    for suit in (PIN_SET, SOU_SET):
        if all(k in suit for k in meld_kinds):
            plans.append(("honitsu", suit))
    for k in sorted(yakuhai):
        if counts[k] == 2:
            plans.append(("yakuhai", k))
    return plans


def plan_distance(plans, counts: Sequence[int], sh: int) -> int:
    """Rough steps to a winning hand *with a yaku* for the best of ``plans`` (0 plans: plain shanten)."""
    if not plans:
        return sh
    best = 99
    for name, data in plans:
        if name == "toitoi":
            d = toitoi_shanten(counts)
        elif name == "yakuhai":
            d = sh if counts[data] >= 2 else 99
        else:
            d = max(sh, off_plan(counts, data))
        if d < best:
            best = d
    return best


@lru_cache(maxsize=50_000)
def _tenpai_routes(counts13: tuple[int, ...], useful: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    counts = list(counts13)
    out = []
    for u in useful:
        counts[u] += 1
        routes = tuple((o.tile, o.ukeire.tiles) for o in _table(tuple(counts), _ZERO) if o.shanten == 0)
        counts[u] -= 1
        out.append((u, routes))
    return tuple(out)


def tenpai_routes(counts13: Sequence[int], useful: Sequence[int]) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """For a 1-shanten 13-tile-sized hand: each useful draw, and the tenpai it allows.

    ``useful`` are the hand's useful kinds (from the discard table). Each entry is
    ``(draw, ((discard, waits), ...))`` over the discards that leave tenpai after
    that draw. Memoised per hand, so a bot re-reads it every turn at no cost.

    >>> from sanma_core.tiles import parse_tiles, to_counts, kind_name
    >>> from sanma_core.analysis import ukeire
    >>> c = to_counts(parse_tiles("13p456p789s11s5z77z"))
    >>> routes = dict(tenpai_routes(c, ukeire(c).tiles))
    >>> [kind_name(k) for k in routes]
    ['2p', '1s', '7z']
    >>> [(kind_name(d), [kind_name(w) for w in waits]) for d, waits in routes[9 + 1]]
    [('5z', ['1s', '7z'])]
    """
    return _tenpai_routes(tuple(counts13), tuple(useful))
