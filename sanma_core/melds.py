"""Melds (pon, open kan, closed kan) and their ``KIND:TILES`` notation.

>>> m = parse_meld("pon:550p")
>>> m.kind, m.tile_kind, format_meld(m)
('pon', 13, 'pon:055p')
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import gettext
from .tiles import NotationError, format_tiles, kind, kind_name, parse_tiles

MELD_KINDS = ("pon", "minkan", "ankan")
_SIZES = {"pon": 3, "minkan": 4, "ankan": 4}


@dataclass(frozen=True)
class Meld:
    """A called or closed-kan set. ``tiles`` are physical tiles (red fives kept)."""

    kind: str
    tiles: tuple[int, ...]

    @property
    def tile_kind(self) -> int:
        return kind(self.tiles[0])

    @property
    def is_kan(self) -> bool:
        return self.kind != "pon"

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"


def make_meld(meld_kind: str, tiles: list[int] | tuple[int, ...]) -> Meld:
    """Validate and build a meld."""
    if meld_kind == "chi":
        raise NotationError(gettext("chi does not exist in sanma: sequences cannot be called"))
    if meld_kind not in _SIZES:
        raise NotationError(gettext("unknown meld kind {meld_kind}: use pon, minkan or ankan").format(meld_kind=repr(meld_kind)))
    size = _SIZES[meld_kind]
    if len(tiles) != size:
        raise NotationError(gettext("{meld_kind} needs {size} tiles, got {n}").format(meld_kind=meld_kind, size=size, n=len(tiles)))
    kinds = {kind(t) for t in tiles}
    if len(kinds) != 1:
        raise NotationError(gettext("{meld_kind} needs {size} identical tiles, got {tiles}").format(meld_kind=meld_kind, size=size, tiles=format_tiles(tiles)))
    return Meld(meld_kind, tuple(sorted(tiles, key=lambda t: (kind(t), t < 34))))


def parse_meld(text: str) -> Meld:
    """Parse ``pon:555p``, ``minkan:5555p`` or ``ankan:1111z``."""
    if not isinstance(text, str) or ":" not in text:
        raise NotationError(gettext("meld {text} must be written KIND:TILES, e.g. pon:555p").format(text=repr(text)))
    meld_kind, _, body = text.partition(":")
    meld_kind = meld_kind.strip().lower()
    if meld_kind == "chi":
        raise NotationError(gettext("{text}: chi does not exist in sanma: sequences cannot be called").format(text=repr(text)))
    try:
        tiles = parse_tiles(body)
        return make_meld(meld_kind, tiles)
    except NotationError as exc:
        raise NotationError(gettext("meld {text}: {exc}").format(text=repr(text), exc=exc)) from None


def format_meld(meld: Meld) -> str:
    return f"{meld.kind}:{format_tiles(meld.tiles)}"


def describe_meld(meld: Meld) -> str:
    names = {"pon": "pon", "minkan": "open kan", "ankan": "closed kan"}
    return f"{names[meld.kind]} of {kind_name(meld.tile_kind)}"
