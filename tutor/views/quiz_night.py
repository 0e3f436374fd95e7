"""Quiz night: the teacher's projector view (code, players, the question, then the answer explained and the scores)
and the players' phone view (join with the code, answer each question while its time runs).

Both views refresh in a fragment every few seconds and read everything from the database, so a player whose
replica went away carries on from any other (``?quiz=ID`` keeps the quiz in the address, the sign-in cookie the
learner).
"""

from __future__ import annotations

import os

import streamlit as st

from drills import DRILL_TYPES, Question
from drills.explain import explanation_sentences
from drills.registry import QUIZ_TYPES
from drills.render import render_answer, render_question
from sanma_core.i18n import N_
from sanma_core.rules import PRESETS
from tutor import state
from tutor.club import Club
from tutor.language import fragment, spoken, tr
from tutor.quiz_night import MAX_QUESTIONS, SECONDS, Quiz, QuizNight, QuizSettings, refresh_seconds
from tutor.store import StoreError

#: How often (seconds) the projector and the phones look for answers and the next question; a club server on
#: a fast network may set ``SANMA_QUIZ_REFRESH_S`` lower (0.2 at the least), a slow one higher.
REFRESH_S = refresh_seconds(os.environ.get("SANMA_QUIZ_REFRESH_S"))
#: a quiz's phase as the teacher's list of past quizzes names it (the phase ids stay English in the database)
PHASE_WORDS = {"lobby": N_("lobby"), "question": N_("question"), "reveal": N_("reveal"), "done": N_("done")}
PLAY_PARAM, RUN_PARAM = "quiz", "run"


def _night() -> QuizNight | None:
    db = state.store(quiet=True)
    return QuizNight(db) if db is not None else None


def _said(exc: StoreError) -> str:
    text = str(exc)
    return text[:1].upper() + text[1:] + "."


# ---- players ----------------------------------------------------------------------------

@spoken
def _join(profile_id: int) -> None:
    night = _night()
    if night is None:
        return
    try:
        quiz = night.join(profile_id, st.session_state.get("quiz_code", ""))
    except StoreError as exc:
        state.notice(_said(exc), "error")
        return
    st.query_params[PLAY_PARAM] = str(quiz.id)
    state.notice(tr().gettext("You are in: the first question comes when the teacher starts."), "success")


def _response(q: Question, key: str) -> dict:
    out: dict = {}
    for part in q.parts:
        if part == "numbers":
            out["numbers"] = {name: st.session_state.get(f"{key}_n_{name}") for name, _ in q.number_fields}
        elif part == "choices":
            value = st.session_state.get(f"{key}_c")
            out["choices"] = list(value) if isinstance(value, list) else ([value] if value else [])
        else:
            out["tiles"] = st.session_state.get(f"{key}_t", "")
    return out


@spoken
def _send(profile_id: int, quiz_id: int, index: int, key: str, q: Question) -> None:
    night = _night()
    if night is None:
        return
    try:
        night.answer(profile_id, quiz_id, index, _response(q, key))
    except StoreError as exc:
        st.session_state[f"{key}_error"] = _said(exc)


def _answer_form(q: Question, key: str) -> None:
    t = tr()
    for part in q.parts:
        if part == "numbers":
            cols = st.columns(len(q.number_fields))
            for col, (name, label) in zip(cols, q.number_fields, strict=True):
                col.number_input(label, value=None, step=100, key=f"{key}_n_{name}")
        elif part == "choices":
            labels = dict(q.choices)
            if q.is_multi(part):
                st.multiselect(t.gettext("Every one that applies"), list(labels), format_func=labels.get, key=f"{key}_c")
            else:
                st.radio(t.gettext("Pick one"), list(labels), format_func=labels.get, key=f"{key}_c", index=None)
        else:
            st.text_input(t.gettext("Tiles (for example 36p)"), key=f"{key}_t")


def _scores_table(night: QuizNight, quiz: Quiz, key: str) -> None:
    t = tr()
    rows = [{t.gettext("player"): s.name, t.gettext("points"): t.number(s.points), t.gettext("right"): t.number(s.right)}
            for s in night.scores(quiz)]
    if rows:  # a plain table: large on a projector, its text in the page
        with st.container(key=key):
            st.table(rows)


@fragment(run_every=REFRESH_S)
def _player_view(profile_id: int, quiz_id: int) -> None:
    t = tr()
    night = _night()
    if night is None:
        return
    try:
        quiz = night.for_player(profile_id, quiz_id)
    except StoreError as exc:
        st.error(_said(exc))
        return
    st.caption(t.gettext("Quiz {code} · question {n} of {total}").format(
        code=quiz.code, n=t.number(quiz.current + 1), total=t.number(len(quiz.questions))) if quiz.current >= 0
        else t.gettext("Quiz {code}").format(code=quiz.code))
    q = quiz.question
    if quiz.phase == "lobby" or q is None:
        st.info(t.gettext("Waiting for the teacher to show the first question…"))
        return
    if quiz.phase == "done":
        st.subheader(t.gettext("Final scores"))
        _scores_table(night, quiz, "quiz_final_player")
        return
    mine = night.my_answer(profile_id, quiz, quiz.current)
    st.text(render_question(q))
    if quiz.phase == "question" and mine is None:
        key = f"quiz_{quiz.id}_{quiz.current}"
        st.caption(t.gettext("{n} s left").format(n=t.number(round(quiz.time_left()))))
        _answer_form(q, key)
        st.button(t.gettext("Send"), key=f"{key}_send", type="primary", on_click=_send,
                  args=(profile_id, quiz.id, quiz.current, key, q))
        if f"{key}_error" in st.session_state:
            st.error(st.session_state[f"{key}_error"])
        return
    if quiz.phase == "question":
        st.info(t.gettext("Answer sent: the answer comes when the time is up."))
        return
    if mine:
        st.success(t.gettext("Right!"))
    else:
        st.warning(t.gettext("Not this time.") if mine is False else t.gettext("No answer sent."))
    st.text(render_answer(q).split("\n\n", 1)[0])


def _player_part(profile_id: int) -> None:
    asked = st.query_params.get(PLAY_PARAM)
    if asked and asked.isdigit():
        _player_view(profile_id, int(asked))
        return
    t = tr()
    st.text_input(t.gettext("Quiz code (on the projector)"), key="quiz_code", max_chars=8)
    st.button(t.gettext("Join the quiz"), key="quiz_join", on_click=_join, args=(profile_id,), type="primary")


# ---- the teacher --------------------------------------------------------------------------

@spoken
def _start(profile_id: int, showing: int) -> None:
    night = _night()
    if night is None or not state.take_once("quiz_start", showing):  # the same click applied twice starts one quiz
        return
    ss = st.session_state
    settings = QuizSettings(str(ss.get(state.RULESET_KEY) or PRESETS[0]), tuple(ss.get("quiz_types") or ()),
                            int(ss.get("quiz_n") or 5), int(ss.get("quiz_seed") or 0), int(ss.get("quiz_seconds") or 30))
    try:
        quiz = night.start(profile_id, ss.get("quiz_group"), settings)
    except StoreError as exc:
        state.notice(_said(exc), "error")
        return
    st.query_params[RUN_PARAM] = str(quiz.id)


@spoken
def _advance(profile_id: int, quiz_id: int, shown: tuple[str, int]) -> None:
    night = _night()
    if night is not None:
        try:
            night.advance(profile_id, quiz_id, shown=shown)
        except StoreError as exc:
            state.notice(_said(exc), "error")


_NEXT = {"lobby": N_("Show the first question"), "question": N_("Show the answer"), "reveal": N_("Next question")}


@fragment(run_every=REFRESH_S)
def projector(profile_id: int, quiz_id: int) -> None:
    """The room's screen: the code, who is in, the question, then the answer explained and the scores."""
    t = tr()
    night = _night()
    if night is None:
        return
    try:
        quiz = night.for_teacher(profile_id, quiz_id)
    except StoreError as exc:
        st.error(_said(exc))
        return
    st.header(t.gettext("Quiz code: {code}").format(code=quiz.code))
    players = night.players(quiz)
    st.caption(t.ngettext("{n} player: {names}", "{n} players: {names}", len(players)).format(
        n=t.number(len(players)), names=", ".join(players)) if players else t.gettext("Nobody has joined yet."))
    q = quiz.question
    if quiz.phase in ("question", "reveal") and q is not None:
        st.subheader(t.gettext("Question {n} of {total}").format(n=t.number(quiz.current + 1),
                                                                  total=t.number(len(quiz.questions))))
        st.text(render_question(q))
        answered = night.answered(quiz, quiz.current)
        if quiz.phase == "question":
            st.caption(t.gettext("{n} of {total} answered · {left} s left").format(
                n=t.number(len(answered)), total=t.number(len(players)), left=t.number(round(quiz.time_left()))))
        else:
            st.text(render_answer(q).split("\n" + t.gettext("Explanation:"), 1)[0])
            for line in explanation_sentences(q.explanation):
                st.text(f"· {line}")
            with st.container(key="quiz_answered"):
                st.table([{t.gettext("player"): name, t.gettext("answer"): t.gettext("right") if right else t.gettext("wrong")}
                          for name, right in answered.items()])
            _scores_table(night, quiz, "quiz_scores")
    if quiz.phase == "done":
        st.subheader(t.gettext("Final scores"))
        _scores_table(night, quiz, "quiz_final")
        return
    st.button(t.gettext(_NEXT[quiz.phase]) if not (quiz.phase == "reveal" and quiz.current + 1 >= len(quiz.questions))
              else t.gettext("Finish the quiz"), key=f"quiz_next_{quiz.phase}_{quiz.current}", type="primary",
              on_click=_advance, args=(profile_id, quiz.id, (quiz.phase, quiz.current)))  # one button per step


def _teacher_part(profile_id: int) -> None:
    t = tr()
    asked = st.query_params.get(RUN_PARAM)
    if asked:
        if not asked.isdigit():
            st.error(t.gettext("{asked!r} is not a quiz number.").format(asked=asked))
            return
        projector(profile_id, int(asked))
        return
    db = state.store(quiet=True)
    taught = state.store_call(Club(db).groups_taught, profile_id) if db is not None else None
    if not taught:
        st.info(t.gettext("Create a group on the Club page first: its members join your quizzes."))
        return
    names = {g.id: g.name for g in taught}
    st.selectbox(t.gettext("Group"), list(names), format_func=names.get, key="quiz_group")
    titles = {d: str(DRILL_TYPES[d].get("title") or d) for d in QUIZ_TYPES if d in DRILL_TYPES}
    st.multiselect(t.gettext("Drill types"), list(titles), default=["payment"], format_func=titles.get, key="quiz_types")
    cols = st.columns(3)
    cols[0].number_input(t.gettext("Questions"), 1, MAX_QUESTIONS, 5, key="quiz_n")
    cols[1].number_input(t.gettext("Seed"), 0, 10**9, 1, key="quiz_seed")
    cols[2].number_input(t.gettext("Seconds per question"), SECONDS[0], SECONDS[1], 30, key="quiz_seconds")
    st.caption(t.gettext("Ruleset: the one chosen in the sidebar (a preset; {presets}).").format(presets=", ".join(PRESETS)))
    key, showing = state.once_key("quiz_start")
    st.button(t.gettext("Start the quiz"), key=key, type="primary", on_click=_start, args=(profile_id, showing))
    night = _night()
    group = st.session_state.get("quiz_group")
    past = state.store_call(night.quizzes_run, profile_id, group) if night is not None and group else None
    if past:
        st.subheader(t.gettext("Results kept for this group"))
        for quiz in reversed(past):
            n = len(quiz.questions)
            with st.expander(t.ngettext("Quiz {code} · {n} question · {phase}", "Quiz {code} · {n} questions · {phase}",
                                        n).format(code=quiz.code, n=t.number(n), phase=t.gettext(PHASE_WORDS[quiz.phase]))):
                _scores_table(night, quiz, f"quiz_past_{quiz.id}")


def render() -> None:
    t = tr()
    st.title(t.gettext("Quiz night"))
    profile = state.current_profile()
    if profile is None:
        st.info(t.gettext("Sign in (or create a learner) in the sidebar to join a quiz or run one."))
        return
    play, run = st.tabs([t.gettext("Play"), t.gettext("Run a quiz")])
    with play:
        _player_part(profile.id)
    with run:
        _teacher_part(profile.id)
