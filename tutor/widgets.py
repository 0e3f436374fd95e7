"""Drawing helpers and input widgets shared by the pages: tile strips, clickable tile pickers, explanations.

Tile buttons are ordinary ``st.button`` widgets (so AppTest can click them)
dressed as tiles with CSS: a button with key ``tb_<tile>_<context>_<i>`` shows
the SVG face of ``<tile>`` (``tb_0p_...`` is the red 5p).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

import streamlit as st

from sanma_core.errors import InputError, SanmaError
from sanma_core.explain_text import explanation_text
from sanma_core.i18n import N_, gettext
from sanma_core.melds import Meld, parse_meld
from sanma_core.tiles import kind, parse_tile, parse_tiles, tile_name
from sanma_core.words import letter_name, wind_name

from .blocks import BLOCKS_CSS
from .score_chart import CHART_CSS
from .tiles_svg import STRIP_CSS, Pond, TableView, all_faces, ponds_html, table_html, tile_data_uri, tiles_html


@functools.cache
def _tile_button_css() -> str:
    rules = [
        'div[class*="st-key-tb_"] button{background-color:transparent;background-repeat:no-repeat;'
        "background-position:center;background-size:contain;border:none;box-shadow:none;"
        "width:clamp(34px,4.3vw,60px);min-width:0;aspect-ratio:64/86;height:auto;min-height:0;padding:0;"
        "color:transparent;border-radius:7px;transition:transform .08s}",
        'div[class*="st-key-tb_"] button p{color:transparent;font-size:1px}',
        'div[class*="st-key-tb_"] button:hover{transform:translateY(-3px);background-color:transparent}',
        'div[class*="st-key-tb_"] button[data-testid="stBaseButton-primary"]{transform:translateY(-7px);'
        "outline:3px solid #d0312d;outline-offset:1px;background-color:transparent}",
        'div[class*="st-key-tb_"] button:disabled{opacity:.35}',
        ".sm-tile.sm-pick{width:clamp(34px,4.3vw,60px)}",
    ]
    for t in all_faces():
        rules.append(f'div[class*="st-key-tb_{tile_name(t)}_"] button{{background-image:url("{tile_data_uri(t)}")}}')
    return "\n".join(rules)


BIG_TILES_CSS = """
.sm-tile{width:clamp(34px,8vw,96px)} .sm-tile.sm-side{width:clamp(46px,10.7vw,128px)}
div[class*="st-key-tb_"] button{width:clamp(40px,7.5vw,92px)} .sm-tile.sm-pick{width:clamp(40px,7.5vw,92px)}
.sm-cap{font-size:1rem}
"""


#: Streamlit leaves 6rem above a page's first line; the header it clears is 3.75rem, so the rest was a blank band
FRAME_CSS = """
[data-testid="stMainBlockContainer"]{padding-top:3.6rem}
"""


def inject_css(big: bool = False) -> None:
    """Page-wide styles for tile strips and tile buttons (call once per run); ``big`` for a projector."""
    st.html(f"<style>{FRAME_CSS}{STRIP_CSS}\n{BLOCKS_CSS}{CHART_CSS}\n{_tile_button_css()}"
            f"{BIG_TILES_CSS if big else ''}</style>")


def show_table(
    hand: Sequence[int] = (),
    melds: Sequence[Meld] = (),
    kita: int = 0,
    indicators: Sequence[int] = (),
    win_tile: int | None = None,
    caption: str = "",
) -> None:
    """Draw a hand diagram (hand, melds, kita area, dora indicators)."""
    view = TableView(tuple(hand), tuple(melds), kita, tuple(indicators), win_tile, caption)
    st.html(table_html(view, with_css=False))


def _tiles_of(value: object) -> list[int]:
    if value in (None, "", []):
        return []
    if isinstance(value, str):
        return parse_tiles(value)
    if not isinstance(value, list | tuple):
        raise InputError(gettext("tiles must be written as text or a list, got {value}").format(value=f"{value!r:.60}"))
    out: list[int] = []
    for item in value:
        if isinstance(item, str):
            out.extend(parse_tiles(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            out.append(item)
        else:
            raise InputError(gettext("a tile must be written as text (5p) or a number, got {value}").format(
                value=f"{item!r:.60}"))
    return out


def view_from_data(data: dict) -> TableView:
    """A diagram from question or lesson data (``hand``, ``melds``, ``kita``, ``indicators``/``dora``, ``ura``,
    ``win``, ``discards``); raises :class:`~sanma_core.tiles.NotationError` on bad notation and
    :class:`~sanma_core.errors.InputError` on data of the wrong kind."""
    melds = []
    for m in data.get("melds") or []:
        melds.append(m if isinstance(m, Meld) else parse_meld(str(m)))
    win = data.get("win") or data.get("win_tile")
    win_tiles = _tiles_of(win) if win else []
    kita = data.get("kita") or 0
    return TableView(
        hand=tuple(_tiles_of(data.get("hand"))),
        melds=tuple(melds),
        kita=int(kita) if isinstance(kita, int | float | str) and str(kita).isdigit() else 0,
        indicators=tuple(_tiles_of(data.get("indicators") or data.get("dora"))),
        win_tile=win_tiles[0] if win_tiles else None,
        ura=tuple(_tiles_of(data.get("ura"))),
        discards=tuple(_tiles_of(data.get("discards"))),
    )


def show_data_diagram(data: dict, caption: str = "") -> bool:
    """Draw the tiles found in ``data``; returns False (drawing nothing) when there are none."""
    try:
        view = view_from_data(data)
    except SanmaError as exc:
        st.warning(gettext("This diagram cannot be drawn: {error}").format(error=exc))
        return False
    if not (view.hand or view.melds or view.kita or view.indicators or view.ura or view.discards):
        return False
    if caption:
        view = TableView(view.hand, view.melds, view.kita, view.indicators, view.win_tile, caption, view.ura,
                         view.discards)
    st.html(table_html(view, with_css=False))
    return True


def ponds_from_data(data: dict) -> list[Pond]:
    """A riichi position's ponds (``riichi_seat``, ``riichi_pond``, ``other_pond``, ``own_pond``, ``passed_from``,
    optionally ``seat``, yours, East when absent, and ``riichi_at``, the riichi tile's index, the last when absent):
    the riichi player's first, then the other player's and yours; empty when ``data`` holds no such position.
    Raises :class:`~sanma_core.tiles.NotationError` on bad notation."""
    seat = data.get("riichi_seat")
    you = data.get("seat") if data.get("seat") in ("E", "S", "W") else "E"
    if seat not in ("E", "S", "W") or seat == you or not isinstance(data.get("riichi_pond"), list):
        return []
    other = next(x for x in ("E", "S", "W") if x not in (seat, you))
    if not all(isinstance(data.get(k) or [], list) for k in ("other_pond", "own_pond")):
        raise InputError(gettext("the ponds must be lists of tiles"))
    riichi = [parse_tile(str(t)) for t in data["riichi_pond"]]
    other_pond = [parse_tile(str(t)) for t in data.get("other_pond") or []]
    own_pond = [parse_tile(str(t)) for t in data.get("own_pond") or []]
    passed = data.get("passed_from")
    ok = isinstance(passed, list) and len(passed) == 2 and all(isinstance(n, int) for n in passed)
    other_from, own_from = (passed[0], passed[1]) if ok else (None, None)
    at = data.get("riichi_at")
    riichi_at = at if isinstance(at, int) and 0 <= at < len(riichi) else (len(riichi) - 1 if riichi else None)
    return [Pond(gettext("{seat}, in riichi (the sideways tile declared it)").format(seat=letter_name(seat)),
                 tuple(riichi), riichi_at),
            Pond(letter_name(other), tuple(other_pond), passed_from=other_from),
            Pond(gettext("You ({wind})").format(wind=wind_name("ESW".index(you))), tuple(own_pond), passed_from=own_from)]


def show_ponds(data: dict) -> bool:
    """Draw a riichi position's ponds as rows of tiles; returns False (drawing nothing) when there are none."""
    try:
        ponds = ponds_from_data(data)
    except SanmaError as exc:
        st.warning(gettext("The ponds cannot be drawn: {error}").format(error=exc))
        return False
    if not ponds:
        return False
    st.html(ponds_html(ponds))
    if any(p.passed_from is not None for p in ponds):
        st.caption(gettext("Underlined: passed after the riichi without a ron, so safe against it."))
    return True


def show_tiles(tiles: Iterable[int]) -> None:
    st.html(tiles_html(list(tiles)))


def tile_key(tile: int, context: str, index: int = 0) -> str:
    """The widget key of a tile button (also its CSS hook)."""
    return f"tb_{tile_name(tile)}_{context}_{index}"


def tile_buttons(
    tiles: Sequence[int],
    context: str,
    on_click: Callable[..., None],
    selected: Iterable[int] = (),
    disabled: bool = False,
    pass_index: bool = False,
) -> None:
    """A wrapping row of clickable tiles. ``on_click(tile)`` (or ``on_click(index)``) runs in a callback.

    ``selected`` holds tiles (or indexes with ``pass_index``) drawn raised with a red outline. ``disabled``
    (an answered question) draws the row as pictures, the selected tiles outlined and the others dimmed.
    """
    chosen = set(selected)
    if disabled:  # an answered question: one row of pictures (the choice marked), not a button per tile
        st.html(tiles_html(tiles, chosen={i for i, t in enumerate(tiles) if (i if pass_index else t) in chosen},
                           css_class="sm-tile sm-pick"))
        return
    with st.container(horizontal=True, gap="xxsmall", key=f"row_{context}"):
        for i, t in enumerate(tiles):
            mark = i if pass_index else t
            st.button(
                tile_name(t),
                key=tile_key(t, context, i),
                on_click=on_click,
                args=(i if pass_index else t,),
                type="primary" if mark in chosen else "secondary",
                disabled=disabled,
                help=tile_name(t),
            )


def metric_row(items: Sequence[tuple[str, object]], key: str) -> None:
    """Metrics side by side in a row that wraps, so a phone shows two or three to a line instead of a tall stack."""
    with st.container(horizontal=True, gap="large", key=key):
        for label, value in items:
            st.metric(label, value, width="content")


def palette(rules_red_fives: dict[int, int] | None = None) -> list[int]:
    """Every tile a picker offers: the 27 kinds plus the red fives the ruleset has."""
    faces = list(all_faces())
    if rules_red_fives is None:
        return faces
    return [t for t in faces if t < 34 or rules_red_fives.get(kind(t), 0) > 0]


def explanation(data: object, title: str = N_("Explanation"), expanded: bool = True) -> None:
    """Render explanation data (dicts, lists, strings) as nested Markdown, never a raw traceback (``title`` is
    read in the language spoken now)."""
    with st.expander(gettext(title), expanded=expanded):
        st.markdown(explanation_markdown(data) or gettext("_(no further detail)_"))


def explanation_markdown(data: object, depth: int = 0) -> str:
    """Explanation data as Markdown bullet lists.

    >>> explanation_markdown({"steps": ["30 fu", "3 han"], "total": 3900})
    '- **steps**:\\n  - 30 fu\\n  - 3 han\\n- **total**: 3900'
    """
    return explanation_text(data, depth)


def parse_tile_safe(text: str) -> int | None:
    try:
        return parse_tile(text)
    except SanmaError:
        return None
