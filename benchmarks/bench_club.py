"""Club load test: the parts of `make club` (PostgreSQL, two replicas, nginx), simulated learners in real Chromium
contexts taking one quiz through the proxy, one replica killed and restarted half-way.

    python benchmarks/bench_club.py [--learners 30] [--seconds 120]

Each learner is signed in by their cookie and has joined the quiz; every question, each answers it on their page
(the right answer for some, a wrong one for others). An answer's time runs from the click on Send to the page
saying it was sent. Last line:
``club: N learners, S answers sent, R recorded, L lost, p95 X ms, restart: ok|failed``
(sent: the page confirmed it; recorded: rows in the database; lost: sent but not recorded).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402
from playwright import sync_api  # noqa: E402

from tutor.club import Club as Groups  # noqa: E402
from tutor.quiz_night import QuizNight, QuizSettings  # noqa: E402
from tutor.store import ProgressStore  # noqa: E402
from tutor.store_schema import quiz_answers  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
WAIT_MS = 30_000


def _club_class():
    spec = importlib.util.spec_from_file_location("club_script", ROOT / "scripts" / "club.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Club


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _restart(club) -> str:
    """Start the killed replica again; ok when it answers its health check in time."""
    try:
        club.restart_replica(0)
    except SystemExit as exc:
        print(exc, flush=True)
        return "failed"
    return "ok"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sanma-bench-club-"))
    club = _club_class()(_free_port(), work)
    restart = "failed"
    sent = 0
    times: list[float] = []
    try:
        store = ProgressStore(club.db_url)
        groups, night = Groups(store), QuizNight(store)
        teacher = store.create_profile("Teacher")
        group = groups.create_group(teacher.id, "Bench club")
        names = [f"Learner {i:02d}" for i in range(args.learners)]
        tokens = {}
        for name in names:
            profile = store.create_profile(name)
            groups.join(profile.id, group.join_code, agree=True)
            tokens[name] = store.sign_in(name)[1]
        quiz = night.start(teacher.id, group.id, QuizSettings("tenhou", ("payment", "noten"), 30, seed=1, seconds=300))
        for name in names:
            night.join(store.profile_named(name).id, quiz.code)
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless=new", "--no-sandbox",
                                                                         "--disable-gpu"])
            pages = []
            for name in names:
                context = browser.new_context(viewport={"width": 800, "height": 900})
                context.add_cookies([{"name": "sanma_learner", "value": tokens[name], "url": club.url}])
                page = context.new_page()
                page.set_default_timeout(WAIT_MS)
                page.goto(f"{club.url}/quiz?quiz={quiz.id}", timeout=WAIT_MS)
                pages.append(page)
            for page in pages:
                page.get_by_text("Waiting for the teacher").wait_for()
            start = time.monotonic()
            killed = False
            index = -1
            while time.monotonic() - start < args.seconds and index + 1 < len(quiz.questions):
                quiz = night.advance(teacher.id, quiz.id)  # the next question
                index = quiz.current
                q = quiz.question
                key = f"quiz_{quiz.id}_{index}"
                for n, page in enumerate(pages):
                    try:
                        page.locator(f".st-key-{key}_send button").wait_for()
                        for field, value in q.answer.get("numbers", {}).items():
                            box = page.locator(f".st-key-{key}_n_{field} input")
                            box.fill(str(value if n % 3 else value + 100))
                            box.press("Tab")
                        clicked = time.monotonic()
                        page.locator(f".st-key-{key}_send button").click()
                        page.get_by_text("Answer sent").wait_for()
                        times.append(1000 * (time.monotonic() - clicked))
                        sent += 1
                    except sync_api.Error as exc:
                        print(f"  {names[n]}: question {index + 1} not sent ({str(exc).splitlines()[0]})", flush=True)
                night.advance(teacher.id, quiz.id)  # the answer
                print(f"question {index + 1}: {sent} answers sent so far, "
                      f"{time.monotonic() - start:.0f} s", flush=True)
                if not killed and time.monotonic() - start > args.seconds / 3:
                    club.kill_replica(0)
                    killed = True
                    print("replica A killed", flush=True)
                elif killed and restart == "failed":
                    restart = _restart(club)
                    print(f"replica A restarted: {restart}", flush=True)
            if killed and restart == "failed":  # the run ended before the restart: restart now
                restart = _restart(club)
            browser.close()
        with store.read() as con:
            recorded = con.execute(sa.select(sa.func.count()).select_from(quiz_answers)
                                   .where(quiz_answers.c.quiz_id == quiz.id)).scalar()
    finally:
        club.stop()
        shutil.rmtree(work, ignore_errors=True)
    lost = max(0, sent - recorded)
    print(f"club: {args.learners} learners, {sent} answers sent, {recorded} recorded, {lost} lost, "
          f"p95 {_percentile(times, 0.95):.0f} ms, restart: {restart}")


if __name__ == "__main__":
    main()
