"""Shanten in words, in the language spoken now.

>>> [shanten_text(n) for n in (-1, 0, 2)], shape_text(1, 12)
(['complete', 'tenpai', '2-shanten'], '1-shanten, 12 useful')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import gettext, ngettext


def shanten_text(n: int) -> str:
    """``complete`` (−1), ``tenpai`` (0) or ``2-shanten``."""
    if n < 0:
        return gettext("complete")
    return gettext("tenpai") if n == 0 else shanten_count(n)


def shanten_count(n: int) -> str:
    """The number form for every distance, tenpai included: ``0-shanten``, ``2-shanten``."""
    return gettext("{n}-shanten").format(n=n)


def leaves_text(what: str, shanten: int, useful: Sequence[str], count: int) -> str:
    """What a choice leaves: ``Discard 5p leaves tenpai, waiting on 3p 6p (5 left)``,
    ``Kita leaves 1-shanten: 12 useful tiles (3p 6p 9s)``.

    >>> leaves_text("Discard 5p", 1, ["3p", "6p"], 1)
    'Discard 5p leaves 1-shanten: 1 useful tile (3p 6p)'
    """
    if shanten == 0:
        return gettext("{what} leaves tenpai, waiting on {tiles} ({count} left)").format(
            what=what, tiles=" ".join(useful) or gettext("nothing"), count=count)
    if shanten > 0:
        return ngettext("{what} leaves {shanten}: {count} useful tile ({tiles})",
                        "{what} leaves {shanten}: {count} useful tiles ({tiles})", count).format(
            what=what, shanten=shanten_text(shanten), count=count, tiles=" ".join(useful) or gettext("none"))
    return gettext("{what} leaves {shanten}").format(what=what, shanten=shanten_text(shanten))


def shape_text(shanten: int | None, useful: int | None) -> str:
    """The shape a choice leaves: ``tenpai, 5 useful``; empty without a shanten."""
    if shanten is None:
        return ""
    return gettext("{shanten}, {useful} useful").format(shanten=shanten_text(shanten), useful=useful)


__all__ = ["leaves_text", "shanten_count", "shanten_text", "shape_text"]
