"""A German and a Spanish session in real Chromium on the pages that speak both languages (Home, a lesson and
its next step, the Glossary): each page's visible text, the sidebar and any component frame included, checked for
English left on it (``english_check``). Every wait is for a state."""

from __future__ import annotations

import time

import pytest
from browser_support import WAIT_MS, served_app
from english_check import leftover_english

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
