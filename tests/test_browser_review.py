"""The Review page in a real browser: headless Debian Chromium against ``streamlit run app.py``.

Uploads a real Tenhou XML game, steps through its first hand with Next / Previous and checks the table
follows the engine's game at each step. Every wait is bounded.
"""

from __future__ import annotations

import re
import time

import pytest
from browser_support import ROOT, WAIT_MS, chromium, served_app

from sanma_core.review.record import replay_to

pytestmark = pytest.mark.browser

RECORD = ROOT.parent / "shared" / "data" / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml"

_STATE_JS = """() => {
  const live = e => !e.closest('[data-stale="true"]');
  const step = [...document.querySelectorAll('[data-testid="stMarkdownContainer"] p')]
    .filter(live).map(p => p.innerText).find(t => /^Step \\d+ of \\d+/.test(t)) || null;
  const table = [...document.querySelectorAll('.st-key-review_table')].filter(live)[0];
  if (!table) return {step, discards: -1, backs: -1, tiles: []};
  const discards = table.querySelectorAll('.pm-pond img').length;
  const backs = table.querySelectorAll('img[alt="back"]').length;
  const tiles = [...table.querySelectorAll('img')].map(i => i.alt);
  return {step, discards, backs, tiles};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "review-browser") as url:
        yield url


def _state(pg) -> dict:
    return pg.evaluate(_STATE_JS)


def _wait_for_step(pg, n: int, timeout_s: float = 30) -> dict:
    """The page once it shows step ``n`` and its table has been drawn (two reads 0.3 s apart agree)."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        now = _state(pg)
        if now["step"] and now["step"].startswith(f"Step {n} of ") and now["discards"] >= 0 and now == last:
            return now
        last = now
        pg.wait_for_timeout(300)
    raise AssertionError(f"the page did not reach step {n} within {timeout_s:.0f} s: {last}")


def test_upload_a_record_and_step_through_a_hand(server):
    text = RECORD.read_text(encoding="utf-8")
    with chromium() as browser:
        pg = browser.new_page(viewport={"width": 1400, "height": 1000})
        pg.set_default_timeout(WAIT_MS)
        pg.goto(f"{server}/review", wait_until="domcontentloaded")
        pg.get_by_role("heading", name="Review").first.wait_for()
        pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
        start = _wait_for_step(pg, 0, timeout_s=60)
        assert re.match(r"Step 0 of \d+ · the deal", start["step"]), start
        assert start["discards"] == 0 and start["backs"] == 26  # nothing discarded; two hands face down
        seen = [start]
        for n in (1, 2, 3):
            pg.locator('.st-key-review_next button').click()
            seen.append(_wait_for_step(pg, n))
        # the ponds follow the engine's game at each step, and the table changes
        for n, state in enumerate(seen):
            game = replay_to(text, "tenhou", n)
            assert state["discards"] == sum(len(d) for d in game.discards), (n, state)
        assert seen[-1]["discards"] > 0 and seen[-1]["tiles"] != start["tiles"]
        pg.locator('.st-key-review_prev button').click()
        assert _wait_for_step(pg, 2)["tiles"] == seen[2]["tiles"]
        pg.locator('.st-key-review_show_all label').click()  # every hand open
        deadline = time.monotonic() + 30
        while _state(pg)["backs"] != 0 and time.monotonic() < deadline:
            pg.wait_for_timeout(200)
        assert _state(pg)["backs"] == 0
        assert pg.locator('[data-testid="stPlotlyChart"]').count() == 1
        assert not pg.locator('[data-testid="stException"]').count()
