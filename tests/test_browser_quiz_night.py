"""Real Chromium: a teacher and three learners, each in a browser context of their own, run a five-question quiz;
every learner's answers reach the projector and the group's results; a learner outside the group opens nothing."""

import contextlib
import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import WAIT_MS, require_chromium, streamlit_server
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tutor.club import Club
from tutor.quiz_night import QuizNight, QuizSettings
from tutor.store import ProgressStore

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("quiz_night")]
LEARNERS = ("Kim", "Ann", "Joe")
NEXT = '[class*="st-key-quiz_next_"] button'  # the projector's one button, keyed by its step


@pytest.fixture(scope="module")
def room():
    require_chromium()
    work = Path(tempfile.mkdtemp(prefix="sanma-quiz-"))
    store = ProgressStore(work / "progress.db")
    club = Club(store)
    people = {name: store.create_profile(name) for name in ("Sato", *LEARNERS, "Bob")}
    group = club.create_group(people["Sato"].id, "Tuesday")
    for name in LEARNERS:
        club.join(people[name].id, group.join_code, agree=True)
    quiz = QuizNight(store).start(people["Sato"].id, group.id, QuizSettings("tenhou", ("payment",), 5, seed=9,
                                                                            seconds=300))
    tokens = {name: store.sign_in(name)[1] for name in people}
    try:
        with streamlit_server(work, env={"SANMA_QUIZ_REFRESH_S": "0.5"}) as url:  # the pages look twice a second
            yield {"url": url, "store": store, "quiz": quiz, "tokens": tokens, "people": people, "work": work}
    finally:
        store.db.close()
        shutil.rmtree(work, ignore_errors=True)


def _page(browser, room, name, path):
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    context.add_cookies([{"name": "sanma_learner", "value": room["tokens"][name], "url": room["url"]}])
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{room['url']}/{path}", timeout=WAIT_MS)
    page.get_by_text(f"Learner: {name}").wait_for()
    return page


@contextlib.contextmanager
def _told(room, pages: dict):
    """A wait that runs out says what each page showed and what the server wrote last."""
    try:
        yield
    except PlaywrightTimeout as exc:
        shown = "\n".join(f"--- {name}:\n{page.locator('[data-testid=stMain]').inner_text(timeout=5_000)[-1500:]}"
                           for name, page in pages.items())
        log = (room["work"] / "streamlit.log").read_text(errors="replace")[-3000:]
        raise AssertionError(f"{exc.message.splitlines()[0]}\n{shown}\n--- the server's log:\n{log}") from None


def test_a_five_question_quiz_for_three_phones_and_a_projector(room, browser):
    quiz = room["quiz"]
    projector = _page(browser, room, "Sato", f"quiz?run={quiz.id}")
    projector.get_by_role("tab", name="Run a quiz").click()
    projector.get_by_text(f"Quiz code: {quiz.code}").wait_for()
    phones = {}
    for name in LEARNERS:
        phone = _page(browser, room, name, "quiz")
        phone.locator(".st-key-quiz_code input").fill(quiz.code.lower())
        phone.locator(".st-key-quiz_code input").press("Enter")
        phone.locator(".st-key-quiz_join button").click()
        phone.get_by_text("Waiting for the teacher").wait_for()
        phones[name] = phone
    projector.get_by_text("3 players: Kim, Ann, Joe").wait_for()
    with _told(room, {"projector": projector, **phones}):
        _run_the_quiz(quiz, projector, phones)
    projector.locator(NEXT).click()
    projector.get_by_text("Final scores").wait_for()
    scores = {s.name: (s.right, s.answered) for s in QuizNight(room["store"]).scores(quiz)}
    assert scores == {"Kim": (3, 5), "Ann": (2, 5), "Joe": (3, 5)}  # every answer kept for the group
    phones["Kim"].get_by_text("Final scores").wait_for()

    outsider = _page(browser, room, "Bob", f"quiz?quiz={quiz.id}")
    outsider.get_by_text("opens no quiz of your groups").wait_for()
    outsider.goto(f"{room['url']}/quiz?run={quiz.id}", timeout=WAIT_MS)
    outsider.get_by_role("tab", name="Run a quiz").click()
    outsider.get_by_text("among the quizzes you run").wait_for()
    assert outsider.get_by_text("Kim").count() == 0
    for page in (projector, *phones.values(), outsider):
        page.context.close()


def _run_the_quiz(quiz, projector, phones: dict) -> None:
    """Every question shown, answered on each phone (some right, some wrong) and revealed with who answered."""
    for i, q in enumerate(quiz.questions):
        projector.locator(NEXT).click()
        projector.get_by_text(f"Question {i + 1} of 5").wait_for()
        projector.get_by_text("0 of 3 answered").wait_for()  # the question itself, not already its answer
        for n, phone in enumerate(phones.values()):
            right = (i + n) % 2 == 0  # each learner gets some right and some wrong
            key = f"quiz_{quiz.id}_{i}"
            phone.locator(f".st-key-{key}_send button").wait_for()
            for field, value in q.answer["numbers"].items():
                box = phone.locator(f".st-key-{key}_n_{field} input")
                box.fill(str(value if right else value + 100))
                box.press("Tab")
            phone.locator(f".st-key-{key}_send button").click()
            phone.get_by_text("Answer sent").wait_for()
        projector.get_by_text("3 of 3 answered").wait_for()
        projector.locator(NEXT).click()  # the answer and the scores on the projector
        table = projector.locator(".st-key-quiz_answered")
        table.wait_for()
        for name in LEARNERS:
            table.get_by_text(name).first.wait_for()
