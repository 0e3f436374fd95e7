"""A hand's three groups as lane-packed expansions (and, for capped isolated kinds, after each draw).

Roles: ``PIN`` (dots, kinds 9–17), ``SOU`` (bamboo, 18–26) and ``ISO`` (1m, 9m
and the honours; only the sorted multiset of their counts matters). Without
caps everything is memoised by group key; with caps (own tiles outside the
hand) the exact vectors come from :mod:`.tables`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from .groups import suit_vector
from .lanes import ISO, PIN, SOU, expand
from .tables import capped_isolated_costs, capped_suit_costs, isolated_costs, suit_entry, unpack_entry
from .tables import clear_caches as clear_table_caches
from .validation import full_check

ISOLATED = (0, 8, 27, 28, 29, 30, 31, 32, 33)
#: The isolated kinds' counts in kind order (unsorted; :func:`iso_key` sorts them).
iso_counts = itemgetter(*ISOLATED)
ROLES = (PIN, SOU, ISO)

#: A group's expansion and ((kind, expansion after drawing it), ...) for its drawable kinds.
Group = tuple[int, tuple[tuple[int, int], ...]]
#: Useful-kind masks of one group record, by tight-lane mask (see :mod:`.draw_masks`).
MaskMemo = dict[int, int]
#: (expansion, ((delta at guard bits, kind bit), ...) for draws that change it, mask memo).
Record = tuple[int, tuple[tuple[int, int], ...], MaskMemo]


#: Memo tables are emptied when they grow past this many entries (long simulations stay bounded).
MEMO_LIMIT = 100_000
#: Draw records (see :mod:`.draw_masks`) weigh about 2 KB each with their mask memos: a tighter bound per table.
RECORD_LIMIT = 20_000


class BadCounts(Exception):
    """A group key outside 0–4 copies (the caller re-checks for a precise message)."""


# memo tables, indexed by the number of sets the hand needs (0–4)
FAST: list[list[dict[tuple[int, ...], int]]] = [[{}, {}, {}] for _ in range(5)]
#: draw-mask records (see :mod:`.draw_masks`) by sets and role, keyed by (group counts, group caps)
RECORDS: list[list[dict[tuple[object, ...], Record]]] = [[{}, {}, {}] for _ in range(5)]


# expansions by packed table entry: only ~100 distinct cost vectors occur among thousands of suits
_BY_ENTRY: list[list[dict[int, int]]] = [[{}, {}] for _ in range(5)]


def entry_expansion(entry: int, role: int, sets: int) -> int:
    """Expansion of a packed table entry (a vector, or the 0/1 difference of two vectors)."""
    by_entry = _BY_ENTRY[sets][role]
    packed = by_entry.get(entry)
    if packed is None:
        packed = by_entry[entry] = expand(unpack_entry(entry), role, sets)
    return packed


def suit_expansion(key: tuple[int, ...], role: int, sets: int) -> int:
    cache = FAST[sets][role]
    packed = cache.get(key)
    if packed is None:
        if min(key) < 0 or max(key) > 4:
            raise BadCounts
        if sum(key) > 14:  # only as a draw of a 14-tile suit, never a real hand
            packed = expand(suit_vector(key), role, sets)
        else:
            packed = entry_expansion(suit_entry(key), role, sets)
        if len(cache) > MEMO_LIMIT:
            cache.clear()
        cache[key] = packed
    return packed


def iso_expansion(key: tuple[int, ...], sets: int) -> int:
    cache = FAST[sets][ISO]
    packed = cache.get(key)
    if packed is None:
        if key[0] < 0 or key[-1] > 4:
            raise BadCounts
        packed = cache[key] = expand(isolated_costs(key), ISO, sets)
    return packed


def iso_key(counts: Sequence[int]) -> tuple[int, ...]:
    """The isolated kinds' counts, sorted (only their multiset matters to the costs)."""
    return tuple(sorted(iso_counts(counts)))


_ROLE_KINDS = (tuple(range(9, 18)), tuple(range(18, 27)), ISOLATED)


def role_caps(caps: Sequence[int] | None, role: int) -> tuple[int, ...] | None:
    """The caps of one group, or None when all are 4 (that group takes the fast path)."""
    if caps is None:
        return None
    group_caps = tuple(caps[k] for k in _ROLE_KINDS[role])
    return None if min(group_caps) == 4 else group_caps


def _fast_expansion(counts: Sequence[int], sets: int, role: int) -> int:
    if role == ISO:
        return iso_expansion(iso_key(counts), sets)
    start = 9 + 9 * role
    return suit_expansion(tuple(counts[start : start + 9]), role, sets)


def expansions(counts: Sequence[int], caps: Sequence[int] | None, sets: int) -> tuple[int, int, int]:
    """The three groups expanded for ``sets`` sets; raises HandShapeError for bad counts."""
    try:
        if caps is None:
            return (
                suit_expansion(tuple(counts[9:18]), PIN, sets),
                suit_expansion(tuple(counts[18:27]), SOU, sets),
                iso_expansion(iso_key(counts), sets),
            )
        out = []
        for role in ROLES:
            group_caps = role_caps(caps, role)
            if group_caps is None:
                out.append(_fast_expansion(counts, sets, role))
            else:
                out.append(_capped_expansion(counts, group_caps, sets, role))
        return out[0], out[1], out[2]
    except (BadCounts, IndexError):
        full_check(counts, caps)
        raise


_CAPPED: dict[tuple[object, ...], int] = {}


def capped_suit_expansion(held: tuple[int, ...], group_caps: tuple[int, ...], role: int, sets: int) -> int:
    """Expansion of a suit (``role`` PIN or SOU) whose ranks hold ``held`` under ``group_caps``."""
    key = (sets, role, held, group_caps)
    packed = _CAPPED.get(key)
    if packed is None:
        if len(_CAPPED) > MEMO_LIMIT:
            _CAPPED.clear()
        packed = _CAPPED[key] = expand(capped_suit_costs(held, group_caps, sets), role, sets)
    return packed


def _capped_expansion(counts: Sequence[int], group_caps: tuple[int, ...], sets: int, role: int) -> int:
    held = [counts[k] for k in _ROLE_KINDS[role]]
    if role != ISO:
        return capped_suit_expansion(tuple(held), group_caps, role, sets)
    key = (sets, role, tuple(sorted(zip(held, group_caps, strict=True))))
    packed = _CAPPED.get(key)
    if packed is None:
        if len(_CAPPED) > MEMO_LIMIT:
            _CAPPED.clear()
        packed = _CAPPED[key] = expand(capped_isolated_costs(key[2]), ISO, sets)  # type: ignore[arg-type]
    return packed


#: Other memo tables built on these groups register their clear function here.
CLEAR_HOOKS: list[Callable[[], None]] = []


def clear_caches() -> None:
    """Forget every memoised group (for cold-start timing; the suit table stays loaded)."""
    for hook in CLEAR_HOOKS:
        hook()
    for per_sets in FAST:
        for cache in per_sets:
            cache.clear()
    for per_sets in RECORDS:
        for cache in per_sets:
            cache.clear()
    for per_sets in _BY_ENTRY:
        for cache in per_sets:
            cache.clear()
    _CAPPED.clear()
    _CAPPED_ISO_DRAWS.clear()
    clear_table_caches()


_CAPPED_ISO_DRAWS: dict[tuple[object, ...], dict[tuple[int, int], int]] = {}


def capped_iso_group(counts: Sequence[int], group_caps: tuple[int, ...], sets: int) -> Group:
    """Isolated kinds with caps: a draw's effect depends only on the (count, cap) of the drawn kind."""
    pairs = [(counts[k], cap) for k, cap in zip(ISOLATED, group_caps, strict=True)]
    key = tuple(sorted(pairs))
    base = _capped_expansion(counts, group_caps, sets, ISO)
    by_class = _CAPPED_ISO_DRAWS.get((sets, key))
    if by_class is None:
        by_class = {}
        for c, cap in set(key):
            if c < cap:
                plus = list(key)
                plus[plus.index((c, cap))] = (c + 1, cap)
                plus.sort()
                by_class[(c, cap)] = expand(capped_isolated_costs(tuple(plus)), ISO, sets)
        if len(_CAPPED_ISO_DRAWS) > MEMO_LIMIT:
            _CAPPED_ISO_DRAWS.clear()
        _CAPPED_ISO_DRAWS[(sets, key)] = by_class
    return base, tuple((k, by_class[pair]) for k, pair in zip(ISOLATED, pairs, strict=True) if pair[0] < pair[1])
