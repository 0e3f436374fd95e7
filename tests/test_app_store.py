"""The progress store and the FSRS scheduling wrapper (no Streamlit)."""

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest

from tutor.scheduler import rating_for, review
from tutor.store import Answer, ProgressStore, StoreError, default_path

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _answer(topic="payment", correct=True, **kw):
    return Answer(source="drill", topic=topic, concept=f"{topic}.x", correct=correct, **kw)


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "x.db"))
    assert default_path() == tmp_path / "x.db"
    monkeypatch.delenv("SANMA_TUTOR_DB")
    assert default_path().name == "progress.db" and "sanma-tutor" in str(default_path())


def test_answers_survive_reopening_and_stay_with_their_profile(tmp_path):
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    a, b = store.create_profile("Alice"), store.create_profile("  Bob  ")
    assert b.name == "Bob" and store.create_profile("Alice") == a
    store.record_answer(a.id, _answer(question={"id": "q1"}, response=["3p"], seed=7))
    store.record_answer(b.id, _answer("kita_dora", correct=False))
    again = ProgressStore(path)
    [alice] = again.answers(a.id)
    assert (alice.topic, alice.correct, alice.question, alice.response, alice.seed) == ("payment", True, {"id": "q1"}, ["3p"], 7)
    assert [x.topic for x in again.answers(b.id, only_wrong=True)] == ["kita_dora"]
    assert [p.name for p in again.profiles()] == ["Alice", "Bob"]
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_bad_profile_names(tmp_path):
    store = ProgressStore(tmp_path / "p.db")
    with pytest.raises(StoreError, match="needs a name"):
        store.create_profile("   ")
    with pytest.raises(StoreError, match="longer than"):
        store.create_profile("x" * 41)


def test_card_and_answer_are_written_together(tmp_path):
    store = ProgressStore(tmp_path / "p.db")
    p = store.create_profile("A")
    row = review(None, "payment.x", "payment", correct=False, at=T0)
    store.record_answer(p.id, _answer(correct=False), row)
    assert store.card(p.id, "payment.x").due == row.due
    assert [c.concept for c in store.due_cards(p.id, T0 + timedelta(days=1))] == ["payment.x"]
    assert store.due_cards(p.id, T0 - timedelta(days=1)) == []


def test_corrupt_database_gives_a_clear_error_and_is_left_untouched(tmp_path):
    path = tmp_path / "p.db"
    junk = b"this is not a database" * 100
    path.write_bytes(junk)
    with pytest.raises(StoreError, match="damaged or is not a SQLite file") as info:
        ProgressStore(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == junk


def test_locked_database_loses_no_record(tmp_path):
    path = tmp_path / "p.db"
    store = ProgressStore(path, timeout=0.2)
    p = store.create_profile("A")
    store.record_answer(p.id, _answer())
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            store.record_answer(p.id, _answer("fu"))
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert [a.topic for a in store.answers(p.id)] == ["payment"]
    store.record_answer(p.id, _answer("fu"))
    assert [a.topic for a in store.answers(p.id)] == ["payment", "fu"]


def test_concurrent_writers_keep_profiles_apart(tmp_path):
    store = ProgressStore(tmp_path / "p.db", timeout=10)
    people = [store.create_profile(f"P{i}") for i in range(4)]

    def work(profile):
        for _ in range(15):
            store.record_answer(profile.id, _answer(topic=profile.name))

    threads = [threading.Thread(target=work, args=(p,)) for p in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for p in people:
        answers = store.answers(p.id)
        assert len(answers) == 15 and {a.topic for a in answers} == {p.name}


def test_lesson_progress_never_goes_backwards(tmp_path):
    store = ProgressStore(tmp_path / "p.db")
    p = store.create_profile("A")
    store.save_lesson_step(p.id, "kita", 3, 5)
    store.save_lesson_step(p.id, "kita", 1, 5)
    assert store.lesson_progress(p.id) == {"kita": (3, 5)}


def test_ratings_and_intervals():
    assert rating_for(False).name == "Again"
    assert rating_for(True, 60).name == "Hard"
    assert rating_for(True, 3).name == "Easy"
    assert rating_for(True).name == "Good"
    wrong = review(None, "c", "t", correct=False, at=T0)
    right = review(None, "c", "t", correct=True, at=T0)
    assert wrong.due < right.due
    # a second right answer pushes the review further out
    later = review(right, "c", "t", correct=True, at=right.due)
    assert later.due - right.due > right.due - T0


def test_play_games_survive_reopening_and_only_the_newest_are_kept(tmp_path, monkeypatch):
    import tutor.store as store_module

    monkeypatch.setattr(store_module, "MAX_GAMES", 3)
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    record = {"settings": {"seed": 7, "names": ["Ann", "bot", "bot"]}, "steps": [{"a": 1}, {"b": "ö"}]}
    store.save_game("aaaa", record)
    assert ProgressStore(path).game("aaaa") == record  # reopened: the same data
    store.save_game("aaaa", {**record, "steps": []})  # a later save of the same game replaces it
    assert store.game("aaaa")["steps"] == []
    for token in ("bbbb", "cccc", "dddd"):
        store.save_game(token, record)
    assert store.game("aaaa") is None  # the least recently saved went first
    assert all(store.game(t) == record for t in ("bbbb", "cccc", "dddd"))
    assert store.game("never") is None
    with sqlite3.connect(path) as con:
        con.execute("UPDATE games SET record = 'not json' WHERE token = 'bbbb'")
    assert store.game("bbbb") is None
