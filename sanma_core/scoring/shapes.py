"""Winning shapes: fast win checks and every decomposition of a concealed hand.

The concealed tiles of a complete hand split into sets (sequences or
triplets) and exactly one pair; with ``n`` melds there are ``4 − n`` sets.
Dots and bamboo are decomposed suit by suit (memoised per 9-count pattern);
1m, 9m and the honours can only form pairs and triplets in sanma.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> c = to_counts(parse_tiles("111222333p55s789s"))
>>> is_winning_shape(c, 0)
True
>>> len(regular_decompositions(tuple(c)))
2
>>> is_winning_shape(to_counts(parse_tiles("19m19p19s1234567z1z")), 0)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..tiles import ISOLATED_KINDS, TERMINALS_AND_HONOURS, to_counts

SEQ = 0
TRIPLET = 1

#: A concealed decomposition: (pair kind, ((SEQ or TRIPLET, first kind), …)) with sets sorted.
Decomposition = tuple[int, tuple[tuple[int, int], ...]]

_KOKUSHI_KINDS = tuple(sorted(TERMINALS_AND_HONOURS))


def _split_suit(counts: list[int], start: int, pair: int, sets: list[tuple[int, int]], out: set) -> None:
    i = start
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        out.add((pair, tuple(sorted(sets))))
        return
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        sets.append((TRIPLET, i))
        _split_suit(counts, i, pair, sets, out)
        sets.pop()
        counts[i] += 3
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        sets.append((SEQ, i))
        _split_suit(counts, i, pair, sets, out)
        sets.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
    if c >= 2 and pair < 0:
        counts[i] -= 2
        _split_suit(counts, i, i, sets, out)
        counts[i] += 2


@lru_cache(maxsize=1 << 16)
def suit_decompositions(counts9: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every split of one numbered suit into sets and at most one pair.

    Each entry is ``(pair rank or -1, ((SEQ|TRIPLET, rank), …))``.

    >>> suit_decompositions((3, 3, 3, 0, 0, 0, 0, 0, 0))
    ((-1, ((0, 0), (0, 0), (0, 0))), (-1, ((1, 0), (1, 1), (1, 2))))
    >>> suit_decompositions((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    out: set = set()
    _split_suit(list(counts9), 0, -1, [], out)
    return tuple(sorted(out))


def _isolated_pair(counts: Sequence[int]) -> int | None:
    """Pair kind among 1m/9m/honours (-1 none), or None when they cannot form sets and a pair."""
    pair = -1
    for k in ISOLATED_KINDS:
        c = counts[k]
        if c == 0 or c == 3:
            continue
        if c == 2 and pair < 0:
            pair = k
            continue
        return None
    return pair


@lru_cache(maxsize=1 << 16)
def _suit_pairs(counts9: tuple[int, ...]) -> int:
    """Bit set of the pair counts a suit can end with: 1 = without a pair, 2 = with one, 0 = impossible."""
    bits = 0
    for pair, _ in suit_decompositions(counts9):
        bits |= 2 if pair >= 0 else 1
    return bits


def is_chiitoitsu_shape(counts: Sequence[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    if not isinstance(counts, list | tuple):
        counts = list(counts)
    return counts.count(2) == 7 and counts.count(0) == len(counts) - 7


def is_kokushi_shape(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus one more of them."""
    extra = 0
    for k in _KOKUSHI_KINDS:
        c = counts[k]
        if c == 0 or c > 2:
            return False
        extra += c - 1
    return extra == 1 and sum(counts) == 14


def is_winning_shape(counts34: Sequence[int], n_melds: int = 0) -> bool:
    """Whether concealed counts (kinds 0–33) complete a hand next to ``n_melds`` melds.

    A fast check for the game engine: it says nothing about yaku.

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> is_winning_shape(to_counts(parse_tiles("11p")), 4), is_winning_shape(to_counts(parse_tiles("12p")), 4)
    (True, False)
    """
    if sum(counts34) != 14 - 3 * n_melds:
        return False
    iso = _isolated_pair(counts34)
    if iso is not None:
        pin = _suit_pairs(tuple(counts34[9:18]))
        if pin:
            sou = _suit_pairs(tuple(counts34[18:27]))
            if sou:
                if iso >= 0:
                    if pin & 1 and sou & 1:
                        return True
                elif (pin & 2 and sou & 1) or (pin & 1 and sou & 2):
                    return True
    return n_melds == 0 and (is_chiitoitsu_shape(counts34) or is_kokushi_shape(counts34))


def can_win(tiles: Iterable[int], n_melds: int = 0) -> bool:
    """:func:`is_winning_shape` for a list of tiles (red fives allowed)."""
    return is_winning_shape(to_counts(tiles), n_melds)


@lru_cache(maxsize=1 << 14)
def regular_decompositions(counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """All (pair, sets) splits of concealed counts; sets are ``(SEQ|TRIPLET, first kind)``, sorted.

    Memoised per concealed-hand key.
    """
    iso = _isolated_pair(counts)
    if iso is None:
        return ()
    pin = _suit_options(tuple(counts[9:18]), 9)
    if not pin:
        return ()
    sou = _suit_options(tuple(counts[18:27]), 18)
    if not sou:
        return ()
    iso_sets = tuple((TRIPLET, k) for k in ISOLATED_KINDS if counts[k] == 3)
    result = []
    for p_pair, p_sets in pin:
        for s_pair, s_sets in sou:
            if iso >= 0:
                if p_pair < 0 and s_pair < 0:
                    result.append((iso, iso_sets + p_sets + s_sets))
            elif (p_pair >= 0) != (s_pair >= 0):
                result.append((p_pair if p_pair >= 0 else s_pair, iso_sets + p_sets + s_sets))
    # distinct by construction; identical sets stay next to each other (each suit's sets are sorted)
    return tuple(result)


@lru_cache(maxsize=1 << 16)
def _suit_options(counts9: tuple[int, ...], base: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """:func:`suit_decompositions` in absolute kinds (pair kind or -1, sets)."""
    return tuple((pair + base if pair >= 0 else -1, tuple((t, base + r) for t, r in sets))
                 for pair, sets in suit_decompositions(counts9))
