"""Minimal perfect hashes for 9-rank suit patterns.

Patterns (a count per rank, each at most that rank's cap, total at most a
budget) are numbered in lexicographic order of their counts, 0 … count − 1,
so a flat table can hold one entry per pattern with no gaps. The plain index
(caps 4, at most 14 tiles) numbers every suit a hand can hold; indexes with a
rank capped at 1 number the suits beside a pon (see :mod:`.pinched`).

>>> suit_index((0,) * 9), suit_index((0,) * 8 + (1,))
(0, 1)
>>> PATTERN_COUNT
405350
>>> index, count = compile_index((1, 4, 4, 4, 4, 4, 4, 4, 4), 12)
>>> count, index((1,) + (0,) * 8)
(127560, 75750)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

MAX_TILES = 14
RANKS = 9
FULL_CAPS = (4,) * RANKS

Index = Callable[[tuple[int, ...]], int]


@cache
def pattern_count(caps: tuple[int, ...], budget: int) -> int:
    """How many patterns fill ranks with these ``caps`` using at most ``budget`` tiles."""
    if budget < 0:
        return 0
    if not caps:
        return 1
    return sum(pattern_count(caps[1:], budget - c) for c in range(min(caps[0], budget) + 1))


def compile_index(caps: tuple[int, ...], max_tiles: int) -> tuple[Index, int]:
    """The lexicographic index over patterns within ``caps`` and ``max_tiles``, unrolled, and the pattern count.

    A pattern outside them raises ``KeyError`` (or ``IndexError`` past the budget).

    ``offsets[i][s][c]`` counts the patterns that precede any pattern whose
    rank i holds c tiles, among those sharing its first i ranks (sum s).
    """
    ranks = len(caps)
    # dicts, not tuples: a count out of range (negative, above the cap or past the budget) raises KeyError
    offsets = tuple(
        tuple(
            {
                c: sum(pattern_count(caps[i + 1 :], max_tiles - s - d) for d in range(c))
                for c in range(min(caps[i], max(max_tiles - s, 0)) + 1)
            }
            for s in range(max_tiles + 1)
        )
        for i in range(ranks)
    )
    lines = ["def index(counts):", f"    {', '.join(f'c{i}' for i in range(ranks))}, = counts"]
    lines.append("    s = c0")
    lines.append("    i = O0[0][c0]")
    for i in range(1, ranks):
        lines.append(f"    i += O{i}[s][c{i}]")
        if i < ranks - 1:
            lines.append(f"    s += c{i}")
    lines.append("    return i")
    namespace: dict[str, object] = {f"O{i}": offsets[i] for i in range(ranks)}
    exec("\n".join(lines) + "\n", namespace)  # built from integers only (a loop is ~3× slower)
    return namespace["index"], pattern_count(caps, max_tiles)  # type: ignore[return-value]


suit_index, PATTERN_COUNT = compile_index(FULL_CAPS, MAX_TILES)
suit_index.__doc__ = "Rank of a suit pattern in lexicographic order (counts 0–4, total ≤ 14)."


def iter_patterns(caps: tuple[int, ...] = FULL_CAPS, max_tiles: int = MAX_TILES) -> Iterator[tuple[int, ...]]:
    """Every pattern in index order."""

    def walk(prefix: tuple[int, ...], budget: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == len(caps):
            yield prefix
            return
        for c in range(min(caps[len(prefix)], budget) + 1):
            yield from walk((*prefix, c), budget - c)

    return walk((), max_tiles)
