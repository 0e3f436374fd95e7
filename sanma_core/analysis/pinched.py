"""Cost vectors of a suit beside a pon: one rank capped at one usable copy.

A pon leaves one copy of its kind, so that rank of the suit may hold at most
one tile. Such suits (at most 12 concealed tiles in the suit, as a pon takes
three of the hand's fourteen) are read from a precomputed table, like plain
suits; a rank 5–8 cap is the mirror image of a rank 0–4 cap, since a suit's
costs do not change when its ranks are reversed.

>>> pinched_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), 4)[1]  # 4p6p beside a pon of 5p: 5p is still live
1
>>> pinched_vector((0, 0, 0, 0, 1, 1, 1, 0, 0), 4)[5]  # 567p beside a pon of 5p: no 5p pair
1
"""

from __future__ import annotations

from array import array

from .packed import read_table
from .suit_index import Index, compile_index

PINCH_TILES = 12


def pinch_rank(caps: tuple[int, ...]) -> int:
    """The rank a single pon caps at 1 when every other rank has cap 4, else −1.

    >>> pinch_rank((4, 4, 4, 4, 1, 4, 4, 4, 4)), pinch_rank((4, 1, 4, 4, 1, 4, 4, 4, 4))
    (4, -1)
    """
    return caps.index(1) if caps.count(4) == 8 and 1 in caps else -1


def pinch_caps(rank: int) -> tuple[int, ...]:
    """Caps of a suit whose ``rank`` (0–8) has one usable copy."""
    return (4,) * rank + (1,) + (4,) * (8 - rank)


_INDEXES: list[Index] = []
_STARTS: list[int] = []
_start = 0
for _rank in range(5):
    _index, _count = compile_index(pinch_caps(_rank), PINCH_TILES)
    _INDEXES.append(_index)
    _STARTS.append(_start)
    _start += _count
TABLE_ENTRIES = _start
_entries: array | None = None


def _table() -> array:
    global _entries
    if _entries is None:
        _entries = read_table("pinched")
    return _entries


def pinched_entry(held: tuple[int, ...], rank: int) -> int:
    """The packed entry (see ``tables.unpack_entry``) of a suit holding ``held`` with ``rank`` capped at 1.

    ``held[rank]`` must be 0 or 1 and the suit must hold at most ``PINCH_TILES`` tiles.
    """
    if rank > 4:
        held = held[::-1]
        rank = 8 - rank
    return (_entries or _table())[_STARTS[rank] + _INDEXES[rank](held)]


def pinched_vector(held: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """The cost vector (up to 4 sets) of a suit holding ``held`` with ``rank`` capped at 1."""
    v = pinched_entry(held, rank)
    return (0, *(v >> (4 * k) & 15 for k in range(9)))
