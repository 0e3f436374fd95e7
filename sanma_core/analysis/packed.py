"""Decode a packed cost table: zlib + base64 of 5-byte little-endian entries.

Entries are widened to 8 bytes once, into an ``array`` of ints, so a lookup
is one index instead of a slice and a conversion.

>>> import base64, zlib
>>> decode_entries(base64.b64encode(zlib.compress(bytes([1, 0, 0, 0, 0, 255, 0, 0, 0, 16]))).decode())
array('Q', [1, 68719476991])
"""

from __future__ import annotations

import base64
import sys
import zlib
from array import array

ENTRY_BYTES = 5
WIDE_BYTES = 8


def decode_entries(data: str) -> array:
    """The table's entries as unsigned 64-bit ints, in index order."""
    raw = zlib.decompress(base64.b64decode(data))
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
