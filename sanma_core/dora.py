"""Dora indicators: which kind each indicator makes dora.

In sanma the characters wrap 1m → 9m → 1m (2m–8m do not exist), and a West
indicator makes North the dora (so each North set aside as kita counts twice).

>>> from sanma_core.tiles import parse_tile, kind_name
>>> [kind_name(dora_from_indicator(parse_tile(t))) for t in ("1m", "9m", "9p", "3z", "4z", "7z")]
['9m', '1m', '1p', '4z', '1z', '5z']
"""

from __future__ import annotations

from collections.abc import Iterable

from .tiles import SANMA_KIND_SET, NotationError, kind, kind_name


def dora_from_indicator(indicator: int) -> int:
    """The dora kind for an indicator tile (red fives allowed as indicators)."""
    k = kind(indicator)
    if k not in SANMA_KIND_SET:
        raise NotationError(f"{kind_name(k)} cannot be a dora indicator in sanma")
    if k == 0:
        return 8
    if k == 8:
        return 0
    if k < 27:
        suit_start = k - k % 9
        return suit_start + (k - suit_start + 1) % 9
    if k <= 30:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def dora_kinds(indicators: Iterable[int]) -> list[int]:
    """Dora kinds for several indicators, repeats kept (two indicators on 1p make 2p worth 2)."""
    return [dora_from_indicator(t) for t in indicators]
