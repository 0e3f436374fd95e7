"""The table's layout in a real browser (headless Debian Chromium against ``tests/table_demo_app.py``): a late
point of a hand (``pos=late``: full ponds, pons by every seat, Norths set aside) drawn like a real table.

- laptop (1280×800): the seat before you sits left of the centre, the seat after you right of it, each pond
  between its seat's edge and the centre; your pond under the centre, above your hand;
- phone (390×844): both opponents across the top (left and right), pond tiles at least 26 px wide;
- melds and kita are boxes of their own at the seat's edge, never inside or over a pond;
- confirm taps: the first tap raises the tile, only the second discards; the table's undo is sent as ``undo``.
"""

from __future__ import annotations

import time

import pytest
from browser_support import require_chromium, streamlit_server
from table_demo_app import NAMES, position

from tutor.table.state import table_state

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# boxes (frame coordinates) of the parts of the table, read in one go
_LAYOUT_JS = """root => {
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
                     return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const seat = p => root.querySelector(`[data-seat=${p}]`);
  const out = {layout: root.getAttribute('data-layout'), centre: box(root.querySelector('[data-role=centre]')),
               hand: box(root.querySelector('[data-role=hand]')), seats: {}};
  for (const p of ['left', 'right', 'bottom']) {
    const s = seat(p);
    const calls = p === 'bottom' ? root.querySelector('[data-edge=bottom]') : s;
    out.seats[p] = {pond: box(s.querySelector('[data-role=pond]')),
                    pond_tiles: [...s.querySelectorAll('[data-role=pond] .tile')].map(box),
                    melds: [...calls.querySelectorAll('[data-role=melds]')].map(box),
                    kita: [...calls.querySelectorAll('[data-role=kita]')].map(box),
                    kita_count: [...calls.querySelectorAll('[data-role=kita]')].map(k => Number(k.getAttribute('data-count'))),
                    meld_in_pond: s.querySelectorAll('[data-role=pond] .meld, [data-role=pond] [data-role=kita]').length};
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_chromium()
    with streamlit_server(tmp_path_factory.mktemp("table-layout"), script="tests/table_demo_app.py") as url:
        yield url


@pytest.fixture(scope="module")
def late():
    return table_state(position("late").view(0), names=NAMES)


def _open(browser, url: str, viewport: dict, touch: bool = False):
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.goto(url, wait_until="domcontentloaded")
    frame = pg.frame_locator("iframe").first
    frame.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    return context, pg, frame


def _settled(pg, frame, timeout_s: float = 15) -> dict:
    """The layout once two reads 0.25 s apart agree (the frame has taken its height)."""
    last = None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        now = frame.locator("#root").evaluate(_LAYOUT_JS) | {"frame": pg.locator("iframe").first.bounding_box()}
        if now == last:
            return now
        last = now
        pg.wait_for_timeout(250)
    raise AssertionError(f"the table kept moving for {timeout_s:.0f} s")


def _overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def _right(b: dict) -> float:
    return b["x"] + b["w"]


def _assert_calls_apart_from_ponds(now: dict, late: dict) -> None:
    """Every seat with melds or kita in the state has those boxes drawn, and none lies over any pond."""
    ponds = [s["pond"] for s in now["seats"].values()]
    for seat in late["seats"]:
        drawn = now["seats"][seat["position"]]
        assert len(drawn["melds"]) == (1 if seat["melds"] else 0), (seat["position"], drawn)
        assert drawn["kita_count"] == ([seat["kita"]] if seat["kita"] else []), (seat["position"], drawn)
        assert drawn["meld_in_pond"] == 0
        for b in drawn["melds"] + drawn["kita"]:
            assert not any(_overlap(b, p) for p in ponds), (seat["position"], b, ponds)


def test_the_late_position_has_full_ponds_pons_and_kita(late):
    """The demo's late position is what the layout tests need (so they cannot pass on an empty table)."""
    seats = {s["position"]: s for s in late["seats"]}
    assert all(sum(len(r) for r in s["pond"]) >= 16 for s in seats.values())
    assert seats["left"]["melds"] and seats["right"]["melds"] and seats["bottom"]["melds"]
    assert sum(s["kita"] for s in seats.values()) >= 2 and max(s["kita"] for s in seats.values()) >= 2


def test_on_a_laptop_each_opponents_pond_lies_in_front_of_its_seat(browser, server, late):
    context, pg, frame = _open(browser, f"{server}/?pos=late", LAPTOP)
    try:
        now = _settled(pg, frame)
        assert now["layout"] == "wide"
        centre, left, right, own = now["centre"], now["seats"]["left"], now["seats"]["right"], now["seats"]["bottom"]
        # the seat before you: its pond left of the centre, its melds further out (its edge)
        assert _right(left["pond"]) <= centre["x"], (left["pond"], centre)
        assert all(_right(m) <= left["pond"]["x"] for m in left["melds"] + left["kita"]), left
        # the seat after you: mirrored on the right
        assert right["pond"]["x"] >= _right(centre), (right["pond"], centre)
        assert all(m["x"] >= _right(right["pond"]) for m in right["melds"] + right["kita"]), right
        # the side ponds face each other across the centre, at its height
        for pond in (left["pond"], right["pond"]):
            assert pond["y"] < centre["y"] + centre["h"] and centre["y"] < pond["y"] + pond["h"]
        # your pond under the centre, in line with it, above your hand; your melds between it and the hand
        assert own["pond"]["y"] >= centre["y"] + centre["h"] - 1
        assert abs((own["pond"]["x"] + own["pond"]["w"] / 2) - (centre["x"] + centre["w"] / 2)) < 2
        assert _right(left["pond"]) <= own["pond"]["x"] and _right(own["pond"]) <= right["pond"]["x"]
        assert own["pond"]["y"] + own["pond"]["h"] <= now["hand"]["y"]
        assert all(own["pond"]["y"] + own["pond"]["h"] <= m["y"] and m["y"] + m["h"] <= now["hand"]["y"] + 1
                   for m in own["melds"] + own["kita"]), own
        _assert_calls_apart_from_ponds(now, late)
        # the whole table on the first screen
        assert now["frame"]["y"] + now["frame"]["height"] <= LAPTOP["height"]
    finally:
        context.close()


@pytest.mark.parametrize("touch", [False, True], ids=["narrow-window", "touch-phone"])
def test_on_a_phone_the_opponents_sit_across_with_readable_ponds(browser, server, late, touch):
    context, pg, frame = _open(browser, f"{server}/?pos=late", PHONE, touch)
    try:
        now = _settled(pg, frame)
        assert now["layout"] == "narrow"
        left, right, own, centre = now["seats"]["left"], now["seats"]["right"], now["seats"]["bottom"], now["centre"]
        # across the top: the seat before you on the left, the one after you on the right, both above the centre
        assert _right(left["pond"]) <= right["pond"]["x"], (left["pond"], right["pond"])
        assert abs(left["pond"]["y"] - right["pond"]["y"]) < 2
        for pond in (left["pond"], right["pond"]):
            assert pond["y"] + pond["h"] <= centre["y"] + 1 and pond["y"] + pond["h"] <= own["pond"]["y"] + 1
        # each opponent's melds at its edge: above its pond, on its side
        for side in (left, right):
            assert all(m["y"] + m["h"] <= side["pond"]["y"] + 1 for m in side["melds"] + side["kita"]), side
        assert all(_right(m) <= right["pond"]["x"] for m in left["melds"] + left["kita"])
        # readable pond tiles, every one inside the screen
        tiles = [t for s in now["seats"].values() for t in s["pond_tiles"]]
        assert len(tiles) == sum(len(r) for s in late["seats"] for r in s["pond"])
        assert min(t["w"] for t in tiles) >= 26, min(t["w"] for t in tiles)
        x0 = now["frame"]["x"]
        assert all(x0 + t["x"] >= 0 and x0 + t["x"] + t["w"] <= PHONE["width"] for t in tiles)
        _assert_calls_apart_from_ponds(now, late)
        assert own["pond"]["y"] + own["pond"]["h"] <= now["hand"]["y"]
        assert now["frame"]["y"] + now["frame"]["height"] <= PHONE["height"]
    finally:
        context.close()


def _chosen(pg, n: int) -> str:
    line = pg.get_by_text(f"chosen {n}:")
    line.wait_for(state="visible", timeout=15_000)
    return line.inner_text().split(":", 1)[1].strip()


@pytest.mark.parametrize("query,touch", [("confirm=on", False), ("confirm=auto", True)], ids=["on", "auto-touch"])
def test_confirm_taps_need_two_taps_on_the_same_tile(browser, server, late, query, touch):
    context, pg, frame = _open(browser, f"{server}/?pos=late&{query}", PHONE, touch)
    try:
        root = frame.locator("#root")
        assert root.get_attribute("data-confirm") == "1"
        tiles = frame.locator("[data-role=hand] .tile")
        tap = (lambda t: t.tap()) if touch else (lambda t: t.click())
        tap(tiles.nth(1))  # the first tap raises the tile and shows what its discard leaves
        frame.locator('[data-role=hand] .tile.selected[data-slot="1"]').wait_for()
        frame.locator('[data-role=info][data-facts="1"]').wait_for()
        assert late["facts"][late["hand"]["tiles"][1]["id"]]["text"] in frame.locator("[data-role=info]").inner_text()
        tap(tiles.nth(4))  # another tile: it is raised instead, still nothing sent
        frame.locator('[data-role=hand] .tile.selected[data-slot="4"]').wait_for()
        assert frame.locator("[data-role=hand] .tile.selected").count() == 1
        assert root.get_attribute("data-sent") is None and pg.get_by_text("chosen 0: nothing").is_visible()
        tap(tiles.nth(4))  # the second tap on it discards it
        assert _chosen(pg, 1) == late["hand"]["tiles"][4]["id"]
    finally:
        context.close()


def test_without_confirm_taps_one_tap_discards_on_a_touch_phone(browser, server, late):
    context, pg, frame = _open(browser, f"{server}/?pos=late&confirm=off", PHONE, touch=True)
    try:
        assert frame.locator("#root").get_attribute("data-confirm") == ""
        frame.locator("[data-role=hand] .tile").nth(2).tap()
        assert _chosen(pg, 1) == late["hand"]["tiles"][2]["id"]
    finally:
        context.close()


def test_the_undo_button_sits_with_the_actions_and_sends_undo(browser, server):
    context, pg, frame = _open(browser, f"{server}/?undo=1", PHONE)
    try:
        undo = frame.locator("[data-role=actions] button[data-action=undo]")
        undo.wait_for(state="visible")
        _settled(pg, frame)
        box = undo.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"]  # on the first screen, beside the other actions
        undo.click()
        assert _chosen(pg, 1) == "undo"
    finally:
        context.close()
    context, pg, frame = _open(browser, server, PHONE)
    try:  # not offered: no button, and the key sends nothing
        assert frame.locator("[data-action=undo]").count() == 0
        frame.locator("[data-role=centre]").click()
        pg.keyboard.press("u")
        assert frame.locator("#root").get_attribute("data-sent") is None
    finally:
        context.close()
