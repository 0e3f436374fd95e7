"""The hot path of :func:`.shape.shanten`: a closed hand with nothing outside it.

Each group's memoised expansion (see :mod:`.lanes`) carries, above its lanes,
five small counters that add up across groups like the lanes do: tiles, kinds
held, kinds held twice or more, terminal and honour kinds held, and those held
twice or more. One addition of three memoised ints then gives the regular
form's lanes *and* everything seven pairs and thirteen orphans need, with no
pass over the counts.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> fast_r(to_counts(parse_tiles("19m19p19s1234567z")), 13)  # thirteen orphans, tenpai
1
>>> fast_r(to_counts(parse_tiles("1133p5577s11223z")), 13)  # seven pairs, tenpai
1
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from .hand_groups import CLEAR_HOOKS, MEMO_LIMIT, BadCounts, entry_expansion, iso_counts, iso_expansion
from .lanes import BIASES, GUARDS, ISO, PIN, SOU, lane_min
from .tables import suit_entry
from .validation import full_check

#: The counters sit above the widest lane layout (45 lanes of 7 bits for four sets).
TILES_SHIFT = 320
KINDS_SHIFT = 328
PAIRS_SHIFT = 336
YAO_SHIFT = 344
YAO_PAIRS_SHIFT = 352
_FIELD = 255

pin_key = itemgetter(*range(9, 18))
sou_key = itemgetter(*range(18, 27))

# memo tables by number of sets, then role; keys are a group's counts as held (the isolated kinds unsorted)
_MEMO: list[list[dict[tuple[int, ...], int]]] = [[{}, {}, {}] for _ in range(5)]
# isolated expansions by how many kinds are held 0, 1, 2 and 3 times
_ISO_MULTISETS: list[dict[tuple[int, ...], int]] = [{} for _ in range(5)]


def _group(key: tuple[int, ...], role: int, sets: int) -> int:
    """Expansion plus counters of one group (filled on a memo miss)."""
    zeros, ones = key.count(0), key.count(1)
    kinds = 9 - zeros
    pairs = kinds - ones
    tiles = sum(key)
    if role == ISO:  # every isolated kind is a terminal or an honour; only the multiset of counts matters
        twos, threes = key.count(2), key.count(3)
        fours = 9 - zeros - ones - twos - threes
        if fours != key.count(4):
            raise BadCounts
        by_multiset = _ISO_MULTISETS[sets]
        packed = by_multiset.get((zeros, ones, twos, threes))
        if packed is None:
            packed = by_multiset[(zeros, ones, twos, threes)] = iso_expansion(tuple(sorted(key)), sets)
        yao, yao_pairs = kinds, pairs
    else:
        try:  # the index rejects counts outside 0–4 and more than 14 tiles
            packed = entry_expansion(suit_entry(key), role, sets)
        except (KeyError, IndexError):
            raise BadCounts from None
        first, last = key[0], key[8]
        yao = (first > 0) + (last > 0)
        yao_pairs = (first > 1) + (last > 1)
    packed += (
        tiles << TILES_SHIFT
        | kinds << KINDS_SHIFT
        | pairs << PAIRS_SHIFT
        | yao << YAO_SHIFT
        | yao_pairs << YAO_PAIRS_SHIFT
    )
    memo = _MEMO[sets][role]
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    memo[key] = packed
    return packed


_HOT = [(*_MEMO[sets], GUARDS[sets], *BIASES[sets][:6]) for sets in range(5)]


def fast_r(counts: Sequence[int], n: int) -> int:
    """Replacement number (shanten + 1) of ``n`` concealed tiles with nothing outside the hand.

    ``counts`` are 34 kind counts summing to ``n``; bad copies per kind raise
    ``HandShapeError``. Returns −1 when some tiles lie outside the three groups
    (2m–8m), for the caller's precise error.
    """
    sets = n // 3
    memo_p, memo_s, memo_i, g, b0, b1, b2, b3, b4, b5 = _HOT[sets]
    pin = pin_key(counts)
    sou = sou_key(counts)
    iso = iso_counts(counts)
    try:
        p = memo_p.get(pin) or _group(pin, PIN, sets)
        s = memo_s.get(sou) or _group(sou, SOU, sets)
        i = memo_i.get(iso) or _group(iso, ISO, sets)
    except (BadCounts, IndexError):
        full_check(counts, None)
        raise
    total = p + s + i
    if total >> TILES_SHIFT & _FIELD != n:
        return -1
    # lane_min inlined for the usual answers 0-5
    if (total + b3) & g != g:
        if (total + b1) & g != g:
            r = 0 if (total + b0) & g != g else 1
        else:
            r = 2 if (total + b2) & g != g else 3
    elif (total + b5) & g != g:
        r = 4 if (total + b4) & g != g else 5
    else:
        r = lane_min(total, sets)
    if n >= 13 and r > 0:
        pairs = total >> PAIRS_SHIFT & _FIELD
        if pairs >= 7:
            return 0
        singles = (total >> KINDS_SHIFT & _FIELD) - pairs
        chiitoi = 14 - 2 * pairs - (singles if singles < 7 - pairs else 7 - pairs)
        if chiitoi < r:
            r = chiitoi
        kokushi = 14 - (total >> YAO_SHIFT & _FIELD) - (total >> YAO_PAIRS_SHIFT > 0)
        if kokushi < r:
            r = kokushi
    return r


def clear_memo() -> None:
    for per_sets in _MEMO:
        for memo in per_sets:
            memo.clear()
    for memo in _ISO_MULTISETS:
        memo.clear()


CLEAR_HOOKS.append(clear_memo)
