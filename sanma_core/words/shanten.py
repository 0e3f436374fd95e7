"""Shanten in words.

>>> [shanten_text(n) for n in (-1, 0, 2)], shape_text(1, 12)
(['complete', 'tenpai', '2-shanten'], '1-shanten, 12 useful')
"""

from __future__ import annotations

from collections.abc import Sequence


def shanten_text(n: int) -> str:
    """``complete`` (−1), ``tenpai`` (0) or ``2-shanten``."""
    if n < 0:
        return "complete"
    return "tenpai" if n == 0 else f"{n}-shanten"


def shanten_count(n: int) -> str:
    """The number form for every distance, tenpai included: ``0-shanten``, ``2-shanten``."""
    return f"{n}-shanten"


def leaves_text(what: str, shanten: int, useful: Sequence[str], count: int) -> str:
    """What a choice leaves: ``Discard 5p leaves tenpai, waiting on 3p 6p (5 left)``,
    ``Kita leaves 1-shanten: 12 useful tiles (3p 6p 9s)``.

    >>> leaves_text("Discard 5p", 1, ["3p", "6p"], 1)
    'Discard 5p leaves 1-shanten: 1 useful tile (3p 6p)'
    """
    text = f"{what} leaves {shanten_text(shanten)}"
    if shanten == 0:
        text += f", waiting on {' '.join(useful) or 'nothing'} ({count} left)"
    elif shanten > 0:
        text += f": {count} useful tile{'s' if count != 1 else ''} ({' '.join(useful) or 'none'})"
    return text


def shape_text(shanten: int | None, useful: int | None) -> str:
    """The shape a choice leaves: ``tenpai, 5 useful``; empty without a shanten."""
    if shanten is None:
        return ""
    return f"{shanten_text(shanten)}, {useful} useful"


__all__ = ["leaves_text", "shanten_count", "shanten_text", "shape_text"]
