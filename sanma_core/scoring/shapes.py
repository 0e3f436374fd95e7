"""Winning shapes: fast win checks and every decomposition of a concealed hand.

The concealed tiles of a complete hand split into sets (sequences or
triplets) and exactly one pair; with ``n`` melds there are ``4 − n`` sets.
Dots and bamboo are decomposed suit by suit from a table of every splittable
9-count pattern, built once per process;
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

import itertools
from collections.abc import Iterable, Sequence
from operator import itemgetter

from ..tiles import ISOLATED_KINDS, TERMINALS_AND_HONOURS, to_counts

SEQ = 0
TRIPLET = 1

#: A concealed decomposition: (pair kind, ((SEQ or TRIPLET, first kind), …)) with sets sorted.
Decomposition = tuple[int, tuple[tuple[int, int], ...]]

_KOKUSHI_KINDS = tuple(sorted(TERMINALS_AND_HONOURS))
_ISO_TRIPLET = {k: ((TRIPLET, k),) for k in ISOLATED_KINDS}
_isolated_counts = itemgetter(*ISOLATED_KINDS)  # the counts of 1m, 9m and the honours, in one call


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


SuitOptions = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]


class _Tables:
    """Every single-suit pattern that splits into sets and at most one pair, built once per process.

    ``pin[pattern]`` / ``sou[pattern]`` hold the splits of a dots / bamboo 9-count pattern in
    absolute kinds (sorted, as :func:`suit_decompositions`), ``pairs`` the bit set of
    :func:`_suit_pairs`. A pattern missing from them (with at most 4 of a rank and 14 tiles)
    has no split. ``isolated[counts of 1m, 9m and the honours]`` is the pair kind (-1: none)
    and the triplets of those kinds, for every pattern of them that splits (each 0, 2 or 3, one 2
    at most).
    """

    def __init__(self) -> None:
        shapes = [(SEQ, r, (r, r + 1, r + 2)) for r in range(7)] + [(TRIPLET, r, (r, r, r)) for r in range(9)]
        pin_sets = [(shape, r + 9) for shape, r, _ in shapes]  # shared by every entry that holds them
        sou_sets = [(shape, r + 18) for shape, r, _ in shapes]
        pin: dict[tuple[int, ...], list] = {}
        sou: dict[tuple[int, ...], list] = {}
        level: list[tuple[int, list[int], tuple, tuple]] = [(0, [0] * 9, (), ())]
        for depth in range(5):
            nxt = []
            for first, counts, p_sets, s_sets in level:
                for pair in range(-1, 9):
                    if pair >= 0:
                        if counts[pair] > 2:
                            continue
                        counts[pair] += 2
                    key = tuple(counts)
                    found = pin.get(key)
                    if found is None:
                        pin[key] = [(pair + 9 if pair >= 0 else -1, p_sets)]
                        sou[key] = [(pair + 18 if pair >= 0 else -1, s_sets)]
                    else:
                        found.append((pair + 9 if pair >= 0 else -1, p_sets))
                        sou[key].append((pair + 18 if pair >= 0 else -1, s_sets))
                    if pair >= 0:
                        counts[pair] -= 2
                if depth == 4:
                    continue
                for i in range(first, len(shapes)):  # sets in sorted order: each multiset once
                    ranks = shapes[i][2]
                    c = counts.copy()
                    for x in ranks:
                        c[x] += 1
                    if c[ranks[0]] <= 4 and c[ranks[1]] <= 4 and c[ranks[2]] <= 4:
                        nxt.append((i, c, (*p_sets, pin_sets[i]), (*s_sets, sou_sets[i])))
            level = nxt
        self.pin: dict[tuple[int, ...], SuitOptions] = {k: tuple(sorted(v)) if len(v) > 1 else tuple(v)
                                                        for k, v in pin.items()}
        self.sou: dict[tuple[int, ...], SuitOptions] = {k: tuple(sorted(v)) if len(v) > 1 else tuple(v)
                                                        for k, v in sou.items()}
        self.pairs = {k: _pair_bits(v) for k, v in self.pin.items()}
        self.isolated: dict[tuple[int, ...], tuple[int, tuple[tuple[int, int], ...]]] = {}
        for pattern in itertools.product((0, 2, 3), repeat=len(ISOLATED_KINDS)):
            if pattern.count(2) <= 1 and sum(pattern) <= 14:
                pair = ISOLATED_KINDS[pattern.index(2)] if 2 in pattern else -1
                iso_sets = tuple(s for k, c in zip(ISOLATED_KINDS, pattern, strict=True) if c == 3
                                 for s in _ISO_TRIPLET[k])
                self.isolated[pattern] = (pair, iso_sets)


def _absolute(options: SuitOptions, base: int) -> SuitOptions:
    return tuple((pair + base if pair >= 0 else -1, tuple((t, base + r) for t, r in sets)) for pair, sets in options)


def _pair_bits(options: SuitOptions) -> int:
    bits = 0
    for pair, _ in options:
        bits |= 2 if pair >= 0 else 1
    return bits


_TABLES: _Tables | None = None


def tables() -> _Tables:
    """The per-suit split tables (built on first use, about a quarter of a second)."""
    global _TABLES
    if _TABLES is None:
        _TABLES = _Tables()
    return _TABLES


def _in_range(counts9: Sequence[int]) -> bool:
    return max(counts9) <= 4 and sum(counts9) <= 14


def suit_decompositions(counts9: tuple[int, ...]) -> SuitOptions:
    """Every split of one numbered suit into sets and at most one pair.

    Each entry is ``(pair rank or -1, ((SEQ|TRIPLET, rank), …))``.

    >>> suit_decompositions((3, 3, 3, 0, 0, 0, 0, 0, 0))
    ((-1, ((0, 0), (0, 0), (0, 0))), (-1, ((1, 0), (1, 1), (1, 2))))
    >>> suit_decompositions((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    counts9 = tuple(counts9)
    found = tables().pin.get(counts9)
    if found is not None:
        return _absolute(found, -9)
    if _in_range(counts9):
        return ()
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


def _suit_pairs(counts9: tuple[int, ...]) -> int:
    """Bit set of the pair counts a suit can end with: 1 = without a pair, 2 = with one, 0 = impossible."""
    found = tables().pairs.get(counts9)
    if found is not None or _in_range(counts9):
        return found or 0
    return _pair_bits(suit_decompositions(counts9))


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


def _suit_options(counts: Sequence[int], base: int) -> SuitOptions:
    """The splits of the suit starting at kind ``base`` that the tables do not hold (none, or past 14 tiles)."""
    counts9 = tuple(counts[base:base + 9])
    if _in_range(counts9):
        return ()
    return _absolute(suit_decompositions(counts9), base)


def regular_decompositions(counts: Sequence[int]) -> tuple[Decomposition, ...]:
    """All (pair, sets) splits of concealed counts; sets are ``(SEQ|TRIPLET, first kind)``, sorted."""
    if type(counts) is not tuple:
        counts = tuple(counts)
    tb = _TABLES or tables()
    isolated = tb.isolated.get(_isolated_counts(counts))  # 1m, 9m and honours: only pairs and triplets
    if isolated is None:
        return ()
    iso, iso_sets = isolated
    pin = tb.pin.get(counts[9:18]) or _suit_options(counts, 9)
    if not pin:
        return ()
    sou = tb.sou.get(counts[18:27]) or _suit_options(counts, 18)
    if not sou:
        return ()
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
