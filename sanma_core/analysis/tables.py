"""Group cost vectors: the packed suit table plus exact fallbacks.

Uncapped suits (no own copies outside the hand) read the precomputed table
(the package data file ``data/suit_table.zlib``, decoded on first use in a few milliseconds), and so
do suits beside one pon (:mod:`.pinched`); other capped suits (a kan, two
pons) go to :mod:`.capped`, isolated kinds to :mod:`.groups`. Answers are
memoised.

>>> suit_costs((1, 1, 1, 0, 0, 0, 0, 0, 0))[1]
0
"""

from __future__ import annotations

from array import array

from .capped import capped_suit_vector
from .capped import clear_memo as clear_capped_memo
from .groups import INF, isolated_vector, suit_vector
from .packed import read_table
from .pinched import PINCH_TILES, pinch_rank, pinched_entry
from .suit_index import suit_index

_entries: array | None = None
_suit_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
_iso_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
_capped_iso_cache: dict[tuple[tuple[int, int], ...], tuple[int, ...]] = {}


def _table() -> array:
    global _entries
    if _entries is None:
        _entries = read_table("plain")
    return _entries


def suit_entry(key: tuple[int, ...]) -> int:
    """The packed table entry of an uncapped suit (:func:`unpack_entry` gives its vector)."""
    return (_entries or _table())[suit_index(key)]


def unpack_entry(v: int) -> tuple[int, ...]:
    return (
        0,
        v & 15,
        v >> 4 & 15,
        v >> 8 & 15,
        v >> 12 & 15,
        v >> 16 & 15,
        v >> 20 & 15,
        v >> 24 & 15,
        v >> 28 & 15,
        v >> 32,
    )


def suit_costs(key: tuple[int, ...]) -> tuple[int, ...]:
    """Cost vector of a suit with all caps 4 (``key`` = 9 rank counts)."""
    vec = _suit_cache.get(key)
    if vec is None:
        if sum(key) <= 14:
            vec = unpack_entry(suit_entry(key))
        else:
            vec = suit_vector(key)
        _suit_cache[key] = vec
    return vec


def capped_suit_costs(key: tuple[int, ...], caps: tuple[int, ...], max_sets: int = 4) -> tuple[int, ...]:
    """Cost vector of a suit when some ranks have fewer than 4 copies left to use.

    Entries for more than ``max_sets`` sets are ``INF``; see :mod:`.capped`.
    """
    if caps == _FULL:
        return suit_costs(key)
    rank = pinch_rank(caps)
    if rank >= 0 and sum(key) <= PINCH_TILES:  # beside one pon
        vec = unpack_entry(pinched_entry(key, rank))
        return vec if max_sets == 4 else vec[: max_sets + 1] + _INF[max_sets:4] + vec[5 : 6 + max_sets] + _INF[max_sets:4]
    return capped_suit_vector(key, caps, max_sets)


_FULL = (4,) * 9
_INF = (INF,) * 4


def isolated_costs(sorted_counts: tuple[int, ...]) -> tuple[int, ...]:
    """Cost vector of the isolated kinds; only the multiset of counts matters."""
    vec = _iso_cache.get(sorted_counts)
    if vec is None:
        vec = _iso_cache[sorted_counts] = isolated_vector(sorted_counts)
    return vec


def capped_isolated_costs(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Same with caps: ``pairs`` is the sorted multiset of (count, cap)."""
    vec = _capped_iso_cache.get(pairs)
    if vec is None:
        vec = _capped_iso_cache[pairs] = isolated_vector([c for c, _ in pairs], [cap for _, cap in pairs])
    return vec


def clear_caches() -> None:
    """Forget memoised vectors (the decoded table itself is kept)."""
    for cache in (_suit_cache, _iso_cache, _capped_iso_cache):
        cache.clear()
    clear_capped_memo()


def load_table() -> None:
    """Decode the packed suit table now instead of on first use."""
    _table()
