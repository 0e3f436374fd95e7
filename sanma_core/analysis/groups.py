"""Exact per-group cost vectors, the building blocks of shanten.

A hand splits into three independent groups: the dots suit and the bamboo
suit (9 ranks each, sequences allowed) and the *isolated* group (1m, 9m and
the 7 honours: pairs and triplets only). For a group with counts ``h`` and
per-kind caps ``cap`` (4 minus the player's own copies outside the concealed
hand), the cost vector holds, for m = 0…4 sets and p = 0/1 pairs, the
replacement cost ``min Σ max(w_j − h_j, 0)`` over complete group patterns
``w`` with m sets and p pairs and ``w_j ≤ cap_j`` (``INF`` when impossible).

Vectors are tuples of 10 ints: index ``m`` for p = 0 and ``5 + m`` for p = 1.

>>> suit_vector((1, 1, 0, 0, 0, 0, 0, 0, 0))[1]   # 12p needs one tile for a set
1
>>> isolated_vector((2, 0, 0, 0, 0, 0, 0, 0, 0))[5]  # a pair is already there
0
"""

from __future__ import annotations

from collections.abc import Sequence

INF = 99
FULL_CAPS = (4,) * 9
_EMPTY = (0,) + (INF,) * 9


def suit_vector(h: Sequence[int], caps: Sequence[int] = FULL_CAPS, max_sets: int = 4) -> tuple[int, ...]:
    """Cost vector of a 9-rank suit by dynamic programming over the ranks.

    The state after a rank is the number of sequences that still need the
    next rank (started one and two ranks back). Entries for more than
    ``max_sets`` sets are left ``INF`` (less work when fewer are needed).
    """
    return short_suit_vector(h, caps, max_sets)


def _pairs(dm: int, q: int, max_sets: int) -> tuple[tuple[int, int], ...]:
    """(source, target) vector indices when a rank adds ``dm`` sets and ``q`` pairs."""
    return tuple((5 * p + m, 5 * (p + q) + m + dm) for p in range(2 - q) for m in range(max_sets + 1 - dm))


_PAIRS = {(dm, q, ms): _pairs(dm, q, ms) for ms in range(5) for dm in range(ms + 1) for q in (0, 1)}


def _choices(
    can_start: bool, carried: int, hi: int, ci: int, max_sets: int
) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """(sequences started here, cost, index pairs) for every way to use one rank."""
    out = []
    for s in range((max_sets if can_start else 0) + 1):
        for t in (0, 1):
            for q in (0, 1):
                w = carried + s + 3 * t + 2 * q
                if w > ci or s + t > max_sets:
                    continue
                out.append((s, w - hi if w > hi else 0, _PAIRS[(s + t, q, max_sets)]))
    return tuple(out)


_CHOICES = {
    (can_start, carried, hi, ci, ms): _choices(can_start, carried, hi, ci, ms)
    for can_start in (False, True)
    for carried in range(9)
    for ci in range(5)
    for hi in range(ci + 1)
    for ms in range(5)
}


def suit_step(
    states: dict[tuple[int, int], list[int]], i: int, hi: int, ci: int, max_sets: int = 4, length: int = 9
) -> dict[tuple[int, int], list[int]]:
    """Advance the suit DP over rank ``i`` (of ``length``) holding ``hi`` tiles with cap ``ci``."""
    can_start = i + 2 < length
    new: dict[tuple[int, int], list[int]] = {}
    for (a, b), vec in states.items():
        carried = a + b
        if carried > ci:
            continue
        for s, cost, pairs in _CHOICES[(can_start, carried, hi, ci, max_sets)]:
            key = (s, a)
            target = new.get(key)
            if target is None:
                target = new[key] = [INF] * 10
            for src, dst in pairs:
                v = vec[src] + cost
                if v < target[dst]:
                    target[dst] = v
    return new


def short_suit_vector(h: Sequence[int], caps: Sequence[int], max_sets: int = 4) -> tuple[int, ...]:
    """:func:`suit_vector` for a run of ``len(h)`` ranks (0–9): sequences stay inside the run."""
    states: dict[tuple[int, int], list[int]] = {(0, 0): list(_EMPTY)}
    for i in range(len(h)):
        states = suit_step(states, i, h[i], caps[i], max_sets, len(h))
    final = states.get((0, 0))
    return tuple(final) if final is not None else _EMPTY


def isolated_vector(h: Sequence[int], caps: Sequence[int] | None = None) -> tuple[int, ...]:
    """Cost vector of kinds that only form pairs and triplets.

    A kind holds a triplet, a pair or nothing (both would need five copies).
    """
    if caps is None:
        caps = (4,) * len(h)
    vec = list(_EMPTY)
    for c, cap in zip(h, caps, strict=True):
        triplet = (3 - c if c < 3 else 0) if cap >= 3 else INF
        pair = (2 - c if c < 2 else 0) if cap >= 2 else INF
        new = vec[:]
        for p in (0, 1):
            for m in range(5):
                v = vec[5 * p + m]
                if v >= INF:
                    continue
                if m < 4 and v + triplet < new[5 * p + m + 1]:
                    new[5 * p + m + 1] = v + triplet
                if p == 0 and v + pair < new[5 + m]:
                    new[5 + m] = v + pair
        vec = new
    return tuple(min(v, INF) for v in vec)
