"""The Review page's model parts in a real browser (headless Chromium against ``streamlit run app.py``): a click on
a mistake in the chart goes to its step, and on a phone the probability bars sit under the table with nothing
wider than the screen. Every wait is bounded."""

from __future__ import annotations

import time

import pytest
from browser_support import WAIT_MS, chromium, served_app
from play_driver import TABLE
from test_browser_review import _SHOWN_JS, RECORD, _wait_for_step

from sanma_core.rules import load_preset
from tutor.review_data import load_review

pytestmark = pytest.mark.browser

_TRACES_JS = """() => { const gd = document.querySelector('.js-plotly-plot');
  return gd && gd.data ? gd.data.map(t => ({name: t.name, n: (t.x || []).length, customdata: t.customdata})) : null; }"""
_POINT_JS = """([trace, index]) => { const gd = document.querySelector('.js-plotly-plot');
  const layer = gd.querySelectorAll('.scatterlayer .trace')[trace];
  const r = layer.querySelectorAll('path.point')[index].getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2}; }"""
_BOX_JS = """sel => { const e = [...document.querySelectorAll(sel)].filter(e => !e.closest('[data-stale="true"]'))[0];
  if (!e) return null; const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, right: r.right}; }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "review-model-browser") as url:
        yield url


@pytest.fixture(scope="module")
def loaded():
    return load_review(RECORD.read_text(encoding="utf-8"), load_preset("tenhou"), 0)


def _open(browser, server: str, viewport: dict):
    pg = browser.new_page(viewport=viewport)
    pg.set_default_timeout(WAIT_MS)
    pg.goto(f"{server}/review", wait_until="domcontentloaded")
    pg.get_by_role("heading", name="Review").first.wait_for()
    pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
    return pg, _wait_for_step(pg, 0, timeout_s=90)


def test_a_click_on_a_mistake_in_the_chart_goes_to_its_step(server, loaded):
    with chromium() as browser:
        pg, start = _open(browser, server, {"width": 1400, "height": 1000})
        pg.wait_for_function(f"() => ({_TRACES_JS})() !== null", timeout=60_000)
        traces = pg.evaluate(_TRACES_JS)
        assert sum(t["n"] for t in traces) == len(loaded.points)
        k = next(i for i, t in enumerate(traces) if t["name"] in ("big mistake", "mistake"))
        hand, position = traces[k]["customdata"][-1]  # the game's last mistake of that grade: another hand
        assert hand != 0
        pg.locator(".js-plotly-plot").scroll_into_view_if_needed()
        point = pg.evaluate(_POINT_JS, [k, traces[k]["n"] - 1])
        pg.mouse.click(point["x"], point["y"])
        label = loaded.review.hands[hand].label
        _wait_for_step(pg, position, not_id=start["id"], timeout_s=90)
        pg.wait_for_function(f"label => ({_SHOWN_JS})(document.querySelector('.st-key-review_hand')).includes(label)",
                             arg=label, timeout=60_000)
        assert not pg.locator('[data-testid="stException"]').count()
        pg.close()


def test_on_a_phone_the_bars_are_under_the_table_and_nothing_is_wider_than_the_screen(server):
    phone = {"width": 390, "height": 844}
    with chromium() as browser:
        pg, start = _open(browser, server, phone)
        pg.locator(".st-key-review_next_mistake button").click()
        deadline = time.monotonic() + 60
        table = bars = None
        while time.monotonic() < deadline:
            table = pg.evaluate(_BOX_JS, TABLE)
            bars = pg.evaluate(_BOX_JS, ".rv-model")
            if table and bars:
                break
            pg.wait_for_timeout(200)
        assert table and bars, (table, bars)
        assert bars["top"] >= table["bottom"] - 1 and bars["right"] <= phone["width"] + 1
        width = pg.evaluate("() => document.documentElement.scrollWidth")
        assert width <= phone["width"], width
        pg.close()


def test_a_kept_mistake_goes_from_the_upload_to_an_answered_card(server, loaded):
    """A learner uploads a record, keeps its first mistake with "Drill this", then answers it on My positions."""
    from test_browser_app import _sidebar_sign_up

    from sanma_core.review.graded import option_text
    from tutor.kept_review import position_of

    first = next(p for p in loaded.points if p.decision.mistake)
    kp = position_of(loaded, first, ["A", "B", "C"], 0)
    with chromium() as browser:
        pg = browser.new_page(viewport={"width": 1400, "height": 1000})
        pg.set_default_timeout(WAIT_MS)
        pg.goto(f"{server}/review", wait_until="domcontentloaded")
        _sidebar_sign_up(pg, "Kept Tester")
        pg.wait_for_function("document.cookie.includes('sanma_learner=')", timeout=WAIT_MS)  # the sign-in settled
        pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
        start = _wait_for_step(pg, 0, timeout_s=90)
        pg.locator(".st-key-review_next_mistake button").click()
        _wait_for_step(pg, first.position, not_id=start["id"], timeout_s=90)
        pg.locator(f'div.st-key-review_keep_{first.index}[data-stale="false"] button').first.click()
        pg.get_by_text("1 position kept").wait_for(timeout=60_000)
        kept = pg.locator(f'div.st-key-review_kept_{first.index}[data-stale="false"] button').first
        kept.wait_for()
        assert kept.is_disabled()
        pg.goto(f"{server}/positions", wait_until="domcontentloaded")
        pg.get_by_role("heading", name="My positions").first.wait_for()
        pg.locator(".st-key-positions_question iframe").first.wait_for()
        pg.locator(".st-key-positions_question").get_by_text(option_text(kp.model, kp.tile), exact=True).click()
        pg.locator('div.st-key-positions_check[data-stale="false"] button').first.click()
        pg.get_by_text("Right: the model's choice.").wait_for(timeout=60_000)
        assert pg.locator(".rv-model").count() == 1 and not pg.locator('[data-testid="stException"]').count()
        pg.close()
