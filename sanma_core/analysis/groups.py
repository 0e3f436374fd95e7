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


def suit_vector(h: Sequence[int], caps: Sequence[int] = FULL_CAPS) -> tuple[int, ...]:
    """Cost vector of a 9-rank suit by dynamic programming over the ranks.

    The state after a rank is the number of sequences that still need the
    next rank (started one and two ranks back).
    """
    states: dict[tuple[int, int], list[int]] = {(0, 0): list(_EMPTY)}
    for i in range(9):
        states = suit_step(states, i, h[i], caps[i])
    final = states.get((0, 0))
    return tuple(final) if final is not None else _EMPTY


def suit_step(states: dict[tuple[int, int], list[int]], i: int, hi: int, ci: int) -> dict[tuple[int, int], list[int]]:
    """Advance the suit DP over rank ``i`` holding ``hi`` tiles with cap ``ci``."""
    max_start = 4 if i <= 6 else 0
    new: dict[tuple[int, int], list[int]] = {}
    for (a, b), vec in states.items():
        carried = a + b
        if carried > ci:
            continue
        for s in range(max_start + 1):
            for t in (0, 1):
                for q in (0, 1):
                    w = carried + s + 3 * t + 2 * q
                    dm = s + t
                    if w > ci or dm > 4:
                        continue
                    cost = w - hi if w > hi else 0
                    key = (s, a)
                    target = new.get(key)
                    if target is None:
                        target = new[key] = [INF] * 10
                    for p in range(2 - q):
                        src = 5 * p
                        dst = 5 * (p + q) + dm
                        for m in range(5 - dm):
                            v = vec[src + m]
                            if v < INF:
                                v += cost
                                if v < target[dst + m]:
                                    target[dst + m] = v
    return new


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
