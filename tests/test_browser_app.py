"""Real browser: Debian's Chromium (driven by Playwright) against `streamlit run app.py` on localhost.

Loads the app, answers one drill question by clicking tiles, and saves screenshots
under artifacts/ (git-ignored). Every wait is bounded.
"""

import pytest
from browser_support import ROOT, WAIT_MS, chromium, served_app

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_app(tmp_path_factory, "browser") as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def test_answer_a_drill_by_clicking_tiles(server, browser):
    from drills import generate
    from tutor.drill_session import question_seed

    seed = 5
    question = generate("dora_indicator", "tenhou", seed=question_seed(seed, 0))
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server}/drills?type=dora_indicator&seed={seed}&n=1&ruleset=tenhou", timeout=WAIT_MS)
    page.get_by_text(question.prompt).wait_for()
    for name in question.answer["tiles"]:
        tile = f'div[class*="st-key-tb_{name}_s0q0_"][data-stale="false"]'
        page.locator(f"{tile} button").first.click()
        # the clicked tile is drawn selected (raised, red outline) after the rerun
        page.locator(f'{tile} button[data-testid="stBaseButton-primary"]').first.wait_for()
    page.locator('div.st-key-dr_check[data-stale="false"] button').first.click()
    page.get_by_text("Right!").wait_for()
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
    width = page.locator('img[alt="4z"]').first.bounding_box()["width"]
    assert 20 <= width <= 60, width  # tiles shrink to fit a phone but stay readable
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-home-phone.png"))
    page.close()
