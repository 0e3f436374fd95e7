"""Mistakes kept from a review become personal questions: one card per position, graded as the review grades,
kept through export and import, on SQLite and on PostgreSQL; and in the app, from a pasted record to the card
answered."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_support import create_learner
from test_app_review import _args, _paste, open_page

from sanma_core.game.records import tenhou6_document
from sanma_core.review.graded import grade, option_text
from sanma_core.rules import load_preset
from sanma_core.tiles import tile_name
from tutor.kept import TOPIC, KeptPosition, KeptPositions, position_key
from tutor.kept_review import position_of
from tutor.profile_file import export_text, import_profile, read_profile_file
from tutor.review_data import load_review
from tutor.store import ProgressStore, StoreError

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def record() -> str:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return fh.readline()


@pytest.fixture(scope="module")
def loaded(record):
    return load_review(record, load_preset("tenhou"), 0)


@pytest.fixture(scope="module")
def kept_mistakes(loaded):
    """The first three mistakes of seat 0 as positions to keep."""
    names = ("A", "B", "C")
    points = [p for p in loaded.points if p.decision.mistake][:3]
    assert len(points) == 3
    return points, [position_of(loaded, p, names, 0) for p in points]


def test_a_kept_position_is_the_table_before_the_decision_with_every_option(loaded, kept_mistakes):
    points, positions = kept_mistakes
    for p, kp in zip(points, positions, strict=True):
        d = p.decision
        assert sorted(kp.options) == sorted(d.options) and abs(sum(x for _, x in kp.options) - 1) < 1e-3
        assert (kp.player, kp.model, kp.kind) == (d.player, d.model, d.kind)
        assert kp.grade_of(d.player) == d.grade and kp.grade_of(d.model) == "agrees"
        if d.kind == "discard":  # the options are shown in tile order, not in the model's order
            assert [label for label, _ in kp.options] != [label for label, _ in d.options] or len(d.options) < 3
        table = kp.table
        hand = loaded.game_at(p.hand, p.position).view(0).hand
        drawn = [table["hand"]["drawn"]] if table["hand"]["drawn"] else []
        assert sorted(t["tile"] for t in table["hand"]["tiles"] + drawn) == sorted(
            tile_name(t) for t in hand)  # the hand as it was before the decision
        assert json.loads(json.dumps(kp.to_json())) == kp.to_json()  # plain JSON data
    assert len({kp.key for kp in positions}) == len(positions)


def test_grades_of_a_kept_position_follow_the_reviews_definitions():
    kp = KeptPosition(key="k", kind="discard", table={}, names=("A", "B", "C"), seat=0, source="s", reason="",
                      tile=None, player="discard:1m", model="discard:9m",
                      options=(("discard:1m", 0.04), ("discard:5s", 0.12), ("discard:9m", 0.54), ("discard:7z", 0.2), ("discard:3p", 0.1)))
    for label, p in kp.options:
        assert kp.grade_of(label) == grade(p, 0.54, label == "discard:9m")
    assert [kp.grade_of(x) for x in ("discard:9m", "discard:7z", "discard:5s", "discard:3p", "discard:1m")] == [
        "agrees", "fine", "fine", "mistake", "big mistake"]
    with pytest.raises(StoreError, match="not one of this position's options"):
        kp.grade_of("discard:2p")


def test_the_same_position_from_the_xml_and_the_json_of_one_game_is_one_key():
    xml = (DATA / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml").read_text(encoding="utf-8")
    as_json = json.dumps(tenhou6_document(xml))
    rules = load_preset("tenhou")
    a, b = load_review(xml, rules, 1), load_review(as_json, rules, 1)
    pa = [p for p in a.points if p.decision.mistake][:2]
    pb = [p for p in b.points if p.decision.mistake][:2]
    assert pa and [p.decision for p in pa] == [p.decision for p in pb]
    for x, y in zip(pa, pb, strict=True):
        ka = position_of(a, x, ("Ann", "Bo", "Cy"), 1)
        kb = position_of(b, y, ("P1", "P2", "P3"), 1)  # other names: still the same position
        assert ka.key == kb.key
    assert position_key("discard", {"hand": [1]}, ["discard:1m"]) != position_key("discard", {"hand": [2]}, ["discard:1m"])


def test_keeping_twice_is_one_card_due_now_and_export_import_keeps_them(db_url, kept_mistakes):
    _points, positions = kept_mistakes
    store = ProgressStore(db_url)
    kim = store.create_profile("Kim")
    other = store.create_profile("Other")
    kept = KeptPositions(store)
    assert kept.keep(kim.id, positions[0], at=T0) is True
    assert kept.keep(kim.id, positions[0], at=T0 + timedelta(hours=1)) is False  # kept twice: one position
    assert kept.keep(kim.id, positions[1], at=T0) is True
    assert kept.keys(kim.id) == {positions[0].key, positions[1].key} and kept.keys(other.id) == set()
    due = store.due_cards(kim.id, T0)
    assert sorted(c.concept for c in due) == sorted(kp.concept for kp in positions[:2])
    assert {c.topic for c in due} == {TOPIC}
    back = kept.get(kim.id, positions[0].key)
    assert back.to_json() == positions[0].to_json() and back.kept == T0
    with pytest.raises(StoreError, match="no kept position"):
        kept.get(other.id, positions[0].key)  # another learner's position is not theirs

    data = read_profile_file(export_text(store, kim.id))
    assert len(data["kept"]) == 2
    target = ProgressStore(db_url)  # a new learner from the file (import never merges)
    copy = import_profile(target, data, name="Kim on the club laptop")
    assert KeptPositions(target).keys(copy.id) == kept.keys(kim.id)
    assert sorted(c.concept for c in target.due_cards(copy.id, T0)) == sorted(c.concept for c in due)

    kept.remove(kim.id, positions[0].key)
    assert kept.keys(kim.id) == {positions[1].key} and store.card(kim.id, positions[0].concept) is None


def test_a_broken_kept_entry_in_a_profile_file_is_refused_and_names_the_entry(tmp_path, kept_mistakes):
    _points, positions = kept_mistakes
    store = ProgressStore(tmp_path / "a.db")
    kim = store.create_profile("Kim")
    KeptPositions(store).keep(kim.id, positions[0], at=T0)
    data = read_profile_file(export_text(store, kim.id))
    data["kept"][0]["position"]["options"] = "everything"
    target = ProgressStore(tmp_path / "b.db")
    with pytest.raises(StoreError, match=r"kept\[0\]\.position: 'options'"):
        import_profile(target, data, name="Kim 2")
    assert [p.name for p in target.profiles()] == []  # all of it or nothing
    data = read_profile_file(export_text(store, kim.id))
    data["kept"][0]["key"] = "forged"
    with pytest.raises(StoreError, match=r"kept\[0\]\.key"):
        import_profile(target, data, name="Kim 3")
    old = read_profile_file(export_text(store, kim.id))
    del old["kept"]  # a file from before kept positions imports as before
    assert KeptPositions(target).keys(import_profile(target, old, name="Kim 4").id) == set()


# ---- in the app --------------------------------------------------------------------------------------------

def _first_mistake(at):
    at.button(key="review_next_mistake").click().run()
    assert not at.exception
    return int(at.session_state["review_hand"]), int(at.session_state["review_pos"])


def test_a_guest_is_told_to_sign_in_to_keep_mistakes(tmp_path, monkeypatch, record):
    at = _paste(open_page(tmp_path, monkeypatch, timeout=90), record)
    _first_mistake(at)
    assert not [b for b in at.button if b.key and b.key.startswith("review_keep_")]
    assert any("Sign in (sidebar) to keep mistakes as drills" in c.value for c in at.caption)


def test_drill_this_keeps_the_mistake_and_my_positions_asks_it_like_a_drill(tmp_path, monkeypatch, record, loaded):
    at = open_page(tmp_path, monkeypatch, timeout=90)
    create_learner(at, "Kim")
    at.switch_page("tutor/pages/review.py").run()
    _paste(at, record)
    hand, pos = _first_mistake(at)
    point = next(p for p in loaded.points if (p.hand, p.position) == (hand, pos) and p.decision.mistake)
    keep = next(b for b in at.button if b.key == f"review_keep_{point.index}")
    keep.click().run()
    assert not at.exception
    assert any("1 position kept" in s.value for s in at.success)
    kept_button = next(b for b in at.button if b.key == f"review_kept_{point.index}")
    assert kept_button.disabled  # kept: it cannot be kept twice
    big = sum(p.decision.grade == "big mistake" for p in loaded.points)
    if big:
        at.button(key="review_keep_big").click().run()
        assert not at.exception and any("kept" in s.value.lower() for s in at.success)

    store = ProgressStore(tmp_path / "progress.db")
    kim = store.profile_named("Kim")
    keys = KeptPositions(store).keys(kim.id)
    wanted = {position_of(loaded, p, ("x", "y", "z"), 0).key for p in loaded.points
              if p.decision.grade == "big mistake" or p.index == point.index}
    assert keys == wanted  # one position each, whatever the names, however often kept

    at.switch_page("tutor/pages/progress.py").run()
    assert not at.exception
    assert any("positions you kept" in link.proto.label or "position you kept" in link.proto.label
               for link in at.get("page_link"))
    at.switch_page("tutor/pages/positions.py").run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Kept"] == str(len(keys)) and metrics["Due now"] == str(len(keys))
    current = at.session_state["positions_current"]
    kp = KeptPositions(store).get(kim.id, current)
    args = _args(at)  # the table as it was, read-only, saying where the choice is made
    assert args["readonly"] is True and args["state"]["hand"] == kp.table["hand"]
    assert "choose it under the table" in args["state"]["note"]
    at.button(key="positions_check").click().run()  # nothing chosen: told, nothing saved
    assert any("Choose an option first" in w.value for w in at.warning)
    assert store.answers(kim.id) == []
    at.radio(key=f"positions_choice_{current}").set_value(kp.model).run()
    at.button(key="positions_check").click().run()
    assert not at.exception
    assert any(option_text(kp.model, kp.tile) in s.value and "Right" in s.value for s in at.success)
    [answer] = store.answers(kim.id)
    assert (answer.source, answer.concept, answer.correct, answer.response) == ("kept", kp.concept, True, kp.model)
    card = store.card(kim.id, kp.concept)
    assert card.due > datetime.now(UTC)  # answered right: no longer due
    bars = " ".join(h.proto.body for h in at.get("html") if 'class="rv-model"' in h.proto.body)
    assert f"{option_text(kp.model, kp.tile)} <small>◀ model and you</small>" in bars  # the learner's pick, marked
    played = option_text(kp.player, kp.tile)
    assert any(f"chose {played} (" in c.value for c in at.caption)  # and what was played in the game
    at.button(key="positions_next").click().run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Due now"] == str(len(keys) - 1)


def _kept_first_mistakes(text: str, ruleset: str, seat: int, n: int = 2) -> list[KeptPosition]:
    loaded = load_review(text, load_preset(ruleset), seat)
    points = [p for p in loaded.points if p.decision.mistake][:n]
    assert points, "the record has a mistake to keep"
    return [position_of(loaded, p, ("A", "B", "C"), seat) for p in points]


def test_every_record_kind_keeps_its_mistakes_mjai_mahjong_soul_and_a_game_played_here(tmp_path, record):
    from test_app_review import _finished_game

    from sanma_core.game.mjai import dumps
    from sanma_core.game.records import read_record

    mjai = dumps(read_record(record, "tenhou").game.events)
    assert [k.key for k in _kept_first_mistakes(mjai, "tenhou", 0)] == [k.key for k in _kept_first_mistakes(record, "tenhou", 0)]
    soul = (DATA / "mahjongsoul" / "chankan.json").read_text(encoding="utf-8")
    played = _finished_game(seed=3, seat=1)
    store = ProgressStore(tmp_path / "p.db")
    kim = store.create_profile("Kim")
    kept = KeptPositions(store)
    for positions in (_kept_first_mistakes(soul, "mahjongsoul", 0, 1),
                      _kept_first_mistakes(played.mjai(), "tenhou", 1, 1)):
        assert all(kept.keep(kim.id, kp) for kp in positions)
    assert len(kept.all(kim.id)) == 2
