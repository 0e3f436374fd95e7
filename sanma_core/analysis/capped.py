"""Exact cost vectors of suits where some ranks have at most one usable copy.

A pon leaves one copy of its kind (cap 1), a kan none (cap 0). At such a rank
j the suit's dynamic programme is pinched: at most one sequence runs through
j, starting at j−2, j−1 or j. Cutting at the last such rank, the suit splits
into the ranks left of j (the programme's states after them, read off by how
many sequences are still pending into j) and the ranks right of j (the same,
mirrored). States are memoised per prefix, so a new suit costs one step per
rank not seen before, and the variants a discard table asks for (one tile
more or less on one side) mostly reuse the other side.

>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 1, 4, 4, 4, 4), 1)[1]  # 4p6p, pon of 5p
1
>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 0, 4, 4, 4, 4), 1)[1]  # after a kan of 5p
2
"""

from __future__ import annotations

from .groups import _EMPTY, INF, short_suit_vector, suit_step

_MEMO_LIMIT = 20_000  # prefix states are dicts of vectors: keep the memo modest
_whole: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]] = {}
_prefix: dict[tuple[tuple[int, ...], tuple[int, ...], int], dict[tuple[int, int], list[int]]] = {}


def _compile_min_plus(max_sets: int):  # noqa: ANN202 - generated function
    """min-plus of two vectors up to ``max_sets`` sets, plus ``extra``, unrolled (entries above stay INF)."""
    entries = []
    for p in (0, 1):
        for m in range(5):
            if m > max_sets:
                entries.append(str(INF))
                continue
            terms = []
            for a in range(m + 1):
                b = m - a
                if p == 0:
                    terms.append(f"x[{a}]+y[{b}]")
                else:
                    terms += [f"x[{a}]+y[{5 + b}]", f"x[{5 + a}]+y[{b}]"]
            entries.append(f"min({INF}, {', '.join(terms)}) + extra")
    namespace: dict[str, object] = {}
    exec(f"def min_plus(x, y, extra=0):\n    return [{', '.join(entries)}]\n", namespace)  # built from integers only
    return namespace["min_plus"]


_MIN_PLUS = [_compile_min_plus(ms) for ms in range(5)]
_ALL_INF = (INF,) * 10


def _prefix_states(pattern: tuple[int, ...], caps: tuple[int, ...], max_sets: int) -> dict[tuple[int, int], list[int]]:
    """DP states after the first ``len(pattern)`` ranks of a suit (memoised per prefix).

    Sequences may run on past the prefix; a state (a, b) counts those started
    at the last and the second-to-last rank. Entries are for up to ``max_sets`` sets.
    """
    if not pattern:
        return {(0, 0): list(_EMPTY)}
    key = (pattern, caps, max_sets)
    states = _prefix.get(key)
    if states is None:
        if len(_prefix) > _MEMO_LIMIT:
            _prefix.clear()
        before = _prefix_states(pattern[:-1], caps[:-1], max_sets)
        states = _prefix[key] = suit_step(before, len(pattern) - 1, pattern[-1], caps[-1], max_sets, 9)
    return states


def capped_suit_vector(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int) -> tuple[int, ...]:
    """Cost vector of a 9-rank suit with caps (entries above ``max_sets`` sets are ``INF``)."""
    key = (h, caps, max_sets)
    vec = _whole.get(key)
    if vec is not None:
        return vec
    cut = max((j for j, c in enumerate(caps) if c <= 1), default=-1)
    vec = short_suit_vector(h, caps, max_sets) if cut < 0 or len(h) != 9 else _pinched(h, caps, max_sets, cut)
    if len(_whole) > _MEMO_LIMIT:
        _whole.clear()
    _whole[key] = vec
    return vec


def _pinched(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int, j: int) -> tuple[int, ...]:
    """Cut at the last rank ``j`` with cap ≤ 1; the ranks right of it have cap 4."""
    left = _prefix_states(h[:j], caps[:j], max_sets)
    right = h[j + 1 :]
    # mirrored, a sequence that must finish in the right ranks is one pending out of the mirror
    mirror = _prefix_states(right[::-1], (4,) * len(right), max_sets)
    # (left state, mirror state, the crossing sequence counted on both sides, cost at rank j)
    ways = [((0, 0), (0, 0), False, 0)]
    if caps[j] == 1 and max_sets >= 1:
        cost = 1 - h[j]  # the one copy at j: held, or drawn
        if j <= 6:  # the sequence starts at j: counted in the mirror only
            ways.append(((0, 0), (0, 1), False, cost))
        if 1 <= j <= 7:  # starts at j-1: counted on both sides
            ways.append(((1, 0), (1, 0), True, cost))
        if j >= 2:  # starts at j-2: counted on the left only
            ways.append(((0, 1), (0, 0), False, cost))
    min_plus = _MIN_PLUS[max_sets]
    best = [INF] * 10
    for left_state, mirror_state, twice, extra in ways:
        lv = left.get(left_state)
        rv = mirror.get(mirror_state)
        if lv is None or rv is None:
            continue
        if twice:  # one set fewer on the mirrored side
            rv = [*rv[1:5], INF, *rv[6:10], INF]
        best = list(map(min, best, min_plus(lv, rv, extra)))
    return tuple(map(min, best, _ALL_INF))


def clear_memo() -> None:
    for memo in (_whole, _prefix):
        memo.clear()
