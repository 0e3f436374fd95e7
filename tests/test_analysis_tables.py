"""The packaged suit cost tables (sanma_core/analysis/data) are exactly what the builder makes.

Rebuilding both tables whole takes about a minute, so the tests rebuild
deterministic runs of every sub-table with the builder and compare them with the
file; ``python -m sanma_core.analysis.build_suit_table --check`` compares the
whole tables.
"""

from __future__ import annotations

import random
from importlib.resources import files

import pytest

from sanma_core.analysis import build_suit_table as builder
from sanma_core.analysis.packed import ENTRY_BYTES, TABLE_FILES
from sanma_core.analysis.pinched import PINCH_TILES, pinch_caps
from sanma_core.analysis.suit_index import FULL_CAPS, MAX_TILES, compile_index, pattern_count


def _tables() -> list[tuple[str, int, tuple[int, ...], int]]:
    """(table, byte offset of the sub-table, caps, max tiles) of every sub-table, in file order."""
    out = [("plain", 0, FULL_CAPS, MAX_TILES)]
    start = 0
    for rank in range(5):
        caps = pinch_caps(rank)
        out.append(("pinched", start, caps, PINCH_TILES))
        start += pattern_count(caps, PINCH_TILES) * ENTRY_BYTES
    return out


def _prefixes(caps: tuple[int, ...], max_tiles: int, n: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` prefixes of four ranks (seeded), plus the first and the fullest."""
    rng = random.Random(seed)
    out = {(0, 0, 0, 0), tuple(min(c, 3) for c in caps[:4])}
    while len(out) < n + 2:
        prefix = tuple(rng.randint(0, c) for c in caps[:4])
        if sum(prefix) <= max_tiles:
            out.add(prefix)
    return sorted(p for p in out if sum(p) <= max_tiles)


@pytest.fixture(scope="module")
def raw() -> dict[str, bytes]:
    return {name: builder.read_raw(name) for name in TABLE_FILES}


def test_the_files_are_package_data_where_the_builder_writes():
    for name in ("plain", "pinched"):
        packaged = files("sanma_core.analysis").joinpath("data", TABLE_FILES[name])
        assert packaged.read_bytes() == (builder.DATA_DIR / TABLE_FILES[name]).read_bytes()


def test_each_file_holds_one_entry_per_pattern(raw):
    assert len(raw["plain"]) == pattern_count(FULL_CAPS, MAX_TILES) * ENTRY_BYTES
    assert len(raw["pinched"]) == sum(pattern_count(pinch_caps(j), PINCH_TILES) for j in range(5)) * ENTRY_BYTES


@pytest.mark.parametrize(("name", "start", "caps", "max_tiles"), _tables())
def test_sampled_runs_match_the_builder(raw, name, start, caps, max_tiles):
    index, _ = compile_index(caps, max_tiles)
    for prefix in _prefixes(caps, max_tiles, n=6, seed=len(name) * 10 + start % 97):
        part = builder.build_raw(caps, max_tiles, prefix)
        first = start + ENTRY_BYTES * index(prefix + (0,) * (len(caps) - len(prefix)))
        assert raw[name][first : first + len(part)] == part, (name, caps, prefix)
