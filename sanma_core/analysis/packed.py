"""Decode a packed cost table: a zlib stream of 5-byte little-endian entries.

The tables are package data files (``data/*.zlib``, written by
:mod:`.build_suit_table`), read with :mod:`importlib.resources`. Entries are
widened to 8 bytes once, into an ``array`` of ints, so a lookup is one index
instead of a slice and a conversion.

>>> import zlib
>>> decode_entries(zlib.compress(bytes([1, 0, 0, 0, 0, 255, 0, 0, 0, 16])))
array('Q', [1, 68719476991])
>>> len(read_table("plain")) > 400_000
True
"""

from __future__ import annotations

import sys
import zlib
from array import array
from importlib.resources import files

ENTRY_BYTES = 5
WIDE_BYTES = 8
#: table name → its file in ``sanma_core/analysis/data``
TABLE_FILES = {"plain": "suit_table.zlib", "pinched": "pinched_table.zlib"}


def read_table(name: str) -> array:
    """The entries of a packaged table (``"plain"`` or ``"pinched"``)."""
    return decode_entries(files(__package__).joinpath("data", TABLE_FILES[name]).read_bytes())


def decode_entries(data: bytes) -> array:
    """The table's entries as unsigned 64-bit ints, in index order (``data``: the zlib stream)."""
    raw = zlib.decompress(data)
    count = len(raw) // ENTRY_BYTES
    wide = bytearray(count * WIDE_BYTES)
    for b in range(ENTRY_BYTES):
        wide[b::WIDE_BYTES] = raw[b::ENTRY_BYTES]
    entries = array("Q")
    if entries.itemsize != WIDE_BYTES:  # pragma: no cover - every supported platform has 8-byte 'Q'
        raise RuntimeError("array('Q') is not 8 bytes on this platform")
    entries.frombytes(bytes(wide))
    if sys.byteorder == "big":  # pragma: no cover - the widened bytes are little-endian
        entries.byteswap()
    return entries
