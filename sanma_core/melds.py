"""Melds (pon, open kan, closed kan) and their ``KIND:TILES`` notation.

>>> m = parse_meld("pon:550p")
>>> m.kind, m.tile_kind, format_meld(m)
('pon', 13, 'pon:055p')
"""

from __future__ import annotations

from dataclasses import dataclass

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
        raise NotationError("chi does not exist in sanma: sequences cannot be called")
    if meld_kind not in _SIZES:
        raise NotationError(f"unknown meld kind {meld_kind!r}: use pon, minkan or ankan")
    size = _SIZES[meld_kind]
    if len(tiles) != size:
        raise NotationError(f"{meld_kind} needs {size} tiles, got {len(tiles)}")
    kinds = {kind(t) for t in tiles}
    if len(kinds) != 1:
        raise NotationError(f"{meld_kind} needs {size} identical tiles, got {format_tiles(tiles)}")
    return Meld(meld_kind, tuple(sorted(tiles, key=lambda t: (kind(t), t < 34))))


def parse_meld(text: str) -> Meld:
    """Parse ``pon:555p``, ``minkan:5555p`` or ``ankan:1111z``."""
    if not isinstance(text, str) or ":" not in text:
        raise NotationError(f"meld {text!r} must be written KIND:TILES, e.g. pon:555p")
    meld_kind, _, body = text.partition(":")
    meld_kind = meld_kind.strip().lower()
    if meld_kind == "chi":
        raise NotationError(f"{text!r}: chi does not exist in sanma: sequences cannot be called")
    try:
        tiles = parse_tiles(body)
        return make_meld(meld_kind, tiles)
    except NotationError as exc:
        raise NotationError(f"meld {text!r}: {exc}") from None


def format_meld(meld: Meld) -> str:
    return f"{meld.kind}:{format_tiles(meld.tiles)}"


def describe_meld(meld: Meld) -> str:
    names = {"pon": "pon", "minkan": "open kan", "ankan": "closed kan"}
    return f"{names[meld.kind]} of {kind_name(meld.tile_kind)}"
