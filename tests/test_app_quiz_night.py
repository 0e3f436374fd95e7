"""Quiz night in the app: the teacher's projector and the players' phones, each its own session over one database;
a learner outside the group cannot join or open the quiz."""

from pathlib import Path

from app_support import create_learner
from streamlit.testing.v1 import AppTest

from tutor.club import Club
from tutor.quiz_night import NOT_IN, QuizNight
from tutor.store import ProgressStore

APP = str(Path(__file__).resolve().parents[1] / "app.py")
PAGE = "tutor/pages/quiz_night.py"


def _open(name):
    at = AppTest.from_file(APP, default_timeout=60).run()
    create_learner(at, name)
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


def _next(teacher):
    """The projector's one button, keyed by the step it moves on from."""
    (button,) = [b for b in teacher.button if b.key and b.key.startswith("quiz_next_")]
    return button


def test_a_quiz_from_start_to_scores_and_an_outsider_kept_out(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    teacher = _open("Sato")
    players = {name: _open(name) for name in ("Kim", "Ann", "Bob")}
    store = ProgressStore(path)
    club = Club(store)
    group = club.create_group(store.profile_named("Sato").id, "Tuesday")
    for name in ("Kim", "Ann"):  # Bob is not in the group
        club.join(store.profile_named(name).id, group.join_code, agree=True)

    teacher.run()
    teacher.multiselect(key="quiz_types").set_value(["payment"])
    teacher.number_input(key="quiz_n").set_value(2)
    teacher.number_input(key="quiz_seconds").set_value(120)
    teacher.button(key="quiz_start_0").click().run()  # the button's first showing in this session
    assert not teacher.exception and not teacher.error
    code = teacher.header[0].value.removeprefix("Quiz code: ")
    quiz_id = teacher.query_params["run"]
    for name, at in players.items():
        at.text_input(key="quiz_code").set_value(code.lower())
        at.button(key="quiz_join").click().run()
        assert not at.exception
        if name == "Bob":
            assert any(NOT_IN[5:40] in e.value for e in at.error)
        else:
            assert any("Waiting for the teacher" in i.value for i in at.info)
    teacher.run()
    assert "2 players: Kim, Ann" in teacher.caption[0].value

    _next(teacher).click().run()  # the first question reaches everyone
    question = QuizNight(store).quiz(int(quiz_id)).question
    for name, right in (("Kim", True), ("Ann", False)):
        at = players[name]
        at.run()
        assert question.prompt in at.text[0].value
        for field, value in question.answer["numbers"].items():
            at.number_input(key=f"quiz_{quiz_id}_0_n_{field}").set_value(value if right else value + 100)
        at.button(key=f"quiz_{quiz_id}_0_send").click().run()
        assert not at.exception and any("Answer sent" in i.value for i in at.info)
    teacher.run()
    assert any("2 of 2 answered" in c.value for c in teacher.caption)
    _next(teacher).click().run()  # the answer, explained, and the scores
    answered = teacher.table[0].value
    assert dict(zip(answered["player"], answered["answer"], strict=True)) == {"Kim": "right", "Ann": "wrong"}
    scores = teacher.table[1].value
    assert list(scores["player"]) == ["Kim", "Ann"] and list(scores["right"]) == ["1", "0"]  # counts written as the language writes them
    players["Kim"].run()
    assert any("Right!" in s.value for s in players["Kim"].success)

    bob = players["Bob"]  # outside the group: the quiz's address opens nothing
    bob.query_params["quiz"] = quiz_id
    bob.run()
    assert any(NOT_IN[5:40] in e.value for e in bob.error) and not bob.table
    bob.query_params["run"] = quiz_id
    bob.run()
    assert any("among the quizzes you run" in e.value for e in bob.error)


def test_each_start_starts_one_quiz_and_the_button_comes_back_with_a_key_of_its_own(tmp_path, monkeypatch):
    """A click applied twice never starts two quizzes (``state.take_once``); a later start is a new showing."""
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    teacher = _open("Sato")
    store = ProgressStore(path)
    sato = store.profile_named("Sato")
    group = Club(store).create_group(sato.id, "Tuesday")
    teacher.run()
    teacher.button(key="quiz_start_0").click().run()
    first = teacher.query_params["run"]
    del teacher.query_params["run"]  # back to the teacher's settings
    teacher.run()
    assert [b.key for b in teacher.button if (b.key or "").startswith("quiz_start")] == ["quiz_start_1"]
    teacher.button(key="quiz_start_1").click().run()
    assert teacher.query_params["run"] != first
    assert [q.id for q in QuizNight(store).quizzes_run(sato.id, group.id)] == [int(first), int(teacher.query_params["run"])]
