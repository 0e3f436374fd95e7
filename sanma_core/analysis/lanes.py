"""Min-plus combination of three group vectors with packed integers.

For ``sets`` sets and one pair there are a handful of ways to split the work
among the three groups (dots, bamboo, isolated kinds): ``a + b + c = sets``
with the pair in one of them. Each split is a *lane* of 7 bits in a Python
int. A group vector *expanded* for a role puts, in every lane, its cost for
that lane's share; the hand's cost of every split is then the plain sum of
the three expanded ints, and the replacement number is the smallest lane.
Callers memoise expansions, so a shanten query is two additions and a few
threshold tests, and a useful-tile test is one addition and one threshold test.

>>> empty = (0, 3, 6, 9, 12, 2, 5, 8, 11, 14)  # a group with no tiles
>>> pair_and_set = (0, 0, 3, 6, 9, 1, 1, 4, 7, 10)  # e.g. 1234p: a set now, a pair for one more tile
>>> lane_min(expand(empty, PIN, 1) + expand(pair_and_set, SOU, 1) + expand(empty, ISO, 1), 1)
1
"""

from __future__ import annotations

from collections.abc import Sequence

PIN, SOU, ISO = 0, 1, 2
LANE_BITS = 7
CAP = 20  # any entry ≥ CAP is as good as impossible: real totals stay ≤ 14
GIVE_UP = 15  # a lane minimum ≥ this means no split is possible


def _layout(sets: int) -> list[tuple[int, int, int]]:
    """Per lane, the vector index each role reads: (pin, sou, iso)."""
    lanes = []
    for a in range(sets + 1):
        for b in range(sets + 1 - a):
            c = sets - a - b
            lanes += [(a, b, 5 + c), (a, 5 + b, c), (5 + a, b, c)]
    return lanes


LAYOUTS = [_layout(sets) for sets in range(5)]
GUARDS = [sum(1 << (LANE_BITS * k + LANE_BITS - 1) for k in range(len(lay))) for lay in LAYOUTS]
# BIASES[sets][t]: adding it sets the guard bit of every lane whose value is > t.
BIASES = [[sum((63 - t) << (LANE_BITS * k) for k in range(len(lay))) for t in range(GIVE_UP)] for lay in LAYOUTS]
# _MULTIPLIERS[sets][role][j]: the lanes that read vector entry j, as a sum of lane units
_MULTIPLIERS = [
    [
        [sum(1 << (LANE_BITS * k) for k, lane in enumerate(lay) if lane[role] == j) for j in range(10)]
        for role in range(3)
    ]
    for lay in LAYOUTS
]


def expand(vec: Sequence[int], role: int, sets: int) -> int:
    """A group's cost vector spread over the lanes of ``sets`` sets.

    Every lane reads exactly one entry, so the sum of entry × multiplier never carries.
    """
    m = _MULTIPLIERS[sets][role]
    return sum((v if v < CAP else CAP) * m[j] for j, v in enumerate(vec))


def lane_min(total: int, sets: int) -> int:
    """The smallest lane of a sum of three expansions (``GIVE_UP``: no split possible).

    A small search tree around the usual answers (2–5) instead of a scan from 0.
    """
    g = GUARDS[sets]
    b = BIASES[sets]
    if (total + b[3]) & g != g:
        if (total + b[1]) & g != g:
            return 0 if (total + b[0]) & g != g else 1
        return 2 if (total + b[2]) & g != g else 3
    if (total + b[5]) & g != g:
        return 4 if (total + b[4]) & g != g else 5
    for t in range(6, GIVE_UP):
        if (total + b[t]) & g != g:
            return t
    return GIVE_UP
