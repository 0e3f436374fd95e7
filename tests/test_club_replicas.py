"""`make club`'s parts for real: PostgreSQL, two replicas and nginx with sticky sessions; a signed-in learner whose
replica is killed carries on, signed in, on the other one, and the restarted replica serves them again."""

import importlib.util
import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import WAIT_MS, answer_tiles, free_port, require_chromium

from tutor.store import ProgressStore

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("club")]
ROOT = Path(__file__).resolve().parents[1]


def _club_module():
    spec = importlib.util.spec_from_file_location("club_script", ROOT / "scripts" / "club.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def club():
    require_chromium()
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.fail("nginx is missing: run `sh scripts/ensure_nginx.sh` (make club installs it)", pytrace=False)
    work = Path(tempfile.mkdtemp(prefix="sanma-club-"))
    running = _club_module().Club(free_port(), work)
    yield running
    running.stop()
    shutil.rmtree(work, ignore_errors=True)


def _proxy_serves(club, context) -> None:
    """Wait until nginx answers the browser's replica cookie from a live replica again (it rests an upstream
    that failed for a few seconds, its stand-in too when both were restarted)."""
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + WAIT_MS / 1000
    good = 0
    while good < 4:  # a few answers in a row: each upstream's turn has come
        try:
            ask = urllib.request.Request(f"{club.url}/_stcore/health",
                                         headers={"Cookie": f"sanma_replica={_replica(context)}"})
            with urllib.request.urlopen(ask, timeout=5) as r:
                good = good + 1 if r.status == 200 else 0
        except (urllib.error.URLError, OSError):
            good = 0
        assert time.monotonic() < deadline, "the proxy did not serve again"


def _replica(context) -> str:
    return next(c["value"] for c in context.cookies() if c["name"] == "sanma_replica")


def test_a_signed_in_learner_survives_the_loss_of_their_replica(club, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{club.url}/", timeout=WAIT_MS)
    page.get_by_role("button", name="New learner").click()
    page.locator(".st-key-new_profile_name input").fill("Kim")
    page.locator(".st-key-new_profile_name input").press("Tab")
    page.locator(".st-key-create_profile button").click()
    page.get_by_text("Learner: Kim").wait_for()
    page.wait_for_function("document.cookie.includes('sanma_learner=')", timeout=WAIT_MS)
    assert ProgressStore(club.db_url).profile_named("Kim") is not None  # saved in PostgreSQL
    first = "ab".index(_replica(context))
    club.kill_replica(first)
    page.reload(timeout=WAIT_MS)
    page.get_by_text("Learner: Kim").wait_for()  # the other replica, signed in from the database
    club.restart_replica(first)
    context.add_cookies([{"name": "sanma_replica", "value": "ab"[first], "url": club.url}])
    page.reload(timeout=WAIT_MS)
    page.get_by_text("Learner: Kim").wait_for()
    context.close()


def test_a_drill_session_and_a_game_in_progress_continue_on_the_other_replica(club, browser):
    """Both live in the database under their page's link: killing the replica that served them loses neither."""
    from drills import generate
    from tutor.drill_session import question_seed

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    seed = 6
    first, second = (generate("dora_indicator", "tenhou", seed=question_seed(seed, i)) for i in range(2))
    page.goto(f"{club.url}/drills?type=dora_indicator&seed={seed}&n=3&ruleset=tenhou", timeout=WAIT_MS)
    answer_tiles(page, first)
    page.locator('div.st-key-dr_next[data-stale="false"] button').first.click()
    page.get_by_text("Question 2 of 3").wait_for()
    page.wait_for_function("location.search.includes('drill=')", timeout=WAIT_MS)
    served = "ab".index(_replica(context))
    club.kill_replica(served)
    page.reload(timeout=WAIT_MS)
    page.get_by_text("Question 2 of 3").wait_for()  # the other replica, the session from the database
    page.get_by_text(second.prompt).wait_for()
    club.restart_replica(served)
    _proxy_serves(club, context)

    page.goto(f"{club.url}/play", timeout=WAIT_MS)
    seed_box = page.locator(".st-key-play_seed input")
    seed_box.fill("2")  # a deal with only discards to choose at the first draw
    seed_box.press("Enter")
    page.wait_for_function("document.querySelector('.st-key-play_seed input').value === '2'")
    page.locator(".st-key-play_start button").click()
    table = page.frame_locator('iframe[title*="sanma_table"]').first
    table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    page.wait_for_function("location.search.includes('game=')", timeout=WAIT_MS)
    hand = table.locator("[data-role=hand] .tile").evaluate_all("els => els.map(e => e.getAttribute('data-tile'))")
    holder = "ab".index(_replica(context))  # the cookie follows the replica that answered: it holds the game
    club.kill_replica(holder)
    page.reload(timeout=WAIT_MS)  # the other one, which never had the game in memory
    table.locator("[data-role=hand] .tile").first.wait_for(state="visible")
    again = table.locator("[data-role=hand] .tile").evaluate_all("els => els.map(e => e.getAttribute('data-tile'))")
    assert again == hand and len(hand) >= 13
    club.restart_replica(holder)
    context.close()
