"""Exact cost vectors of suits where some ranks have at most one usable copy.

A pon leaves one copy of its kind (cap 1), a kan none (cap 0). At such a rank
j the suit's dynamic programme is pinched: at most one sequence runs through
j, starting at j−2, j−1 or j. So the suit splits into the ranks left of j
(solved with sequences allowed to run on into j, read off by how many are
still pending) and the ranks right of j (solved from each pending state).
Both sides are memoised by their own counts, so the many variants a discard
table asks for (one tile more or less on one side) mostly reuse the other.

>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 1, 4, 4, 4, 4), 1)[1]  # 4p6p, pon of 5p
1
>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 0, 4, 4, 4, 4), 1)[1]  # after a kan of 5p
2
"""

from __future__ import annotations

from .groups import _EMPTY, INF, short_suit_vector, suit_step

_MEMO_LIMIT = 200_000
_whole: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]] = {}
_prefix: dict[tuple[int, ...], dict[tuple[int, int], list[int]]] = {(): {(0, 0): list(_EMPTY)}}
_right: dict[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, int]], tuple[int, ...]] = {}


def _compile_min_plus(max_sets: int):  # noqa: ANN202 - generated function
    """min-plus of two vectors up to ``max_sets`` sets, unrolled (entries above stay INF)."""
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
            entries.append(f"min({INF}, {', '.join(terms)})")
    namespace: dict[str, object] = {}
    exec(f"def min_plus(x, y):\n    return [{', '.join(entries)}]\n", namespace)  # built from integers only
    return namespace["min_plus"]


_MIN_PLUS = [_compile_min_plus(ms) for ms in range(5)]


def _prefix_states(pattern: tuple[int, ...]) -> dict[tuple[int, int], list[int]]:
    """DP states after the first ``len(pattern)`` ranks of an uncapped suit (memoised per prefix).

    Sequences may run on past the prefix; a state (a, b) counts those started
    at the last and the second-to-last rank. Entries are for up to 4 sets.
    """
    states = _prefix.get(pattern)
    if states is None:
        if len(_prefix) > _MEMO_LIMIT:
            _prefix.clear()
            _prefix[()] = {(0, 0): list(_EMPTY)}
        states = suit_step(_prefix_states(pattern[:-1]), len(pattern) - 1, pattern[-1], 4, 4, 9)
        _prefix[pattern] = states
    return states


def _right_vector(
    h: tuple[int, ...], caps: tuple[int, ...], max_sets: int, pending: tuple[int, int]
) -> tuple[int, ...]:
    """The ranks right of the cut, entered with ``pending`` sequences still to finish."""
    key = (h, caps, max_sets, pending)
    vec = _right.get(key)
    if vec is None:
        states = {pending: list(_EMPTY)}
        for i, hi in enumerate(h):
            states = suit_step(states, i, hi, caps[i], max_sets, len(h))
        final = states.get((0, 0))
        vec = tuple(final) if final is not None else (INF,) * 10
        if len(_right) > _MEMO_LIMIT:
            _right.clear()
        _right[key] = vec
    return vec


def capped_suit_vector(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int) -> tuple[int, ...]:
    """Cost vector of a 9-rank suit with caps (entries above ``max_sets`` sets are ``INF``)."""
    key = (h, caps, max_sets)
    vec = _whole.get(key)
    if vec is not None:
        return vec
    cut = next((j for j, c in enumerate(caps) if c <= 1), -1)
    if cut < 0 or len(h) != 9:
        vec = short_suit_vector(h, caps, max_sets)
    else:
        vec = _pinched(h, caps, max_sets, cut)
    if len(_whole) > _MEMO_LIMIT:
        _whole.clear()
    _whole[key] = vec
    return vec


def _pinched(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int, j: int) -> tuple[int, ...]:
    min_plus = _MIN_PLUS[max_sets]
    none = (INF,) * 10
    left = _prefix_states(h[:j])
    right_h, right_caps = h[j + 1 :], caps[j + 1 :]
    sequence_at_j = caps[j] == 1 and max_sets >= 1
    cost = 1 - h[j]  # for a sequence through j: its copy at j is held or drawn
    # (left state, right part, sets counted twice); the right part is the right
    # ranks entered with a pending sequence, or, mirrored, a prefix read at a state
    if min(right_caps, default=4) == 4:
        mirrored = _prefix_states(right_h[::-1])
        ways = [((0, 0), mirrored.get((0, 0), none), 0, 0)]
        if sequence_at_j:
            if j <= 6:  # starts at j: counted on the right
                ways.append(((0, 0), mirrored.get((0, 1), none), 0, cost))
            if 1 <= j <= 7:  # starts at j-1: counted on both sides
                ways.append(((1, 0), mirrored.get((1, 0), none), 1, cost))
            if j >= 2:  # starts at j-2: counted on the left
                ways.append(((0, 1), mirrored.get((0, 0), none), 0, cost))
    else:
        ways = [((0, 0), _right_vector(right_h, right_caps, max_sets, (0, 0)), 0, 0)]
        if sequence_at_j:
            if j <= 6:
                ways.append(((0, 0), _right_vector(right_h, right_caps, max_sets, (1, 0)), -1, cost))
            if 1 <= j <= 7:
                ways.append(((1, 0), _right_vector(right_h, right_caps, max_sets, (0, 1)), 0, cost))
            if j >= 2:
                ways.append(((0, 1), _right_vector(right_h, right_caps, max_sets, (0, 0)), 0, cost))
    best = [INF] * 10
    for left_state, right, twice, extra in ways:
        lv = left.get(left_state)
        if lv is None:
            continue
        if twice > 0:  # counted on both sides: shift the right part down one set
            right = (*right[1:5], INF, *right[6:10], INF)
        combined = min_plus(lv, right)
        shift = 1 if twice < 0 else 0  # counted on neither side: one set more
        for p in (0, 1):
            for m in range(max_sets + 1 - shift):
                v = combined[5 * p + m] + extra
                if v < best[5 * p + m + shift]:
                    best[5 * p + m + shift] = v
    return tuple(v if v < INF else INF for v in best)


def clear_memo() -> None:
    for memo in (_whole, _prefix, _right):
        memo.clear()
    _prefix[()] = {(0, 0): list(_EMPTY)}
