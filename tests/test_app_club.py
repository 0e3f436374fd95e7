"""The Club page: a teacher creates a group, a learner joins with its code and agrees to share, the teacher sees the
heat map, the concepts missed most and who has not practised; another teacher's group id opens nothing."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from app_support import create_learner
from streamlit.testing.v1 import AppTest

from drills import generate
from tutor.recording import record_answer
from tutor.store import ProgressStore

APP = str(Path(__file__).resolve().parents[1] / "app.py")
PAGE = "tutor/pages/teacher.py"
LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)


@pytest.fixture()
def db(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    return ProgressStore(path)


def _open(name):
    at = AppTest.from_file(APP, default_timeout=60).run()
    create_learner(at, name)
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


def _texts(at):
    return [el.value for kind in ("text", "markdown", "error", "info", "success", "code") for el in getattr(at, kind)]


def _create_group(at, name):
    at.text_input(key="club_group_name").set_value(name)
    at.button(key="club_create").click().run()
    assert not at.exception and any("Group created" in s.value for s in at.success)
    [code] = [c.value for c in at.code]
    return code


def test_teacher_and_learner_share_progress_through_a_group(db):
    teacher = _open("Sato")
    code = _create_group(teacher, "Tuesday club")
    learner = _open("Kim")
    learner.text_input(key="club_join_code").set_value(code.lower())
    learner.button(key="club_join").click().run()
    assert any("tick the box" in e.value for e in learner.error)  # no consent, no sharing
    learner.text_input(key="club_join_code").set_value(code)
    learner.checkbox(key="club_join_agree").check()
    learner.button(key="club_join").click().run()
    assert any("You joined the group" in s.value for s in learner.success)
    assert "Tuesday club" in _texts(learner)
    kim = db.profile_named("Kim")
    q = generate("dora_indicator", "tenhou", seed=4)
    record_answer(db, kim.id, source="drill", topic=q.drill_type, concept=q.concept, correct=False,
                  question=q.to_dict(), response={}, seed=q.seed, at=LONG_AGO)
    _open("Ann")  # signed up, never joined: not in the report

    teacher.run()
    metrics = {m.label: m.value for m in teacher.metric}
    assert metrics["Members"] == "1" and metrics["Answers shared"] == "1" and metrics["Not practised in 7 days"] == "1"
    [chart] = teacher.get("plotly_chart")
    heat = json.loads(chart.proto.spec)["data"][0]
    assert heat["type"] == "heatmap" and heat["y"] == ["Kim"] and heat["z"] == [[0]]
    missed = teacher.dataframe[0].value
    assert list(missed["wrong"]) == [1] and list(missed["learners who missed"]) == [1]
    assert list(teacher.dataframe[1].value["learner"]) == ["Kim"]
    assert "Ann" not in json.dumps(json.loads(chart.proto.spec)) + " ".join(map(str, _texts(teacher)))

    learner.button(key=f"club_leave_{teacher.selectbox(key='club_group').value}").click().run()
    assert any("no longer sees your progress" in s.value for s in learner.success)
    teacher.run()
    assert any("No members yet" in i.value for i in teacher.info) and not teacher.get("plotly_chart")


def test_another_teachers_group_id_opens_nothing(db):
    teacher = _open("Sato")
    code = _create_group(teacher, "Sato's group")
    gid = teacher.selectbox(key="club_group").value
    learner = _open("Kim")
    learner.text_input(key="club_join_code").set_value(code)
    learner.checkbox(key="club_join_agree").check()
    learner.button(key="club_join").click().run()
    other = _open("Mori")
    for asked in (str(gid), str(gid + 50), "x"):
        other.query_params["group"] = asked
        other.run()
        assert not other.exception
        assert other.error and ("among the groups you teach" in other.error[0].value
                                or "not a group number" in other.error[0].value)
        texts = " ".join(map(str, _texts(other)))
        assert "Kim" not in texts and code not in texts and not other.get("plotly_chart")
    teacher.query_params["group"] = str(gid)
    teacher.run()
    assert code in [c.value for c in teacher.code] and not teacher.error
