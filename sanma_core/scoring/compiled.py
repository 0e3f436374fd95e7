"""Flat integer tables for the scorer: the facts of each split packed into one integer, and the waits.

The facts of a regular decomposition (:meth:`~.facts.Facts.set_regular`) are sums and counts over
its sets, so they are stored ready-made for every entry of the per-suit split tables of
:func:`~.shapes.tables` (and for the 1m/9m/honour part and the melds), each packed into one
integer whose fields add up: a decomposition's facts are the sum of its parts' integers, and its
:data:`~.facts.NEEDS` bits one table look-up from that sum (:data:`SHAPE_BITS`). The fields are
the numbers of sequences, triplets (melds included), identical sequence pairs, sets or pair without
a terminal or honour, straights, terminal triplets of 1 and of 9, dragon and wind triplets, which
dragons and winds, kans, concealed triplets, and the fu of the sets (last, unbounded).

:data:`READS` gives, for the winning kind and whether it was a tsumo, what each set the winning
tile can complete adds to a reading: its wait's bits, its wait fu (less the fu a triplet loses
when a ron completes it) and how many triplets stop counting as concealed.
``tests/test_scoring_compiled.py`` checks on thousands of hands that these tables give the bits
and fu that :class:`~.facts.Facts` does.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> decomps, packs = decompositions(tuple(to_counts(parse_tiles("123p456p789p55s555z"))))
>>> len(decomps), sequences(packs[0]), triplets(packs[0]), set_fu(packs[0])
(1, 3, 1, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ..melds import Meld
from ..tiles import HAKU, ISOLATED_KINDS, NUM_KINDS, kind
from .facts import (
    _DRAGON_COUNT_BITS,
    _DRAGON_TRIP_BIT,
    _HONOUR_TRIPS,
    _KAN_BITS,
    _OUTSIDE,
    _PEIKOU_BITS,
    _REGULAR,
    _SEQ_BITS,
    _STRAIGHT,
    _TANKI,
    _THREE_COLOUR_TRIPS,
    _TRIP_BITS,
    _WAIT_BITS,
    _WIND_COUNT_BITS,
    KAN_FU,
    SEQ_OUTSIDE,
    TRIPLET_FU,
    YAOCHUU,
)
from .fu import WAIT_FU
from .shapes import SEQ, TRIPLET, Decomposition, regular_decompositions, tables

# ---- the packed fields: (shift, width in bits) -----------------------------------------------
_SEQS = 0  # 3 bits
_TRIPS = 3  # 3 bits: triplets and kans, melds included
_PEIKOU = 6  # 2 bits
_NOT_OUTSIDE = 8  # 3 bits: sets and the pair without a terminal or honour
_STRAIGHTS = 11  # 1 bit
_ONES = 12  # 2 bits: triplets of 1m, 1p, 1s
_NINES = 14  # 2 bits: triplets of 9m, 9p, 9s
_DRAGONS = 16  # 2 bits
_WINDS = 18  # 3 bits
_DRAGON_KINDS = 21  # 3 bits: the dragon triplets' kinds (bit ``k - 31``)
_KANS = 24  # 3 bits
#: Where the bit set of the wind triplets' kinds (bit ``k - 27``) starts (4 bits).
WIND_KINDS = 27
#: Where the number of concealed triplets (concealed kans included) starts (3 bits).
CONCEALED = 31
#: Where the fu of the sets starts (the rest of the integer).
FU = 34
#: The fields :data:`SHAPE_BITS` reads.
SHAPE = (1 << WIND_KINDS) - 1

def sequences(packed: int) -> int:
    return packed & 7


def triplets(packed: int) -> int:
    return packed >> _TRIPS & 7


def set_fu(packed: int) -> int:
    return packed >> FU


def _triplet(k: int, concealed: bool, fu: int) -> int:
    v = 1 << _TRIPS | fu << FU
    if concealed:
        v += 1 << CONCEALED
    if not YAOCHUU[k]:
        v += 1 << _NOT_OUTSIDE
    if k in (0, 9, 18):
        v += 1 << _ONES
    elif k in (8, 17, 26):
        v += 1 << _NINES
    elif k >= 31:
        v += 1 << _DRAGONS | 1 << (_DRAGON_KINDS + k - HAKU)
    elif k >= 27:
        v += 1 << _WINDS | 1 << (WIND_KINDS + k - 27)
    return v


def pack(pair: int, sets: Sequence[tuple[int, int]]) -> int:
    """The packed facts of concealed ``sets`` (sorted, as the split tables hold them) and a pair (-1: none)."""
    v = 0 if pair < 0 or YAOCHUU[pair] else 1 << _NOT_OUTSIDE
    last_seq = -1  # a sequence not yet paired with an identical one
    seqs = []
    for t, k in sets:
        if t == SEQ:
            seqs.append(k)
            v += 1 << _SEQS
            if k == last_seq:
                v += 1 << _PEIKOU
                last_seq = -1
            else:
                last_seq = k
            if not SEQ_OUTSIDE[k]:
                v += 1 << _NOT_OUTSIDE
        else:
            v += _triplet(k, True, TRIPLET_FU[True][k])
    if (9 in seqs and 12 in seqs and 15 in seqs) or (18 in seqs and 21 in seqs and 24 in seqs):
        v += 1 << _STRAIGHTS
    return v


def _pack_meld(meld_kind: str, k: int) -> int:
    if meld_kind == "pon":
        return _triplet(k, False, TRIPLET_FU[False][k])
    return _triplet(k, meld_kind == "ankan", KAN_FU[meld_kind == "ankan"][k]) + (1 << _KANS)


# the packed facts of each meld, by its kind and its first tile (red fives included)
_MELD_PACKS = {meld_kind: tuple(_pack_meld(meld_kind, kind(t)) for t in range(NUM_KINDS + 2))
               for meld_kind in ("pon", "minkan", "ankan")}


def pack_melds(melds: Sequence[Meld]) -> int:
    """The packed facts of the melds (pon, open and concealed kans)."""
    v = 0
    for m in melds:
        v += _MELD_PACKS[m.kind][m.tiles[0]]
    return v


class _ShapeBits(dict):
    """The :data:`~.facts.NEEDS` bits of the packed fields below :data:`WIND_KINDS`, built the first time asked."""

    def __missing__(self, shape: int) -> int:
        trips = shape >> _TRIPS & 7
        dragons = shape >> _DRAGONS & 3
        winds = shape >> _WINDS & 7
        bits = (_REGULAR | _TRIP_BITS[trips] | _SEQ_BITS[shape & 7] | _PEIKOU_BITS[shape >> _PEIKOU & 3]
                | _KAN_BITS[shape >> _KANS & 7])
        if dragons or winds:
            kinds = shape >> _DRAGON_KINDS & 7
            bits |= (_HONOUR_TRIPS | _DRAGON_COUNT_BITS[dragons] | _WIND_COUNT_BITS[winds]
                     | sum(_DRAGON_TRIP_BIT[HAKU + i] for i in range(3) if kinds >> i & 1))
        if not shape >> _NOT_OUTSIDE & 7:
            bits |= _OUTSIDE
        if shape >> _STRAIGHTS & 1:
            bits |= _STRAIGHT
        if shape >> _ONES & 3 == 3 or shape >> _NINES & 3 == 3:
            bits |= _THREE_COLOUR_TRIPS
        self[shape] = bits
        return bits


#: The decomposition bits (all but the hand's, the pair's and the seat's) of ``packed & SHAPE``.
SHAPE_BITS = _ShapeBits()


def _reads(win_kind: int, tsumo: bool) -> dict[tuple[int, int], tuple[int, int, int]]:
    """``(SEQ or TRIPLET, first kind)`` of each set holding ``win_kind`` -> (wait bits, wait fu, concealed lost)."""
    ron = not tsumo  # a ron completing a triplet makes it an open one: fewer fu, one concealed triplet less
    loss = TRIPLET_FU[True][win_kind] - TRIPLET_FU[False][win_kind] if ron else 0
    out = {(TRIPLET, win_kind): (_WAIT_BITS["shanpon"], WAIT_FU["shanpon"] - loss, 1 if ron else 0)}
    if win_kind < 27:
        for k in range(win_kind - 2, win_kind + 1):
            if k // 9 != win_kind // 9 or k < 0 or k % 9 > 6:
                continue
            if win_kind == k + 1:
                wait = "kanchan"
            elif (k % 9 == 0 and win_kind == k + 2) or (k % 9 == 6 and win_kind == k):
                wait = "penchan"
            else:
                wait = "ryanmen"
            out[(SEQ, k)] = (_WAIT_BITS[wait], WAIT_FU[wait], 0)
    return out


#: ``READS[tsumo][win kind][set]``: what completing ``set`` (``(SEQ or TRIPLET, first kind)``) adds to a reading.
READS = tuple(tuple(_reads(k, tsumo) for k in range(34)) for tsumo in (False, True))
#: What completing the pair adds to a reading (a tanki wait).
TANKI = (_TANKI, WAIT_FU["tanki"], 0)

_isolated_counts = itemgetter(*ISOLATED_KINDS)


class _Packed:
    """The split tables of :func:`~.shapes.tables` with the :func:`pack` of each entry next to it.

    ``isolated[counts of 1m, 9m and honours]`` is ``(pair, sets, packed)``; ``pin[pattern]`` and
    ``sou[pattern]`` hold ``(pair, sets, packed)`` for each split of the pattern.
    """

    def __init__(self) -> None:
        tb = tables()
        self.isolated = {key: (pair, sets, pack(pair, sets)) for key, (pair, sets) in tb.isolated.items()}
        self.pin = {key: tuple((pair, sets, pack(pair, sets)) for pair, sets in options)
                    for key, options in tb.pin.items()}
        self.sou = {key: tuple((pair, sets, pack(pair, sets)) for pair, sets in options)
                    for key, options in tb.sou.items()}


_PACKED: _Packed | None = None


def packed_tables() -> _Packed:
    """The packed split tables (built on first use, with the split tables if need be)."""
    global _PACKED
    if _PACKED is None:
        _PACKED = _Packed()
    return _PACKED


def decompositions(counts: tuple[int, ...]) -> tuple[tuple[Decomposition, ...], tuple[int, ...]]:
    """:func:`~.shapes.regular_decompositions` of concealed counts (a tuple), and the packed facts of each."""
    tb = _PACKED or packed_tables()
    isolated = tb.isolated.get(_isolated_counts(counts))
    if isolated is None:
        return (), ()
    pin = tb.pin.get(counts[9:18])
    if pin is not None:
        sou = tb.sou.get(counts[18:27])
    if pin is None or sou is None:
        # no split (or a pattern past the tables: more than 14 tiles), as regular_decompositions has it
        found = regular_decompositions(counts)
        return found, tuple(pack(pair, sets) for pair, sets in found)
    iso, iso_sets, iso_pack = isolated
    if len(pin) == 1 and len(sou) == 1:  # most hands: one split of each suit
        p_pair, p_sets, p_pack = pin[0]
        s_pair, s_sets, s_pack = sou[0]
        if (p_pair < 0 and s_pair < 0) if iso >= 0 else (p_pair >= 0) != (s_pair >= 0):
            return (((iso if iso >= 0 else p_pair if p_pair >= 0 else s_pair, iso_sets + p_sets + s_sets),),
                    (iso_pack + p_pack + s_pack,))
        return (), ()
    decomps = []
    packs = []
    for p_pair, p_sets, p_pack in pin:
        for s_pair, s_sets, s_pack in sou:
            if iso >= 0:
                if p_pair < 0 and s_pair < 0:
                    decomps.append((iso, iso_sets + p_sets + s_sets))
                    packs.append(iso_pack + p_pack + s_pack)
            elif (p_pair >= 0) != (s_pair >= 0):
                decomps.append((p_pair if p_pair >= 0 else s_pair, iso_sets + p_sets + s_sets))
                packs.append(iso_pack + p_pack + s_pack)
    return tuple(decomps), tuple(packs)


__all__ = ["CONCEALED", "FU", "READS", "SHAPE", "SHAPE_BITS", "TANKI", "WIND_KINDS", "decompositions", "pack",
           "pack_melds", "packed_tables", "sequences", "set_fu", "triplets"]
