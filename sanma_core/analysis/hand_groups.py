"""A hand's three groups as lane-packed expansions, and the same after each possible draw.

Roles: ``PIN`` (dots, kinds 9–17), ``SOU`` (bamboo, 18–26) and ``ISO`` (1m, 9m
and the honours; only the sorted multiset of their counts matters). Without
caps everything is memoised by group key; with caps (own tiles outside the
hand) the exact vectors come from :mod:`.tables`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .lanes import ISO, PIN, SOU, expand
from .tables import capped_isolated_costs, capped_suit_costs, isolated_costs, suit_costs
from .validation import full_check

ISOLATED = (0, 8, 27, 28, 29, 30, 31, 32, 33)
ROLES = (PIN, SOU, ISO)

#: A group's expansion and ((kind, expansion after drawing it), ...) for its drawable kinds.
Group = tuple[int, tuple[tuple[int, int], ...]]


class BadCounts(Exception):
    """A group key outside 0–4 copies (the caller re-checks for a precise message)."""


# memo tables, indexed by the number of sets the hand needs (0–4)
FAST: list[list[dict[tuple[int, ...], int]]] = [[{}, {}, {}] for _ in range(5)]
_SUIT_DRAWS: list[list[dict[tuple[int, ...], tuple[tuple[int, int], ...]]]] = [[{}, {}] for _ in range(5)]
_ISO_DRAWS: list[dict[tuple[int, ...], tuple[int, ...]]] = [{} for _ in range(5)]


def suit_expansion(key: tuple[int, ...], role: int, sets: int) -> int:
    cache = FAST[sets][role]
    packed = cache.get(key)
    if packed is None:
        if min(key) < 0 or max(key) > 4:
            raise BadCounts
        packed = cache[key] = expand(suit_costs(key), role, sets)
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
    iso = [counts[0], counts[8], *counts[27:34]]
    iso.sort()
    return tuple(iso)


def expansions(counts: Sequence[int], caps: Sequence[int] | None, sets: int) -> tuple[int, int, int]:
    """The three groups expanded for ``sets`` sets; raises HandShapeError for bad counts."""
    try:
        if caps is None:
            return (
                suit_expansion(tuple(counts[9:18]), PIN, sets),
                suit_expansion(tuple(counts[18:27]), SOU, sets),
                iso_expansion(iso_key(counts), sets),
            )
        return tuple(_capped_expansion(counts, caps, sets, role) for role in ROLES)  # type: ignore[return-value]
    except (BadCounts, IndexError):
        full_check(counts, caps)
        raise


def _capped_expansion(counts: Sequence[int], caps: Sequence[int], sets: int, role: int, extra: int = -1) -> int:
    if role == ISO:
        pairs = sorted((counts[k] + (k == extra), caps[k]) for k in ISOLATED)
        return expand(capped_isolated_costs(tuple(pairs)), ISO, sets)
    start = 9 + 9 * role
    key = list(counts[start : start + 9])
    if extra >= 0:
        key[extra - start] += 1
    return expand(capped_suit_costs(tuple(key), tuple(caps[start : start + 9])), role, sets)


def _suit_draws(key: tuple[int, ...], role: int, sets: int) -> tuple[tuple[int, int], ...]:
    cache = _SUIT_DRAWS[sets][role]
    draws = cache.get(key)
    if draws is None:
        start = 9 + 9 * role
        built = []
        for r in range(9):
            if key[r] < 4:
                plus = list(key)
                plus[r] += 1
                built.append((start + r, suit_expansion(tuple(plus), role, sets)))
        draws = cache[key] = tuple(built)
    return draws


def _iso_draws(key: tuple[int, ...], sets: int) -> tuple[int, ...]:
    """Expansion after drawing an isolated kind held c times, for c = 0…3 (0 where no kind is)."""
    draws = _ISO_DRAWS[sets].get(key)
    if draws is None:
        built = []
        for c in range(4):
            if c in key:
                plus = list(key)
                plus[plus.index(c)] += 1
                plus.sort()
                built.append(iso_expansion(tuple(plus), sets))
            else:
                built.append(0)
        draws = _ISO_DRAWS[sets][key] = tuple(built)
    return draws


def group(counts: Sequence[int], caps: Sequence[int] | None, sets: int, role: int) -> Group:
    """One group of a hand whose counts were already checked."""
    if caps is None:
        if role == ISO:
            key = iso_key(counts)
            by_count = _iso_draws(key, sets)
            return iso_expansion(key, sets), tuple((k, by_count[counts[k]]) for k in ISOLATED if counts[k] < 4)
        start = 9 + 9 * role
        key = tuple(counts[start : start + 9])
        return suit_expansion(key, role, sets), _suit_draws(key, role, sets)
    kinds = ISOLATED if role == ISO else range(9 + 9 * role, 18 + 9 * role)
    draws = tuple((k, _capped_expansion(counts, caps, sets, role, k)) for k in kinds if counts[k] < caps[k])
    return _capped_expansion(counts, caps, sets, role), draws
