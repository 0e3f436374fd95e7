"""Learners' progress is theirs: PINs kept as salted hashes, sign-in tokens, and profile files (no Streamlit)."""

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tutor.profile_file import MAX_FILE_BYTES, export_profile, export_text, import_profile, read_profile_file
from tutor.scheduler import review
from tutor.store import SIGN_IN_REFUSED, Answer, ProgressStore, StoreError

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture()
def store(db_url):
    return ProgressStore(db_url)


def test_a_pin_protected_profile_cannot_be_opened_without_the_pin(store, tmp_path):
    kim = store.create_profile("Kim")
    store.set_pin(kim.id, "2468")
    with pytest.raises(StoreError, match="open no profile"):
        store.sign_in("Kim")
    with pytest.raises(StoreError, match="open no profile"):
        store.sign_in("Kim", "2469")
    profile, token = store.sign_in("Kim", "2468")
    assert profile == kim and store.signed_in(token) == kim
    store.sign_out(token)
    assert store.signed_in(token) is None


def test_the_pin_is_stored_salted_and_hashed_never_in_plain_text(tmp_path):
    store = ProgressStore(tmp_path / "p.db")
    a, b = store.create_profile("A"), store.create_profile("B")
    store.set_pin(a.id, "13579")
    store.set_pin(b.id, "13579")
    raw = (tmp_path / "p.db").read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("p.db-*"))
    assert b"13579" not in raw
    with sqlite3.connect(tmp_path / "p.db") as con:
        rows = con.execute("SELECT salt, hash FROM pins ORDER BY profile_id").fetchall()
    assert rows[0][0] != rows[1][0] and rows[0][1] != rows[1][1]  # one salt per profile: equal PINs hash apart
    store.set_pin(a.id, None)
    assert not store.has_pin(a.id) and store.sign_in("A")[0] == a


@pytest.mark.parametrize("pin", ["12", "abcd", "1234567890123", " ", "１２３４"])
def test_a_pin_must_be_four_to_twelve_digits(store, pin):
    kim = store.create_profile("Kim")
    with pytest.raises(StoreError, match="4–12 digits"):
        store.set_pin(kim.id, pin)
    assert not store.has_pin(kim.id)


def test_a_refused_sign_in_never_tells_which_names_exist(store):
    kim = store.create_profile("Kim")
    store.set_pin(kim.id, "2468")
    store.create_profile("Ann")
    answers = []
    for name, pin in [("  Nobody ", ""), ("Nobody", "2468"), ("Kim", ""), ("Kim", "1111")]:
        with pytest.raises(StoreError) as refused:
            store.sign_in(name, pin)
        answers.append(str(refused.value))
    # an unknown name, a missing PIN and a wrong one get the very same words, naming nobody
    assert answers == [SIGN_IN_REFUSED] * 4
    assert "Kim" not in SIGN_IN_REFUSED and "Nobody" not in SIGN_IN_REFUSED
    assert store.sign_in("Ann")[0].name == "Ann"  # a profile without a PIN opens by name alone
    assert store.signed_in("made-up-token") is None and store.signed_in("") is None


def _progress(store, pid):
    return export_profile(store, pid) | {"name": None}


def test_profile_export_then_import_restores_progress_exactly(tmp_path):
    a = ProgressStore(tmp_path / "a.db")
    kim = a.create_profile("Kim")
    a.create_profile("Someone else")
    card = None
    for i, correct in enumerate([True, False, True]):
        card = review(card, "payment.ron", "payment", correct, 4.25, T0 + timedelta(minutes=i))
        a.record_answer(kim.id, Answer(source="drill", topic="payment", concept="payment.ron", correct=correct,
                                       score=0.5 * i, ruleset="tenhou", seed=7 + i, difficulty=2, question={"han": 3},
                                       response={"total": 3900 + i}, seconds=4.25, ts=T0 + timedelta(minutes=i)),
                        card)
    a.save_lesson_step(kim.id, "kita", 2, 3)
    a.set_pin(kim.id, "8642")
    text = export_text(a, kim.id)
    b = ProgressStore(tmp_path / "b.db")
    b.create_profile("Another learner")  # ids differ on the new machine
    restored = import_profile(b, read_profile_file(text))
    assert restored.name == "Kim" and restored.id != kim.id
    assert export_profile(b, restored.id) == export_profile(a, kim.id)
    assert [x.concept for x in b.due_cards(restored.id, T0 + timedelta(days=365))] == ["payment.ron"]
    assert b.lesson_progress(restored.id) == {"kita": (2, 3)}
    with pytest.raises(StoreError, match="open no profile"):
        b.sign_in("Kim")
    assert b.sign_in("Kim", "8642")[0] == restored
    with pytest.raises(StoreError, match="already exists"):
        import_profile(b, read_profile_file(text))
    assert import_profile(b, read_profile_file(text), name="Kim 2").name == "Kim 2"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "not a profile file"),
    (lambda d: d["answers"][0].update(correct="yes"), r"answers\[0\]\.correct: expected true or false"),
    (lambda d: d["answers"][0].update(ts="yesterday"), r"answers\[0\]\.ts: expected a date and time"),
    (lambda d: d["lessons"].append({"lesson": "kita", "step": "2", "total": 3, "updated": "x"}), r"lessons\[1\]\.step"),
    (lambda d: d.update(cards={}), "cards: expected a list"),
])
def test_a_broken_profile_file_says_where_and_imports_nothing(tmp_path, change, message):
    a = ProgressStore(tmp_path / "a.db")
    kim = a.create_profile("Kim")
    a.record_answer(kim.id, Answer(source="drill", topic="payment", concept="payment.ron", correct=True, ts=T0))
    a.save_lesson_step(kim.id, "kita", 1, 3)
    data = json.loads(export_text(a, kim.id))
    change(data)
    b = ProgressStore(tmp_path / "b.db")
    with pytest.raises(StoreError, match=message):
        import_profile(b, read_profile_file(json.dumps(data)))
    assert b.profiles() == []


def test_a_profile_file_that_is_not_json_or_too_large_is_refused():
    with pytest.raises(StoreError, match="not JSON at line 1"):
        read_profile_file("{nope")
    with pytest.raises(StoreError, match="larger than"):
        read_profile_file(" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(StoreError, match="expected an object"):
        read_profile_file("[1, 2]")
