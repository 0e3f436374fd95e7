"""Progress: reviews due today (FSRS), the mistakes notebook with exact replays, and charts."""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta

import plotly.graph_objects as go
import streamlit as st
from babel.dates import format_date

from sanma_core.i18n import Translator, translator
from tutor import state, stats
from tutor.drill_session import Settings
from tutor.handoff import start_session
from tutor.kept import is_kept_concept
from tutor.labels import concept_title, topic_title
from tutor.language import tr
from tutor.scheduler import retrievability
from tutor.store import now_utc
from tutor.widgets import metric_row

MISTAKES_SHOWN = 12
GO_KEY = "_progress_go"


def _start_review(concepts: list[tuple[str, str]]) -> None:
    seed = int(now_utc().timestamp()) % 1_000_000
    start_session(Settings(drill_type=concepts[0][0], n=len(concepts), seed=seed), state.active_rules().name,
                  mode="review", concepts=concepts)
    st.session_state[GO_KEY] = True


def _replay(question: dict) -> None:
    settings = Settings(drill_type=question.get("drill_type", "mixed"), n=1, seed=int(question.get("seed", 0)),
                        difficulty=int(question.get("difficulty", 1)))
    start_session(settings, question.get("ruleset", ""), mode="replay", questions=[json.dumps(question)])
    st.session_state[GO_KEY] = True


def day_text(day, lang: str = "en") -> str:
    """A day as a short date the language's way: ``Mar 04`` / ``4. März`` / ``4 mar``."""
    if lang == "en":
        return f"{day:%b %d}"
    return format_date(day, "d. MMM" if lang == "de" else "d MMM", locale=lang)


def nothing_due_text(cards, now: datetime, t: Translator | None = None) -> str:
    """What to say when no review is due yet: when the next one comes (the chart counts it under today)."""
    t = t or translator()
    upcoming = sorted(c.due for c in cards if c.due > now)
    if not upcoming:
        return t.gettext("Nothing is due. Drills you answer are scheduled here for review.")
    wait = upcoming[0] - now
    today = sum(1 for d in upcoming if d.date() == now.date())
    if wait < timedelta(hours=1):
        when = t.gettext("in {n} min").format(n=t.number(max(1, math.ceil(wait.total_seconds() / 60))))
    elif wait < timedelta(days=1):
        when = t.gettext("in {n} h").format(n=t.number(math.ceil(wait.total_seconds() / 3600)))
    else:
        when = t.gettext("on {day}").format(day=day_text(upcoming[0], t.lang))
    if today:
        return t.gettext("Nothing is due yet: the next review comes {when} ({n} later today). Come back then, or "
                         "drill something new.").format(when=when, n=t.number(today))
    return t.gettext("Nothing is due yet: the next review comes {when}. Come back then, or drill something new."
                     ).format(when=when)


#: a date axis's tick labels: plotly writes month names in English only, so German and Spanish tick in numbers
DAY_TICKS = {"en": "%b %d", "de": "%d.%m.", "es": "%d/%m"}


def day_axis(days: list, lang: str = "en") -> dict:
    """A date x-axis labelled in whole days (plotly would tick a single day in fractions of a second)."""
    if not days:
        return {"type": "date"}
    first, last = min(days), max(days)
    step = max(1, math.ceil(((last - first).days + 2) / 7))
    return {"type": "date", "tickformat": DAY_TICKS.get(lang, DAY_TICKS["en"]), "dtick": step * 86_400_000,
            "range": [str(first - timedelta(days=1)), str(last + timedelta(days=1))]}


def count_axis(counts: list[int], title: str = "") -> dict:
    """A y-axis for counts: whole-number ticks only."""
    return {"title": title, "tickformat": "d", "dtick": max(1, math.ceil(max(counts, default=0) / 5)), "rangemode": "tozero"}


def _separators(t: Translator) -> str:
    """Plotly's decimal and thousands signs for the language (``.,`` in English, ``,.`` in German and Spanish)."""
    return t.number(1.5)[1] + t.number(1000)[1]


def _day_ticks(t: Translator) -> dict:
    """The bar charts' date ticks: plotly's own in English, numbers in German and Spanish."""
    return {} if t.lang == "en" else {"xaxis": {"tickformat": DAY_TICKS.get(t.lang, DAY_TICKS["en"])}}


def _charts(answers, cards) -> None:
    t = tr()
    left, right = st.columns(2)
    with left:
        rows = stats.accuracy_by_day(answers)
        fig = go.Figure()
        for topic in sorted({r["topic"] for r in rows}):
            mine = [r for r in rows if r["topic"] == topic]
            fig.add_trace(go.Scatter(x=[r["day"] for r in mine], y=[100 * r["accuracy"] for r in mine],
                                     mode="lines+markers", name=topic_title(topic, t), customdata=[r["answers"] for r in mine],
                                     hovertemplate=t.gettext("%{x}: %{y:.0f}% of %{customdata} answers")))
        fig.update_layout(title=t.gettext("Accuracy per topic"), yaxis={"range": [0, 105], "title": t.gettext("% right")},
                          xaxis=day_axis([r["day"] for r in rows], t.lang), separators=_separators(t),
                          height=340, margin={"l": 10, "r": 10, "t": 40, "b": 10})
        st.plotly_chart(fig, key="chart_accuracy", theme="streamlit")
    with right:
        due = stats.due_by_day(cards)
        fig = go.Figure(go.Bar(x=[d["day"] for d in due], y=[d["due"] for d in due], marker_color="#b8322a"))
        fig.update_layout(title=t.gettext("Reviews due (next 14 days)"), height=340, separators=_separators(t),
                          **_day_ticks(t),
                          margin={"l": 10, "r": 10, "t": 40, "b": 10},
                          yaxis=count_axis([d["due"] for d in due], t.gettext("concepts")))
        st.plotly_chart(fig, key="chart_due", theme="streamlit")
    daily = stats.answers_per_day(answers)
    fig = go.Figure(go.Bar(x=[d["day"] for d in daily], y=[d["answers"] for d in daily], marker_color="#1b7a3a"))
    fig.update_layout(title=t.gettext("Answers per day (streak)"), height=260, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                      **_day_ticks(t),
                      separators=_separators(t), yaxis=count_axis([d["answers"] for d in daily]))
    st.plotly_chart(fig, key="chart_streak", theme="streamlit")


def _first_steps(name: str) -> None:
    """A learner with no answer yet: what to do first, instead of empty tables and charts."""
    t = tr()
    st.info(t.gettext("Nothing to show yet, {name}: your progress starts with your first answers. Start with a lesson "
                      "on Learn, or a short drill session on Drills; every answer is saved under your name, missed "
                      "concepts come back here for review, and the charts fill in day by day.").format(name=name))
    cols = st.columns(2)
    cols[0].page_link("tutor/pages/learn.py", label=t.gettext("Start with a lesson"), icon=":material/school:")
    cols[1].page_link("tutor/pages/drills.py", label=t.gettext("Drill a topic"), icon=":material/quiz:")


def _when(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%d %H:%M")


def render() -> None:
    t = tr()
    st.title(t.gettext("Progress"))
    if st.session_state.pop(GO_KEY, False):
        st.switch_page("tutor/pages/drills.py")
    db = state.store(quiet=True)
    profile = state.current_profile()
    if db is None:
        return
    if profile is None:
        st.info(t.gettext("Choose a learner in the sidebar (or create one with **New learner**) to see progress. "
                          "Answers given as a guest are not saved."))
        return
    answers = state.store_call(db.answers, profile.id)
    cards = state.store_call(db.cards, profile.id)
    if answers is None or cards is None:
        return
    if not answers and not cards:
        _first_steps(profile.name)
        return
    now = now_utc()
    due = [c for c in cards if c.due <= now]
    right = sum(a.correct for a in answers)
    metric_row([(t.gettext("Answers"), t.number(len(answers))),
                (t.gettext("Right"), t.percent(right / len(answers)) if answers else "—"),
                (t.gettext("Streak (days)"), t.number(stats.streak(answers))), (t.gettext("Due now"), t.number(len(due)))],
               key="progress_metrics")

    st.subheader(t.gettext("Due now"))
    if not due:
        st.write(nothing_due_text(cards, now, t))
    else:
        st.dataframe([{t.gettext("concept"): concept_title(d.concept, t), t.gettext("drill"): topic_title(d.topic, t),
                       t.gettext("due"): _when(d.due)} for d in due],
                     hide_index=True)
        drills = [d for d in due if not is_kept_concept(d.concept)]
        kept = len(due) - len(drills)
        if drills:
            st.button(t.gettext("Start review ({n})").format(n=t.number(len(drills))), key="start_review",
                      type="primary", on_click=_start_review, args=([(d.topic, d.concept) for d in drills],))
        if kept:
            st.page_link("tutor/pages/positions.py", icon=":material/bookmark:",
                         label=t.ngettext("Answer the position you kept ({n})",
                                          "Answer the positions you kept ({n})", kept).format(n=t.number(kept)))

    st.subheader(t.gettext("Per topic"))
    per = stats.accuracy_by_topic(answers)
    if per:
        st.dataframe([{t.gettext("topic"): topic_title(topic, t), t.gettext("right"): r, t.gettext("answers"): n,
                       t.gettext("accuracy"): t.percent(r / n)} for topic, (r, n) in per.items()],
                     hide_index=True)
    if cards:
        with st.expander(t.gettext("All scheduled concepts ({n})").format(n=t.number(len(cards)))):
            st.dataframe([{t.gettext("concept"): concept_title(c.concept, t), t.gettext("drill"): topic_title(c.topic, t),
                           t.gettext("next review"): _when(c.due),
                           t.gettext("recall chance now"): t.percent(retrievability(c, now))} for c in cards],
                         hide_index=True)
    _charts(answers, cards)

    st.subheader(t.gettext("Mistakes notebook"))
    wrong = [a for a in answers if not a.correct and a.source != "lesson"][::-1][:MISTAKES_SHOWN]
    if not wrong:
        st.write(t.gettext("No mistakes yet."))
    fixed = {(a.question.get("id"), a.id) for a in answers if a.correct}
    for a in wrong:
        with st.container(border=True):
            cols = st.columns([5, 1])
            prompt = a.question.get("prompt", "")
            later = any(qid == a.question.get("id") and aid > (a.id or 0) for qid, aid in fixed)
            cols[0].markdown(f"**{topic_title(a.topic, t)}** · {concept_title(a.concept, t)} · {a.ts:%Y-%m-%d}"
                             + (" · " + t.gettext("✓ answered right since") if later else "") + f"  \n{prompt}")
            cols[1].button(t.gettext("Replay"), key=f"replay_{a.id}", on_click=_replay, args=(a.question,),
                           disabled=not a.question.get("id"))
