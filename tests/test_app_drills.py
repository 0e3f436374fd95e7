"""Drill sessions through the widgets: tiles and numbers answers, summary, saving, shared links, bad input."""

import re
from pathlib import Path

import pytest
from app_support import sign_in, signed_in_as
from streamlit.testing.v1 import AppTest

from drills import Question, generate  # noqa: E402
from drills.registry import DRILL_IDS, DRILLS
from sanma_core.rules import load_preset
from tutor.drill_session import question_seed
from tutor.store import ProgressStore

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")


def _open(tmp_path, monkeypatch, **params):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.run()
    at.switch_page("tutor/pages/drills.py").run()
    assert not at.exception
    return at


def _create_profile(at, name):
    at.text_input(key="new_profile_name").set_value(name)
    at.button(key="create_profile").click().run()
    assert not at.exception


def _current(at):
    sess = at.session_state["drill_session"]
    return sess, Question.from_json(sess.questions[sess.index]), f"s{sess.nonce}q{sess.index}"


def _click_tiles(at, ctx, names):
    for name in names:
        if name == "kita":  # setting a North aside is a button of its own
            at.button(key=f"kita_{ctx}").click().run()
            continue
        key = next(b.key for b in at.button if b.key and b.key.startswith(f"tb_{name}_{ctx}_"))
        at.button(key=key).click().run()


def _start(at, drill_type, n, seed):
    at.selectbox(key="dr_type").set_value(drill_type)
    at.number_input(key="dr_n").set_value(n)
    at.number_input(key="dr_seed").set_value(seed)
    at.button(key="dr_start").click().run()
    assert not at.exception


def test_full_tile_session_with_summary_and_saved_answers(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _create_profile(at, "Ann")
    _start(at, "dora_indicator", 3, 11)
    rules = load_preset("tenhou")
    for i in range(3):
        sess, q, ctx = _current(at)
        # the page asks exactly the question the seed defines
        assert q == generate("dora_indicator", rules, seed=question_seed(11, i), difficulty=1)
        wrong = i == 1
        names = ["7z"] if wrong and q.answer["tiles"] != ["7z"] else q.answer["tiles"]
        _click_tiles(at, ctx, names)
        assert at.session_state[f"sel_{ctx}"] == names
        at.button(key="dr_check").click().run()
        assert not at.exception
        if names == q.answer["tiles"]:
            assert at.success[0].value == "Right!" and not at.error
        else:
            assert at.error[0].value.startswith("Not quite") and not at.success
        assert at.expander, "the step-by-step explanation is shown"
        # answered: the tiles are one row of pictures, the chosen tile outlined, no button left to click
        assert not [b for b in at.button if b.key and b.key.startswith("tb_") and ctx in b.key]
        (row,) = [h.proto.body for h in at.get("html") if 'class="sm-row"' in h.proto.body and "sm-pick" in h.proto.body]
        assert re.findall(r'class="sm-tile sm-pick sm-win" src="[^"]*" alt="(\w+)"', row) == names
        at.button(key="dr_next").click().run()
    assert at.subheader[0].value == "Session summary"
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Right"] == "2 / 3"
    (summary,) = [h.proto.body for h in at.get("html") if '<th>right</th>' in h.proto.body]
    rows = [re.findall(r"<td>(.*?)</td>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", summary)[1:]]
    assert [(r[0], r[3]) for r in rows] == [("1", "yes"), ("2", "no"), ("3", "yes")]  # a row per question
    store = ProgressStore(tmp_path / "progress.db")
    [ann] = store.profiles()
    answers = store.answers(ann.id)
    assert [a.correct for a in answers] == [True, False, True]
    assert {c.topic for c in store.cards(ann.id)} == {"dora_indicator"}
    # the stored question replays exactly
    assert Question.from_dict(answers[1].question).id == f"dora_indicator:tenhou:{question_seed(11, 1)}:1"


def test_numbers_session_and_unreadable_number(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _start(at, "payment", 2, 3)
    sess, q, ctx = _current(at)
    first = q.number_fields[0][0]
    at.text_input(key=f"num_{ctx}_{first}").set_value("lots")
    at.button(key="dr_check").click().run()
    assert not at.exception
    assert any("'lots' is not a number" in w.value for w in at.warning)
    assert at.session_state["drill_session"].answered is None
    for _i in range(2):
        sess, q, ctx = _current(at)
        for name, _label in q.number_fields:
            at.text_input(key=f"num_{ctx}_{name}").set_value(f"{q.answer['numbers'][name]:,}")
        at.button(key="dr_check").click().run()
        assert at.success[0].value == "Right!"
        at.button(key="dr_next").click().run()
    assert {m.label: m.value for m in at.metric}["Right"] == "2 / 2"


def test_shared_link_gives_the_same_questions(tmp_path, monkeypatch):
    params = {"type": "noten", "seed": "77", "n": "4", "difficulty": "2", "ruleset": "club"}
    one = _open(tmp_path, monkeypatch, **params)
    two = _open(tmp_path, monkeypatch, **params)
    for at in (one, two):
        assert at.selectbox(key="ruleset_select").value == "club"
    q1, q2 = _current(one)[1], _current(two)[1]
    assert q1 == q2 and q1.id == f"noten:club:{question_seed(77, 0)}:2"
    code = one.code[-1].value
    assert "seed=77" in code and "type=noten" in code and "ruleset=club" in code


@pytest.mark.parametrize(
    "params, fragment",
    [
        ({"type": "nonsense"}, "drill type 'nonsense'"),
        ({"seed": "-4"}, "seed '-4'"),
        ({"n": "9999"}, "n '9999'"),
        ({"difficulty": "hard"}, "difficulty 'hard'"),
    ],
)
def test_bad_link_parameters_are_reported(tmp_path, monkeypatch, params, fragment):
    at = _open(tmp_path, monkeypatch, **params)
    assert not at.exception
    assert any(fragment in w.value for w in at.warning), [w.value for w in at.warning]
    # the session still starts with the defaults for the bad values
    assert at.session_state["drill_session"] is not None


def test_sessions_never_mix_profiles(tmp_path, monkeypatch):
    a = _open(tmp_path, monkeypatch)
    b = _open(tmp_path, monkeypatch)
    _create_profile(a, "Ann")
    _create_profile(b, "Bob")
    for at in (a, b):
        _start(at, "dora_indicator", 2, 5)
    for _ in range(2):
        for at in (a, b):
            _sess, q, ctx = _current(at)
            _click_tiles(at, ctx, q.answer["tiles"])
            at.button(key="dr_check").click().run()
            at.button(key="dr_next").click().run()
    store = ProgressStore(tmp_path / "progress.db")
    names = {p.name: p.id for p in store.profiles()}
    assert len(store.answers(names["Ann"])) == 2 and len(store.answers(names["Bob"])) == 2
    assert (signed_in_as(a), signed_in_as(b)) == ("Ann", "Bob")
    assert a.session_state["profile_id"] == names["Ann"] and b.session_state["profile_id"] == names["Bob"]


def _answer_with_widgets(at, q, ctx):
    for part in q.parts:
        if part == "tiles":
            _click_tiles(at, ctx, q.answer["tiles"] if q.is_multi("tiles") else q.answer["tiles"][:1])
        elif part == "choices":
            value = q.answer["choices"] if q.is_multi("choices") else q.answer["choices"][0]
            at.pills(key=f"ch_{ctx}").set_value(value).run()
        else:
            for name, _label in q.number_fields:
                at.text_input(key=f"num_{ctx}_{name}").set_value(str(q.answer["numbers"][name]))


def test_the_drill_menu_is_the_registry(tmp_path, monkeypatch):
    """The page offers every registered drill type, in the registry's order, under its title and description."""
    at = _open(tmp_path, monkeypatch)
    menu = at.selectbox(key="dr_type")
    assert menu.options == [d.title for d in DRILLS]
    for d in DRILLS:
        menu.set_value(d.id).run()
        assert d.description in [c.value for c in at.caption]


def test_every_drill_type_can_be_answered_through_the_widgets(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    at.segmented_control(key="dr_difficulty").set_value(2)
    for drill_type in DRILL_IDS:  # every registered type
        _start(at, drill_type, 1, 21)
        _sess, q, ctx = _current(at)
        assert q.id == generate(drill_type, load_preset("tenhou"), seed=question_seed(21, 0), difficulty=2).id
        _answer_with_widgets(at, q, ctx)
        at.button(key="dr_check").click().run()
        assert not at.exception, drill_type
        assert at.success and at.success[0].value == "Right!", (drill_type, [e.value for e in at.error])
        shown = "\n".join(m.value for m in at.markdown) + "\n".join(c.value for c in at.caption)
        raw = re.findall(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+\b|\(s\)", shown)  # ids, raw keys, "(s)" plurals
        assert not raw, (drill_type, raw)
        at.button(key="dr_next").click().run()
        assert {m.label: m.value for m in at.metric}["Right"] == "1 / 1", drill_type
        at.button(key="dr_close").click().run()


def test_a_perfect_session_suggests_a_harder_level(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _start(at, "dora_indicator", 5, 2)
    for _ in range(5):
        _sess, q, ctx = _current(at)
        _click_tiles(at, ctx, q.answer["tiles"])
        at.button(key="dr_check").click().run()
        at.button(key="dr_next").click().run()
    assert any("difficulty 2" in i.value for i in at.info)
    at.button(key="dr_level").click().run()
    sess = at.session_state["drill_session"]
    assert sess.settings.difficulty == 2 and not sess.results


def test_a_scoring_question_is_explained_in_sentences(tmp_path, monkeypatch):
    """Yaku and fu questions explain every step in a sentence that says why (each yaku with its han and reason,
    each fu line, the rounding), not a dump of the explanation's keys (kanji, romaji, 'completed by win: no' …)."""
    from sanma_core.scoring import YAKU

    at = _open(tmp_path, monkeypatch)
    _start(at, "fu", 1, 7)
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:
        at.text_input(key=f"num_{ctx}_{name}").set_value(str(q.answer["numbers"][name] + 10))
    at.button(key="dr_check").click().run()
    assert not at.exception and at.error  # answered wrong: the explanation opens
    text = "\n".join(m.value for m in at.markdown)
    yaku = next(s for s in q.explanation if s["step"] == "yaku")["yaku"]
    assert all(f"{y['han']} han: {YAKU[y['id']].why}" in text for y in yaku)
    fu = next(s for s in q.explanation if s["step"] == "fu")
    assert "Fu: " in text and all(f"{line['fu']} for " in text for line in fu["lines"])
    raw, rounded = q.explanation[-1]["raw"], q.explanation[-1]["rounded"]
    total = f"Total: {rounded} fu." if raw == rounded else f"Total: {raw} fu, rounded up to {rounded}."
    assert total in text  # a step of the drill's own is a sentence too
    assert "fu_total" not in text and "fu total" not in text
    assert "**kanji**" not in text and "**romaji**" not in text and "completed by win" not in text


def test_the_summary_offers_another_session_of_the_same_drill(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    at.segmented_control(key="dr_difficulty").set_value(2)
    _start(at, "noten", 1, 42)
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:
        at.text_input(key=f"num_{ctx}_{name}").set_value(str(q.answer["numbers"][name]))
    at.button(key="dr_check").click().run()
    at.button(key="dr_next").click().run()
    assert any(s.value == "Session summary" for s in at.subheader)
    at.button(key="dr_again").click().run()
    assert not at.exception
    sess, q2, _ctx = _current(at)
    s = sess.settings
    assert (s.drill_type, s.n, s.difficulty, sess.index, sess.mode) == ("noten", 1, 2, 0, "drill") and s.seed != 42
    assert q2 == generate("noten", load_preset("tenhou"), seed=question_seed(s.seed, 0), difficulty=2)
    assert not any(s.value == "Session summary" for s in at.subheader)
    assert at.query_params["seed"] == str(s.seed)  # the link shared from here gives the new questions


def test_a_guest_session_says_it_is_not_saved_when_learners_exist(tmp_path, monkeypatch):
    """After a reload or an opened link the learner is Guest again; the session says so at once."""
    ann = ProgressStore(tmp_path / "progress.db").create_profile("Ann")
    at = _open(tmp_path, monkeypatch, type="noten", seed="4", n="1")
    assert any("answering as a guest" in i.value for i in at.info)
    assert not any("Ann" in el.value for el in [*at.info, *at.markdown, *at.sidebar.markdown, *at.caption])  # no names shown
    sign_in(at, ann.name)
    assert not any("answering as a guest" in i.value for i in at.info)


def test_an_efficiency_question_can_be_answered_with_kita(tmp_path, monkeypatch):
    rules = load_preset("tenhou")
    seed = next(s for s in range(1, 200)
                if generate("efficiency", rules, question_seed(s, 0), 1).answer["tiles"] == ["kita"])
    at = _open(tmp_path, monkeypatch)
    _start(at, "efficiency", 1, seed)
    _sess, q, ctx = _current(at)
    assert q.data["kita_legal"] and q.answer["tiles"] == ["kita"]
    _click_tiles(at, ctx, ["4z"])  # discarding the North: same shape, but no han and no replacement draw
    at.button(key="dr_check").click().run()
    assert not at.exception and at.error and "50%" in at.error[0].value
    assert any("Kita" in h.value for h in at.get("html") if hasattr(h, "value"))
    at.button(key="dr_next").click().run()
    _start(at, "efficiency", 1, seed)
    _sess, q, ctx = _current(at)
    _click_tiles(at, ctx, ["kita"])
    at.button(key="dr_check").click().run()
    assert at.success and at.success[0].value == "Right!"


def test_a_hand_question_states_seat_and_round_once(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _start(at, "yaku", 1, 5)
    _sess, q, _ctx = _current(at)
    assert q.data.get("situation")
    (caption,) = [c.value for c in at.caption if "situation:" in c.value]
    assert caption.count("South") + caption.count("East") + caption.count("West") == 2  # seat and round, once each
    assert "seat wind:" not in caption and "round wind:" not in caption


def test_number_fields_read_tab_and_answer_in_the_screens_order(tmp_path, monkeypatch):
    """Fields are laid out row by row (so Tab goes left to right, then down) and the answer table keeps that order."""
    at = _open(tmp_path, monkeypatch, type="kita_dora", seed="3", n="1")
    _sess, q, ctx = _current(at)
    labels = [label for _name, label in q.number_fields]
    assert len(labels) >= 4  # two rows on the screen
    shown = [t.label for t in at.text_input if t.key and t.key.startswith(f"num_{ctx}_")]
    assert shown == labels
    for t in at.text_input:
        if t.label in labels:
            t.set_value("0")
    at.button(key="dr_check").click().run()
    table = next(m.value for m in at.markdown if m.value.startswith("| | answer | yours |"))
    rows = [line.split("|")[1].strip() for line in table.splitlines()[2:]]
    assert rows == labels


@pytest.mark.parametrize("drill_type", ["dora_indicator", "riichi_dama"])
def test_check_with_nothing_chosen_grades_nothing_and_keeps_the_question(tmp_path, monkeypatch, drill_type):
    at = _open(tmp_path, monkeypatch)
    _start(at, drill_type, 2, 5)
    sess, q, ctx = _current(at)
    at.button(key="dr_check").click().run()
    assert not at.exception
    sess = at.session_state["drill_session"]
    assert sess.answered is None and sess.results == [] and sess.index == 0, "an empty Check uses nothing up"
    assert any(w.value.startswith("Answer the question first") for w in at.warning)
    assert not at.error and not at.success
    # the same question, answered now, is graded
    if "tiles" in q.parts:
        _click_tiles(at, ctx, q.answer["tiles"])
    else:
        at.pills(key=f"ch_{ctx}").set_value(q.answer["choices"][0])
    at.button(key="dr_check").click().run()
    assert at.success[0].value == "Right!"
    assert not any(w.value.startswith("Answer the question first") for w in at.warning)
    assert len(at.session_state["drill_session"].results) == 1


def test_a_push_fold_position_shows_each_pond_as_tiles_with_the_riichi_tile_marked(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _start(at, "push_fold", 1, 8)
    sess, q, ctx = _current(at)
    d = q.data
    # the heading is the question, not a line of tile codes
    assert [m.value for m in at.markdown if m.value.startswith("#### ")] == [f"#### {d['question']}"]
    (ponds,) = [h.proto.body for h in at.get("html") if 'class="sm-ponds"' in h.proto.body]
    rows = re.findall(r'<div class="sm-group"><div class="sm-cap">(.*?)</div><div class="sm-row">(.*?)</div></div>', ponds)
    assert len(rows) == 3, "a tile row per player"
    (riichi_cap, riichi_row), (_, other_row), (own_cap, own_row) = rows
    assert "riichi" in riichi_cap and own_cap.startswith("You")
    assert d["riichi_pond"][d["riichi_at"]] in q.prompt.split("declared riichi with ", 1)[1][:3]
    alt = re.compile(r'class="([^"]*)" src="[^"]*" alt="(\w+)"')
    assert [a for _, a in alt.findall(riichi_row)] == d["riichi_pond"]
    assert [a for _, a in alt.findall(other_row)] == d["other_pond"]
    assert [a for _, a in alt.findall(own_row)] == d["own_pond"]
    sideways = [i for i, (cls, _) in enumerate(alt.findall(riichi_row)) if "sm-side" in cls]
    assert sideways == [d["riichi_at"]], "the riichi tile lies sideways"
    other_from, own_from = d["passed_from"]
    assert [i for i, (cls, _) in enumerate(alt.findall(other_row)) if "sm-passed" in cls] == \
        list(range(other_from, len(d["other_pond"])))
    assert [i for i, (cls, _) in enumerate(alt.findall(own_row)) if "sm-passed" in cls] == \
        list(range(own_from, len(d["own_pond"])))
    # the prompt's "yours" lists only your own tiles, and each pond's passed tiles are its own
    yours = q.prompt.split("yours: ", 1)[1].split(".", 1)[0]
    assert yours.split() == d["own_pond"]
    assert q.prompt.split("Passed after the riichi: ", 1)[1].split(" yours ", 1)[1].split(".")[0].split() == \
        (d["own_pond"][own_from:] or ["nothing"])


def test_push_fold_explanations_call_only_the_lowest_danger_the_safest():
    from drills.explain import explanation_sentences

    rules = load_preset("tenhou")
    pushes = 0
    for seed in range(60):
        q = generate("push_fold", rules, seed=seed, difficulty=3)
        lines = explanation_sentences(q.explanation)
        values = [float(m.group(1)) for line in lines if (m := re.search(r", danger ([\d.]+) —", line))]
        for line in lines:
            value = re.search(r", danger ([\d.]+) —", line)
            if line.endswith("The safest."):
                assert float(value.group(1)) == min(values), line
            if line.endswith("The safest that keeps tenpai."):
                pushes += 1
                assert q.concept == "push_fold.push" and float(value.group(1)) > min(values), line
    assert pushes, "the seeds include a push position"


def _answer_current(at, right=True):
    _sess, q, ctx = _current(at)
    names = q.answer["tiles"] if right or q.answer["tiles"] == ["7z"] else ["7z"]
    _click_tiles(at, ctx, names)
    at.button(key="dr_check").click().run()
    assert not at.exception
    return q


def test_a_drill_session_continues_from_its_link_on_a_new_server(tmp_path, monkeypatch):
    """Another server (a new process: nothing in memory) opened with the page's link and the same learner signed in
    continues the session at the question it was on, the answers so far counted; the link's session is kept in the
    database, for that learner only."""
    at = _open(tmp_path, monkeypatch)
    _create_profile(at, "Ann")
    _start(at, "dora_indicator", 3, 11)
    first = _answer_current(at, right=True)
    at.button(key="dr_next").click().run()
    second = _current(at)[1]
    _answer_current(at, right=False)  # checked, Next not pressed yet: the feedback is part of the session
    token = at.query_params["drill"][0] if isinstance(at.query_params["drill"], list) else at.query_params["drill"]
    assert len(token) >= 20
    link = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    store = ProgressStore(tmp_path / "progress.db")
    owner, record = store.drill(token)
    assert owner == store.profile_named("Ann").id and len(record["results"]) == 2

    other = AppTest.from_file(APP, default_timeout=60)  # signed in before the page runs, as a cookie does
    other.query_params.update(link)
    other.run()
    sign_in(other, "Ann")
    other.switch_page("tutor/pages/drills.py").run()
    sess = other.session_state["drill_session"]
    assert [r.correct for r in sess.results] == [True, False] and sess.index == 1 and sess.token == token
    assert _current(other)[1] == second != first
    assert any(e.value.startswith("Not quite") for e in other.error)  # the checked answer's feedback again
    other.button(key="dr_next").click().run()
    _answer_current(other, right=True)
    other.button(key="dr_next").click().run()
    assert {m.label: m.value for m in other.metric}["Right"] == "2 / 3"
    assert [a.correct for a in store.answers(store.profile_named("Ann").id)] == [True, False, True]

    stranger = _open(tmp_path, monkeypatch, **link)  # a guest, or another learner, with Ann's link
    assert any("belongs to a signed-in learner" in w.value for w in stranger.warning)
    _create_profile(stranger, "Bob")
    for at in (stranger, stranger.switch_page("tutor/pages/drills.py").run()):
        assert "drill_session" not in at.session_state  # nothing of Ann's, nothing started in its place
        assert any("belongs to a signed-in learner" in w.value for w in at.warning)
    assert store.drill(token)[0] == store.profile_named("Ann").id


def test_a_closed_or_unknown_drill_session_is_not_kept(tmp_path, monkeypatch):
    at = _open(tmp_path, monkeypatch)
    _start(at, "dora_indicator", 2, 3)  # a guest's session: kept for the link alone
    token = at.query_params["drill"]
    token = token[0] if isinstance(token, list) else token
    store = ProgressStore(tmp_path / "progress.db")
    assert store.drill(token)[0] is None
    for _ in range(2):
        _answer_current(at)
        at.button(key="dr_next").click().run()
    assert store.drill(token)[1]["results"]  # the finished session's summary is kept until it is closed
    at.button(key="dr_close").click().run()
    assert store.drill(token) is None and "drill" not in at.query_params
    gone = _open(tmp_path, monkeypatch, drill=token)
    assert any("no longer kept" in i.value for i in gone.info) and "drill" not in gone.query_params


def test_a_decision_shows_the_models_distribution_and_the_grade_after_check(tmp_path, monkeypatch):
    from drills.model_answer import model_step

    at = _open(tmp_path, monkeypatch)
    _start(at, "call_pass", 1, 5)
    sess, q, ctx = _current(at)
    model = model_step(q.explanation)
    assert model is not None, "a call question is answered by the decision model"
    wrong = next(c for c, _label in q.choices if c not in q.answer["choices"])
    at.pills(key=f"ch_{ctx}").set_value(wrong).run()
    at.button(key="dr_check").click().run()
    assert not at.exception
    (bars,) = [h.proto.body for h in at.get("html") if 'class="rv-model"' in h.proto.body]
    assert bars.count('class="rv-bar"') == len(model["options"])  # every option's probability as a bar
    grade = model["grades"][next(label for label, ids in model["choices"].items() if wrong in ids)]
    assert any(f"**{grade}**" in m.value or grade in m.value for m in at.markdown if "Graded as the review" in m.value)
