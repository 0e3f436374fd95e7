"""Handouts: any lesson as a printable page, and a worksheet of generated questions with its answer key on a page
of its own, under the active ruleset (HTML files to open in a browser and print)."""

from __future__ import annotations

import functools
import json

import streamlit as st

import course
from drills import DIFFICULTIES, DRILL_TYPES, DrillError
from sanma_core.i18n import speaking
from sanma_core.rules import Ruleset, ruleset_from_dict
from sanma_core.words.rulesets import ruleset_title
from tutor import state
from tutor.handout import MAX_QUESTIONS, lesson_html, worksheet, worksheet_html
from tutor.language import current_language, tr

PREVIEW = 3


@st.cache_resource(show_spinner=False)
def _course(rules_json: str, lang: str = "en"):
    return course.load_course(ruleset_from_dict(json.loads(rules_json), source="active ruleset"), lang=lang)


def _in(lang: str, make, *args) -> str:
    """A handout made in ``lang``: the file is made when it is downloaded, outside the page's run."""
    with speaking(lang):
        return make(*args)


def _lesson_part(rules: Ruleset) -> None:
    t, lang = tr(), current_language()
    lessons = _course(json.dumps(rules.to_dict(), sort_keys=True), lang).lessons
    titles = {lesson.id: lesson.title.get() for lesson in lessons}
    chosen = st.selectbox(t.gettext("Lesson"), list(titles), format_func=titles.get, key="handout_lesson")
    lesson = next(x for x in lessons if x.id == chosen)
    st.download_button(t.gettext("Download the lesson to print (HTML)"),
                       functools.partial(_in, lang, lesson_html, lesson, rules),
                       file_name=f"sanma-lesson-{lesson.id}-{rules.name}.html", mime="text/html",
                       key="handout_lesson_file", help=t.gettext("Open it in a browser and print; the check questions' "
                                                                 "answers come on a page of their own."))


def _worksheet_part(rules: Ruleset) -> None:
    t, lang = tr(), current_language()
    titles = {d: str(info.get("title") or d) for d, info in DRILL_TYPES.items()}
    cols = st.columns(4)
    kinds = cols[0].multiselect(t.gettext("Drill types"), list(titles), default=["payment"], format_func=titles.get,
                                key="handout_types")
    n = cols[1].number_input(t.gettext("Questions"), 1, MAX_QUESTIONS, 10, key="handout_n")
    seed = cols[2].number_input(t.gettext("Seed"), 0, 10**9, 1, key="handout_seed",
                                help=t.gettext("The same seed prints the same worksheet."))
    difficulty = cols[3].selectbox(t.gettext("Difficulty"), DIFFICULTIES, key="handout_difficulty")
    try:
        sheet = worksheet(rules, list(kinds), int(n), int(seed), int(difficulty))
    except DrillError as exc:
        st.error(t.gettext("No worksheet: {error}.").format(error=exc))
        return
    st.download_button(t.gettext("Download the worksheet and its answer key (HTML)"),
                       functools.partial(_in, lang, worksheet_html, sheet, rules),
                       file_name=f"sanma-worksheet-{rules.name}-{sheet.seed}.html", mime="text/html",
                       key="handout_worksheet_file", type="primary",
                       help=t.gettext("Open it in a browser and print on A4: the answer key starts on a new page."))
    st.caption(t.gettext("The first {shown} of {n} questions:").format(
        shown=t.number(min(PREVIEW, len(sheet.questions))), n=t.number(len(sheet.questions))))
    for i, q in enumerate(sheet.questions[:PREVIEW], 1):
        st.text(f"{i}. {q.prompt}")


def render() -> None:
    rules = state.active_rules()
    t = tr()
    st.title(t.gettext("Handouts — {ruleset}").format(ruleset=ruleset_title(rules)))
    lesson_tab, sheet_tab = st.tabs([t.gettext("Lesson"), t.gettext("Worksheet")])
    with lesson_tab:
        _lesson_part(rules)
    with sheet_tab:
        _worksheet_part(rules)
