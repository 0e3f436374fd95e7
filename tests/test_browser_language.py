"""A German and a Spanish session in real Chromium: Home, a lesson, a drill with its explanation, the calculator's
score explanation, a Play hand to its result and a review, each page's visible text (the sidebar and the table's
frame included) checked for English left on it (``english_check``), and the points written as the language
writes them. Every wait is for a state."""

from __future__ import annotations

import re
import time

import pytest
from browser_support import ROOT, WAIT_MS, served_app
from english_check import leftover_english
from play_driver import TABLE
from test_play_browser import SEED, _play_hand_by_keyboard

from drills import generate
from tutor.drill_session import question_seed

pytestmark = pytest.mark.browser

RECORD = ROOT.parent / "shared" / "data" / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml"
TITLES = {"de": "Sanma-Tutor", "es": "Tutor de sanma"}
_VISIBLE_JS = """() => {
  const live = el => !el.closest('[data-stale="true"]');
  const parts = [];
  for (const sel of ['[data-testid="stSidebar"]', '[data-testid="stMain"]']) {
    const el = document.querySelector(sel);
    if (el && live(el)) parts.push(el.innerText);
  }
  return parts.join('\\n');
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "language-browser") as url:
        yield url


@pytest.fixture(params=["de", "es"])
def page(request, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=f"{request.param}-ES"
                                  if request.param == "es" else "de-DE")
    pg = context.new_page()
    pg.set_default_timeout(WAIT_MS)
    pg.lang = request.param
    yield pg
    context.close()


def _visible(pg) -> str:
    """The page's visible text, with the text of every component frame (the table) on it."""
    text = pg.evaluate(_VISIBLE_JS)
    for frame in pg.frames[1:]:
        try:
            text += "\n" + frame.evaluate("() => document.body ? document.body.innerText : ''")
        except Exception:  # noqa: BLE001 (a frame gone while read: a redraw; its successor is read instead)
            continue
    return text


def _settled(pg, ready, timeout_s: float = 60) -> str:
    """The visible text once ``ready(text)`` holds and two reads 0.4 s apart agree (the page has stopped
    redrawing)."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        now = _visible(pg)
        running = pg.locator('[data-testid="stStatusWidget"]').count()
        if ready(now) and now == last and not running:
            return now
        last = now
        pg.wait_for_timeout(400)
    raise AssertionError(f"the page did not settle: {last!r}"[:2000])


def _no_english(pg, where: str, text: str) -> None:
    left = leftover_english(text.splitlines(), pg.lang)
    assert left == [], f"{where} ({pg.lang}): English left: {left[:15]}"


def _open(pg, server: str, path: str, ready) -> str:
    pg.goto(f"{server}/{path}", wait_until="domcontentloaded")
    return _settled(pg, ready)


def test_home_a_lesson_a_drill_and_the_calculator_speak_the_language(page, server):
    pg = page
    home = _open(pg, server, "", lambda t: TITLES[pg.lang] in t)
    _no_english(pg, "Home", home)

    lesson = _open(pg, server, "learn", lambda t: len(t) > 400)
    _no_english(pg, "Learn", lesson)
    pg.locator(".st-key-learn_next button").click()
    _no_english(pg, "Learn, step 2", _settled(pg, lambda t: t != lesson))

    seed = 5
    question = generate("dora_indicator", "tenhou", seed=question_seed(seed, 0))
    with_question = _open(pg, server, f"drills?type=dora_indicator&seed={seed}&n=1&ruleset=tenhou",
                          lambda t: question.prompt in t)
    _no_english(pg, "Drill question", with_question)
    for name in question.answer["tiles"]:
        tile = f'div[class*="st-key-tb_{name}_s0q0_"][data-stale="false"]'
        pg.locator(f"{tile} button").first.click()
        pg.locator(f'{tile} button[data-testid="stBaseButton-primary"]').first.wait_for()
    pg.locator('div.st-key-dr_check[data-stale="false"] button').first.click()
    explained = _settled(pg, lambda t: t != with_question and len(t) > len(with_question))
    assert question.explanation.splitlines()[0][:30] in explained or len(explained) > len(with_question) + 40
    _no_english(pg, "Drill explanation", explained)

    calc = _open(pg, server, "calculator?hand=123m789p11s456s789s&win=9s&tsumo=1&dora=1z",
                 lambda t: "han" in t.lower() and re.search(r"\d\.\d{3}", t) is not None)
    _no_english(pg, "Calculator", calc)
    assert not re.search(r"\b\d{1,2},\d{3}\b", calc), "points written the English way"


def test_a_play_hand_and_a_review_speak_the_language(page, server):
    pg = page
    pg.goto(f"{server}/play", wait_until="domcontentloaded")
    seed = pg.locator(".st-key-play_seed input")
    seed.fill(str(SEED))
    seed.press("Enter")
    pg.locator(".st-key-play_start button").click()
    pg.frame_locator(TABLE).first.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    _no_english(pg, "Play table", _settled(pg, lambda t: "\n" in t))
    _play_hand_by_keyboard(pg, time.monotonic() + 120)
    result = _settled(pg, lambda t: re.search(r"\d\.\d{3}", t) is not None)
    _no_english(pg, "Play result", result)
    assert not re.search(r"\b\d{1,2},\d{3}\b", result), "points written the English way"

    pg.goto(f"{server}/review", wait_until="domcontentloaded")
    pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
    pg.frame_locator(TABLE).first.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    review = _settled(pg, lambda t: "phoenix" in t.lower() or "tenhou" in t.lower())
    _no_english(pg, "Review", review)
    pg.locator(".st-key-review_next button").click()
    _no_english(pg, "Review, step 1", _settled(pg, lambda t: t != review))
