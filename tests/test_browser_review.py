"""The Review page in a real browser: headless Debian Chromium against ``streamlit run app.py``.

Uploads a real Tenhou XML game, steps through its first hand with Next / Previous and checks the table
component (read inside its frame) follows the engine's game at each step, offers nothing to choose and shows
every hand on request. Every wait is bounded.
"""

from __future__ import annotations

import base64
import re
import time

import pytest
from browser_support import ROOT, WAIT_MS, chromium, served_app
from play_driver import TABLE

from sanma_core.review.record import replay_to
from sanma_core.tiles import tile_name

pytestmark = pytest.mark.browser

RECORD = ROOT.parent / "shared" / "data" / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml"

_STEP_JS = """() => {
  const live = e => !e.closest('[data-stale="true"]');
  return [...document.querySelectorAll('[data-testid="stMarkdownContainer"] p')]
    .filter(live).map(p => p.innerText).find(t => /^Step \\d+ of \\d+/.test(t)) || null;
}"""

# read inside the component's frame: the state id, each seat's pond and shown hand, the own hand, the controls
_TABLE_JS = """root => {
  const tiles = (el, sel) => [...el.querySelectorAll(sel)].map(t => t.getAttribute('data-tile'));
  const seats = {};
  for (const s of root.querySelectorAll('[data-seat]')) {
    seats[s.getAttribute('data-seat')] = {pond: tiles(s, '[data-role=pond] .tile'),
                                          shown: tiles(s, '.strip.revealed .tile')};
  }
  return {id: root.getAttribute('data-state') || null, seats, hand: tiles(root, '[data-role=hand] .tile'),
          controls: root.querySelectorAll('[data-action], [data-role=actions], [role=button]').length,
          sent: root.getAttribute('data-sent')};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "review-browser") as url:
        yield url


def _state(pg) -> dict:
    """The step line and the table as drawn; ``discards`` counts every pond's tiles, ``hidden`` the other
    seats whose hands are not shown."""
    table = pg.frame_locator(TABLE).first.locator("#root")
    drawn = table.evaluate(_TABLE_JS) if table.count() else {"id": None, "seats": {}}
    seats = drawn["seats"]
    return drawn | {"step": pg.evaluate(_STEP_JS), "discards": sum(len(s["pond"]) for s in seats.values()),
                    "hidden": sum(1 for p, s in seats.items() if p != "bottom" and not s["shown"])}


def _wait_for_step(pg, n: int, not_id: str | None = None, timeout_s: float = 30) -> dict:
    """The page once it shows step ``n`` and the table has drawn a state other than ``not_id`` (the step
    before), two reads 0.2 s apart agreeing."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        now = _state(pg)
        if (now["step"] and now["step"].startswith(f"Step {n} of ") and now["id"] and now["id"] != not_id
                and len(now["seats"]) == 3 and now == last):
            return now
        last = now
        pg.wait_for_timeout(200)
    raise AssertionError(f"the page did not reach step {n} within {timeout_s:.0f} s: {last}")


def _uploaded(browser, server: str) -> tuple:
    """A new page on Review with the record uploaded; (the page, its state at step 0)."""
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    pg.set_default_timeout(WAIT_MS)
    pg.goto(f"{server}/review", wait_until="domcontentloaded")
    pg.get_by_role("heading", name="Review").first.wait_for()
    pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
    return pg, _wait_for_step(pg, 0, timeout_s=60)


def _names(tiles) -> list[str]:
    return sorted(tile_name(t) for t in tiles)


def test_upload_a_record_and_step_through_a_hand(server):
    text = RECORD.read_text(encoding="utf-8")
    with chromium() as browser:
        pg, start = _uploaded(browser, server)
        assert re.match(r"Step 0 of \d+ · the deal", start["step"]), start
        assert start["discards"] == 0 and start["hidden"] == 2  # nothing discarded; two hands not shown
        assert sorted(start["hand"]) == _names(replay_to(text, "tenhou", 0).hands[0])  # the reviewed seat's
        assert start["controls"] == 0  # read-only: no action button, no hand tile to choose
        seen = [start]
        for n in (1, 2, 3):
            pg.locator('.st-key-review_next button').click()
            seen.append(_wait_for_step(pg, n, not_id=seen[-1]["id"]))
        # the ponds follow the engine's game at each step, and the table changes
        for n, state in enumerate(seen):
            game = replay_to(text, "tenhou", n)
            assert state["discards"] == sum(len(d) for d in game.discards), (n, state)
            assert sorted(state["hand"]) == _names(game.hands[0]) and state["hidden"] == 2, (n, state)
        assert seen[-1]["discards"] > 0 and seen[-1]["seats"] != start["seats"]
        pg.locator('.st-key-review_prev button').click()
        back = _wait_for_step(pg, 2, not_id=seen[3]["id"])
        assert back["id"] == seen[2]["id"] and back["seats"] == seen[2]["seats"] and back["hand"] == seen[2]["hand"]
        # the help lists the markers only (no keys to learn), and opens on the first click into the frame
        frame = pg.frame_locator(TABLE).first
        frame.locator(".help-btn").click()
        help_ = frame.locator("[data-role=help]")
        help_.wait_for(state="visible", timeout=5_000)
        assert help_.locator("h2").inner_text() == "Markers" and help_.locator("table").count() == 1
        pg.keyboard.press("Escape")
        help_.wait_for(state="hidden", timeout=5_000)
        # clicks and keys on a read-only table choose nothing: the same position stays on screen
        frame.locator("[data-role=hand] .tile").last.click()
        for key in ("t", "1", "Enter", "p"):
            pg.keyboard.press(key)
        assert _state(pg)["sent"] is None  # the table's key and click handlers ran at the presses: nothing sent
        # every hand open: the page answers that click after anything the keys might have sent, so the step the
        # page then shows is the step the keys left
        pg.locator('.st-key-review_show_all label').click()
        deadline = time.monotonic() + 30
        while _state(pg)["hidden"] != 0 and time.monotonic() < deadline:
            pg.wait_for_timeout(200)
        shown = _state(pg)
        game = replay_to(text, "tenhou", 2)
        others = {"right": 1, "left": 2}  # seat 0 reviewed: the next seat on the right, the previous on the left
        assert shown["hidden"] == 0 and shown["step"] == back["step"], shown
        assert {p: sorted(shown["seats"][p]["shown"]) for p in others} == {
            p: _names(game.hands[s]) for p, s in others.items()}
        chart = pg.locator("figure.sm-chart")
        picture = chart.locator("img")
        assert chart.count() == 1 and picture.evaluate("i => i.complete && i.naturalWidth") > 0  # the SVG decodes
        assert picture.bounding_box()["width"] > 300
        assert not pg.locator('[data-testid="stException"]').count()


#: what a selectbox shows: its text and its input's value
_SHOWN_JS = "e => e.innerText + ' ' + [...e.querySelectorAll('input')].map(i => i.value).join(' ')"


def test_previous_from_a_hands_deal_moves_the_hand_selector_and_the_chart(server):
    """Steps redraw only the table's part of the page; a step into another hand redraws the whole page."""
    from sanma_core.rules import load_preset
    from tutor.review_data import load_review

    text = RECORD.read_text(encoding="utf-8")
    loaded = load_review(text, load_preset("tenhou"), 0)
    first, second = loaded.review.hands[0].label, loaded.review.hands[1].label
    with chromium() as browser:
        pg, start = _uploaded(browser, server)
        hand = pg.locator(".st-key-review_hand")
        hand.locator("button, [role=combobox]").first.click()
        pg.get_by_role("option").filter(has_text=second).first.click()
        dealt = _wait_for_step(pg, 0, not_id=start["id"])  # the second hand's deal
        assert second in hand.evaluate(_SHOWN_JS)
        pg.locator('.st-key-review_prev button').click()  # back past the deal: the first hand's end
        _wait_for_step(pg, loaded.spans[0][1], not_id=dealt["id"])
        pg.wait_for_function(f"label => ({_SHOWN_JS})(document.querySelector('.st-key-review_hand')).includes(label)",
                             arg=first, timeout=30_000)
        src = pg.locator("figure.sm-chart img").get_attribute("src")
        assert 'data-mark="1"' in base64.b64decode(src.split(",", 1)[1]).decode()  # the chart marks that hand
        assert not pg.locator('[data-testid="stException"]').count()
        pg.close()


_BOX_JS = """sel => { const e = [...document.querySelectorAll(sel)].filter(e => !e.closest('[data-stale="true"]'))[0];
  if (!e) return null; const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"""


def test_on_a_phone_the_table_and_its_step_controls_share_the_screen(server):
    """390×844: once a record is open the table is on the screen with Previous / Next just under it, and
    stepping never needs a scroll."""
    phone = {"width": 390, "height": 844}
    with chromium() as browser:
        pg = browser.new_page(viewport=phone)
        pg.set_default_timeout(WAIT_MS)
        pg.goto(f"{server}/review", wait_until="domcontentloaded")
        pg.get_by_role("heading", name="Review").first.wait_for()
        pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
        state = _wait_for_step(pg, 0, timeout_s=60)
        header = pg.evaluate("() => document.querySelector('[data-testid=stHeader]').getBoundingClientRect().bottom")

        def check(where):
            last, now = None, None
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:  # the frame and the buttons, once they stop moving
                now = [pg.evaluate(_BOX_JS, sel) for sel in (TABLE, ".st-key-review_prev button",
                                                               ".st-key-review_next button", ".st-key-review_at")]
                if now == last and all(now):
                    break
                last = now
                pg.wait_for_timeout(150)
            table, prev, nxt, line = now
            assert line["top"] >= header - 1, (where, "the step line is under the page header", line, header)
            assert table["top"] >= header - 1 and table["bottom"] <= phone["height"], (where, table)
            for button in (prev, nxt):
                assert header <= button["top"] and button["bottom"] <= phone["height"], (where, button)

        for n in range(1, 4):
            check(f"step {n - 1}")
            pg.locator(".st-key-review_next button").click()
            state = _wait_for_step(pg, n, not_id=state["id"])
        # late in the hand (full ponds): the settlement's "Go to the hand's end", back up to the table (the one
        # scroll a learner makes), then one step back
        pg.locator(".st-key-review_to_end button").click()
        count = int(re.search(r"of (\d+)", state["step"]).group(1))
        state = _wait_for_step(pg, count, not_id=state["id"])
        pg.evaluate("() => document.querySelector('.st-key-review_at').scrollIntoView({block: 'start'})")
        pg.locator(".st-key-review_prev button").click()
        state = _wait_for_step(pg, count - 1, not_id=state["id"])
        assert state["discards"] >= 20, state
        check(f"step {count - 1}")
        pg.close()
