"""Quiz night on both backends: the state lives in the database (two store objects stand for two replicas), only the
group's teacher runs it, only members join, one answer per question while its time runs, scores per player."""

from datetime import UTC, datetime, timedelta

import pytest

from sanma_core.rules import load_preset
from tutor.club import Club
from tutor.handout import worksheet
from tutor.quiz_night import NO_QUIZ, NOT_IN, QuizNight, QuizSettings
from tutor.store import ProgressStore, StoreError

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
SETTINGS = QuizSettings("tenhou", ("payment", "noten"), 3, seed=11, seconds=20)


def _wrong(q):
    return {"numbers": {k: v + 100 for k, v in q.answer["numbers"].items()}}


@pytest.fixture()
def night(db_url):
    store = ProgressStore(db_url)
    club = Club(store)
    sato, mori, kim, ann, bob = (store.create_profile(n) for n in ("Sato", "Mori", "Kim", "Ann", "Bob"))
    group = club.create_group(sato.id, "Tuesday")
    for p in (kim, ann):
        club.join(p.id, group.join_code, agree=True)
    other = club.create_group(mori.id, "Mori's")
    club.join(bob.id, other.join_code, agree=True)
    return {"a": QuizNight(store), "b": QuizNight(ProgressStore(db_url)), "group": group, "sato": sato, "mori": mori,
            "kim": kim, "ann": ann, "bob": bob}


def test_a_quiz_runs_across_two_replicas(night):
    a, b = night["a"], night["b"]
    quiz = a.start(night["sato"].id, night["group"].id, SETTINGS, at=T0)
    assert len(quiz.code) == 6 and quiz.phase == "lobby"
    assert [q.id for q in quiz.questions] == [q.id for q in worksheet(load_preset("tenhou"), ["payment", "noten"], 3, 11).questions]
    b.join(night["kim"].id, quiz.code, at=T0)
    a.join(night["ann"].id, quiz.code.lower(), at=T0)
    assert b.players(quiz) == ["Kim", "Ann"]
    for i in range(3):
        quiz = (a if i % 2 else b).advance(night["sato"].id, quiz.id, at=T0 + timedelta(minutes=i))
        assert (quiz.phase, quiz.current) == ("question", i)
        q = quiz.question
        assert a.answer(night["kim"].id, quiz.id, i, q.answer, at=quiz.started + timedelta(seconds=5)).correct
        assert not b.answer(night["ann"].id, quiz.id, i, _wrong(q), at=quiz.started + timedelta(seconds=6)).correct
        with pytest.raises(StoreError, match="already answered"):
            b.answer(night["kim"].id, quiz.id, i, q.answer, at=quiz.started + timedelta(seconds=7))
        assert a.answered(quiz, i) == {"Kim": True, "Ann": False}
        quiz = a.advance(night["sato"].id, quiz.id, at=T0 + timedelta(minutes=i, seconds=30))
        assert quiz.phase == "reveal"
        with pytest.raises(StoreError, match="closed"):
            a.answer(night["ann"].id, quiz.id, i, q.answer)
    assert b.advance(night["sato"].id, quiz.id).phase == "done"
    scores = b.scores(quiz)
    assert [(s.name, s.right, s.answered) for s in scores] == [("Kim", 3, 3), ("Ann", 0, 3)]
    assert scores[0].points == 3.0 and scores[1].points < 3
    assert [x.id for x in a.quizzes_run(night["sato"].id, night["group"].id)] == [quiz.id]  # kept for the group
    with pytest.raises(StoreError, match="opens no quiz"):  # a finished quiz takes no more players
        a.join(night["kim"].id, quiz.code)


def test_a_click_sent_twice_moves_on_once(night):
    """The teacher's click names the step it was made on: the same click again (a double click, a repeated
    request, the second of two screens) leaves the next step alone."""
    a, b = night["a"], night["b"]
    sato = night["sato"].id
    quiz = a.start(sato, night["group"].id, SETTINGS, at=T0)
    for shown, after in [(("lobby", -1), ("question", 0)), (("question", 0), ("reveal", 0)),
                         (("reveal", 0), ("question", 1))]:
        quiz = a.advance(sato, quiz.id, shown=shown)
        assert (quiz.phase, quiz.current) == after
        again = b.advance(sato, quiz.id, shown=shown)  # the same click again
        assert (again.phase, again.current) == after
    quiz = a.advance(sato, quiz.id)  # without a step: always the next one
    assert (quiz.phase, quiz.current) == ("reveal", 1)


def test_time_runs_out(night):
    a = night["a"]
    quiz = a.start(night["sato"].id, night["group"].id, SETTINGS, at=T0)
    a.join(night["kim"].id, quiz.code)
    quiz = a.advance(night["sato"].id, quiz.id, at=T0)
    with pytest.raises(StoreError, match="time is up"):
        a.answer(night["kim"].id, quiz.id, 0, quiz.question.answer, at=T0 + timedelta(seconds=21))
    assert quiz.time_left(T0 + timedelta(seconds=5)) == 15


def test_only_the_groups_teacher_runs_it_and_only_members_join(night):
    a = night["a"]
    with pytest.raises(StoreError, match="among the groups you teach"):
        a.start(night["mori"].id, night["group"].id, SETTINGS)
    quiz = a.start(night["sato"].id, night["group"].id, SETTINGS)
    for call in (a.advance, a.for_teacher):
        with pytest.raises(StoreError) as info:
            call(night["mori"].id, quiz.id)
        assert str(info.value) == NO_QUIZ.format(qid=quiz.id)
    with pytest.raises(StoreError) as info:
        a.join(night["bob"].id, quiz.code)  # the right code, but not in the group
    assert str(info.value) == NOT_IN
    for outsider in ("bob", "sato"):
        with pytest.raises(StoreError, match="opens no quiz"):
            a.answer(night[outsider].id, quiz.id, 0, {})


@pytest.mark.parametrize(("change", "message"), [
    ({"ruleset": "nope"}, "preset ruleset"), ({"n": 0}, "1–30 questions"), ({"seconds": 2}, "10–300 seconds"),
    ({"drill_types": ("nope",)}, "unknown drill type"),
])
def test_bad_settings_are_refused(night, change, message):
    settings = QuizSettings(**{**SETTINGS.__dict__, **change})
    with pytest.raises(StoreError, match=message):
        night["a"].start(night["sato"].id, night["group"].id, settings)
