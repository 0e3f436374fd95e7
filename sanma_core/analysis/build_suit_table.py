"""Regenerate the packed suit cost tables, the package data files in ``data/``.

``python -m sanma_core.analysis.build_suit_table [plain|pinched]`` (default:
both; about twenty seconds each):

* ``data/suit_table.zlib``: every suit pattern with all caps 4 (at most 14 tiles);
* ``data/pinched_table.zlib``: every pattern with one rank capped at 1 (the suit
  beside a pon; ranks 0–4, the others by mirror symmetry) and at most 12 tiles.

Each pattern's vector comes from :func:`sanma_core.analysis.groups.suit_step`
walked over a prefix tree, so patterns sharing their first ranks share work.
An entry packs the nine non-trivial costs (each 0–14) into 5 bytes, 4 bits
each, in vector order 1…9 (entry 0, no sets and no pair, is always 0); a file
is the zlib stream of the entries in index order. ``--check`` rebuilds and
compares instead of writing (exit 1 when a file differs).

>>> len(build_raw(max_tiles=1)) // ENTRY_BYTES  # the empty suit, then one tile on each of the nine ranks
10
>>> from sanma_core.analysis.suit_index import compile_index
>>> index, _ = compile_index(FULL_CAPS, 4)
>>> start = ENTRY_BYTES * index((0, 2, 0, 0, 0, 0, 0, 0, 0))
>>> part = build_raw(max_tiles=4, prefix=(0, 2))  # patterns 0 2 x x …: a contiguous run of the table
>>> build_raw(max_tiles=4)[start : start + len(part)] == part
True
"""

from __future__ import annotations

import hashlib
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

from .groups import INF, suit_step
from .packed import ENTRY_BYTES, TABLE_FILES
from .pinched import PINCH_TILES, pinch_caps
from .suit_index import FULL_CAPS, MAX_TILES, pattern_count

DATA_DIR = Path(__file__).with_name("data")


def pack(vec: tuple[int, ...] | list[int]) -> bytes:
    value = 0
    for k in range(1, 10):
        v = vec[k]
        if not 0 <= v <= 15 or v >= INF:
            raise ValueError(f"cost {v} does not fit 4 bits")
        value |= v << (4 * (k - 1))
    return value.to_bytes(ENTRY_BYTES, "little")


def build_raw(caps: tuple[int, ...] = FULL_CAPS, max_tiles: int = MAX_TILES, prefix: tuple[int, ...] = ()) -> bytes:
    """Packed vectors of every pattern within ``caps`` and ``max_tiles``, in index order.

    With a ``prefix`` (the counts of the first ranks), only the patterns that start with it: a
    contiguous run of the table, beginning at the index of the prefix followed by zeros.
    """
    out = bytearray()
    last = len(caps) - 1
    states: dict[tuple[int, int], list[int]] = {(0, 0): [0] + [INF] * 9}
    for rank, c in enumerate(prefix):
        if not 0 <= c <= caps[rank]:
            raise ValueError(f"prefix {prefix}: rank {rank} holds at most {caps[rank]}")
        states = suit_step(states, rank, c, caps[rank])
    budget = max_tiles - sum(prefix)
    if budget < 0:
        raise ValueError(f"prefix {prefix} holds more than {max_tiles} tiles")

    def walk(rank: int, budget: int, states: dict[tuple[int, int], list[int]]) -> None:
        for c in range(min(caps[rank], budget) + 1):
            nxt = suit_step(states, rank, c, caps[rank])
            if rank == last:
                out.extend(pack(nxt[(0, 0)]))
            else:
                walk(rank + 1, budget - c, nxt)

    if len(prefix) == len(caps):
        out.extend(pack(states[(0, 0)]))
    else:
        walk(len(prefix), budget, states)
    if not prefix and len(out) != pattern_count(caps, max_tiles) * ENTRY_BYTES:
        raise RuntimeError("pattern enumeration does not match the index")
    return bytes(out)


def build_pinched_raw() -> bytes:
    return b"".join(build_raw(pinch_caps(j), PINCH_TILES) for j in range(5))


BUILDERS: dict[str, Callable[[], bytes]] = {"plain": build_raw, "pinched": build_pinched_raw}


def digest(raw: bytes) -> str:
    """SHA-256 of a table's entries (the uncompressed bytes)."""
    return hashlib.sha256(raw).hexdigest()


def read_raw(name: str, data_dir: Path = DATA_DIR) -> bytes:
    """The entries a table file holds (uncompressed)."""
    return zlib.decompress((data_dir / TABLE_FILES[name]).read_bytes())


def write_table(name: str, raw: bytes, data_dir: Path = DATA_DIR) -> Path:
    path = data_dir / TABLE_FILES[name]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(zlib.compress(raw, 9))
    return path


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    check = "--check" in args
    which = [a for a in args if a != "--check"] or list(BUILDERS)
    status = 0
    for name in which:
        if name not in BUILDERS:
            print(f"unknown table {name!r}; choose from {', '.join(BUILDERS)}", file=sys.stderr)
            return 2
        raw = BUILDERS[name]()
        if check:
            same = read_raw(name) == raw
            status |= not same
            print(f"{TABLE_FILES[name]}: {'matches' if same else 'DIFFERS from'} the build ({digest(raw)})",
                  file=sys.stderr)
        else:
            path = write_table(name, raw)
            print(f"wrote {path} ({len(raw) // ENTRY_BYTES} patterns, sha256 {digest(raw)})", file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
