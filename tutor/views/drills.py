"""Drills: sessions of N generated questions with instant feedback, a summary, and a shareable link.

The session lives in ``st.session_state["drill_session"]``; the Learn and Progress
pages start sessions there (:func:`tutor.handoff.start_session`) and switch here.
It is also kept in the progress database under the token the page's link carries
(``?drill=…``) after every answer, so a reload, or another replica after this one
went away, continues it where it was.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from dataclasses import asdict
from urllib.parse import urlencode

import streamlit as st

import drills
from drills import DrillError
from drills.explain import concept_name
from sanma_core.errors import InputError, SanmaError
from sanma_core.i18n import N_
from tutor import state
from tutor.blocks import rows_html
from tutor.drill_session import (
    MAX_QUESTIONS,
    MAX_SEED,
    PARAM_KEYS,
    RETRY_SEED_STEP,
    UNIQUE_TRIES,
    AnswerInputError,
    Result,
    Session,
    Settings,
    question_key,
    question_seed,
    settings_from_params,
    suggest_difficulty,
    unique_question,
)
from tutor.handoff import DRILL_SESSION, start_session
from tutor.language import fragment, spoken, tr
from tutor.quiz import ask, collect_response, show_feedback, unanswered_parts
from tutor.recording import record_answer
from tutor.store import StoreError
from tutor.widgets import metric_row

SESSION = DRILL_SESSION
REVIEW_TRIES = 400  # more seeds for a question of one concept (a North as the only safe tile: 1 kita question in 11)
WARNING = "dr_warning"  # why the last Check graded nothing (an empty or unreadable answer)
DRILL_PARAM = "drill"  # the link's key of the session kept in the database
LEVELS = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}  # the difficulty buttons' words


# ---- the session kept in the database ----------------------------------------------

def _keep(sess: Session) -> None:
    """Keep the session under its link's token (made at its first keeping), for the signed-in learner; without a
    progress database the session lives in this browser tab only."""
    db = state.store(quiet=True)
    if db is None:
        return
    if not sess.token:
        sess.token = secrets.token_urlsafe(16)
    state.store_call(db.save_drill, sess.token, st.session_state.get(state.PROFILE_KEY), sess.to_record())


def _restore() -> bool:
    """A page opened with a kept session's link (a reload, another replica) continues that session; False when
    the link's session is another learner's (nothing is started from the link then)."""
    if isinstance(st.session_state.get(SESSION), Session):
        return True
    token = st.query_params.get(DRILL_PARAM)
    if not token:
        return True
    db = state.store(quiet=True)
    kept = state.store_call(db.drill, token) if db is not None else None
    if kept is None:
        st.info(tr().gettext("The drill session of this link is no longer kept: start it again below "
                             "(the same settings ask the same questions)."))
        del st.query_params[DRILL_PARAM]
        return True
    owner, record = kept
    if owner is not None and owner != st.session_state.get(state.PROFILE_KEY):
        st.warning(tr().gettext("This drill session belongs to a signed-in learner: sign in as them to continue it."))
        return False
    try:
        sess = Session.from_record(record, token)
    except InputError as exc:
        st.warning(tr().gettext("The kept drill session could not be continued: {error}.").format(error=exc))
        del st.query_params[DRILL_PARAM]
        return True
    st.session_state[SESSION] = sess
    st.session_state["_dr_nonce"] = max(int(st.session_state.get("_dr_nonce", -1)), sess.nonce)
    st.session_state["_dr_url_done"] = _url_signature(_url_params())  # the link started it already
    return True


# ---- session handling (callbacks) ------------------------------------------------

def _settings_from_widgets() -> Settings:
    return Settings(
        drill_type=st.session_state.get("dr_type", "payment"),
        difficulty=int(st.session_state.get("dr_difficulty") or 1),
        n=int(st.session_state.get("dr_n") or 10),
        seed=int(st.session_state.get("dr_seed") or 0),
    )


def _on_start() -> None:
    settings = _settings_from_widgets()
    ruleset = state.active_rules().name
    start_session(settings, ruleset)
    st.query_params.from_dict(settings.params(ruleset))
    st.session_state["_dr_url_done"] = _param_signature(settings.params(ruleset))


def _on_new_seed() -> None:
    st.session_state["dr_seed"] = random.SystemRandom().randrange(1, 100_000)


def _param_signature(params: dict[str, str]) -> str:
    return "&".join(f"{k}={params.get(k, '')}" for k in (*PARAM_KEYS, "ruleset"))


def _url_params() -> dict[str, str]:
    """The drill settings the page's address names."""
    return {k: st.query_params[k] for k in PARAM_KEYS if k in st.query_params}


def _url_signature(params: dict[str, str]) -> str:
    """Which link ``params`` (with the address's ruleset) are: a link is applied once."""
    return _param_signature({**params, "ruleset": st.query_params.get("ruleset", "")})


def _apply_url() -> None:
    """Start the session a shared link describes (once per distinct link); report bad parameters."""
    params = _url_params()
    if not params:
        return
    signature = _url_signature(params)
    if st.session_state.get("_dr_url_done") == signature:
        return
    st.session_state["_dr_url_done"] = signature
    settings, errors = settings_from_params(params, _settings_from_widgets())
    for message in errors:
        st.warning(tr().gettext("Link ignored in part: {error}.").format(error=message))
    for key, value in (("dr_type", settings.drill_type), ("dr_difficulty", settings.difficulty),
                       ("dr_n", settings.n), ("dr_seed", settings.seed)):
        st.session_state[key] = value
    start_session(settings, state.active_rules().name)


def _question_for(sess: Session, index: int):
    """Generate (once) and return question ``index`` of the session."""
    Question = drills.Question
    if index < len(sess.questions):
        return Question.from_json(sess.questions[index])
    rules = state.rules_named(sess.ruleset)  # the session keeps the ruleset it started with
    s = sess.settings
    seed = question_seed(s.seed, index)
    earlier = {question_key(json.loads(text)) for text in sess.questions if text != "{}"}  # no repeats in a session
    if sess.mode == "review":
        q = _of_concept(*sess.concepts[index], rules, seed, s.difficulty, earlier)
    elif s.concept:  # a lesson step's link: questions of its concept only
        q = _of_concept(s.drill_type, s.concept, rules, seed, s.difficulty, earlier)
    else:
        q = unique_question(lambda k: drills.generate(s.drill_type, rules, seed=k, difficulty=s.difficulty), seed,
                            earlier)
    sess.questions.append(q.to_json())
    return q


def _of_concept(drill_type: str, concept: str, rules, seed: int, difficulty: int, earlier: set[str]):
    """A question of ``concept`` (none of ``earlier``); a rare concept gets more tries, repeats allowed."""
    q = unique_question(lambda k: drills.generate(drill_type, rules, seed=k, difficulty=difficulty), seed, earlier,
                        accept=lambda q: q.concept == concept)
    k = UNIQUE_TRIES  # the seeds unique_question tried are not tried again
    while q.concept != concept and k < UNIQUE_TRIES + REVIEW_TRIES:
        q = drills.generate(drill_type, rules, seed=seed + RETRY_SEED_STEP * k, difficulty=difficulty)
        k += 1
    return q


def _missing_message(missing: list[str]) -> str:
    """Why nothing was graded: the parts left unanswered ("choose a tile", "choose an option"), in one sentence."""
    t = tr()
    what = missing[0] if len(missing) == 1 else t.gettext("{first} and {second}").format(
        first=", ".join(missing[:-1]), second=missing[-1])
    return t.gettext("Answer the question first: {what}. Nothing was graded.").format(what=what)


@spoken
def _on_check(ctx: str) -> None:
    sess: Session = st.session_state[SESSION]
    q = drills.Question.from_json(sess.questions[sess.index])
    try:
        response = collect_response(q, ctx)
        missing = unanswered_parts(q, response)
        if missing:
            raise AnswerInputError(_missing_message(missing))
        feedback = drills.check(q, response)
    except SanmaError as exc:
        st.session_state[WARNING] = str(exc)  # shown beside Check: only the question area reruns
        return
    st.session_state.pop(WARNING, None)
    seconds = round(time.monotonic() - sess.started, 1) if sess.started else None
    sess.answered = {"feedback": asdict(feedback), "response": response}
    # a mixed question is filed under the drill it came from, so reviews and charts see the real topic
    topic = str(q.data.get("drill") or q.drill_type) if q.drill_type == "mixed" else q.drill_type
    sess.results.append(Result(q.id, topic, q.concept, feedback.correct, feedback.score))
    _keep(sess)
    pid = st.session_state.get(state.PROFILE_KEY)
    if pid is None:
        return
    db = state.store(quiet=True)
    if db is None:
        return
    try:
        record_answer(db, pid, source=sess.mode, topic=topic, concept=q.concept, correct=feedback.correct,
                      score=feedback.score, question=q.to_dict(), response=response, ruleset=q.ruleset, seed=q.seed,
                      difficulty=q.difficulty, seconds=seconds)
    except StoreError as exc:
        state.notice(tr().gettext("Your answer was not saved: {error}").format(error=exc), "error")


def _on_next() -> None:
    sess: Session = st.session_state[SESSION]
    sess.answered = None
    sess.started = None
    _keep(sess)


def _on_skip() -> None:
    sess: Session = st.session_state[SESSION]
    sess.results.append(Result("", sess.settings.drill_type, "", False, 0.0))
    sess.questions.append("{}")
    sess.started = None
    _keep(sess)


def _on_level(level: int) -> None:
    st.session_state["dr_difficulty"] = level
    st.session_state["dr_seed"] = random.SystemRandom().randrange(1, 100_000)
    _on_start()


def _on_again() -> None:
    """Another session of the same drill, length and level, with new questions (a new seed)."""
    sess: Session = st.session_state[SESSION]
    for key, value in (("dr_type", sess.settings.drill_type), ("dr_difficulty", sess.settings.difficulty),
                       ("dr_n", sess.settings.n)):
        st.session_state[key] = value
    seed = sess.settings.seed
    while seed == sess.settings.seed:
        seed = random.SystemRandom().randrange(1, 100_000)
    st.session_state["dr_seed"] = seed
    _on_start()


def _on_close() -> None:
    sess = st.session_state.pop(SESSION, None)
    if isinstance(sess, Session) and sess.token:
        db = state.store(quiet=True)
        if db is not None:
            state.store_call(db.drop_drill, sess.token)
    if DRILL_PARAM in st.query_params:
        del st.query_params[DRILL_PARAM]


# ---- drawing -------------------------------------------------------------------

def _settings_form() -> None:
    types = list(drills.DRILL_TYPES)
    if st.session_state.get("dr_type") not in types:
        st.session_state["dr_type"] = "payment" if "payment" in types else types[0]
    st.session_state.setdefault("dr_difficulty", 1)
    st.session_state.setdefault("dr_n", 10)
    st.session_state.setdefault("dr_seed", random.SystemRandom().randrange(1, 100_000))
    t = tr()
    cols = st.columns([3, 3, 2, 2])  # the difficulty buttons need room for all three labels
    titles = {d.id: t.gettext(d.title) for d in drills.DRILLS}  # read now: a format function may run elsewhere
    cols[0].selectbox(t.gettext("Drill"), types, key="dr_type", format_func=lambda d: titles.get(d, d))
    cols[1].segmented_control(t.gettext("Difficulty"), list(drills.DIFFICULTIES), key="dr_difficulty",
                              format_func=lambda d: t.gettext(LEVELS[d]) if d in LEVELS else str(d))
    cols[2].number_input(t.gettext("Questions"), 1, MAX_QUESTIONS, key="dr_n", step=1)
    cols[3].number_input(t.gettext("Seed"), 0, MAX_SEED, key="dr_seed", step=1,
                         help=t.gettext("The same seed and settings give everyone the same questions."))
    st.caption(drills.DRILL_TYPES[st.session_state["dr_type"]]["description"])
    b1, b2 = st.columns([1, 1])
    b1.button(t.gettext("Start session"), key="dr_start", on_click=_on_start, type="primary", width="stretch")
    b2.button(t.gettext("New seed"), key="dr_new_seed", on_click=_on_new_seed, width="stretch")


def _share_link(sess: Session) -> None:
    base = st.context.url or "http://localhost:8501/drills"
    if "/drills" not in base:
        base = base.rstrip("/") + "/drills"
    t = tr()
    st.caption(t.gettext("Share this session — everyone who opens the link gets the same questions:"))
    link = sess.settings.link(base, sess.ruleset)
    extra = {k: v for k, v in state.link_params(sess.ruleset).items() if k != "ruleset"}
    st.code(link + (f"&{urlencode(extra)}" if extra else ""), language=None)
    if extra:
        st.caption(t.gettext("The link carries the session's uploaded ruleset too: nobody needs the file."))


def _summary(sess: Session) -> None:
    t = tr()
    s = sess.summary()
    st.subheader(t.gettext("Session summary"))
    metric_row([(t.gettext("Questions"), t.number(int(s["questions"]))),
                (t.gettext("Right"), t.gettext("{right} / {questions}").format(right=t.number(int(s["correct"])),
                                                                               questions=t.number(int(s["questions"])))),
                (t.gettext("Score"), t.percent(float(s["score"])))], key="dr_summary_metrics")
    rows = [{"#": t.number(i + 1), t.gettext("drill"): drills.DRILL_TYPES.get(r.drill_type, {}).get("title", r.drill_type),
             t.gettext("concept"): concept_name(r.concept) if r.concept else "",
             t.gettext("right"): t.gettext("yes") if r.correct else t.gettext("no"),
             t.gettext("credit"): t.percent(r.score)}
            for i, r in enumerate(sess.results)]
    st.html(f'<div class="sm-scroll">{rows_html(rows)}</div>')  # a plain table: no data grid to load
    level = suggest_difficulty(float(s["score"]), sess.settings.difficulty, int(s["questions"]))
    if sess.mode == "drill" and level is not None:
        advice = (t.gettext("Your score suggests a harder level: difficulty {level}.")
                  if level > sess.settings.difficulty else t.gettext("Your score suggests an easier level: difficulty {level}."))
        st.info(advice.format(level=t.number(level)))
        st.button(t.gettext("New session at difficulty {level}").format(level=t.number(level)), key="dr_level",
                  on_click=_on_level, args=(level,))
    if st.session_state.get(state.PROFILE_KEY) is None:
        st.info(t.gettext("Choose or create a learner in the sidebar to save answers and get reviews scheduled."))
    b = st.columns([2, 1, 3])
    if sess.mode == "drill":
        b[0].button(t.gettext("Another session, new questions"), key="dr_again", on_click=_on_again, type="primary")
    b[1].button(t.gettext("Close"), key="dr_close", on_click=_on_close)


def _guest_hint() -> None:
    """Answering as a guest while learner profiles exist: say it is not saved (never whose profiles exist)."""
    if st.session_state.get(state.PROFILE_KEY) is not None:
        return
    db = state.store(quiet=True)
    if db is not None and state.store_call(db.has_profiles):
        st.info(tr().gettext("You are answering as a guest, so nothing is saved. **Sign in** in the sidebar first to keep "
                             "your progress."))


def render() -> None:
    t = tr()
    st.title(t.gettext("Drills"))
    if _restore():
        _apply_url()
    sess = st.session_state.get(SESSION)
    if isinstance(sess, Session):
        if not sess.token:  # a new session (here, or from Learn or Progress): kept from its start
            _keep(sess)
        if sess.token and st.query_params.get(DRILL_PARAM) != sess.token:
            st.query_params[DRILL_PARAM] = sess.token
    with st.expander(t.gettext("Session settings"), expanded=not isinstance(sess, Session)):
        _settings_form()
    if not isinstance(sess, Session):
        st.write(t.gettext("Pick a drill and press **Start session**. Answer by clicking tiles, choosing, or typing "
                           "numbers; every answer gets its step-by-step explanation."))
        return
    _guest_hint()
    _session_area()
    if sess.mode == "drill":  # the same for the whole session: drawn by page runs, not by every answer
        _share_link(sess)


@fragment
def _session_area() -> None:
    """The question, its answer widgets and feedback: a tile click or Check reruns only this part."""
    sess = st.session_state.get(SESSION)
    if not isinstance(sess, Session):
        st.rerun()  # the session was closed from here: the whole page shows the settings again
        return
    t = tr()
    label = {"drill": drills.DRILL_TYPES.get(sess.settings.drill_type, {}).get("title", ""),
             "review": t.gettext("Review of due concepts"), "replay": t.gettext("Replay of a missed question")}[sess.mode]
    st.caption(t.gettext("{label} · ruleset {ruleset}").format(
        label=label, ruleset=state.ruleset_label(sess.ruleset) if sess.ruleset else ""))
    if sess.finished:
        _summary(sess)
        return
    index = sess.index
    st.progress(index / max(sess.total, 1), text=t.gettext("Question {number} of {total}").format(
        number=t.number(index + 1), total=t.number(sess.total)))
    try:
        q = _question_for(sess, index)
    except DrillError as exc:  # a stored question or a link that no longer reads (a generator bug is not hidden)
        st.error(t.gettext("This question could not be made ({error}).").format(error=exc))
        st.button(t.gettext("Skip it"), key="dr_skip", on_click=_on_skip)
        return
    if sess.started is None:
        sess.started = time.monotonic()
    ctx = f"s{sess.nonce}q{index}"
    warning = st.session_state.pop(WARNING, None)
    if sess.answered is None and tuple(q.parts) == ("numbers",):
        with st.form(f"dr_form_{ctx}", border=False):  # typed answers: Enter in a field checks them
            ask(q, ctx)
            st.form_submit_button(t.gettext("Check"), key="dr_check", on_click=_on_check, args=(ctx,), type="primary")
        if warning:
            st.warning(warning)
    elif sess.answered is None:
        ask(q, ctx)
        st.button(t.gettext("Check"), key="dr_check", on_click=_on_check, args=(ctx,), type="primary")
        if warning:
            st.warning(warning)
    else:
        ask(q, ctx, disabled=True)
        show_feedback(q, sess.answered["feedback"], sess.answered["response"])
        last = len(sess.results) >= sess.total
        st.button(t.gettext("See the summary") if last else t.gettext("Next question"), key="dr_next", on_click=_on_next, type="primary")
