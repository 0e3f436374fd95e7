"""One hand of play mode in a real browser: headless Debian Chromium against ``streamlit run app.py``.

Every wait is bounded; the test fails when Chromium is missing (scripts/ensure_chromium.sh installs it).
"""

from __future__ import annotations

import re
import time

import pytest
from browser_support import chromium, served_app

from sanma_core.game import Phase
from tutor.play import PlaySession, PlaySettings

# with this seed the normal bots end the first hand after a few human steps (a bot's tsumo); any seed works,
# the test only gets longer
SEED = 56
HAND_BUTTONS = '[class*="st-key-play_hand_"] button:visible'

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "play-browser") as url:
        yield url


@pytest.fixture(scope="module")
def page(server):
    with chromium() as browser:
        pg = browser.new_page(viewport={"width": 1400, "height": 1000})
        pg.set_default_timeout(30_000)
        yield pg


_HAND_JS = """() => {
  const boxes = [...document.querySelectorAll('[class*="st-key-play_hand_play"]')];
  const step = b => Number((b.className.match(/st-key-play_hand_play(\\d+)/) || [0, -1])[1]);
  if (!boxes.length) return [];
  const box = boxes.reduce((a, b) => (step(b) > step(a) ? b : a));
  return [...box.querySelectorAll('[class*="st-key-tb_"]')].map(e => (e.className.match(/st-key-tb_(\\w\\w)_play/) || [])[1]);
}"""


def _hand(pg) -> list[str]:
    """The MPSZ names of the tiles in the own hand (the newest hand row), read in one step."""
    return pg.evaluate(_HAND_JS)


def _settled_hand(pg, timeout_s: float = 20) -> list[str]:
    """The own hand once the page has finished redrawing: two reads 0.4 s apart agree."""
    deadline = time.monotonic() + timeout_s
    last = _hand(pg)
    while time.monotonic() < deadline:
        pg.wait_for_timeout(400)
        now = _hand(pg)
        if now and now == last:
            return now
        last = now
    raise AssertionError(f"the hand kept changing for {timeout_s:.0f} s: {last}")


_KEY_JS = """() => {
  const steps = [...document.querySelectorAll('[class*="st-key-play_hand_play"]')]
    .map(b => Number((b.className.match(/st-key-play_hand_play(\\d+)/) || [0, -1])[1]));
  return steps.length ? 'play_hand_play' + Math.max(...steps) : null;
}"""


def _hand_key(pg) -> str | None:
    """The key of the newest hand row (it names the step count), read in one step; None when no hand is shown."""
    return pg.evaluate(_KEY_JS)


def _wait_for_change(pg, key: str | None, deadline: float) -> None:
    """Wait until the hand container of state ``key`` is replaced (the step was played) or a result shows."""
    while time.monotonic() < deadline:
        if pg.locator(".st-key-play_next").count() or pg.get_by_text("Game over").count():
            return
        now = _hand_key(pg)
        if now is not None and now != key:
            return
        pg.wait_for_timeout(50)
    raise AssertionError("the page did not answer a click in time")


def _expected_result(seed: int):
    """The same hand played by the engine with the clicks the test makes: win or pass when offered, else tsumogiri."""
    return _expected_session(seed).game.result


def _expected_session(seed: int) -> PlaySession:
    session = PlaySession(PlaySettings(seed=seed))
    while session.phase not in (Phase.HAND_END, Phase.GAME_END):
        legal, view = session.legal(), session.view()
        action = next((a for k in ("tsumo", "ron", "pass") for a in legal if a.kind == k), None)
        if action is None:
            discards = [a for a in legal if a.kind == "discard"]
            action = next((a for a in discards if a.tile == view.drawn), discards[-1])
        session.play(action)
    return session


def test_one_hand_by_clicking(page, server):
    pg = page
    pg.goto(f"{server}/play", wait_until="domcontentloaded")
    seed = pg.locator(".st-key-play_seed input")
    seed.fill(str(SEED))
    seed.press("Enter")
    pg.wait_for_timeout(500)
    pg.locator(".st-key-play_start button").click()
    pg.locator(HAND_BUTTONS).first.wait_for(state="visible")
    assert "game=" in pg.url
    pg.locator(".st-key-play_hints label").click()  # hints off: fewer elements to draw on every step
    deadline = time.monotonic() + 120
    clicks = 0
    refreshed = False
    while time.monotonic() < deadline:
        if pg.locator(".st-key-play_next").count():
            break
        key = _hand_key(pg)
        if key is None:
            pg.wait_for_timeout(50)
            continue
        for name in ("tsumo", "ron", "pass"):
            btn = pg.locator(f".st-key-play_act_{name}_0 button")
            if btn.count():
                btn.click()
                break
        else:
            enabled = pg.locator(f".st-key-{key} button:visible:not([disabled])")
            if not enabled.count():
                pg.wait_for_timeout(50)
                continue
            enabled.last.click()  # the drawn tile sits last: tsumogiri
        clicks += 1
        _wait_for_change(pg, key, deadline)
        if clicks == 2 and not refreshed:
            # a refresh in the same session keeps the game
            pg.locator(HAND_BUTTONS).first.wait_for(state="visible")
            before = _settled_hand(pg)
            pg.reload(wait_until="domcontentloaded")
            pg.locator(HAND_BUTTONS).first.wait_for(state="visible")
            assert _settled_hand(pg) == before
            refreshed = True
    assert pg.locator(".st-key-play_next").count(), "the hand did not end within 120 s"
    assert refreshed and clicks >= 2
    header = pg.locator("h2").first.inner_text()
    assert re.search(r"(Win|draw|Nagashi).* — (East|South|West) \d", header), header
    table = pg.locator('[data-testid="stTable"]').filter(has_text="before").last  # the scores, not the review
    table.wait_for(state="attached")
    text = table.inner_text()
    assert "before" in text and "change" in text and "after" in text, text
    rows = table.evaluate("t => [...t.querySelectorAll('tr')].map(r => [...r.children].map(c => c.innerText.trim()))")
    header = rows[0]
    changes = [int(r[header.index("change")]) for r in rows[1:] if len(r) == len(header)]
    assert changes == list(_expected_result(SEED).deltas), text

    # the review's reasons are whole sentences in the page, wrapped, not cut off at the cell's edge
    from tutor.play import review_game

    session = _expected_session(SEED)
    (review,) = review_game(session.settings, session.steps, [session.game.hand_index])
    assert review.differences
    pg.get_by_text("Review this hand against the hard bot").click()
    cells = pg.locator(".st-key-play_review_hand_rows table")
    cells.wait_for()
    why = cells.evaluate("""t => { const head = [...t.querySelectorAll('thead th')].map(c => c.innerText.trim());
      const i = head.indexOf('why');
      return [...t.querySelectorAll('tbody tr')].map(r => { const c = r.children[i];
        return [c.innerText.trim(), c.scrollWidth <= c.clientWidth + 1]; }); }""")
    assert why == [[d.reason, True] for d in review.differences], why
