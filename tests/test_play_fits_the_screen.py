"""Play fits the first screen: at every decision of whole hands, on a laptop (1280×800) and a phone (390×844),
the whole own hand and every action button lie inside the viewport with the page not scrolled, call offers
included. Headless Debian Chromium against ``streamlit run app.py``; every wait is bounded.

The player here pons and sets Norths aside whenever offered (so late hands have melds and kita), wins when it
can, and otherwise throws the drawn tile.
"""

from __future__ import annotations

import os
import time

import pytest
from browser_support import served_app
from play_driver import TABLE

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEED = 1  # the first hand runs to 52 discards with three pon offers and two kita (the player pons each)
HANDS = 1  # then the next hand is dealt, and must bring the page back to the table's top
SHOTS = os.environ.get("SANMA_SCREENSHOTS")  # a folder: save a late-hand screenshot of each size there

# read inside the frame: the state id, and the boxes (frame coordinates) of every hand tile and action button
_BOXES_JS = """root => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  return {id: root.getAttribute('data-state') || null, waiting: root.classList.contains('waiting'),
          hand: [...root.querySelectorAll('[data-role=hand] .tile')].map(box),
          discards_allowed: [...root.querySelectorAll('[data-role=hand] [data-action^="discard:"]')]
            .map(e => e.getAttribute('data-action')),
          buttons: [...root.querySelectorAll('[data-role=actions] button')].map(e => [e.getAttribute('data-action'), box(e)]),
          offer: !!root.querySelector('[data-role=offer]'),
          melds: root.querySelectorAll('.meld').length,
          discards: root.querySelectorAll('[data-role=pond] .tile').length};
}"""

_SCROLLED_JS = """() => Math.max(window.scrollY,
  ...[...document.querySelectorAll('[data-testid="stMain"], [data-testid="stAppViewContainer"]')].map(e => e.scrollTop))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "play-fit") as url:
        yield url


def _settled(pg, frame_el, table) -> dict:
    """The frame's place on the page and the boxes inside it, once two readings 150 ms apart agree."""
    last = None
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        frame_box = frame_el.bounding_box()
        inner = table.locator("#root").evaluate(_BOXES_JS)
        now = {"frame": frame_box, **inner, "scrolled": pg.evaluate(_SCROLLED_JS)}
        if now == last and not now["waiting"] and frame_box:
            return now
        last = now
        pg.wait_for_timeout(150)
    raise AssertionError(f"the table kept moving: {last}")


def _choice(buttons: list[str], discards: list[str]) -> str | None:
    """Win, pon, kita or pass when offered; else the drawn tile, or after a call the last tile of the hand."""
    for kind in ("tsumo", "ron", "pon", "kita", "pass"):
        found = next((b for b in buttons if b and b.split(":")[0] == kind), None)
        if found:
            return found
    if "tsumogiri" in buttons:
        return "tsumogiri"
    return discards[-1] if discards else None


def _off_screen(now: dict, viewport: dict) -> list[str]:
    """What of the own hand and the action bar is outside the first screen (page coordinates)."""
    fx, fy = now["frame"]["x"], now["frame"]["y"]
    bottom_limit = min(viewport["height"], fy + now["frame"]["height"])  # inside the frame, too (not cut off)
    out = []
    for what, b in [("hand tile", b) for b in now["hand"]] + [(f"button {a}", b) for a, b in now["buttons"]]:
        if fx + b["x"] < 0 or fx + b["x"] + b["w"] > viewport["width"] + 0.5 or fy + b["y"] < 0 \
                or fy + b["y"] + b["h"] > bottom_limit + 0.5:
            out.append(f"{what} at y {fy + b['y']:.0f}–{fy + b['y'] + b['h']:.0f} (screen {viewport['height']})")
    return out


def _play(pg, viewport: dict, hands: int, deadline: float, shot: str | None) -> dict:
    """Play ``hands`` hands by clicks; check the first screen at every decision. Returns counts of what was seen."""
    frame_el = pg.locator(TABLE).first
    table = pg.frame_locator(TABLE).first
    seen = {"decisions": 0, "offers": 0, "max_melds": 0, "max_discards": 0, "hands": 0}
    late = None
    while time.monotonic() < deadline:
        if pg.locator(".st-key-play_next button").count():
            seen["hands"] += 1
            if late is not None and shot:
                pg.screenshot(path=shot)
                shot = None
            before = table.locator("#root").get_attribute("data-state")
            pg.locator(".st-key-play_next button").click()  # below the result: the click scrolls down to it
            while time.monotonic() < deadline and table.locator("#root").get_attribute("data-state") == before:
                pg.wait_for_timeout(50)
            # the new hand brings the table back to the top of the screen by itself
            back = time.monotonic() + 5
            while pg.evaluate(_SCROLLED_JS) != 0:
                assert time.monotonic() < back, "the next hand did not scroll the page back to the table"
                pg.wait_for_timeout(50)
            if seen["hands"] >= hands:
                return seen
            continue
        now = _settled(pg, frame_el, table)
        choice = _choice([a for a, _ in now["buttons"]], now["discards_allowed"])
        if choice is None:  # the bots are still moving
            pg.wait_for_timeout(50)
            continue
        if now["scrolled"]:  # a rerun may still be bringing the table back: wait (bounded) for the page at the top
            back = time.monotonic() + 5
            while now["scrolled"] and time.monotonic() < back:
                pg.wait_for_timeout(100)
                now = _settled(pg, frame_el, table)
            assert now["scrolled"] == 0, f"the page scrolled by {now['scrolled']} px"
            choice = _choice([a for a, _ in now["buttons"]], now["discards_allowed"])
            if choice is None:
                continue
        problems = _off_screen(now, viewport)
        if problems and SHOTS:
            pg.screenshot(path=os.path.join(SHOTS, f"off-{viewport['width']}x{viewport['height']}.png"), full_page=True)
        assert not problems, (viewport, seen, problems)
        seen["decisions"] += 1
        seen["offers"] += now["offer"]
        seen["max_melds"] = max(seen["max_melds"], now["melds"])
        seen["max_discards"] = max(seen["max_discards"], now["discards"])
        if now["discards"] >= 24:
            late = now
            if shot and now["offer"]:
                pg.screenshot(path=shot.replace(".png", "-offer.png"))
        # a click where the element is on screen, as a player's: a locator click would scroll it into view first
        target = table.locator(f'[data-action="{choice}"]').last.bounding_box()
        if target is None:
            continue
        pg.mouse.click(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
        end = time.monotonic() + 15
        while time.monotonic() < end and not pg.locator(".st-key-play_next button").count():
            if table.locator("#root").get_attribute("data-state") != now["id"]:
                break
            pg.wait_for_timeout(30)
    raise AssertionError(f"{hands} hands did not end in time: {seen}")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_every_decision_of_whole_hands_is_on_the_first_screen(server, browser, viewport):
    pg = browser.new_page(viewport=viewport)
    pg.set_default_timeout(30_000)
    try:
        pg.goto(f"{server}/play", wait_until="domcontentloaded")
        box = pg.locator(".st-key-play_seed input")
        box.fill(str(SEED))
        box.press("Tab")
        pg.locator(".st-key-play_start button").click()
        pg.frame_locator(TABLE).first.locator("[data-role=hand] .tile").first.wait_for(timeout=60_000)
        shot = os.path.join(SHOTS, f"play-{viewport['width']}x{viewport['height']}.png") if SHOTS else None
        seen = _play(pg, viewport, HANDS, time.monotonic() + 240, shot)
        # whole hands were played, with call offers and full ponds among the decisions checked
        assert seen["hands"] == HANDS and seen["decisions"] >= 10, seen
        assert seen["offers"] >= 1 and seen["max_discards"] >= 24, seen
    finally:
        pg.close()
