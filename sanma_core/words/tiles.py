"""Tiles' accessible names (an image's title) in the language spoken: ``5p``, ``red 5p``, ``1z East``.

>>> from ..i18n import speaking
>>> tile_title(33), tile_title(34)
('7z Red dragon', 'red 5p')
>>> with speaking("de"):
...     tile_title(27)
'1z Ost'
"""

from __future__ import annotations

from ..i18n import N_, gettext
from ..tiles import is_red, kind, tile_name

#: Honours' names by kind, as a tile's title says them.
HONOUR_TITLES = {27: N_("East"), 28: N_("South"), 29: N_("West"), 30: N_("North"), 31: N_("White dragon"),
                 32: N_("Green dragon"), 33: N_("Red dragon")}
RED_FIVE_TITLE = N_("red {tile}")
FACE_DOWN = N_("face down")


def tile_title(tile: int) -> str:
    """A tile's accessible name in the language spoken."""
    k = kind(tile)
    if is_red(tile):
        return gettext(RED_FIVE_TITLE).format(tile=f"5{tile_name(tile)[1]}")
    return f"{tile_name(tile)} {gettext(HONOUR_TITLES[k])}" if k >= 27 else tile_name(tile)


def face_down_title() -> str:
    """A face-down tile's accessible name in the language spoken."""
    return gettext(FACE_DOWN)


__all__ = ["HONOUR_TITLES", "face_down_title", "tile_title"]
