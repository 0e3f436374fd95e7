"""Club load test: the parts of `make club` (PostgreSQL, two replicas, nginx) and simulated learners answering drills
and taking one quiz through the proxy, one replica killed and restarted a third of the way through the quiz.

    python benchmarks/bench_club.py [--learners 30] [--seconds 120]

Each learner is a real websocket session of the app (:class:`ws_learner.WsLearner`: the messages a browser tab
sends, its fragments polled as a page polls them, reconnecting through the proxy when its replica goes away),
signed in by their cookie. First each starts a two-question drill session and answers its first question; then
all take the quiz they have joined, every question at once, for ``--seconds`` (the right answer for some, a wrong
one for others); replica A is killed a third of the way through and started again. Last, each opens their drill
session's link again, which must continue at question 2 (the session from the database, whichever replica served
it before), and answers it. An answer's time runs from the click on Send (or Check) to the page saying it was
sent (or graded). Last line:
``club: N learners, S answers sent, R recorded, L lost, p95 X ms, restart: ok|failed``
(sent: the page confirmed it; recorded: rows in the database; lost: sent but not recorded, and drill sessions
that did not continue).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import sqlalchemy as sa  # noqa: E402
from ws_learner import WsLearner  # noqa: E402

from drills import generate  # noqa: E402
from tutor.club import Club as Groups  # noqa: E402
from tutor.drill_session import question_key, question_seed, unique_question  # noqa: E402
from tutor.quiz_night import QuizNight, QuizSettings  # noqa: E402
from tutor.store import ProgressStore  # noqa: E402
from tutor.store_schema import answers, quiz_answers  # noqa: E402

DRILL = "dora_indicator"
QUESTIONS = 30  # the quiz's length: more than the run asks, so that time ends it


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


def _figures(times: list[float]) -> str:
    return f"p50 {_percentile(times, 0.5):.0f} ms, p95 {_percentile(times, 0.95):.0f} ms"


def _restart(club) -> str:
    """Start the killed replica again; ok when it answers its health check in time."""
    try:
        club.restart_replica(0)
    except SystemExit as exc:
        print(exc, flush=True)
        return "failed"
    return "ok"


def _drill_question(seed: int, index: int):
    """Question ``index`` of a drill session seeded ``seed``, as the page draws it (no repeats in a session)."""
    earlier: set[str] = set()
    for i in range(index + 1):
        q = unique_question(lambda k: generate(DRILL, "tenhou", seed=k), question_seed(seed, i), earlier)
        earlier.add(question_key(q))
    return q


async def _answer_drill(learner: WsLearner, seed: int, index: int, times: list[float]) -> None:
    """Click the right tiles of question ``index`` and Check; the time from Check to the grade is kept."""
    q = _drill_question(seed, index)
    await learner.wait_text(q.prompt)
    for name in q.answer["tiles"]:
        await learner.click(await learner.key_starting(f"tb_{name}_s"))
        await learner.wait_text(f"chosen: {name}")
    clicked = time.monotonic()
    await learner.click("dr_check")
    await learner.wait_text("Right!")
    times.append(1000 * (time.monotonic() - clicked))


async def _send_quiz_answer(learner: WsLearner, key: str, numbers: dict, wrong: bool, times: list[float]) -> None:
    """Type the numbers (off by 100 when ``wrong``) and Send; again after a reconnect that lost the click."""
    for _attempt in range(3):
        for field, value in numbers.items():
            await learner.set_number(f"{key}_n_{field}", value + 100 if wrong else value)
        clicked = time.monotonic()
        reconnects = learner.reconnects
        await learner.click(f"{key}_send")
        await learner.wait_for(lambda r=reconnects: any("Answer sent" in t for t in learner.texts)
                               or (learner.reconnects > r and f"{key}_send" in learner.widgets), "Answer sent")
        if any("Answer sent" in t for t in learner.texts):
            times.append(1000 * (time.monotonic() - clicked))
            return
    raise TimeoutError(f"{key}: not sent in three tries")


async def _run(args, club, store: ProgressStore, night: QuizNight, teacher, quiz, names, tokens) -> dict:
    learners = [WsLearner(club.url, {"sanma_learner": tokens[name]}) for name in names]
    out = {"sent": 0, "continued": 0, "links": {}, "drill_times": [], "quiz_times": [], "later_times": [],
           "restart": "failed"}

    async def first_drill(n: int, learner: WsLearner) -> None:
        await learner.open("drills", f"type={DRILL}&seed={100 + n}&n=2&ruleset=tenhou")
        await _answer_drill(learner, 100 + n, 0, out["drill_times"])
        out["sent"] += 1
        await learner.click("dr_next")
        await learner.wait_text("Question 2 of 2")
        out["links"][n] = learner.query

    async def guarded(what: str, n: int, job) -> None:
        try:
            await job
        except (TimeoutError, OSError) as exc:
            print(f"  {names[n]}: {what} ({exc})", flush=True)

    await asyncio.gather(*(guarded("drill not answered", n, first_drill(n, lr)) for n, lr in enumerate(learners)))
    print(f"drills: {len(out['links'])} first answers sent, {_figures(out['drill_times'])}", flush=True)

    await asyncio.gather(*(lr.open("quiz", f"quiz={quiz.id}") for lr in learners))
    await asyncio.gather(*(lr.wait_text("Waiting for the teacher") for lr in learners))
    start = time.monotonic()
    pace = args.seconds / 12  # at least this long per question, so that a quiz night's pace is kept
    killed = False
    index = -1
    while time.monotonic() - start < args.seconds and index + 1 < len(quiz.questions):
        shown = time.monotonic()
        quiz = await asyncio.to_thread(night.advance, teacher.id, quiz.id)  # the next question
        index = quiz.current
        q = quiz.question
        key = f"quiz_{quiz.id}_{index}"
        numbers = q.answer.get("numbers", {})
        before = len(out["quiz_times"])
        await asyncio.gather(*(guarded(f"question {index + 1} not sent", n,
                                       _send_quiz_answer(lr, key, numbers, n % 3 == 0, out["quiz_times"]))
                               for n, lr in enumerate(learners)))
        out["sent"] += len(out["quiz_times"]) - before
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - shown)))
        await asyncio.to_thread(night.advance, teacher.id, quiz.id)  # the answer
        print(f"question {index + 1}: {len(out['quiz_times'])} answers sent so far, "
              f"{time.monotonic() - start:.0f} s", flush=True)
        if not killed and time.monotonic() - start > args.seconds / 3:
            await asyncio.to_thread(club.kill_replica, 0)
            killed = True
            print("replica A killed", flush=True)
        elif killed and out["restart"] == "failed":
            out["restart"] = await asyncio.to_thread(_restart, club)
            print(f"replica A restarted: {out['restart']}", flush=True)
    if killed and out["restart"] == "failed":  # the run ended before the restart: restart now
        out["restart"] = await asyncio.to_thread(_restart, club)
    print(f"quiz: {len(out['quiz_times'])} answers, {_figures(out['quiz_times'])}", flush=True)

    async def second_drill(n: int) -> None:
        learner = learners[n]
        await learner.open("drills", out["links"][n])
        await learner.wait_text("Question 2 of 2")
        out["continued"] += 1
        await _answer_drill(learner, 100 + n, 1, out["later_times"])
        out["sent"] += 1

    await asyncio.gather(*(guarded("drill session not continued", n, second_drill(n)) for n in out["links"]))
    print(f"drills: {out['continued']} of {len(out['links'])} sessions continued, {_figures(out['later_times'])}",
          flush=True)
    reconnects = sum(lr.reconnects for lr in learners)
    print(f"reconnections after the kill: {reconnects}", flush=True)
    await asyncio.gather(*(lr.close() for lr in learners))
    out["quiz_id"] = quiz.id
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sanma-bench-club-"))
    club = _club_class()(_free_port(), work)
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
        quiz = night.start(teacher.id, group.id,
                           QuizSettings("tenhou", ("payment", "noten"), QUESTIONS, seed=1, seconds=300))
        for name in names:
            night.join(store.profile_named(name).id, quiz.code)
        out = asyncio.run(_run(args, club, store, night, teacher, quiz, names, tokens))
        learner_ids = [store.profile_named(name).id for name in names]
        with store.read() as con:
            recorded = con.execute(sa.select(sa.func.count()).select_from(quiz_answers)
                                   .where(quiz_answers.c.quiz_id == out["quiz_id"])).scalar()
            recorded += con.execute(sa.select(sa.func.count()).select_from(answers)
                                    .where(answers.c.profile_id.in_(learner_ids))).scalar()
    finally:
        club.stop()
        shutil.rmtree(work, ignore_errors=True)
    times = out["drill_times"] + out["quiz_times"] + out["later_times"]
    lost = max(0, out["sent"] - recorded) + (len(out["links"]) - out["continued"])
    print(f"club: {args.learners} learners, {out['sent']} answers sent, {recorded} recorded, {lost} lost, "
          f"p95 {_percentile(times, 0.95):.0f} ms, restart: {out['restart']}")


if __name__ == "__main__":
    main()
