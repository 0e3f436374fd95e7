"""Useful draws of a hand as bit masks, for the discard table and ukeire.

A draw lowers each entry of its group's cost vector by 0 or 1, so after
expansion (see :mod:`.lanes`) a draw of kind k subtracts a 0/1 *delta* from
every lane. The hand's replacement number r is its smallest lane; a draw
lowers r exactly when its delta touches a lane equal to r (a *tight* lane).
A group's record holds its expansion and, per drawable kind that changes it,
the delta moved to the lanes' guard bits; the useful kinds of a group for a
given set of tight lanes are then one AND per kind, memoised per record.
Kinds are bits of an int (bit k = kind k).

Records are memoised per group key, so a discard table looks up the one group
each discard changes, and builds it only the first time that key is seen.

>>> from sanma_core.tiles import kind_name, parse_tiles, to_counts
>>> counts = to_counts(parse_tiles("123456789p1144s"))
>>> r, mask = useful_mask(counts, None, 13)
>>> r, [kind_name(k) for k in mask_kinds(mask)]
(1, ['1s', '4s'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import SANMA_KINDS
from .closed import KOKUSHI_KINDS, chiitoitsu_r, closed_useful, kokushi_r
from .groups import INF
from .hand_groups import (
    ISOLATED,
    RECORD_LIMIT,
    RECORDS,
    MaskMemo,
    Record,
    capped_iso_group,
    capped_suit_expansion,
    entry_expansion,
    iso_counts,
    iso_expansion,
    iso_key,
    role_caps,
    suit_expansion,
)
from .lanes import BIASES, GIVE_UP, GUARDS, ISO, PIN, SOU, lane_min
from .pinched import PINCH_TILES, pinch_rank, pinched_entry
from .suit_index import FULL_CAPS, MAX_TILES
from .tables import suit_entry

_GUARD_SHIFT = 6  # a lane's guard bit sits 6 bits above its unit bit (lanes are 7 bits)
_ROLE_OF = tuple(ISO if k < 9 or k >= 27 else PIN if k < 18 else SOU for k in range(34))
KOKUSHI_MASK = sum(1 << k for k in KOKUSHI_KINDS)
SANMA_MASK = sum(1 << k for k in SANMA_KINDS)


def _key(counts: Sequence[int], role: int) -> tuple[int, ...]:
    if role == PIN:
        return tuple(counts[9:18])
    if role == SOU:
        return tuple(counts[18:27])
    return iso_counts(counts)


def _table_record(key: tuple[int, ...], role: int, sets: int, group_caps: object) -> Record | None:
    """A suit's record straight from table entries (plain, or beside one pon); None past the tables.

    A draw lowers every cost by 0 or 1, so the difference of two packed
    entries is itself a packed 0/1 vector and expands to the draw's delta.
    """
    if group_caps is None:
        if sum(key) >= MAX_TILES:
            return None
        entry_of = suit_entry
        caps: tuple[int, ...] = FULL_CAPS
    else:
        if sum(key) >= PINCH_TILES:
            return None
        rank = pinch_rank(group_caps)
        caps = group_caps  # type: ignore[assignment]

        def entry_of(k: tuple[int, ...]) -> int:
            return pinched_entry(k, rank)

    base_entry = entry_of(key)
    start = 9 + 9 * role
    items = []
    for r in range(9):
        c = key[r]
        if c < caps[r]:
            delta = base_entry - entry_of((*key[:r], c + 1, *key[r + 1 :]))
            if delta:
                lanes = entry_expansion(delta, role, sets)
                if lanes:
                    items.append((lanes << _GUARD_SHIFT, 1 << (start + r)))
    return entry_expansion(base_entry, role, sets), tuple(items), {}


def _build(
    counts: Sequence[int], caps: Sequence[int] | None, sets: int, role: int, key: tuple[int, ...], group_caps: object
) -> Record:
    """A group's record from its expansion after each possible draw."""
    if role != ISO and (group_caps is None or pinch_rank(group_caps) >= 0):
        table_record = _table_record(key, role, sets, group_caps)
        if table_record is not None:
            return table_record
    if role != ISO:  # past the tables (a 14-tile suit, two pons, a kan): one expansion per draw
        suit_caps: tuple[int, ...] = FULL_CAPS if group_caps is None else group_caps  # type: ignore[assignment]

        def expansion(k: tuple[int, ...]) -> int:
            if group_caps is None:
                return suit_expansion(k, role, sets)
            return capped_suit_expansion(k, suit_caps, role, sets)

        base = expansion(key)
        start = 9 + 9 * role
        items = []
        for r in range(9):
            c = key[r]
            if c < suit_caps[r]:
                x = expansion((*key[:r], c + 1, *key[r + 1 :]))
                if x != base:
                    items.append(((base - x) << _GUARD_SHIFT, 1 << (start + r)))
        return base, tuple(items), {}
    if caps is None:  # isolated kinds: a draw's effect depends only on the drawn kind's count
        sorted_key = iso_key(counts)
        base = iso_expansion(sorted_key, sets)
        by_count: dict[int, int] = {}
        for c in set(key):
            if c < 4:
                plus = list(sorted_key)
                plus[plus.index(c)] += 1
                plus.sort()
                by_count[c] = (base - iso_expansion(tuple(plus), sets)) << _GUARD_SHIFT
        items = [(by_count[c], 1 << k) for k, c in zip(ISOLATED, key, strict=True) if c < 4 and by_count[c]]
        return base, tuple(items), {}
    assert role == ISO and isinstance(group_caps, tuple)  # every suit returned above
    base, draws = capped_iso_group(counts, group_caps, sets)
    return base, tuple(((base - x) << _GUARD_SHIFT, 1 << k) for k, x in draws if x != base), {}


def record(counts: Sequence[int], caps: Sequence[int] | None, sets: int, role: int, group_caps: object) -> Record:
    """The memoised record of one group (``group_caps``: that group's caps, or None when all are 4)."""
    memo = RECORDS[sets][role]
    key = _key(counts, role)
    memo_key = key if group_caps is None else (key, group_caps)
    rec = memo.get(memo_key)
    if rec is None:
        rec = _build(counts, None if group_caps is None else caps, sets, role, key, group_caps)
        if len(memo) > RECORD_LIMIT:
            memo.clear()
        memo[memo_key] = rec
    return rec


def group_mask(rec: Record, tight: int) -> int:
    """Kinds (as a bit mask) whose draw in this group touches a tight lane."""
    masks: MaskMemo = rec[2]
    mask = masks.get(tight)
    if mask is None:
        mask = 0
        for delta, bit in rec[1]:
            if delta & tight:
                mask |= bit
        masks[tight] = mask
    return mask


def tight_lanes(total: int, sets: int, r: int) -> int:
    """Guard bits of the lanes of ``total`` that equal its minimum ``r``."""
    if r >= GIVE_UP:
        return 0
    guard = GUARDS[sets]
    return guard ^ ((total + BIASES[sets][r]) & guard)


def from_records(counts: Sequence[int], caps: Sequence[int] | None, n: int, recs: Sequence[Record]) -> tuple[int, int]:
    """Replacement number of a 3n+1 hand and the mask of kinds whose draw lowers it."""
    sets = (n + 1) // 3
    p, s, i = recs
    total = p[0] + s[0] + i[0]
    r = lane_min(total, sets)
    closed_r = INF
    if n >= 13:
        closed_r = min(chiitoitsu_r(counts, caps), kokushi_r(counts, caps))
    mask = 0
    if closed_r >= r:
        tight = tight_lanes(total, sets, r)
        if tight:
            mask = group_mask(p, tight) | group_mask(s, tight) | group_mask(i, tight)
    if closed_r <= r:
        r = closed_r
        for k in closed_useful(counts, caps, r):
            mask |= 1 << k
    return r, mask


def hand_caps(caps: Sequence[int] | None) -> tuple[object, object, object]:
    """Per role, that group's caps (None when all are 4)."""
    if caps is None:
        return None, None, None
    return role_caps(caps, PIN), role_caps(caps, SOU), role_caps(caps, ISO)


def useful_mask(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> tuple[int, int]:
    """Replacement number and useful-kind mask of checked 3n+1 counts."""
    sets = (n + 1) // 3
    gcaps = hand_caps(caps)
    recs = [record(counts, caps, sets, role, gcaps[role]) for role in (PIN, SOU, ISO)]
    return from_records(counts, caps, n, recs)


def discard_masks(counts: Sequence[int], caps: Sequence[int] | None, n: int) -> list[tuple[int, int, int]]:
    """(discard kind, replacement number, useful mask) per distinct discard of checked 3n+2 counts."""
    gcaps = hand_caps(caps)
    if gcaps[PIN] is None and gcaps[SOU] is None:  # nothing outside, or only honours/terminals (kita)
        return _suits_free_discard_masks(counts, caps, n, gcaps[ISO])
    rows = []
    sets = n // 3
    base = [record(counts, caps, sets, role, gcaps[role]) for role in (PIN, SOU, ISO)]
    after = list(counts)
    for k in SANMA_KINDS_IN_ORDER:
        if counts[k]:
            after[k] -= 1
            role = _ROLE_OF[k]
            recs = base[:]
            recs[role] = record(after, caps, sets, role, gcaps[role])
            r, mask = from_records(after, caps, n - 1, recs)
            after[k] += 1
            rows.append((k, r, mask))
    return rows


SANMA_KINDS_IN_ORDER: tuple[int, ...] = tuple(sorted(SANMA_KINDS))


def _suits_free_discard_masks(
    counts: Sequence[int], caps: Sequence[int] | None, n: int, iso_caps: object
) -> list[tuple[int, int, int]]:
    """:func:`discard_masks` when both suits are uncapped; the closed forms are updated per discard."""
    sets = n // 3
    memo_p, memo_s, memo_i = RECORDS[sets]
    guard = GUARDS[sets]
    biases = BIASES[sets]
    rec_p = memo_p.get(tuple(counts[9:18])) or record(counts, None, sets, PIN, None)
    rec_s = memo_s.get(tuple(counts[18:27])) or record(counts, None, sets, SOU, None)
    if iso_caps is None:
        rec_i = memo_i.get(iso_counts(counts)) or record(counts, None, sets, ISO, None)
    else:
        rec_i = record(counts, caps, sets, ISO, iso_caps)
    closed = n - 1 >= 13
    if closed:
        # kinds that may be one of seven pairs (a pair is left to use) or an orphan (a copy is left)
        pairable = SANMA_MASK if caps is None else sum(1 << k for k in SANMA_KINDS if caps[k] >= 2)
        usable = SANMA_MASK if caps is None else sum(1 << k for k in SANMA_KINDS if caps[k] >= 1)
        kokushi_possible = KOKUSHI_MASK & ~usable == 0
        kokushi_pairable = KOKUSHI_MASK & pairable != 0
        ones = zeros = twos_up = 0
        for k in SANMA_KINDS:
            c = counts[k]
            if c == 0:
                zeros |= 1 << k
            elif c == 1:
                ones |= 1 << k
            else:
                twos_up |= 1 << k
        # a discard never adds a pair or an orphan: seven pairs needs at least 7 − pairs draws, orphans 13 − present
        closed_floor = min(7 - (twos_up & pairable).bit_count(), 13 - ((ones | twos_up) & KOKUSHI_MASK).bit_count())
    after = list(counts)
    rows = []
    for k in SANMA_KINDS_IN_ORDER:
        c = counts[k]
        if not c:
            continue
        role = _ROLE_OF[k]
        after[k] = c - 1
        if role == PIN:
            p = memo_p.get(tuple(after[9:18])) or record(after, None, sets, PIN, None)
            s, i = rec_s, rec_i
        elif role == SOU:
            s = memo_s.get(tuple(after[18:27])) or record(after, None, sets, SOU, None)
            p, i = rec_p, rec_i
        elif iso_caps is None:
            i = memo_i.get(iso_counts(after)) or record(after, None, sets, ISO, None)
            p, s = rec_p, rec_s
        else:
            i = record(after, caps, sets, ISO, iso_caps)
            p, s = rec_p, rec_s
        after[k] = c
        total = p[0] + s[0] + i[0]
        r = lane_min(total, sets)
        closed_r = INF
        if closed and closed_floor <= r:
            # the 13 tiles left: seven pairs and thirteen orphans from the hand's masks, updated for the discard
            bit = 1 << k
            if c == 1:
                z, o, t = zeros | bit, ones & ~bit, twos_up
            elif c == 2:
                z, o, t = zeros, ones | bit, twos_up & ~bit
            else:
                z, o, t = zeros, ones, twos_up
            pairs = (t & pairable).bit_count()
            kinds = ((o | t) & pairable).bit_count()
            if pairs >= 7:
                chiitoi = 0
            else:
                singles = kinds - pairs
                chiitoi = 14 - 2 * pairs - (singles if singles < 7 - pairs else 7 - pairs)
            has_pair = t & KOKUSHI_MASK != 0
            if kokushi_possible and (has_pair or kokushi_pairable):
                kokushi = 1 + (z & KOKUSHI_MASK).bit_count() - has_pair  # 14 - present - pair
            else:
                kokushi = INF
            closed_r = chiitoi if chiitoi < kokushi else kokushi
        mask = 0
        if closed_r >= r and r < GIVE_UP:
            tight = guard ^ ((total + biases[r]) & guard)
            if tight:  # group_mask inlined: memo hits are the rule
                mp = p[2].get(tight)
                if mp is None:
                    mp = group_mask(p, tight)
                ms = s[2].get(tight)
                if ms is None:
                    ms = group_mask(s, tight)
                mi = i[2].get(tight)
                if mi is None:
                    mi = group_mask(i, tight)
                mask = mp | ms | mi
        if closed_r <= r:
            r = closed_r
            if chiitoi <= r:
                mask |= (o | z) & pairable if kinds < 7 else o & pairable
            if kokushi <= r:
                mask |= z & KOKUSHI_MASK & usable
                if not has_pair:
                    mask |= o & KOKUSHI_MASK & pairable
        rows.append((k, r, mask))
    return rows


def _decode_table(first: int, width: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(first + b for b in range(width) if v >> b & 1) for v in range(1 << width))


# kinds 0–8, 9–17, 18–26 and 27–33 of a mask, as ascending tuples
_LOW, _PINS, _SOUS, _HONOURS = _decode_table(0, 9), _decode_table(9, 9), _decode_table(18, 9), _decode_table(27, 7)


def mask_kinds(mask: int) -> tuple[int, ...]:
    """The kinds in a mask, ascending.

    >>> mask_kinds(1 << 9 | 1 << 33)
    (9, 33)
    """
    return _LOW[mask & 511] + _PINS[mask >> 9 & 511] + _SOUS[mask >> 18 & 511] + _HONOURS[mask >> 27]
