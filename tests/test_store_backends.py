"""The progress store behaves the same on SQLite and on a real PostgreSQL server (started by the tests themselves)."""

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

import tutor.store as store_module
from tutor.profile_file import export_profile, export_text, import_profile, read_profile_file
from tutor.scheduler import review
from tutor.store import Answer, ProgressStore, StoreError, default_location
from tutor.store_schema import SCHEMA_VERSION, current_version

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _answer(topic="payment", correct=True, **kw):
    return Answer(source="drill", topic=topic, concept=f"{topic}.x", correct=correct, **kw)


def test_profiles_answers_and_cards_survive_reopening(db_url):
    store = ProgressStore(db_url)
    a, b = store.create_profile("alice"), store.create_profile("  Bob  ")
    assert b.name == "Bob" and store.create_profile("alice") == a
    row = review(None, "payment.x", "payment", correct=False, at=T0)
    answer_id = store.record_answer(a.id, _answer(question={"id": "q1"}, response=["3p"], seed=2**40, ts=T0), row)
    store.record_answer(b.id, _answer("kita_dora", correct=False))
    again = ProgressStore(db_url)
    [kept] = again.answers(a.id)
    assert kept.id == answer_id and kept.ts == T0
    assert (kept.topic, kept.correct, kept.question, kept.response, kept.seed) == ("payment", True, {"id": "q1"}, ["3p"], 2**40)
    assert again.card(a.id, "payment.x").due == row.due
    assert [c.concept for c in again.due_cards(a.id, T0 + timedelta(days=1))] == ["payment.x"]
    assert [x.topic for x in again.answers(b.id, only_wrong=True)] == ["kita_dora"]
    assert [p.name for p in again.profiles()] == ["alice", "Bob"]  # sorted without regard to case
    assert again.profile_named(" Bob ") == b and again.profile_named("bob") is None


def test_answers_limit_keeps_the_newest(db_url):
    store = ProgressStore(db_url)
    p = store.create_profile("A")
    for topic in ("a", "b", "c"):
        store.record_answer(p.id, _answer(topic))
    assert [a.topic for a in store.answers(p.id, limit=2)] == ["b", "c"]


def test_lesson_progress_never_goes_backwards(db_url):
    store = ProgressStore(db_url)
    p = store.create_profile("A")
    store.save_lesson_step(p.id, "kita", 3, 5)
    store.save_lesson_step(p.id, "kita", 1, 5)
    store.save_lesson_step(p.id, "dora", 2, 4)
    assert store.lesson_progress(p.id) == {"kita": (3, 5), "dora": (2, 4)}
    store.save_lesson_step(p.id, "kita", 5, 5)
    assert store.lesson_progress(p.id)["kita"] == (5, 5)


def test_only_the_newest_games_are_kept(db_url, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_GAMES", 2)
    store = ProgressStore(db_url)
    record = {"settings": {"seed": 7}, "steps": [{"b": "ö"}]}
    for token in ("aaaa", "bbbb", "cccc"):
        store.save_game(token, record)
    assert store.game("aaaa") is None and store.game("bbbb") == record == ProgressStore(db_url).game("cccc")


def test_drill_sessions_are_kept_for_their_learner_and_only_the_newest(db_url, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_DRILLS", 2)
    store = ProgressStore(db_url)
    ann = store.create_profile("Ann")
    store.save_drill("t1", ann.id, {"results": []})
    store.save_drill("t1", ann.id, {"results": [1]})  # the same session again: replaced, not added
    store.save_drill("t2", None, {"results": ["ö"]})
    assert ProgressStore(db_url).drill("t1") == (ann.id, {"results": [1]}) and store.drill("t2") == (None, {"results": ["ö"]})
    store.save_drill("t3", ann.id, {})
    assert store.drill("t1") is None and store.drill("t3") == (ann.id, {})
    store.drop_drill("t3")
    assert store.drill("t3") is None and store.drill("t2") is not None


def test_concurrent_writers_keep_profiles_apart(db_url):
    store = ProgressStore(db_url, timeout=10)
    people = [store.create_profile(f"P{i}") for i in range(4)]

    def work(profile):
        for _ in range(10):
            store.record_answer(profile.id, _answer(topic=profile.name))

    threads = [threading.Thread(target=work, args=(p,)) for p in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for p in people:
        assert [a.topic for a in store.answers(p.id)] == [p.name] * 10


def test_export_and_import_between_backends(db_url, tmp_path):
    a = ProgressStore(db_url)
    kim = a.create_profile("Kim")
    a.record_answer(kim.id, _answer(ts=T0), review(None, "payment.x", "payment", correct=True, at=T0))
    a.save_lesson_step(kim.id, "kita", 2, 3)
    a.set_pin(kim.id, "8642")
    b = ProgressStore(tmp_path / "other.db")
    restored = import_profile(b, read_profile_file(export_text(a, kim.id)))
    assert export_profile(b, restored.id) == export_profile(a, kim.id)
    back = import_profile(a, read_profile_file(export_text(b, restored.id)), name="Kim 2")
    assert export_profile(a, back.id) | {"name": None} == export_profile(a, kim.id) | {"name": None}
    with pytest.raises(StoreError, match="already exists"):
        import_profile(a, read_profile_file(export_text(b, restored.id)))


def test_the_schema_version_is_recorded_once(db_url):
    store = ProgressStore(db_url)
    ProgressStore(db_url)  # a second replica opening the same database migrates nothing twice
    with store.read() as con:
        assert current_version(con) == SCHEMA_VERSION
        assert con.execute(sa.text("SELECT count(*) FROM schema_version")).scalar() == 1


def test_a_database_from_a_newer_program_is_refused(db_url):
    store = ProgressStore(db_url)
    with store.write() as con:
        con.execute(sa.text("UPDATE schema_version SET version = :v"), {"v": SCHEMA_VERSION + 1})
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}, newer than"):
        ProgressStore(db_url)


def test_a_file_from_before_the_version_table_is_adopted_with_its_data(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as con:  # the tables as the first releases made them
        con.executescript("""
            CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created TEXT NOT NULL);
            CREATE TABLE lessons (profile_id INTEGER NOT NULL REFERENCES profiles(id), lesson_id TEXT NOT NULL,
                step INTEGER NOT NULL, total INTEGER NOT NULL, updated TEXT NOT NULL, PRIMARY KEY (profile_id, lesson_id));
            INSERT INTO profiles(name, created) VALUES ('Old', '2025-01-01T00:00:00+00:00');
            INSERT INTO lessons VALUES (1, 'kita', 2, 4, '2025-01-01T00:00:00+00:00');
            PRAGMA user_version=2;
        """)
    store = ProgressStore(path)
    old = store.profile_named("Old")
    assert store.lesson_progress(old.id) == {"kita": (2, 4)}
    store.record_answer(old.id, _answer())
    with store.read() as con:
        assert current_version(con) == SCHEMA_VERSION


def test_a_server_address_selects_postgresql(monkeypatch, postgres_server):
    url = postgres_server.new_database()
    monkeypatch.setenv("SANMA_TUTOR_DB", url)
    assert default_location() == url
    store = ProgressStore()
    assert store.db.is_server and store.db.engine.dialect.name == "postgresql"
    monkeypatch.setenv("SANMA_TUTOR_DB", "/tmp/x.db")
    assert default_location() == "/tmp/x.db"


def test_an_unreachable_server_gives_a_clear_error_without_the_password():
    with pytest.raises(StoreError, match="cannot reach the progress database") as info:
        ProgressStore("postgresql://kim:secret-pw@127.0.0.1:1/sanma", timeout=1)
    assert "secret-pw" not in str(info.value) and "127.0.0.1:1/sanma" in str(info.value)
