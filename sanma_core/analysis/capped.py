"""Exact cost vectors of suits where some ranks have at most one usable copy.

A pon leaves one copy of its kind (cap 1), a kan none (cap 0). Such a rank
cuts the suit: either no set uses it (the ranks left and right of it are two
independent shorter suits), or (cap 1) exactly one sequence runs through it,
which takes one tile from each of its other two ranks. Each shorter suit is
solved the same way, and a run without such ranks by the exact dynamic
programme; runs are short and repeat a lot, so everything is memoised.

>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 1, 4, 4, 4, 4), 1)[1]  # 4p6p, pon of 5p
1
>>> capped_suit_vector((0, 0, 0, 1, 0, 1, 0, 0, 0), (4, 4, 4, 4, 0, 4, 4, 4, 4), 1)[1]  # after a kan of 5p
2
"""

from __future__ import annotations

from .groups import INF, short_suit_vector

_memo: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]] = {}
_MEMO_LIMIT = 500_000


def _min_plus(x: tuple[int, ...], y: tuple[int, ...], max_sets: int) -> list[int]:
    out = [INF] * 10
    for m in range(max_sets + 1):
        best0 = best1 = INF
        for a in range(m + 1):
            b = m - a
            v = x[a] + y[b]
            if v < best0:
                best0 = v
            v = x[a] + y[5 + b]
            if v < best1:
                best1 = v
            v = x[5 + a] + y[b]
            if v < best1:
                best1 = v
        out[m] = best0 if best0 < INF else INF
        out[5 + m] = best1 if best1 < INF else INF
    return out


def capped_suit_vector(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int) -> tuple[int, ...]:
    """Cost vector of a run of ranks with caps (entries above ``max_sets`` sets are ``INF``)."""
    key = (h, caps, max_sets)
    vec = _memo.get(key)
    if vec is not None:
        return vec
    cut = next((j for j, c in enumerate(caps) if c <= 1), -1)
    if cut < 0:
        vec = short_suit_vector(h, caps, max_sets)
    else:
        vec = _split(h, caps, max_sets, cut)
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    _memo[key] = vec
    return vec


def _split(h: tuple[int, ...], caps: tuple[int, ...], max_sets: int, j: int) -> tuple[int, ...]:
    n = len(h)
    # no set uses rank j
    best = _min_plus(
        capped_suit_vector(h[:j], caps[:j], max_sets), capped_suit_vector(h[j + 1 :], caps[j + 1 :], max_sets), max_sets
    )
    if caps[j] == 1 and max_sets >= 1:
        # one sequence through rank j, starting at j-2, j-1 or j
        for start in range(max(0, j - 2), min(j, n - 3) + 1):
            held = list(h)
            left = list(caps)
            cost = 0
            for r in range(start, start + 3):
                if held[r]:
                    held[r] -= 1
                else:
                    cost += 1
                left[r] -= 1
            if min(left) < 0:
                continue
            rest = _min_plus(
                capped_suit_vector(tuple(held[:j]), tuple(left[:j]), max_sets),
                capped_suit_vector(tuple(held[j + 1 :]), tuple(left[j + 1 :]), max_sets),
                max_sets,
            )
            for p in (0, 1):
                for m in range(max_sets):
                    v = rest[5 * p + m] + cost
                    if v < best[5 * p + m + 1]:
                        best[5 * p + m + 1] = v
    return tuple(v if v < INF else INF for v in best)


def clear_memo() -> None:
    _memo.clear()
