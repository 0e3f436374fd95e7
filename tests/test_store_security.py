"""Sign-in security on both backends: at most 5 refused PINs per name per 15 minutes (kept in the database, so it holds
on every replica), sign-in tokens that are unguessable and expire."""

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_support import create_learner, sign_in, signed_in_as
from streamlit.testing.v1 import AppTest

from tutor.store import MAX_PIN_FAILURES, PIN_WINDOW, SIGN_IN_REFUSED, SIGN_IN_TTL, ProgressStore, StoreError

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
APP = str(Path(__file__).resolve().parents[1] / "app.py")
WAIT = re.compile(r"wait (\d+) min (\d+) s")


def _wait_seconds(message: str) -> int:
    found = WAIT.search(message)
    assert found, message
    return int(found[1]) * 60 + int(found[2])


def test_the_sixth_wrong_pin_within_15_minutes_is_refused_with_the_wait(db_url):
    replica_a, replica_b = ProgressStore(db_url), ProgressStore(db_url)
    kim = replica_a.create_profile("Kim")
    replica_a.set_pin(kim.id, "2468")
    for i in range(MAX_PIN_FAILURES):  # wrong PINs, spread over two replicas and four minutes
        store = replica_a if i % 2 else replica_b
        with pytest.raises(StoreError, match=re.escape(SIGN_IN_REFUSED)):
            store.sign_in("Kim", "1111", at=T0 + timedelta(minutes=i))
    for store in (replica_a, replica_b):
        with pytest.raises(StoreError, match="5 refused sign-ins") as info:
            store.sign_in("Kim", "2468", at=T0 + timedelta(minutes=5))  # even the right PIN waits
        # the first refusal (T0) leaves the window at T0 + 15 min: 10 minutes from now
        assert _wait_seconds(str(info.value)) == 10 * 60
    assert replica_a.sign_in("Kim", "2468", at=T0 + PIN_WINDOW + timedelta(seconds=1))[0] == kim


def test_the_limit_counts_only_the_last_15_minutes_and_a_success_clears_it(db_url):
    store = ProgressStore(db_url)
    kim = store.create_profile("Kim")
    store.set_pin(kim.id, "2468")
    for minute in (0, 1, 2, 3):
        with pytest.raises(StoreError, match="open no profile"):
            store.sign_in("Kim", "0000", at=T0 + timedelta(minutes=minute))
    later = T0 + timedelta(minutes=19)  # all four have left the window
    for i in range(MAX_PIN_FAILURES - 1):
        with pytest.raises(StoreError, match="open no profile"):
            store.sign_in("Kim", "0000", at=later + timedelta(seconds=i))
    assert store.sign_in("Kim", "2468", at=later + timedelta(seconds=10))[0] == kim
    assert store.sign_in_wait("Kim", later + timedelta(seconds=11)) is None


def test_an_unknown_name_is_limited_the_same_way_so_the_limit_tells_no_names(db_url):
    store = ProgressStore(db_url)
    kim = store.create_profile("Kim")
    store.set_pin(kim.id, "2468")
    messages = {}
    for name in ("Kim", "Nobody"):
        for i in range(MAX_PIN_FAILURES):
            with pytest.raises(StoreError):
                store.sign_in(name, "1111", at=T0 + timedelta(seconds=i))
        with pytest.raises(StoreError) as info:
            store.sign_in(name, "1111", at=T0 + timedelta(seconds=10))
        messages[name] = str(info.value)
    assert messages["Kim"] == messages["Nobody"] and "wait 14 min 50 s" in messages["Kim"]
    assert store.sign_in_wait("Ann", T0) is None  # other names are not affected


def test_sign_in_tokens_are_unguessable_and_expire(db_url):
    store = ProgressStore(db_url)
    ann = store.create_profile("Ann")
    tokens = [store.sign_in("Ann", at=T0)[1] for _ in range(20)]
    assert len(set(tokens)) == 20 and all(re.fullmatch(r"[A-Za-z0-9_-]{32}", t) for t in tokens)  # 192 random bits
    assert store.signed_in(tokens[0], at=T0 + SIGN_IN_TTL - timedelta(seconds=1)) == ann
    assert store.signed_in(tokens[0], at=T0 + SIGN_IN_TTL + timedelta(seconds=1)) is None
    assert store.signed_in(tokens[0][:-1], at=T0) is None


def test_the_sidebar_refuses_the_sixth_wrong_pin_with_the_wait(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "p.db"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    create_learner(at, "Kim", "2468")
    at.button(key="sign_out").click().run()
    for _ in range(MAX_PIN_FAILURES):
        sign_in(at, "Kim", "9999")
        assert any("open no profile" in e.value for e in at.error)
    sign_in(at, "Kim", "2468")
    [refused] = [e.value for e in at.error if "refused sign-ins" in e.value]
    assert 14 * 60 < _wait_seconds(refused) <= 15 * 60 and signed_in_as(at) is None
