"""Shanten in words.

>>> [shanten_text(n) for n in (-1, 0, 2)], shape_text(1, 12)
(['complete', 'tenpai', '2-shanten'], '1-shanten, 12 useful')
"""

from __future__ import annotations


def shanten_text(n: int) -> str:
    """``complete`` (−1), ``tenpai`` (0) or ``2-shanten``."""
    if n < 0:
        return "complete"
    return "tenpai" if n == 0 else f"{n}-shanten"


def shanten_count(n: int) -> str:
    """The number form for every distance, tenpai included: ``0-shanten``, ``2-shanten``."""
    return f"{n}-shanten"


def shape_text(shanten: int | None, useful: int | None) -> str:
    """The shape a choice leaves: ``tenpai, 5 useful``; empty without a shanten."""
    if shanten is None:
        return ""
    return f"{shanten_text(shanten)}, {useful} useful"


__all__ = ["shanten_count", "shanten_text", "shape_text"]
