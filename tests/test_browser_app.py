"""Real browser: Debian's Chromium (driven by Playwright) against `streamlit run app.py` on localhost.

Loads the app, answers one drill question by clicking tiles, and saves screenshots
under artifacts/ (git-ignored). Every wait is bounded.
"""

import time

import pytest
from browser_support import ROOT, WAIT_MS, answer_tiles, served_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser_app")]  # one server and one Chromium

ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "browser") as url:
        yield url


def _page_at(server, browser, path: str, width: int = 1280, height: int = 1000):
    """A new page opened on ``path`` of the app (``drills?type=…``, ``play``), every wait bounded by WAIT_MS."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server}/{path}", timeout=WAIT_MS)
    return page


def test_answer_a_drill_by_clicking_tiles(server, browser):
    from drills import generate
    from tutor.drill_session import question_seed

    seed = 5
    question = generate("dora_indicator", "tenhou", seed=question_seed(seed, 0))
    page = _page_at(server, browser, f"drills?type=dora_indicator&seed={seed}&n=1&ruleset=tenhou")
    answer_tiles(page, question)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-drill-wide.png"))
    assert (ARTIFACTS / "browser-drill-wide.png").stat().st_size > 10_000
    # the tile faces are the project's SVGs, not font glyphs
    src = page.locator(f'img[alt="{question.data["indicators"][0]}"]').first.get_attribute("src")
    assert src.startswith("data:image/svg+xml;base64,")
    page.close()


def test_phone_viewport_home_page(server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page.set_default_timeout(WAIT_MS)
    page.goto(server, timeout=WAIT_MS)
    page.get_by_role("heading", name="Sanma tutor").wait_for()
    page.locator('img[alt="4z"]').first.wait_for()
    width = _settled(page, """() => document.querySelector('img[alt="4z"]').getBoundingClientRect().width""")
    assert 20 <= width <= 60, width  # tiles shrink to fit a phone but stay readable
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-home-phone.png"))
    page.close()


_ROWS_JS = """sel => { const items = [...document.querySelectorAll(sel)].filter(e => e.getBoundingClientRect().width > 0);
  return {n: items.length, rows: new Set(items.map(e => Math.round(e.getBoundingClientRect().top))).size}; }"""


def _fourteen_tile_drill(rules: str = "tenhou") -> tuple[int, object]:
    """A session seed whose first yaku question shows a closed 14-tile hand (the winning tile included)."""
    from drills import generate
    from sanma_core.tiles import parse_tiles
    from tutor.drill_session import question_seed

    for seed in range(1, 60):
        q = generate("yaku", rules, seed=question_seed(seed, 0), difficulty=2)
        if not q.data.get("melds") and len(parse_tiles(q.data["hand"])) == 14:
            return seed, q
    raise AssertionError("no closed 14-tile yaku question in 60 seeds")


_SIZES_JS = """() => {
  const hand = [...document.querySelectorAll('.sm-group:first-child > .sm-row > img')];
  const rows = hand.map(e => Math.round(e.getBoundingClientRect().top));
  const buttons = [...document.querySelectorAll('div[class*="st-key-tb_"] button')].filter(b => b.offsetWidth > 0);
  return {n: hand.length, rows: new Set(rows).size, last_row: rows.filter(r => r === Math.max(...rows)).length,
          tile: Math.min(...hand.map(e => e.getBoundingClientRect().width)),
          button: Math.max(...buttons.map(b => b.getBoundingClientRect().width))};
}"""


def _settled(page, script: str, tries: int = 20):
    """``script``'s reading of the page once two readings 150 ms apart agree (the page's styles and later
    elements arrive while the first ones are already drawn)."""
    now, previous = page.evaluate(script), None
    for _ in range(tries):
        if now == previous:
            break
        page.wait_for_timeout(150)
        previous, now = now, page.evaluate(script)
    return now


def _closed_waits_drill() -> tuple[int, object]:
    """A session seed whose first waits question shows a closed 13-tile hand, answered by clicking tiles."""
    from drills import generate
    from sanma_core.tiles import parse_tiles
    from tutor.drill_session import question_seed

    for seed in range(1, 60):
        q = generate("waits", "tenhou", seed=question_seed(seed, 0), difficulty=2)
        if not q.data.get("melds") and len(parse_tiles(q.data["hand"])) == 13 and q.parts == ("tiles",):
            return seed, q
    raise AssertionError("no closed 13-tile waits question in 60 seeds")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_fourteen_tile_hand_stays_on_one_row_on_a_laptop_and_wraps_in_pairs_on_a_phone(server, browser, width, height):
    """The winning tile never sits on a row of its own (laptop with the sidebar open: one row)."""
    seed, q = _fourteen_tile_drill()
    page = _page_at(server, browser, f"drills?type=yaku&seed={seed}&n=1&difficulty=2&ruleset=tenhou", width, height)
    page.get_by_text(q.prompt[:30]).first.wait_for()
    page.locator(".sm-group:first-child > .sm-row > img").nth(13).wait_for()
    sizes = _settled(page, _SIZES_JS)
    assert sizes["n"] == 14
    assert sizes["rows"] == (1 if width > 1000 else 2) and sizes["last_row"] >= 2, sizes
    page.close()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_question_hand_is_never_smaller_than_its_answer_tiles(server, browser, width, height):
    """8p/9p and 6s/8s must read as well in the question as on the buttons that answer it."""
    seed, q = _closed_waits_drill()
    page = _page_at(server, browser, f"drills?type=waits&seed={seed}&n=1&difficulty=2&ruleset=tenhou", width, height)
    page.get_by_text(q.prompt[:30]).first.wait_for()
    page.locator(".sm-group:first-child > .sm-row > img").nth(12).wait_for()
    page.locator('div[class*="st-key-tb_"] button:visible').first.wait_for()
    sizes = _settled(page, _SIZES_JS)
    assert sizes["n"] == 13 and sizes["tile"] >= sizes["button"] - 0.5, sizes
    page.close()


_TABLE = 'iframe[title*="sanma_table"]'


def _hand_boxes(page) -> list[dict]:
    table = page.frame_locator(_TABLE).first
    table.locator("[data-role=hand] .tile").first.wait_for()
    tiles = table.locator("[data-role=hand] .tile")
    boxes, last = None, []
    deadline = time.monotonic() + 15
    while boxes != last and time.monotonic() < deadline:  # the frame settles its height: two reads agree
        last, boxes = boxes, [t.bounding_box() for t in tiles.all()]
        if boxes != last:
            page.wait_for_timeout(150)
    assert boxes == last, "the hand kept moving"
    return boxes


def test_the_play_hand_with_its_drawn_tile_fits_one_row_on_a_laptop(server, browser):
    page = _page_at(server, browser, "play", 1280, 800)
    page.locator("div.st-key-play_start button:visible").click()
    boxes = _hand_boxes(page)
    assert len(boxes) == 14 and max(b["y"] for b in boxes) - min(b["y"] for b in boxes) < 20, boxes  # one row
    assert max(b["y"] + b["height"] for b in boxes) <= 800  # on the first screen
    page.close()


def test_on_a_phone_the_own_hand_is_visible_without_scrolling(server, browser):
    """Starting a game from the bottom of the form shows the table from the top: the hand is on the first screen,
    its tiles at least 40 px wide."""
    page = _page_at(server, browser, "play", 390, 844)
    page.locator("div.st-key-play_start button:visible").click()
    boxes = _hand_boxes(page)
    assert len(boxes) == 14
    assert all(b["y"] >= 0 and b["y"] + b["height"] <= 844 for b in boxes), boxes
    assert min(b["width"] for b in boxes) >= 40
    page.close()


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_the_printable_cheat_sheet_fits_one_a4_page(browser, tmp_path, preset):
    """Printed (A4, 10 mm margins: 718 px wide) the sheet is one page and its sanma cells do not wrap."""
    import re

    from sanma_core.rules import get_ruleset
    from tutor.cheatsheet import cheat_sheet_html

    path = tmp_path / "sheet.html"
    path.write_text(cheat_sheet_html(get_ruleset(preset)), encoding="utf-8")
    page = browser.new_page(viewport={"width": 718, "height": 1000})
    page.goto(path.as_uri())
    page.emulate_media(media="print")
    assert page.evaluate("document.documentElement.scrollWidth") <= 718
    lines = page.evaluate("""() => [...document.querySelectorAll('tbody td:not(.fp)')].filter(td => {
        const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length > 1; })
        .map(td => td.innerText)""")
    assert lines == [], lines  # e.g. "500 + 300 =" over "800"
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
    page.close()


def test_on_a_phone_the_session_summary_numbers_share_a_row(server, browser):
    """Questions, right and score sit side by side (they used to stack, one big number per screen row)."""
    from drills import generate
    from tutor.drill_session import question_seed

    seed = 3
    question = generate("dora_indicator", "tenhou", seed=question_seed(seed, 0))
    page = _page_at(server, browser, f"drills?type=dora_indicator&seed={seed}&n=1&ruleset=tenhou", 390, 844)
    page.get_by_text(question.prompt).wait_for()
    page.locator('div[class*="st-key-tb_"] button:visible').first.click()  # a tile, right or wrong
    page.locator('div[class*="st-key-tb_"] button[kind="primary"]:visible').first.wait_for()  # shown as chosen
    page.locator('div.st-key-dr_check[data-stale="false"] button:visible').first.click()
    page.locator('div.st-key-dr_next[data-stale="false"] button:visible').first.click()
    metrics = page.locator('.st-key-dr_summary_metrics [data-testid="stMetric"]')
    metrics.nth(2).wait_for()
    # all three at one moment, once the page stops moving (the summary arrives while the question is still drawn)
    tops = _settled(page, """() => [...document.querySelectorAll(
        '.st-key-dr_summary_metrics [data-testid="stMetric"]')].map(e => Math.round(e.getBoundingClientRect().top))""")
    assert len(tops) == 3 and len(set(tops)) == 1, tops
    page.close()


def _sidebar_sign_up(page, name: str) -> None:
    page.get_by_role("button", name="New learner").click()
    page.locator(".st-key-new_profile_name input").fill(name)
    page.locator(".st-key-new_profile_name input").press("Tab")
    page.locator(".st-key-create_profile button").click()
    page.get_by_text(f"Learner: {name}").wait_for()


def test_the_chosen_learner_survives_a_reload_and_an_opened_link(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server}/", timeout=WAIT_MS)
    _sidebar_sign_up(page, "Reload Tester")
    page.wait_for_function("document.cookie.includes('sanma_learner=')", timeout=WAIT_MS)
    page.reload(timeout=WAIT_MS)
    page.get_by_text("Learner: Reload Tester").wait_for()
    page.goto(f"{server}/drills?type=noten&seed=3&n=1&ruleset=tenhou", timeout=WAIT_MS)  # a shared link
    page.get_by_text("Learner: Reload Tester").wait_for()
    assert page.get_by_text("answering as a guest").count() == 0
    page.locator(".st-key-sign_out button").click()
    page.get_by_text("Guest: answers are not saved.").wait_for()
    page.wait_for_function("!document.cookie.includes('sanma_learner=') || document.cookie.includes('sanma_learner=;')"
                           " || /sanma_learner=(;|$)/.test(document.cookie)", timeout=WAIT_MS)
    page.reload(timeout=WAIT_MS)
    page.get_by_text("Guest: answers are not saved.").wait_for()
    other = browser.new_context().new_page()  # another browser: not signed in
    other.set_default_timeout(WAIT_MS)
    other.goto(f"{server}/", timeout=WAIT_MS)
    other.get_by_text("Guest: answers are not saved.").wait_for()
    assert other.get_by_text("Reload Tester").count() == 0
    other.context.close()
    context.close()


def test_on_a_phone_the_sidebar_closes_after_choosing_a_page(server, browser):
    page = _page_at(server, browser, "", 390, 844)
    page.get_by_role("heading", name="Sanma tutor").wait_for()
    page.wait_for_function("window.__sanmaSidebarCloser === true")  # the page's script is in place
    page.locator('[data-testid="stExpandSidebarButton"]').first.click()
    sidebar = page.locator('[data-testid="stSidebar"]')
    page.wait_for_function("document.querySelector('[data-testid=\"stSidebar\"]').getBoundingClientRect().right > 200")
    page.locator('[data-testid="stSidebarNavLink"]', has_text="Drills").click()
    page.get_by_role("heading", name="Drills").wait_for()
    page.wait_for_function("document.querySelector('[data-testid=\"stSidebar\"]').getBoundingClientRect().right <= 1")
    assert sidebar.bounding_box() is None or sidebar.bounding_box()["x"] + sidebar.bounding_box()["width"] <= 1
    # the page is usable: its first control can be clicked where the sidebar was
    page.locator(".st-key-dr_start button").click(timeout=WAIT_MS)
    page.close()


def test_on_a_laptop_the_sidebar_stays_open_after_choosing_a_page(server, browser):
    page = _page_at(server, browser, "", 1280, 800)
    page.get_by_role("heading", name="Sanma tutor").wait_for()
    page.locator('[data-testid="stSidebarNavLink"]', has_text="Drills").click()
    page.get_by_role("heading", name="Drills").wait_for()
    width = _settled(page, """() => { const s = document.querySelector('[data-testid="stSidebar"]');
                                       return s ? s.getBoundingClientRect().width : 0; }""")
    assert width > 200
    page.close()


def test_enter_in_a_typed_answer_checks_it_and_tab_follows_the_screen(server, browser):
    from drills import generate
    from tutor.drill_session import question_seed

    q = generate("noten", "tenhou", seed=question_seed(3, 0))
    assert tuple(q.parts) == ("numbers",)
    page = _page_at(server, browser, "drills?type=noten&seed=3&n=1&ruleset=tenhou", 1280, 800)
    page.get_by_text(q.prompt[:30]).first.wait_for()
    names = [name for name, _label in q.number_fields]
    first = page.locator(f'[class*="st-key-num_"][class*="_{names[0]}"] input')
    first.click()
    for i, name in enumerate(names):  # typed in screen order, moving on with Tab
        focused = page.evaluate("() => document.activeElement.closest('[class*=\"st-key-num_\"]').className")
        assert f"_{name}" in focused, (name, focused)
        page.keyboard.type(str(q.answer["numbers"][name]))
        if i + 1 < len(names):
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.get_by_text("Right!").wait_for()
    page.close()


_FIT_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const title = document.querySelector('[data-testid="stMain"] h1');
  const tables = [...document.querySelectorAll('.sm-scroll')].map(box => {
    const r = box.getBoundingClientRect();
    const names = [...box.querySelectorAll('td:first-child, th:first-child')];
    return {left: r.left, right: r.right, cut: names.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.innerText)};
  });
  return {sideways: main.scrollWidth - main.clientWidth, title: title ? title.getBoundingClientRect().top : null, tables};
}"""


@pytest.mark.parametrize(("path", "marker"), [("rules", "rules-table"), ("cheatsheet", "payments")])
def test_on_a_phone_wide_tables_scroll_in_their_own_box_and_the_page_starts_at_the_top(server, browser, path, marker):
    page = _page_at(server, browser, path, 390, 844)
    page.locator(f'[data-role="{marker}"] table').wait_for()
    now = _settled(page, _FIT_JS)
    assert now["sideways"] <= 0, f"the {path} page scrolls sideways by {now['sideways']} px"
    assert now["tables"] and all(t["left"] >= 0 and t["right"] <= 390 for t in now["tables"]), now["tables"]
    assert not [c for t in now["tables"] for c in t["cut"]], "every row's name is shown whole"
    assert now["title"] is not None and now["title"] < 110, f"a blank band of {now['title']:.0f} px above the title"
    page.close()


def test_on_a_phone_the_calculators_result_is_next_to_the_hand(server, browser):
    page = _page_at(server, browser, "calculator?hand=123p456p789s11z555s&tsumo=1", 390, 844)
    page.locator(".st-key-calc_summary [data-testid=stAlert]").wait_for()
    gap = _settled(page, """() => {
      const hand = document.querySelector('.st-key-calc_hand').getBoundingClientRect();
      const line = document.querySelector('.st-key-calc_summary [data-testid=stAlert]').getBoundingClientRect();
      return [Math.round(line.top - hand.bottom), Math.round(line.bottom)];
    }""")
    assert 0 <= gap[0] < 160 and gap[1] <= 844, gap  # under the hand (the melds box between), on the first screen
    page.close()
