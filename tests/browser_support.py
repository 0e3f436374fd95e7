"""Shared harness for the real-browser tests: a `streamlit run app.py` server and Debian's Chromium.

Every wait is bounded. Chromium must be installed (scripts/ensure_chromium.sh does it).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright import sync_api

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 30_000


def require_chromium() -> None:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh (Debian's chromium package)", pytrace=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def streamlit_server(workdir: Path, start_timeout: float = 60, script: str = "app.py",
                     env: dict[str, str] | None = None) -> Iterator[str]:
    """Run the app (or another ``script``, relative to the project) on a free localhost port with its own
    progress database (and ``env`` added to its environment); yields the base URL."""
    port = free_port()
    env = dict(os.environ, **(env or {}), SANMA_TUTOR_DB=str(workdir / "progress.db"))
    log_path = workdir / "streamlit.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + start_timeout
        try:
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"streamlit did not start on {url} within {start_timeout:.0f} s; see {log_path}")
                time.sleep(0.3)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


@contextlib.contextmanager
def served_app(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[str]:
    """The app on a fresh server with its own folder, after checking Chromium is there (for module fixtures)."""
    require_chromium()
    with streamlit_server(tmp_path_factory.mktemp(name)) as url:
        yield url


@contextlib.contextmanager
def chromium() -> Iterator[sync_api.Browser]:
    """Debian's Chromium driven by Playwright, closed afterwards."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=WAIT_MS)
        try:
            yield browser
        finally:
            browser.close()


def answer_tiles(page, question, ctx: str = "s0q0") -> None:
    """Click a drill question's answer tiles (each drawn selected before the next) and Check; wait for "Right!"."""
    page.get_by_text(question.prompt).wait_for()
    for name in question.answer["tiles"]:
        tile = f'div[class*="st-key-tb_{name}_{ctx}_"][data-stale="false"]'
        page.locator(f"{tile} button").first.click()
        # the clicked tile is drawn selected (raised, red outline) after the rerun
        page.locator(f'{tile} button[data-testid="stBaseButton-primary"]').first.wait_for()
    page.locator('div.st-key-dr_check[data-stale="false"] button').first.click()
    page.get_by_text("Right!").wait_for()
