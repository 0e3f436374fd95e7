"""Real browser: Debian's Chromium (driven by Playwright) against `streamlit run app.py` on localhost.

Loads the app, answers one drill question by clicking tiles, and saves screenshots
under artifacts/ (git-ignored). Every wait is bounded.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "artifacts"
WAIT_MS = 30_000

from playwright import sync_api  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh (Debian's chromium package)")
    port = _free_port()
    db = tmp_path_factory.mktemp("browser") / "progress.db"
    env = dict(os.environ, SANMA_TUTOR_DB=str(db))
    log = open(tmp_path_factory.mktemp("log") / "streamlit.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"streamlit did not start on {url}; see {log.name}")
        time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=WAIT_MS)
        yield b
        b.close()


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
