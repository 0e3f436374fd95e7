"""`make club`'s parts for real: PostgreSQL, two replicas and nginx with sticky sessions; a signed-in learner whose
replica is killed carries on, signed in, on the other one, and the restarted replica serves them again."""

import importlib.util
import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import WAIT_MS, free_port, require_chromium

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
