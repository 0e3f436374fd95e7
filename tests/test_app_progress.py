"""Progress: survives a restart, due reviews, the mistakes notebook replays the exact question, broken databases."""

from datetime import UTC, datetime
from pathlib import Path

from app_support import sign_in
from streamlit.testing.v1 import AppTest

from drills import generate  # noqa: E402
from drills.explain import concept_name
from tutor.recording import record_answer
from tutor.store import ProgressStore

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)


def _app(db):
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    return at


def _seed_history(path):
    store = ProgressStore(path)
    ann = store.create_profile("Ann")
    q1 = generate("dora_indicator", "tenhou", seed=4)
    q2 = generate("noten", "tenhou", seed=9)
    record_answer(store, ann.id, source="drill", topic=q1.drill_type, concept=q1.concept, correct=False,
                  question=q1.to_dict(), response={"tiles": []}, seed=q1.seed, at=LONG_AGO)
    record_answer(store, ann.id, source="drill", topic=q2.drill_type, concept=q2.concept, correct=True,
                  question=q2.to_dict(), response=q2.answer, seed=q2.seed, at=LONG_AGO)
    return ann, q1, q2


def _choose(at, profile_name):
    sign_in(at, profile_name)
    at.switch_page("tutor/pages/progress.py").run()
    assert not at.exception


def test_progress_survives_a_restart_and_shows_charts(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    ann, _q1, _q2 = _seed_history(path)
    at = _app(path)  # a fresh app process reads what an earlier one saved
    _choose(at, ann.name)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Answers"] == "2" and metrics["Right"] == "50%" and metrics["Due now"] == "2"
    assert len(at.get("plotly_chart")) == 3
    concepts = at.dataframe[-1].value  # the expander's table of scheduled concepts
    assert sorted(concepts["concept"]) == sorted([concept_name(_q1.concept), concept_name(_q2.concept)])
    assert all(v.endswith("%") for v in concepts["recall chance now"])
    at.switch_page("tutor/pages/home.py").run()
    assert any("2 concepts are due" in i.value for i in at.info)


def test_mistakes_notebook_replays_the_exact_question(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    ann, q1, _q2 = _seed_history(path)
    at = _app(path)
    _choose(at, ann.name)
    [answer] = ProgressStore(path).answers(ann.id, only_wrong=True)
    at.button(key=f"replay_{answer.id}").click().run()
    at.switch_page("tutor/pages/drills.py").run()  # the browser switches by itself; AppTest needs telling
    assert not at.exception
    sess = at.session_state["drill_session"]
    assert sess.mode == "replay" and sess.questions[0] and q1.prompt in [m.value.lstrip("# ") for m in at.markdown]
    for name in q1.answer["tiles"]:
        key = next(b.key for b in at.button if b.key and b.key.startswith(f"tb_{name}_s{sess.nonce}q0_"))
        at.button(key=key).click().run()
    at.button(key="dr_check").click().run()
    assert at.success[0].value == "Right!"
    latest = ProgressStore(path).answers(ann.id)[-1]
    assert (latest.source, latest.question["id"], latest.correct) == ("replay", q1.id, True)


def test_due_review_draws_fresh_questions_of_the_due_concepts(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    ann, q1, q2 = _seed_history(path)
    at = _app(path)
    _choose(at, ann.name)
    at.button(key="start_review").click().run()
    at.switch_page("tutor/pages/drills.py").run()
    assert not at.exception
    sess = at.session_state["drill_session"]
    assert sess.mode == "review" and sorted(c for _t, c in sess.concepts) == sorted([q1.concept, q2.concept])
    assert "Question 1 of 2" in at.get("progress")[0].proto.text


def test_corrupt_database_shows_a_message_and_is_left_alone(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    junk = b"not a database at all " * 50
    path.write_bytes(junk)
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    at = _app(path)
    assert any("damaged" in e.value for e in at.error)
    for page in ("progress.py", "learn.py", "drills.py"):
        at.switch_page(f"tutor/pages/{page}").run()
        assert not at.exception, page
        assert [e.value for e in at.error if "damaged" in e.value] and len(at.error) == 1, page
    # drills still work as a guest
    at.selectbox(key="dr_type").set_value("noten")
    at.button(key="dr_start").click().run()
    assert not at.exception and at.session_state["drill_session"] is not None
    assert path.read_bytes() == junk


def test_locked_database_while_answering_keeps_every_record(tmp_path, monkeypatch):
    import sqlite3

    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    ann, _q1, _q2 = _seed_history(path)
    at = _app(path)
    sign_in(at, ann.name)
    at.switch_page("tutor/pages/drills.py").run()
    at.selectbox(key="dr_type").set_value("dora_indicator")
    at.button(key="dr_start").click().run()
    sess = at.session_state["drill_session"]
    from drills import Question

    q = Question.from_json(sess.questions[sess.index])
    tile = q.answer["tiles"][0]
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith(f"tb_{tile}_s{sess.nonce}q0_"))).click().run()
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        at.button(key="dr_check").click().run()
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert not at.exception
    assert any("not saved" in e.value and "locked" in e.value for e in at.error)
    assert len(sess.results) == 1  # the learner still gets the feedback
    assert len(ProgressStore(path).answers(ann.id)) == 2


def test_answers_given_in_one_app_run_are_there_after_a_restart(tmp_path, monkeypatch):
    import streamlit as st

    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    first = _app(path)
    first.text_input(key="new_profile_name").set_value("Lee")
    first.button(key="create_profile").click().run()
    first.switch_page("tutor/pages/drills.py").run()
    first.selectbox(key="dr_type").set_value("noten")
    first.number_input(key="dr_n").set_value(1)
    first.button(key="dr_start").click().run()
    first.button(key="dr_check").click().run()  # unanswered numbers: a clear message, nothing saved
    assert any("please type a number" in w.value for w in first.warning)
    sess = first.session_state["drill_session"]
    from drills import Question

    q = Question.from_json(sess.questions[0])
    for name, _label in q.number_fields:
        first.text_input(key=f"num_s{sess.nonce}q0_{name}").set_value(str(q.answer["numbers"][name]))
    first.button(key="dr_check").click().run()
    assert first.success[0].value == "Right!"
    st.cache_resource.clear()  # nothing survives in memory: the next app reads the file
    second = _app(path)
    [lee] = [p for p in ProgressStore(path).profiles() if p.name == "Lee"]
    _choose(second, lee.name)
    metrics = {m.label: m.value for m in second.metric}
    assert metrics["Answers"] == "1" and metrics["Right"] == "100%"


def test_a_fresh_mistake_says_when_its_review_comes_and_charts_tick_whole_days(tmp_path, monkeypatch):
    """Just-missed concepts fall due minutes later: the page says so instead of a bare 'nothing is due'
    (while the chart already counts them under today), and the charts label days and whole counts."""
    import json

    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    store = ProgressStore(path)
    ann = store.create_profile("Ann")
    q = generate("noten", "tenhou", seed=9)
    record_answer(store, ann.id, source="drill", topic=q.drill_type, concept=q.concept, correct=False,
                  question=q.to_dict(), response={"numbers": {}}, seed=q.seed)
    [card] = store.cards(ann.id)
    assert card.due > datetime.now(UTC)  # scheduled for later, not due yet
    at = _app(path)
    _choose(at, ann.name)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Due now"] == "0"
    text = " ".join(m.value for m in at.markdown)
    assert "the next review comes in" in text and "Nothing is due. Drills" not in text
    specs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    accuracy, due, streak = (s["layout"] for s in specs)
    assert accuracy["xaxis"]["tickformat"] == "%b %d" and accuracy["xaxis"]["dtick"] >= 86_400_000
    assert due["yaxis"]["tickformat"] == "d" and due["yaxis"]["dtick"] >= 1 and streak["yaxis"]["dtick"] >= 1


def _page_text(at) -> str:
    texts = [el.value for kind in ("markdown", "caption", "info", "warning", "text", "subheader") for el in getattr(at, kind)]
    for frame in at.dataframe:
        texts += [str(v) for col in frame.value.columns for v in [col, *frame.value[col]]]
    return "\n".join(str(t) for t in texts)


def test_progress_names_topics_and_concepts_in_words_never_by_internal_id(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    store = ProgressStore(path)
    ann = store.create_profile("Ann")
    questions = [q for seed in range(40) if (q := generate("kita", "tenhou", seed=seed)).concept == "kita.riichi_hand"][:1]
    questions += [generate("dora_indicator", "tenhou", seed=4)]
    assert questions[0].concept == "kita.riichi_hand"
    for q in questions:
        record_answer(store, ann.id, source="drill", topic=q.drill_type, concept=q.concept, correct=False,
                      question=q.to_dict(), response={}, seed=q.seed, at=LONG_AGO)
    at = _app(path)
    _choose(at, ann.name)
    text = _page_text(at)
    for q in questions:
        assert q.concept not in text and concept_name(q.concept) in text
    assert "dora_indicator" not in text and "Dora indicator" in text
    names = {trace["name"] for c in at.get("plotly_chart") for trace in __import__("json").loads(c.proto.spec)["data"]
             if trace.get("name")}
    assert names and not any("_" in n for n in names), names


def test_an_empty_progress_says_what_to_do_first_instead_of_empty_charts(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    monkeypatch.setenv("SANMA_TUTOR_DB", str(path))
    ProgressStore(path).create_profile("Ann")
    at = _app(path)
    _choose(at, "Ann")
    assert not at.get("plotly_chart") and not at.dataframe and not at.metric
    assert "Nothing to show yet" in at.info[0].value
    links = {el.proto.page for el in at.get("page_link")}
    assert links == {"learn", "drills"}, links
