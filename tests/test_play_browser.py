"""One hand of play mode in a real browser: headless Debian Chromium against ``streamlit run app.py``.

Every wait is bounded; the test fails when Chromium is missing (scripts/ensure_chromium.sh installs it).
"""

from __future__ import annotations

import re
import time

import pytest
from browser_support import served_app

from sanma_core.game import Phase
from tutor.play import PlaySession, PlaySettings

# with this seed the normal bots end the first hand after a few human steps (a bot's tsumo); any seed works,
# the test only gets longer
SEED = 56
TABLE = 'iframe[title*="sanma_table"]'

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "play-browser") as url:
        yield url


@pytest.fixture(scope="module")
def page(server, browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    pg.set_default_timeout(30_000)
    yield pg
    pg.close()


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


def _keys_for(offered: set[str]) -> str:
    """The key a player presses: win when offered, pass a call offer, otherwise tsumogiri."""
    if offered & {"tsumo", "ron"}:
        return "w"
    if "pass" in offered:
        return "p"
    return "t"


def _offered(table) -> set[str]:
    return set(table.locator("[data-role=actions] [data-action]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-action').split(':')[0])"))


def _play_hand_by_keyboard(pg, deadline: float, refresh_after: int | None = None) -> int:
    """Play one hand with keys only (the table focused as by Tab); returns the number of keys pressed."""
    frame = pg.locator(TABLE)
    table = pg.frame_locator(TABLE).first
    pressed = 0
    while time.monotonic() < deadline:
        if pg.locator(".st-key-play_next").count():
            return pressed
        table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
        height = pg.viewport_size["height"]
        boxes = [b for b in (t.bounding_box() for t in table.locator("[data-role=hand] .tile").all()) if b]
        bottoms = [b["y"] + b["height"] for b in boxes]
        scrolled = pg.evaluate("() => document.querySelector('[data-testid=\"stMain\"]')?.scrollTop || window.scrollY")
        # the hand's top on the first screen without scrolling: its first row of tiles wholly visible
        assert boxes and min(bottoms) <= height and scrolled == 0, (bottoms, height, scrolled)
        before = table.locator("[data-state]").first.get_attribute("data-state")
        offered = _offered(table)
        if not offered and not table.locator('[data-role=hand] [data-action="tsumogiri"]').count():
            pg.wait_for_timeout(50)
            continue
        frame.focus()
        table.locator("body").press(_keys_for(offered))
        pressed += 1
        while time.monotonic() < deadline:  # the next position is drawn (or the hand ended)
            if pg.locator(".st-key-play_next").count():
                break
            now = table.locator("[data-state]").first.get_attribute("data-state")
            if now != before:
                break
            pg.wait_for_timeout(30)
        if refresh_after is not None and pressed == refresh_after:
            hand = table.locator("[data-role=hand] .tile").evaluate_all("els => els.map(e => e.getAttribute('data-tile'))")
            pg.reload(wait_until="domcontentloaded")
            table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
            again, until = None, time.monotonic() + 15
            while again != hand and time.monotonic() < until:  # the table draws the hand of the game kept
                again = table.locator("[data-role=hand] .tile").evaluate_all(
                    "els => els.map(e => e.getAttribute('data-tile'))")
                if again != hand:
                    pg.wait_for_timeout(100)
            assert again == hand  # a refresh in the same session keeps the game
    raise AssertionError("the hand did not end in time")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["laptop", "phone"])
def test_a_whole_hand_by_keyboard_only(server, browser, viewport):
    """Every move of a hand is a key on the focused table; the own hand is on the first screen at every turn."""
    pg = browser.new_page(viewport=viewport)
    pg.set_default_timeout(30_000)
    pg.goto(f"{server}/play", wait_until="domcontentloaded")
    seed = pg.locator(".st-key-play_seed input")
    seed.fill(str(SEED))
    seed.press("Enter")
    pg.locator(".st-key-play_start button").press("Enter")
    table = pg.frame_locator(TABLE).first
    table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    assert "game=" in pg.url
    pressed = _play_hand_by_keyboard(pg, time.monotonic() + 120)
    assert pressed >= 2
    header = pg.locator("h2").first.inner_text()
    assert re.search(r"(Win|draw|Nagashi).* — (East|South|West) \d", header), header
    pg.close()


def test_one_hand_by_keys_keeps_the_game_on_refresh_and_shows_the_result(page, server):
    pg = page
    pg.goto(f"{server}/play", wait_until="domcontentloaded")
    seed = pg.locator(".st-key-play_seed input")
    seed.fill(str(SEED))
    seed.press("Enter")  # the value is the page's now: the start's rerun carries it (the result below is its game's)
    pg.locator(".st-key-play_start button").click()
    pg.frame_locator(TABLE).first.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    pressed = _play_hand_by_keyboard(pg, time.monotonic() + 120, refresh_after=2)
    assert pressed >= 2
    header = pg.locator("h2").first.inner_text()
    assert re.search(r"(Win|draw|Nagashi).* — (East|South|West) \d", header), header
    table = pg.locator("table.sm-rows").filter(has_text="before").last  # the scores, not the review
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


def test_auto_pass_skips_a_pon_offer(server, browser):
    """With 'Pass every pon and kan' chosen in Options, the pon offer the player meets with seed 1 never shows."""
    from test_play_app import _first_pon_offer

    offer_at, _passes = _first_pon_offer(1)
    pg = browser.new_page(viewport={"width": 1280, "height": 800})
    pg.set_default_timeout(30_000)
    pg.goto(f"{server}/play", wait_until="domcontentloaded")
    seed = pg.locator(".st-key-play_seed input")
    seed.fill("1")
    seed.press("Enter")  # the value is the page's now: the start's rerun carries it (the result below is its game's)
    pg.locator(".st-key-play_start button").click()
    table = pg.frame_locator(TABLE).first
    table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    pg.get_by_role("button", name="Options").click()
    pg.locator(".st-key-play_autopass").click()
    pg.get_by_role("option", name="Pass every pon and kan").click()  # the widget's value now: every rerun carries it
    pg.keyboard.press("Escape")
    frame = pg.locator(TABLE)
    for _ in range(offer_at + 1):  # through the moment of the offer, and one move past it
        assert not table.locator('[data-role=actions] [data-action^="pon"]').count()
        before = table.locator("[data-state]").first.get_attribute("data-state")
        frame.focus()
        table.locator("body").press(_keys_for(_offered(table)))
        deadline = time.monotonic() + 30
        while table.locator("[data-state]").first.get_attribute("data-state") == before:
            assert time.monotonic() < deadline, "the table did not move on"
            pg.wait_for_timeout(30)
    assert not table.locator('[data-role=actions] [data-action^="pon"]').count()
    pg.close()
