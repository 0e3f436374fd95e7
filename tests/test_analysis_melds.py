"""Melded hands against a brute force that knows melds and kita.

The `mahjong` oracle cannot see melds, so hands with two or three melds
(needing one or two more sets) are checked against the definition itself:
enumerate every complete concealed part ``w`` (sets plus a pair) with
``w_j ≤ 4 − outside_j`` and take the fewest draws ``Σ max(w_j − h_j, 0)``.
Melds and kita here are chosen freely, next to and on the concealed kinds.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement

import pytest

from sanma_core.analysis import discard_options, shanten, ukeire, waits
from sanma_core.tiles import NORTH, kind_name

SANMA = [0, 8, *range(9, 34)]
SEQUENCE_STARTS = [*range(9, 16), *range(18, 25)]


@cache
def complete_parts(sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every complete concealed part of ``sets`` sets and a pair, as sorted (kind, count) pairs."""
    blocks = [(s, s + 1, s + 2) for s in SEQUENCE_STARTS] + [(k, k, k) for k in SANMA]
    parts = set()
    for chosen in combinations_with_replacement(range(len(blocks)), sets):
        for pair in SANMA:
            counts: dict[int, int] = {pair: 2}
            for b in chosen:
                for k in blocks[b]:
                    counts[k] = counts.get(k, 0) + 1
            if max(counts.values()) <= 4:
                parts.add(tuple(sorted(counts.items())))
    return tuple(parts)


def brute_force(counts: list[int], outside: list[int]) -> tuple[int, list[int]]:
    """(replacement number, kinds whose draw lowers it) straight from the definition."""
    sets = sum(counts) // 3
    best = 99
    best_after = dict.fromkeys(SANMA, 99)
    for part in complete_parts(sets):
        if any(n > 4 - outside[k] for k, n in part):
            continue
        short = [k for k, n in part if n > counts[k]]
        cost = sum(n - counts[k] for k, n in part if n > counts[k])
        best = min(best, cost)
        for k in short:
            best_after[k] = min(best_after[k], cost - 1)
    drawable = [k for k in SANMA if counts[k] + outside[k] < 4]
    useful = [k for k in drawable if min(best_after[k], best) < best]
    return best, sorted(useful)


def melded_hand(rng: random.Random, melds: int, extra: int) -> tuple[list[int], list[int]]:
    """Random concealed tiles plus pons/kans/kita, often on or next to the concealed kinds."""
    supply = {k: 4 for k in SANMA}
    outside = [0] * 34
    focus = rng.sample(SANMA, 4)
    for _ in range(melds):
        near = [k for k in SANMA if supply[k] >= 3 and any(abs(k - f) <= 2 for f in focus)]
        kind = rng.choice(near or [k for k in SANMA if supply[k] >= 3])
        size = 4 if rng.random() < 0.25 and supply[kind] == 4 else 3
        outside[kind] += size
        supply[kind] -= size
    kita = rng.randint(0, min(4, supply[NORTH]))
    outside[NORTH] += kita
    supply[NORTH] -= kita
    pool = [k for k in SANMA for _ in range(supply[k])]
    near_pool = [k for k in pool if any(abs(k - f) <= 2 for f in focus) or outside[k]]
    size = 13 - 3 * melds + extra
    counts = [0] * 34
    source = near_pool if len(near_pool) >= size and rng.random() < 0.7 else pool
    for k in rng.sample(source, size):
        counts[k] += 1
    return counts, outside


def describe(counts: list[int], outside: list[int]) -> str:
    hand = "".join(kind_name(k) for k in SANMA for _ in range(counts[k]))
    return f"{hand} outside {[f'{kind_name(k)}x{n}' for k, n in enumerate(outside) if n]}"


@pytest.mark.parametrize(("melds", "hands", "sizes"), [(3, 400, (0, 1)), (2, 50, (0,))])
def test_melded_hands_match_the_definition(melds: int, hands: int, sizes: tuple[int, ...]) -> None:
    """Three melds: 4/5 concealed tiles, discard tables too; two melds: 7 tiles (the brute force is slow)."""
    rng = random.Random(1000 + melds)
    wrong = []
    binding = 0  # hands where the melds change the answer
    for i in range(hands):
        counts, outside = melded_hand(rng, melds, extra=sizes[i % len(sizes)])
        r, useful = brute_force(counts, outside)
        if shanten(counts, outside) != r - 1:
            wrong.append(("shanten", describe(counts, outside), shanten(counts, outside), r - 1))
            continue
        binding += shanten(counts, outside) != shanten(counts)
        if sum(counts) % 3 == 1:
            got = ukeire(counts, outside)
            if list(got.tiles) != useful or waits(counts, outside) != (useful if r == 1 else []):
                wrong.append(("ukeire", describe(counts, outside), got.tiles, useful))
        else:
            for option in discard_options(counts, outside):
                after = list(counts)
                after[option.tile] -= 1
                r_after, useful_after = brute_force(after, outside)
                if (option.shanten, list(option.ukeire.tiles)) != (r_after - 1, useful_after):
                    wrong.append(("discard", describe(counts, outside), option, r_after - 1, useful_after))
    assert wrong == [], wrong[:3]
    assert binding > 0  # the generator does produce hands where melds and kita matter
