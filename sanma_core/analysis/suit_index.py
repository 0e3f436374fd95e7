"""A minimal perfect hash for 9-rank suit patterns with at most 14 tiles.

Patterns (counts 0–4 per rank, total ≤ 14) are numbered in lexicographic
order of their counts, 0 … ``PATTERN_COUNT`` − 1, so a flat table can hold one
entry per pattern with no gaps.

>>> suit_index((0,) * 9), suit_index((0,) * 8 + (1,))
(0, 1)
>>> PATTERN_COUNT
405350
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

MAX_TILES = 14
RANKS = 9


@cache
def _patterns(ranks: int, budget: int) -> int:
    """How many patterns fill ``ranks`` ranks (0–4 each) with at most ``budget`` tiles."""
    if ranks == 0:
        return 1
    return sum(_patterns(ranks - 1, budget - c) for c in range(min(4, budget) + 1))


PATTERN_COUNT = _patterns(RANKS, MAX_TILES)

# _OFFSETS[i][s][c]: patterns that precede any pattern whose rank i holds c
# tiles, among those sharing the same first i ranks with prefix sum s.
_OFFSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            sum(_patterns(RANKS - 1 - i, MAX_TILES - s - d) for d in range(c)) for c in range(min(4, MAX_TILES - s) + 1)
        )
        for s in range(MAX_TILES + 1)
    )
    for i in range(RANKS)
)


def _compile_index():  # noqa: ANN202 - generated function
    """:func:`suit_index` unrolled over the 9 ranks (the loop version is ~3× slower)."""
    lines = ["def suit_index(counts):", f"    {', '.join(f'c{i}' for i in range(RANKS))} = counts"]
    lines.append("    s = c0")
    lines.append("    index = O0[0][c0]")
    for i in range(1, RANKS):
        lines.append(f"    index += O{i}[s][c{i}]")
        if i < RANKS - 1:
            lines.append(f"    s += c{i}")
    lines.append("    return index")
    namespace: dict[str, object] = {f"O{i}": _OFFSETS[i] for i in range(RANKS)}
    exec("\n".join(lines) + "\n", namespace)  # built from integers only
    return namespace["suit_index"]


suit_index = _compile_index()
suit_index.__doc__ = "Rank of a suit pattern in lexicographic order (counts 0–4, total ≤ 14)."


def iter_patterns() -> Iterator[tuple[int, ...]]:
    """Every pattern in index order."""

    def walk(prefix: tuple[int, ...], budget: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == RANKS:
            yield prefix
            return
        for c in range(min(4, budget) + 1):
            yield from walk((*prefix, c), budget - c)

    return walk((), MAX_TILES)
