"""A German and a Spanish session in real Chromium (Home, a lesson and its next step, the Glossary, a drill with
its explanation, the calculator's score explanation, a Play hand and its result, a review): each page's visible
text, the sidebar and any component frame included, checked for English left on it (``english_check``). Every
wait is for a state."""

from __future__ import annotations

import re
import time

import pytest
from browser_support import ROOT, WAIT_MS, served_app
from english_check import leftover_english
from play_driver import PlayDriver

pytestmark = pytest.mark.browser

LOCALES = {"de": "de-DE", "es": "es-ES"}  # the browser's language for each of the tutor's
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


@pytest.fixture(params=sorted(LOCALES))
def page(request, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=LOCALES[request.param])
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
    """The visible text once ``ready(text)`` holds and two reads 0.2 s apart agree (the page has stopped
    redrawing)."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        now = _visible(pg)
        running = pg.locator('[data-testid="stStatusWidget"]').count()
        if ready(now) and now == last and not running:
            return now
        last = now
        pg.wait_for_timeout(200)
    raise AssertionError(f"the page did not settle: {last!r}"[:2000])


def _no_english(pg, where: str, text: str) -> None:
    left = leftover_english(text.splitlines(), pg.lang)
    assert left == [], f"{where} ({pg.lang}): English left: {left[:15]}"


def _open(pg, server: str, path: str, ready) -> str:
    pg.goto(f"{server}/{path}", wait_until="domcontentloaded")
    return _settled(pg, ready)


def test_home_a_lesson_and_the_glossary_speak_the_language(page, server):
    pg = page
    home = _open(pg, server, "", lambda t: TITLES[pg.lang] in t)
    _no_english(pg, "Home", home)

    lesson = _open(pg, server, "learn", lambda t: len(t) > 400)
    _no_english(pg, "Learn", lesson)
    pg.locator(".st-key-learn_next button").click()
    _no_english(pg, "Learn, step 2", _settled(pg, lambda t: t != lesson))

    glossary = _open(pg, server, "glossary", lambda t: "Yaku" in t and ("Glossar" in t or "Glosario" in t))
    _no_english(pg, "Glossary", glossary)


RECORD = ROOT.parent / "shared" / "data" / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml"
GROUPED = re.compile(r"\b\d{1,3}(\.\d{3})+\b")  # 12.000: points as German and Spanish write them


def test_a_drill_with_its_explanation_and_the_calculators_score_explanation_speak_the_language(page, server):
    pg = page
    drill = _open(pg, server, "drills?type=noten&seed=3&n=1&ruleset=tenhou",
                  lambda t: pg.locator('[class*="st-key-num_"] input').count() > 0)
    _no_english(pg, "Drills, a question", drill)
    for field in pg.locator('[class*="st-key-num_"] input').all():
        field.fill("0")
    pg.locator(".st-key-dr_check button").click()
    pg.locator('[data-testid="stExpander"]').first.wait_for()
    answered = _settled(pg, lambda t: t != drill)
    _no_english(pg, "Drills, the answer and its explanation", answered)

    calc = _open(pg, server, "calculator?hand=234p789p55s666s777z&win=5s&tsumo=1",
                 lambda t: pg.locator(".st-key-calc_summary [data-testid=stAlert]").count() > 0 and GROUPED.search(t))
    _no_english(pg, "Calculator, the score explanation", calc)


def test_a_review_speaks_the_language(page, server):
    pg = page
    _open(pg, server, "review", lambda t: pg.locator('.st-key-review_upload input[type="file"]').count() > 0)
    pg.locator('.st-key-review_upload input[type="file"]').set_input_files(str(RECORD))
    pg.locator(".st-key-review_next button").wait_for()
    start = _settled(pg, lambda t: GROUPED.search(t) is not None)
    _no_english(pg, "Review, the deal", start)
    pg.locator(".st-key-review_next_mistake button").click()
    _no_english(pg, "Review, a mistake", _settled(pg, lambda t: t != start))


def test_a_play_hand_and_its_result_speak_the_language(page, server):
    """A hand of Play to its end (tsumogiri, pass every offer), the table and the result read in the language."""
    pg = page
    driver = PlayDriver(pg, server)
    driver.start(seed=56)  # the normal bots end this hand after a few discards
    _no_english(pg, "Play, the table", _settled(pg, lambda t: True))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        step = driver.next_step()
        if step is None:
            continue
        kind, locator = step
        if kind in ("next", "again"):
            break
        locator.click()
        _settled(pg, lambda t: True)
    else:
        raise AssertionError("the hand did not end in time")
    result = _settled(pg, lambda t: GROUPED.search(t) is not None)
    _no_english(pg, "Play, the hand's result", result)
