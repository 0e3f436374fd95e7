"""The table component in a real browser: headless Debian Chromium against ``tests/table_demo_app.py``.

The demo page shows one seeded position and writes every action the table sends back, so clicks and
keys can be checked against the ids of :func:`tutor.table.state.table_state` for the same position.
"""

from __future__ import annotations

import json
import time

import pytest
from browser_support import require_chromium, streamlit_server
from table_demo_app import NAMES, position

from tutor.table.state import table_state

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_chromium()
    with streamlit_server(tmp_path_factory.mktemp("table-browser"), script="tests/table_demo_app.py") as url:
        yield url


@pytest.fixture(scope="module")
def state():
    return table_state(position().view(0), names=NAMES)


def open_table(browser, url, viewport):
    pg = browser.new_page(viewport=viewport)
    pg.set_default_timeout(30_000)
    pg.goto(url, wait_until="domcontentloaded")
    frame = pg.frame_locator("iframe").first
    frame.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    settled_boxes(pg, frame)  # the frame settles its height
    return pg, frame


def settled_boxes(pg, frame, timeout_s: float = 10) -> list[dict]:
    """The hand tiles' boxes once the frame has settled: two reads 0.3 s apart agree."""
    tiles = frame.locator("[data-role=hand] .tile")
    last = None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        boxes = [tiles.nth(i).bounding_box() for i in range(tiles.count())]
        if boxes and boxes == last:
            return boxes
        last = boxes
        pg.wait_for_timeout(300)
    raise AssertionError(f"the hand kept moving for {timeout_s:.0f} s")


def chosen(pg, n: int) -> str:
    """The n-th action the page received (the demo writes ``chosen n: <id>``)."""
    line = pg.get_by_text(f"chosen {n}:")
    line.wait_for(state="visible", timeout=15_000)
    return line.inner_text().split(":", 1)[1].strip()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_own_hand_is_on_the_first_screen(browser, server, state, viewport):
    pg, frame = open_table(browser, server, viewport)
    try:
        boxes = settled_boxes(pg, frame)
        assert len(boxes) == len(state["hand"]["tiles"]) + 1
        for b in boxes:
            assert b["x"] >= 0 and b["x"] + b["width"] <= viewport["width"]
            assert b["y"] >= 0 and b["y"] + b["height"] <= viewport["height"]
        frame_box = pg.locator("iframe").first.bounding_box()
        assert frame_box["y"] + frame_box["height"] <= viewport["height"]  # the whole table, too
        drawn = frame.locator("[data-role=hand] .tile.drawn")
        assert drawn.count() == 1 and drawn.get_attribute("data-action") == "tsumogiri"
        if viewport is PHONE:
            assert min(b["width"] for b in boxes) >= 40
            rows = frame.locator("[data-role=hand] .hand-row")
            assert rows.count() <= 2
        else:
            assert len({round(b["y"]) for b in boxes}) == 1  # one row
            assert drawn.bounding_box()["x"] - (boxes[-2]["x"] + boxes[-2]["width"]) > 10  # the drawn tile apart
    finally:
        pg.close()


def test_clicks_and_keys_send_the_action_ids(browser, server, state):
    pg, frame = open_table(browser, server, LAPTOP)
    try:
        hand = state["hand"]["tiles"]
        frame.locator("[data-role=hand] .tile").nth(2).click()
        assert chosen(pg, 1) == hand[2]["id"]
        frame.locator("[data-role=centre]").click()  # focus the table without choosing anything
        frame.locator(".table:not(.waiting)").wait_for()
        pg.keyboard.press("5")
        assert frame.locator("[data-role=hand] .tile.selected").get_attribute("data-slot") == "4"
        pg.keyboard.press("Enter")
        assert chosen(pg, 2) == hand[4]["id"]
        frame.locator(".table:not(.waiting)").wait_for()
        pg.keyboard.press("t")
        assert chosen(pg, 3) == "tsumogiri"
        frame.locator(".table:not(.waiting)").wait_for()
        pg.keyboard.press("Escape")  # nothing chosen
        assert frame.locator("[data-role=hand] .tile.selected").count() == 0
        pg.keyboard.press("ArrowLeft")  # from nothing chosen: the drawn tile, then one to its left
        pg.keyboard.press("ArrowLeft")
        pg.keyboard.press("Enter")
        assert chosen(pg, 4) == hand[-1]["id"]
        frame.locator(".table:not(.waiting)").wait_for()
        frame.locator("[data-role=actions] button[data-action=tsumogiri]").click()
        assert chosen(pg, 5) == "tsumogiri"
    finally:
        pg.close()


def test_question_mark_opens_the_help(browser, server):
    pg, frame = open_table(browser, server, PHONE)
    try:
        help_box = frame.locator("[data-role=help]")
        assert not help_box.is_visible()
        assert "click the table" in frame.locator("[data-role=kbd-hint]").inner_text()
        frame.locator("[data-role=centre]").click()
        pg.keyboard.press("?")
        help_box.wait_for(state="visible")
        text = help_box.inner_text()
        for words in ("tsumogiri", "riichi", "kita", "pass", "drawn tile", "winning tile", "chosen with the keys"):
            assert words in text
        pg.keyboard.press("Escape")
        help_box.wait_for(state="hidden")
        frame.locator(".help-btn").click()
        help_box.wait_for(state="visible")
    finally:
        pg.close()


def test_hovering_a_tile_shows_what_its_discard_leaves(browser, server, state):
    pg, frame = open_table(browser, server, LAPTOP)
    try:
        info = frame.locator("[data-role=info]")
        for i in (0, 6):
            frame.locator("[data-role=hand] .tile").nth(i).hover()
            fact = state["facts"][state["hand"]["tiles"][i]["id"]]
            assert fact["text"] in info.inner_text()
            assert str(fact["useful_count"]) in info.inner_text()
        frame.locator("[data-role=hand] .tile.drawn").hover()
        assert state["facts"]["tsumogiri"]["text"] in info.inner_text()
    finally:
        pg.close()


def test_names_are_shown_as_text(browser, server):
    pg, frame = open_table(browser, server, PHONE)
    try:
        shown = frame.locator(".seat-head .name").all_inner_texts()
        assert sorted(shown) == sorted(NAMES)
        assert frame.locator(".seat-head b, .seat-head i").count() == 0
    finally:
        pg.close()


def test_big_tiles_fill_a_projector(browser, server):
    projector = {"width": 1920, "height": 1080}
    pg, frame = open_table(browser, server, projector)
    normal = frame.locator("[data-role=hand] .tile").first.bounding_box()["width"]
    pond = frame.locator("[data-role=pond] .tile").first.bounding_box()["width"]
    pg.close()
    pg, frame = open_table(browser, f"{server}/?big=1", projector)
    try:
        assert frame.locator("[data-role=hand] .tile").first.bounding_box()["width"] > normal * 1.3
        assert frame.locator("[data-role=pond] .tile").first.bounding_box()["width"] > pond * 1.3
        boxes = frame.locator("[data-role=hand] .tile").all()
        assert all(b.bounding_box()["y"] + b.bounding_box()["height"] <= projector["height"] for b in boxes)
    finally:
        pg.close()


def test_a_long_press_shows_the_facts_without_discarding(browser, server, state):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    pg = context.new_page()
    try:
        pg.set_default_timeout(30_000)
        pg.goto(server, wait_until="domcontentloaded")
        frame = pg.frame_locator("iframe").first
        tile = frame.locator("[data-role=hand] .tile").nth(3)
        tile.wait_for(state="visible")
        assert frame.locator("#root").get_attribute("data-sent") is None
        tile.dispatch_event("touchstart")
        # held: the facts appear once the press counts as long (the line is marked when it shows facts)
        info = frame.locator('[data-role=info][data-facts="1"]')
        info.wait_for(state="visible", timeout=10_000)
        assert state["facts"][state["hand"]["tiles"][3]["id"]]["text"] in info.inner_text()
        # the table may be drawn again while the finger is held (Streamlit sends the same state again): the press
        # is still long when it is released
        frame.locator("#root").evaluate("(root, state) => window.dispatchEvent(new MessageEvent('message', "
                                        "{data: {type: 'streamlit:render', args: {state: state, confirm: 'auto'}}}))",
                                        json.loads(json.dumps(state)))
        tile = frame.locator("[data-role=hand] .tile").nth(3)
        tile.dispatch_event("touchend")
        tile.dispatch_event("click")  # the click a browser sends after the touch: swallowed
        # a choice is marked on the table the moment it is sent (in the click's own handler): none was
        assert frame.locator("#root").get_attribute("data-sent") is None
        assert "waiting" not in (frame.locator("#root").get_attribute("class") or "")
        assert pg.get_by_text("chosen 0: nothing").is_visible()
        tile.tap()  # on a touch screen a short tap raises the tile (confirm taps are on by default there) ...
        frame.locator('[data-role=hand] .tile.selected[data-slot="3"]').wait_for()
        assert frame.locator("#root").get_attribute("data-sent") is None
        tile.tap()  # ... and a second one discards it
        assert chosen(pg, 1) == state["hand"]["tiles"][3]["id"]
    finally:
        context.close()


def test_riichi_mode_asks_for_the_tile(browser, server):
    pg, frame = open_table(browser, f"{server}/?pos=riichi", LAPTOP)
    try:
        riichi = table_state(position("riichi").view(0), names=NAMES)
        hand = frame.locator("[data-role=hand]")
        frame.locator("[data-role=centre]").click()
        pg.keyboard.press("r")
        frame.locator("[data-role=hand].riichi-mode").wait_for()
        can = frame.locator("[data-role=hand] .tile.can-riichi")
        assert can.count() == sum(1 for t in [*riichi["hand"]["tiles"], riichi["hand"]["drawn"]] if t["riichi_id"])
        assert "Riichi" in frame.locator("[data-role=info]").inner_text()
        pg.keyboard.press("Escape")
        assert "riichi-mode" not in hand.get_attribute("class")
        frame.locator("[data-role=actions] button[data-action=riichi]").click()
        index = next(i for i, t in enumerate(riichi["hand"]["tiles"]) if t["tile"] == "1s")
        frame.locator("[data-role=hand] .tile").nth(index).click()
        assert chosen(pg, 1) == "riichi:1s"
        frame.locator(".table:not(.waiting)").wait_for()
        pg.keyboard.press("r")
        pg.keyboard.press("t")
        assert chosen(pg, 2) == "riichi:tsumogiri"
    finally:
        pg.close()
