"""Tile faces drawn as SVG, and HTML strips of hands, melds, kita and dora indicators.

No fonts are needed for the faces: pips, bamboo and the characters are drawn as
shapes and strokes, so a tile looks the same on every phone and projector.
Nothing here imports Streamlit.

>>> svg = tile_svg(parse_tile("0p"))
>>> svg.startswith("<svg") and "#d0312d" in svg
True
>>> 'alt="1z"' in tiles_html([27])
True
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from sanma_core.i18n import gettext
from sanma_core.melds import Meld
from sanma_core.tiles import NORTH, RED_5P, RED_5S, SANMA_KINDS, is_red, kind, parse_tile, tile_name
from sanma_core.words.tiles import face_down_title, tile_title

W, H = 60, 80  # face size in SVG units (a real tile is about 3:4)
RED = "#d0312d"
GREEN = "#1b7a3a"
BLUE = "#1f4e9c"
INK = "#1d1d1f"
IVORY = "#fbf8ef"
BACK = "#e0a030"

# Where the pips and sticks go, in a 60×80 box (centre points).
_PIN_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(30, 40)],
    2: [(30, 22), (30, 58)],
    3: [(15, 17), (30, 40), (45, 63)],
    4: [(17, 22), (43, 22), (17, 58), (43, 58)],
    5: [(16, 17), (44, 17), (30, 40), (16, 63), (44, 63)],
    6: [(19, 15), (41, 15), (19, 43), (41, 43), (19, 65), (41, 65)],
    7: [(13, 12), (30, 19), (47, 26), (19, 45), (41, 45), (19, 66), (41, 66)],
    8: [(19, 11), (41, 11), (19, 30), (41, 30), (19, 50), (41, 50), (19, 69), (41, 69)],
    9: [(13, 15), (30, 15), (47, 15), (13, 40), (30, 40), (47, 40), (13, 65), (30, 65), (47, 65)],
}
_PIN_RADIUS = {1: 20, 2: 13, 3: 10, 4: 11, 5: 10, 6: 9, 7: 8, 8: 8, 9: 8}
_SOU_LAYOUT: dict[int, list[tuple[float, float]]] = {
    2: [(30, 22), (30, 58)],
    3: [(30, 22), (18, 58), (42, 58)],
    4: [(19, 22), (41, 22), (19, 58), (41, 58)],
    5: [(15, 22), (45, 22), (30, 40), (15, 58), (45, 58)],
    6: [(14, 22), (30, 22), (46, 22), (14, 58), (30, 58), (46, 58)],
    7: [(30, 13), (14, 40), (30, 40), (46, 40), (14, 66), (30, 66), (46, 66)],
    8: [(10, 22), (23, 22), (37, 22), (50, 22), (10, 58), (23, 58), (37, 58), (50, 58)],
    9: [(14, 13), (30, 13), (46, 13), (14, 40), (30, 40), (46, 40), (14, 67), (30, 67), (46, 67)],
}

# Characters as strokes on a 60×80 grid: (path, colour).
_HONOUR_STROKES: dict[int, list[tuple[str, str]]] = {
    # 東 East
    27: [("M12 16 H48 M30 8 V72 M16 28 H44 V50 H16 Z M16 39 H44 M30 52 L12 70 M30 52 L48 70", INK)],
    # 南 South
    28: [("M14 14 H46 M30 6 V22 M12 28 V72 M12 28 H48 V68 Q48 72 42 71 M23 33 L26 40 M37 33 L34 40"
          " M18 44 H42 M20 56 H40 M30 44 V68", INK)],
    # 西 West
    29: [("M10 14 H50 M14 28 V70 M14 28 H46 V70 M14 62 H46 M25 16 V38 Q25 46 17 50 M35 16 V46 Q35 50 43 50", INK)],
    # 北 North
    30: [("M24 10 V70 M10 30 H24 M8 62 L24 52 M36 10 V62 Q36 70 46 70 H52 V62 M36 36 L52 26", INK)],
    # 白 haku: the blue frame of a Japanese set
    31: [("M14 14 H46 V66 H14 Z M19 19 H41 V61 H19 Z", BLUE)],
    # 發 hatsu
    32: [("M12 12 L20 18 M18 8 L26 14 M10 28 H28 L22 18 M48 10 L40 18 M34 12 L44 24 L52 28"
          " M10 40 H24 V50 H12 V62 H26 V72 H18 M36 36 V46 H48 V36 M32 56 H52 M36 56 L50 72 M50 56 L34 72", GREEN)],
    # 中 chun
    33: [("M12 26 H48 V52 H12 Z M30 8 V74", RED)],
}
_MAN_NUMERAL = {
    0: "M14 22 H46",  # 一
    8: "M26 6 Q26 24 12 36 M16 16 H40 V34 Q40 38 46 38 L48 32",  # 九
}
# 萬, drawn in red below the numeral
_MAN_GLYPH = "M12 44 H48 M22 40 V48 M38 40 V48 M16 52 H44 V62 H16 Z M30 52 V62 M14 66 V76 M14 66 H46 V76 M30 62 V74 M24 70 H36"


def _pip(cx: float, cy: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{colour}" stroke-width="{r * 0.28:.1f}"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{r * 0.42:.1f}" fill="{colour}"/>'
    )


def _pin_colours(n: int, red: bool) -> list[str]:
    if red:
        return [RED] * n
    return {
        1: [RED],
        2: [GREEN, BLUE],
        3: [BLUE, RED, GREEN],
        4: [BLUE, GREEN, GREEN, BLUE],
        5: [BLUE, GREEN, RED, GREEN, BLUE],
        6: [GREEN, GREEN, RED, RED, RED, RED],
        7: [GREEN, GREEN, GREEN, RED, RED, RED, RED],
        8: [BLUE] * 8,
        9: [BLUE, BLUE, BLUE, RED, RED, RED, GREEN, GREEN, GREEN],
    }[n]


def _stick(cx: float, cy: float, colour: str, tall: float = 22) -> str:
    top = cy - tall / 2
    return (
        f'<rect x="{cx - 4}" y="{top}" width="8" height="{tall}" rx="3.5" fill="{colour}"/>'
        f'<line x1="{cx - 4}" y1="{cy}" x2="{cx + 4}" y2="{cy}" stroke="{IVORY}" stroke-width="1.6"/>'
    )


def _sou_colours(n: int, red: bool) -> list[str]:
    if red:
        return [RED] * n
    colours = [GREEN] * n
    if n == 5:
        colours[2] = RED
    elif n == 7:
        colours[0] = RED
    elif n == 9:
        colours[1] = colours[4] = colours[7] = RED
    return colours


def _face(tile: int) -> str:
    k = kind(tile)
    red = is_red(tile)
    if k >= 27:
        return "".join(
            f'<path d="{d}" fill="none" stroke="{c}" stroke-width="4.2" stroke-linecap="round" stroke-linejoin="round"/>'
            for d, c in _HONOUR_STROKES[k]
        )
    n = k % 9 + 1
    suit = k // 9
    if suit == 0:
        return (
            f'<path d="{_MAN_NUMERAL[k]}" fill="none" stroke="{INK}" stroke-width="4.5" stroke-linecap="round"/>'
            f'<path d="{_MAN_GLYPH}" fill="none" stroke="{RED}" stroke-width="3.2" stroke-linecap="round"'
            ' stroke-linejoin="round"/>'
        )
    if suit == 1:
        return "".join(
            _pip(x, y, _PIN_RADIUS[n], c) for (x, y), c in zip(_PIN_LAYOUT[n], _pin_colours(n, red), strict=True)
        )
    if n == 1:  # one bamboo: a single tall stalk with a red knot
        return (
            f'<rect x="24" y="8" width="12" height="64" rx="5" fill="{GREEN}"/>'
            f'<circle cx="30" cy="40" r="8" fill="{RED}"/>'
            f'<line x1="24" y1="24" x2="36" y2="24" stroke="{IVORY}" stroke-width="2"/>'
            f'<line x1="24" y1="56" x2="36" y2="56" stroke="{IVORY}" stroke-width="2"/>'
        )
    tall = 20 if n in (7, 9) else 26
    return "".join(
        _stick(x, y, c, tall) for (x, y), c in zip(_SOU_LAYOUT[n], _sou_colours(n, red), strict=True)
    )


@functools.cache
def tile_svg(tile: int, sideways: bool = False, face_down: bool = False, label: bool = True) -> str:
    """One tile as a standalone SVG document (60×80 units, or 80×60 turned sideways).

    ``label`` adds the MPSZ name in a corner (``5p``, ``0s`` for a red five), which
    helps learners read notation; the face itself never depends on a font.
    """
    tw, th = W + 4, H + 6
    if face_down:
        body = (
            f'<rect x="1" y="1" width="{W + 2}" height="{H + 4}" rx="7" fill="{BACK}" stroke="#8a5a10" stroke-width="1.5"/>'
            f'<rect x="7" y="7" width="{W - 10}" height="{H - 8}" rx="5" fill="none" stroke="#f6d38a" stroke-width="2"/>'
        )
    else:
        body = (
            f'<rect x="1" y="4" width="{W + 2}" height="{H + 1}" rx="7" fill="{BACK}"/>'
            f'<rect x="1" y="1" width="{W + 2}" height="{H + 1}" rx="7" fill="{IVORY}" stroke="#b9b2a0" stroke-width="1.5"/>'
        )
        if label:
            # the face shrinks a little to leave a strip for the name under it
            body += (
                f'<g transform="translate(6.5 2) scale(0.85)">{_face(tile)}</g>'
                f'<text x="{W / 2 + 2}" y="{H - 1}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"'
                f' font-size="10.5" font-weight="bold" fill="#6b665a">{tile_name(tile)}</text>'
            )
        else:
            body += f'<g transform="translate(2 2)">{_face(tile)}</g>'
    if sideways:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {th} {tw}" width="{th}" height="{tw}">'
            f'<g transform="translate({th} 0) rotate(90)">{body}</g></svg>'
        )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {tw} {th}" width="{tw}" height="{th}">{body}</svg>'


@functools.cache
def tile_data_uri(tile: int, sideways: bool = False, face_down: bool = False, label: bool = True) -> str:
    """``data:image/svg+xml;base64,...`` for ``<img src>`` or CSS backgrounds."""
    raw = tile_svg(tile, sideways, face_down, label).encode()
    return "data:image/svg+xml;base64," + base64.b64encode(raw).decode()


def _img(tile: int, *, sideways: bool = False, face_down: bool = False, css_class: str = "sm-tile") -> str:
    name = "back" if face_down else tile_name(tile)
    cls = css_class + (" sm-side" if sideways else "")
    return (
        f'<img class="{cls}" src="{tile_data_uri(tile, sideways, face_down)}" alt="{name}"'
        f' title="{face_down_title() if face_down else tile_title(tile)}"/>'
    )


#: CSS for the strips: a tile is 1/14 of the strip's width (within bounds), so a 14-tile hand stays on one row
#: on a laptop with the sidebar open; never narrower than an answer tile button (34 px), so on a phone a
#: question's hand wraps rather than shrinking below the tiles it is answered with.
STRIP_CSS = """
.sm-strip{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.6rem 1.1rem;margin:.3rem 0 .6rem 0;container-type:inline-size}
.sm-group{display:flex;flex-direction:column;align-items:flex-start}
.sm-row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:2px}
.sm-melds{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}
.sm-cap{font-size:.78rem;color:#6b665a;margin-bottom:2px;font-family:sans-serif}
.sm-tile{width:clamp(34px,calc((100cqw - 28px) / 14),60px);height:auto}
.sm-tile.sm-side{width:clamp(46px,calc((100cqw - 28px) / 14 * 1.34),80px)}
.sm-win{outline:3px solid #d0312d;outline-offset:1px;border-radius:6px}
.sm-dim{opacity:.35}
.sm-empty{font-size:.85rem;color:#8a8577;font-style:italic}
.sm-ponds{display:flex;flex-direction:column;gap:.35rem;margin:.3rem 0 .5rem 0}
.sm-ponds .sm-tile{width:clamp(26px,calc((100cqw - 28px) / 18),44px)}
.sm-ponds .sm-tile.sm-side{width:clamp(35px,calc((100cqw - 28px) / 18 * 1.34),59px)}
.sm-passed{box-shadow:0 4px 0 -1px #2f7d4a;border-radius:3px}
"""


@dataclass(frozen=True)
class TableView:
    """Everything a diagram can show about one player's tiles."""

    hand: tuple[int, ...] = ()
    melds: tuple[Meld, ...] = ()
    kita: int = 0
    indicators: tuple[int, ...] = ()
    win_tile: int | None = None
    caption: str = ""
    ura: tuple[int, ...] = ()
    discards: tuple[int, ...] = ()


def _meld_html(meld: Meld) -> str:
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        parts = [_img(tiles[0], face_down=True), _img(tiles[1]), _img(tiles[2]), _img(tiles[3], face_down=True)]
    else:
        # the called tile is turned sideways (drawn here as taken from the player on the left)
        parts = [_img(tiles[0], sideways=True)] + [_img(t) for t in tiles[1:]]
    return f'<div class="sm-row">{"".join(parts)}</div>'


def _group(caption: str, inner: str) -> str:
    return f'<div class="sm-group"><div class="sm-cap">{caption}</div>{inner}</div>'


def tiles_html(tiles: Iterable[int], highlight: int | None = None, chosen: Collection[int] | None = None,
               css_class: str = "sm-tile") -> str:
    """One row of upright tiles (``highlight`` marks the last copy of a tile, e.g. the winning tile).

    With ``chosen`` (places in the row) those tiles are marked and the others dimmed: an answered tile question.
    """
    tiles = list(tiles)
    mark = max((i for i, t in enumerate(tiles) if t == highlight), default=-1)
    parts = []
    for i, t in enumerate(tiles):
        if i == mark or (chosen is not None and i in chosen):
            cls = f"{css_class} sm-win"
        else:
            cls = css_class if chosen is None else f"{css_class} sm-dim"
        parts.append(_img(t, css_class=cls))
    return f'<div class="sm-row">{"".join(parts)}</div>'


@dataclass(frozen=True)
class Pond:
    """One player's discards in order: ``riichi_at`` the riichi tile (drawn sideways), ``passed_from`` the first
    tile that passed the riichi player without a ron (those are underlined)."""

    caption: str
    tiles: tuple[int, ...]
    riichi_at: int | None = None
    passed_from: int | None = None


def ponds_html(ponds: Iterable[Pond]) -> str:
    """Each player's pond as a row of tiles under its caption (the caption is escaped)."""
    rows = []
    for pond in ponds:
        parts = []
        for i, t in enumerate(pond.tiles):
            passed = pond.passed_from is not None and i >= pond.passed_from
            parts.append(_img(t, sideways=i == pond.riichi_at, css_class="sm-tile sm-passed" if passed else "sm-tile"))
        inner = "".join(parts) or '<span class="sm-empty">' + _escape(gettext("no discards")) + "</span>"
        rows.append(_group(_escape(pond.caption), f'<div class="sm-row">{inner}</div>'))
    return f'<div class="sm-strip"><div class="sm-ponds">{"".join(rows)}</div></div>'


def table_html(view: TableView, with_css: bool = True) -> str:
    """A full diagram: concealed hand, melds, the kita area and the dora indicators."""
    groups: list[str] = []
    if view.hand:
        groups.append(_group(_escape(gettext("hand")), tiles_html(view.hand, view.win_tile)))
    if view.melds:
        groups.append(_group(_escape(gettext("melds")), f'<div class="sm-melds">{"".join(_meld_html(m) for m in view.melds)}</div>'))
    if view.kita:
        groups.append(_group(_escape(gettext("kita × {n}").format(n=view.kita)), tiles_html([NORTH] * view.kita)))
    if view.indicators:
        groups.append(_group(_escape(gettext("dora indicators")), tiles_html(view.indicators)))
    if view.ura:
        groups.append(_group(_escape(gettext("ura indicators")), tiles_html(view.ura)))
    if view.discards:
        groups.append(_group(_escape(gettext("discards")), tiles_html(view.discards)))
    body = "".join(groups) or '<span class="sm-empty">' + _escape(gettext("no tiles")) + "</span>"
    html = f'<div class="sm-strip">{body}</div>'
    if view.caption:
        html += f'<div class="sm-cap">{_escape(view.caption)}</div>'
    return (f"<style>{STRIP_CSS}</style>" if with_css else "") + html


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def all_faces() -> Sequence[int]:
    """The 27 sanma kinds plus the two red fives, in MPSZ order."""
    faces = list(SANMA_KINDS)
    faces.insert(faces.index(13), RED_5P)
    faces.insert(faces.index(22), RED_5S)
    return faces


__all__ = ["STRIP_CSS", "Pond", "TableView", "all_faces", "parse_tile", "ponds_html", "table_html", "tile_data_uri", "tile_svg", "tiles_html"]
