"""The load test's websocket learner against a real app server: it signs in by its cookie, answers a drill as a
page does (its answer recorded for the learner), keeps the link the app writes, and a new connection with that
link continues the session."""

import asyncio
import sys
from pathlib import Path

import pytest
from browser_support import streamlit_server

from tutor.store import ProgressStore

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

pytestmark = pytest.mark.slow


def test_a_websocket_learner_answers_a_drill_and_continues_it_from_its_link(tmp_path):
    from bench_club import _answer_drill
    from ws_learner import WsLearner

    store = ProgressStore(tmp_path / "progress.db")
    ann = store.create_profile("Ann")
    token = store.sign_in("Ann")[1]
    with streamlit_server(tmp_path) as url:

        async def run() -> tuple[list[float], str, list[str]]:
            times: list[float] = []
            one = WsLearner(url, {"sanma_learner": token})
            await one.open("drills", "type=dora_indicator&seed=100&n=2&ruleset=tenhou")
            await _answer_drill(one, 100, 0, times)
            await one.click("dr_next")
            await one.wait_text("Question 2 of 2")
            link = one.query
            await one.close()
            two = WsLearner(url, {"sanma_learner": token})  # a new tab, nothing of the first in memory
            await two.open("drills", link)
            await two.wait_text("Question 2 of 2")
            await _answer_drill(two, 100, 1, times)
            texts = list(two.texts)
            await two.close()
            return times, link, texts

        times, link, texts = asyncio.run(run())
    assert len(times) == 2 and all(t > 0 for t in times)
    assert "drill=" in link and "seed=100" in link
    assert "Right!" in texts
    assert [a.correct for a in store.answers(ann.id)] == [True, True]  # signed in by the cookie: both recorded
