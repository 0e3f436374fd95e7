"""Learn: the lessons step by step, with tile diagrams, four-player comparisons and check questions."""

from __future__ import annotations

import json
import random

import streamlit as st

import course
from drills import DRILL_TYPES
from drills.explain import CONCEPTS, concept_name
from sanma_core.errors import SanmaError
from sanma_core.rules import Ruleset, ruleset_from_dict
from sanma_core.tiles import SANMA_KINDS, kind, kind_name, parse_tiles
from tutor import state
from tutor.drill_session import Settings
from tutor.handoff import start_session
from tutor.language import current_language, tr
from tutor.recording import record_answer
from tutor.store import StoreError
from tutor.tiles_svg import tiles_html
from tutor.widgets import show_data_diagram, tile_buttons

LESSON_KEY = "learn_lesson"
STEPS_KEY = "learn_steps"  # lesson id -> step index shown
RESULTS_KEY = "learn_results"  # question key -> check result dict


@st.cache_resource(show_spinner=False)
def _load_course(rules_json: str, lang: str = "en"):
    """The course validated under one ruleset, in one language (shared by all sessions; lessons are read-only)."""
    return course.load_course(ruleset_from_dict(json.loads(rules_json), source="active ruleset"), lang=lang)


def load_for(rules: Ruleset):
    """The course under ``rules`` in the session's language (a lesson not yet translated reads in English)."""
    return _load_course(json.dumps(rules.to_dict(), sort_keys=True), current_language())


def _qkey(lesson_id: str, qid: str) -> str:
    return f"lq_{lesson_id}_{qid}".replace(".", "-")


def _go(lesson_id: str, index: int, total: int) -> None:
    st.session_state.setdefault(STEPS_KEY, {})[lesson_id] = index
    pid = st.session_state.get(state.PROFILE_KEY)
    db = state.store(quiet=True) if pid is not None else None
    if db is not None:
        try:
            db.save_lesson_step(pid, lesson_id, index + 1, total)
        except StoreError as exc:
            state.notice(tr().gettext("Lesson progress was not saved: {error}").format(error=exc), "error")


def _toggle_tile(qkey: str, tile: int) -> None:
    name = kind_name(kind(tile))
    chosen = list(st.session_state.get(f"{qkey}_tiles", []))
    chosen.remove(name) if name in chosen else chosen.append(name)
    st.session_state[f"{qkey}_tiles"] = chosen


def _answer_of(question, qkey: str):
    if question.kind == "tiles":
        return "".join(st.session_state.get(f"{qkey}_tiles", []))
    value = st.session_state.get(qkey)
    if question.kind == "multiple":
        return list(value or [])
    return value


def _check(lesson_id: str, rendered, qkey: str) -> None:
    rules = state.active_rules()
    answer = _answer_of(rendered.question, qkey)
    if answer in (None, "", []):
        state.notice(tr().gettext("Answer the question first."), "warning")
        return
    try:
        result = course.check_answer(rendered.question, answer, rules)
    except SanmaError as exc:
        state.notice(tr().gettext("This question cannot be checked: {error}").format(error=exc), "error")
        return
    st.session_state.setdefault(RESULTS_KEY, {})[qkey] = {
        "correct": result.correct, "expected": result.expected, "explanation": result.explanation,
        "error": result.error,
    }
    pid = st.session_state.get(state.PROFILE_KEY)
    db = state.store(quiet=True) if pid is not None else None
    if db is None or result.error:
        return
    try:
        record_answer(db, pid, source="lesson", topic=lesson_id, concept=f"lesson.{rendered.id}",
                      correct=result.correct, question={"lesson": lesson_id, "question": rendered.id},
                      response=answer, ruleset=rules.name, schedule=False)
    except StoreError as exc:
        state.notice(tr().gettext("Your answer was not saved: {error}").format(error=exc), "error")


def _practise(link: str) -> None:
    """Start a short drill session on the step's topic, a drill type or one concept of it (``push_fold.north``);
    the page then switches to Drills."""
    drill_type, _, _ = link.partition(".")
    seed = random.SystemRandom().randrange(1, 100_000)
    st.session_state.update({"dr_type": drill_type, "dr_n": 5, "dr_seed": seed})
    concept = link if link != drill_type else ""
    start_session(Settings(drill_type=drill_type, n=5, seed=seed, concept=concept), state.active_rules().name)
    st.session_state["_learn_practise"] = link


def _practise_title(link: str) -> str:
    """The button's words: the concept's name for a concept link, else the drill type's title."""
    if link in CONCEPTS:
        return concept_name(link)
    return DRILL_TYPES.get(link, {}).get("title", link)


def _question(lesson_id: str, rendered) -> None:
    qkey = _qkey(lesson_id, rendered.id)
    result = st.session_state.get(RESULTS_KEY, {}).get(qkey)
    t = tr()
    with st.container(border=True):
        st.markdown(t.gettext("**Check:** {prompt}").format(prompt=rendered.prompt))
        kind_of = rendered.kind
        if kind_of == "single":
            labels = dict(rendered.choices)
            st.radio(t.gettext("Your answer"), [c for c, _ in rendered.choices], key=qkey, index=None,
                     format_func=lambda c, labels=labels: labels.get(c, c), label_visibility="collapsed")
        elif kind_of == "multiple":
            labels = dict(rendered.choices)
            st.pills(t.gettext("Choose every one that applies"), [c for c, _ in rendered.choices], key=qkey,
                     selection_mode="multi", format_func=lambda c, labels=labels: labels.get(c, c))
        elif kind_of == "number":
            st.text_input(t.gettext("Your answer"), key=qkey, placeholder=t.gettext("a number"))
        else:
            chosen = st.session_state.get(f"{qkey}_tiles", [])
            st.caption(t.gettext("Click every tile that applies — chosen: {tiles}").format(tiles=" ".join(chosen)) if chosen
                       else t.gettext("Click every tile that applies"))
            tile_buttons(list(SANMA_KINDS), qkey, lambda t, qkey=qkey: _toggle_tile(qkey, t),
                         selected=[k for k in SANMA_KINDS if kind_name(k) in chosen])
        st.button(t.gettext("Check"), key=f"{qkey}_check", on_click=_check, args=(lesson_id, rendered, qkey))
        if result:
            if result["error"]:
                st.warning(t.gettext("That answer cannot be read: {error}").format(error=result["error"]))
            elif result["correct"]:
                st.success(t.gettext("Right!"))
            else:
                expected = result["expected"]
                if kind_of == "tiles" and expected:
                    st.error(t.gettext("Not quite. The answer:"))
                    st.html(tiles_html(parse_tiles(expected)))
                elif kind_of in ("single", "multiple"):
                    labels = dict(rendered.choices)
                    ids = expected if isinstance(expected, list) else [expected]
                    st.error(t.gettext("Not quite. The answer:") + " " + ", ".join(labels.get(i, str(i)) for i in ids))
                else:
                    st.error(t.gettext("Not quite. The answer:") + f" {t.number(expected) if isinstance(expected, int | float) else expected}")
            if result["explanation"]:
                st.info(result["explanation"])


ACTIVE_CELL = {"background-color": "#f6dcd6", "font-weight": "bold"}


def table_frame(table):
    """A lesson table as a DataFrame; its highlight column (the active ruleset) is marked in the header and shaded.

    >>> from course.tables import RenderedTable
    >>> t = table_frame(RenderedTable("k", ["Rule", "A", "B"], [["x", "1", "2"]], highlight_column=2))
    >>> list(t.data.columns)
    ['Rule', 'A', 'B (active)']
    """
    import pandas as pd

    columns = list(table.columns)
    rows = [(list(row) + [""] * len(columns))[:len(columns)] for row in table.rows]
    mark = table.highlight_column
    if mark is None or not 0 < mark < len(columns):
        return pd.DataFrame(rows, columns=columns)
    if not columns[mark].endswith("(active)"):
        columns[mark] += " (active)"
    frame = pd.DataFrame(rows, columns=columns)
    return frame.style.set_properties(subset=[columns[mark]], **ACTIVE_CELL)


def _step(lesson, index: int, rules: Ruleset) -> None:
    step = lesson.steps[index]
    t = tr()
    try:
        r = course.render_step(step, rules)
    except course.LessonError as exc:  # a lesson that cannot be filled shows where, not a traceback
        st.error(t.gettext("This step cannot be shown under {title}: {error}").format(title=rules.title, error=exc))
        return
    if r.title:
        st.subheader(r.title)
    st.markdown(r.text)
    for d in r.diagrams:
        show_data_diagram({"hand": d.hand, "melds": d.melds, "kita": d.kita, "dora": d.dora, "win": d.win},
                          caption=d.caption)
    if r.compare:
        st.table([{"": row.topic, t.gettext("four-player"): row.four_player,
                   t.gettext("sanma ({title})").format(title=rules.title): row.sanma}
                  for row in r.compare])
    if r.table is not None:
        if r.table.caption:
            st.caption(r.table.caption)
        st.dataframe(table_frame(r.table), hide_index=True)
    for q in r.questions:
        _question(lesson.id, q)
    if r.lessons:
        titles = {other.id: other.title.get() for other in load_for(rules).lessons}
        cols = st.columns(min(len(r.lessons), 3))
        for i, target in enumerate(r.lessons):
            cols[i % len(cols)].button(t.gettext("Lesson: {name}").format(name=titles.get(target, target)), key=f"open_{lesson.id}_{index}_{target}",
                                       on_click=_open_lesson, args=(target,))
    if r.drills:
        cols = st.columns(len(r.drills))
        for col, drill in zip(cols, r.drills, strict=True):
            title = t.gettext(_practise_title(drill))
            col.button(t.gettext("Practise: {title}").format(title=title), key=f"practise_{lesson.id}_{index}_{drill}",
                       on_click=_practise,
                       args=(drill,))


def _open_lesson(lesson_id: str) -> None:
    """A link from one lesson to another: show the other lesson from its first step."""
    st.session_state[LESSON_KEY] = lesson_id
    st.session_state.setdefault(STEPS_KEY, {})[lesson_id] = 0


def _label(lesson, progress: dict[str, tuple[int, int]]) -> str:
    done, total = progress.get(lesson.id, (0, len(lesson.steps)))
    mark = "✓ " if done >= len(lesson.steps) else (f"{done}/{len(lesson.steps)} · " if done else "")
    return f"{mark}{lesson.title.get()}"


def render() -> None:
    t = tr()
    st.title(t.gettext("Learn"))
    if st.session_state.pop("_learn_practise", None):
        st.switch_page("tutor/pages/drills.py")
    rules = state.active_rules()
    try:
        loaded = load_for(rules)
    except SanmaError as exc:
        st.error(t.gettext("The lessons cannot be loaded: {error}").format(error=exc))
        return
    for issue in loaded.errors:
        st.warning(f"Lesson file {issue.file}, line {issue.line}, {issue.field}: {issue.message}")
    if not loaded.lessons:
        st.info(t.gettext("No lessons found."))
        return
    pid = st.session_state.get(state.PROFILE_KEY)
    db = state.store(quiet=True) if pid is not None else None
    progress = (state.store_call(db.lesson_progress, pid) or {}) if db is not None else {}
    ids = [lesson.id for lesson in loaded.lessons]
    if st.session_state.get(LESSON_KEY) not in ids:
        st.session_state[LESSON_KEY] = ids[0]
    by_id = {lesson.id: lesson for lesson in loaded.lessons}
    st.selectbox(t.gettext("Lesson"), ids, key=LESSON_KEY, format_func=lambda i: _label(by_id[i], progress))
    lesson = by_id[st.session_state[LESSON_KEY]]
    steps = st.session_state.setdefault(STEPS_KEY, {})
    index = min(steps.get(lesson.id, 0), len(lesson.steps) - 1)
    total = len(lesson.steps)
    st.caption(lesson.summary.get())
    st.progress((index + 1) / total, text=t.gettext("Step {n} of {total}").format(n=index + 1, total=total))
    _step(lesson, index, rules)
    cols = st.columns([1, 1, 3])
    cols[0].button(t.gettext("Previous"), key="learn_prev", on_click=_go, args=(lesson.id, index - 1, total), disabled=index == 0)
    if index + 1 < total:
        cols[1].button(t.gettext("Next"), key="learn_next", on_click=_go, args=(lesson.id, index + 1, total), type="primary")
    else:
        nxt = ids.index(lesson.id) + 1
        cols[1].button(t.gettext("Finish lesson"), key="learn_finish", type="primary", on_click=_finish,
                       args=(lesson.id, total, ids[nxt] if nxt < len(ids) else None))


def _finish(lesson_id: str, total: int, next_id: str | None) -> None:
    _go(lesson_id, total - 1, total)
    pid = st.session_state.get(state.PROFILE_KEY)
    db = state.store(quiet=True) if pid is not None else None
    if db is not None:
        try:
            db.save_lesson_step(pid, lesson_id, total, total)
        except StoreError as exc:
            state.notice(tr().gettext("Lesson progress was not saved: {error}").format(error=exc), "error")
    t = tr()
    state.notice(t.gettext("Lesson finished. On to the next one.") if next_id else t.gettext("Lesson finished. That was the last lesson."),
                 "success")
    if next_id:
        st.session_state[LESSON_KEY] = next_id
