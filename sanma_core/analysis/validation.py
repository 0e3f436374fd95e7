"""Checks on count arrays given to the shape functions.

>>> check_counts([0] * 9 + [1] * 9 + [0] * 16, None)
Traceback (most recent call last):
...
sanma_core.analysis.validation.HandShapeError: a concealed hand has 3n+1 or 3n+2 tiles up to 14, got 9
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import SanmaError
from ..tiles import NUM_KINDS, kind_name

_NO_MAN = (1, 2, 3, 4, 5, 6, 7)


class HandShapeError(SanmaError):
    """Counts that no sanma hand can have (wrong size, 2m–8m, a fifth copy)."""


def caps_from_outside(outside: Sequence[int] | None) -> list[int] | None:
    """Per-kind caps ``4 − outside``, or None when nothing is outside (the fast path)."""
    if outside is None or not any(outside):
        return None
    if len(outside) != NUM_KINDS:
        raise HandShapeError(f"outside counts must have {NUM_KINDS} entries, got {len(outside)}")
    return [4 - o for o in outside]


def check_counts(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    """Cheap checks done on every call; returns the number of tiles.

    Without caps, copies per kind are checked where the groups are looked up
    (see :func:`full_check`), so the hot path does not scan the array twice.
    """
    if len(counts) != NUM_KINDS:
        raise HandShapeError(f"counts must have {NUM_KINDS} entries, got {len(counts)}")
    n = sum(counts)
    if n % 3 == 0 or not 0 < n <= 14:
        raise HandShapeError(f"a concealed hand has 3n+1 or 3n+2 tiles up to 14, got {n}")
    if any(counts[1:8]):
        bad = next(k for k in _NO_MAN if counts[k])
        raise HandShapeError(f"{kind_name(bad)} does not exist in sanma")
    if caps is not None:
        full_check(counts, caps)
    return n


def full_check(counts: Sequence[int], caps: Sequence[int] | None) -> None:
    """Every kind holds 0–4 copies, no more than its cap."""
    for k in range(NUM_KINDS):
        cap = 4 if caps is None else caps[k]
        if not 0 <= cap <= 4:
            raise HandShapeError(f"{4 - cap} copies of {kind_name(k)} outside the hand: counts must be 0–4")
        if not 0 <= counts[k] <= cap:
            if cap == 4:
                raise HandShapeError(f"{counts[k]} copies of {kind_name(k)}: counts must be 0–4")
            raise HandShapeError(f"{counts[k]} copies of {kind_name(k)} in hand and {4 - cap} outside it: only 4 exist")
