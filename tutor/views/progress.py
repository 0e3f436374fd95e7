"""Progress: reviews due today (FSRS), the mistakes notebook with exact replays, and charts."""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta

import plotly.graph_objects as go
import streamlit as st

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


def nothing_due_text(cards, now: datetime) -> str:
    """What to say when no review is due yet: when the next one comes (the chart counts it under today)."""
    upcoming = sorted(c.due for c in cards if c.due > now)
    if not upcoming:
        return "Nothing is due. Drills you answer are scheduled here for review."
    wait = upcoming[0] - now
    today = sum(1 for d in upcoming if d.date() == now.date())
    if wait < timedelta(hours=1):
        when = f"in {max(1, math.ceil(wait.total_seconds() / 60))} min"
    elif wait < timedelta(days=1):
        when = f"in {math.ceil(wait.total_seconds() / 3600)} h"
    else:
        when = f"on {upcoming[0]:%b %d}"
    later = f" ({today} later today)" if today else ""
    return f"Nothing is due yet: the next review comes {when}{later}. Come back then, or drill something new."


def day_axis(days: list) -> dict:
    """A date x-axis labelled in whole days (plotly would tick a single day in fractions of a second)."""
    if not days:
        return {"type": "date"}
    first, last = min(days), max(days)
    step = max(1, math.ceil(((last - first).days + 2) / 7))
    return {"type": "date", "tickformat": "%b %d", "dtick": step * 86_400_000,
            "range": [str(first - timedelta(days=1)), str(last + timedelta(days=1))]}


def count_axis(counts: list[int], title: str = "") -> dict:
    """A y-axis for counts: whole-number ticks only."""
    return {"title": title, "tickformat": "d", "dtick": max(1, math.ceil(max(counts, default=0) / 5)), "rangemode": "tozero"}


def _charts(answers, cards) -> None:
    left, right = st.columns(2)
    with left:
        rows = stats.accuracy_by_day(answers)
        fig = go.Figure()
        for topic in sorted({r["topic"] for r in rows}):
            mine = [r for r in rows if r["topic"] == topic]
            fig.add_trace(go.Scatter(x=[r["day"] for r in mine], y=[100 * r["accuracy"] for r in mine],
                                     mode="lines+markers", name=topic_title(topic), customdata=[r["answers"] for r in mine],
                                     hovertemplate="%{x}: %{y:.0f}% of %{customdata} answers"))
        fig.update_layout(title="Accuracy per topic", yaxis={"range": [0, 105], "title": "% right"},
                          xaxis=day_axis([r["day"] for r in rows]),
                          height=340, margin={"l": 10, "r": 10, "t": 40, "b": 10})
        st.plotly_chart(fig, key="chart_accuracy", theme="streamlit")
    with right:
        due = stats.due_by_day(cards)
        fig = go.Figure(go.Bar(x=[d["day"] for d in due], y=[d["due"] for d in due], marker_color="#b8322a"))
        fig.update_layout(title="Reviews due (next 14 days)", height=340,
                          margin={"l": 10, "r": 10, "t": 40, "b": 10}, yaxis=count_axis([d["due"] for d in due], "concepts"))
        st.plotly_chart(fig, key="chart_due", theme="streamlit")
    daily = stats.answers_per_day(answers)
    fig = go.Figure(go.Bar(x=[d["day"] for d in daily], y=[d["answers"] for d in daily], marker_color="#1b7a3a"))
    fig.update_layout(title="Answers per day (streak)", height=260, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                      yaxis=count_axis([d["answers"] for d in daily]))
    st.plotly_chart(fig, key="chart_streak", theme="streamlit")


def _first_steps(name: str) -> None:
    """A learner with no answer yet: what to do first, instead of empty tables and charts."""
    st.info(f"Nothing to show yet, {name}: your progress starts with your first answers. Start with a lesson on "
            "Learn, or a short drill session on Drills; every answer is saved under your name, missed concepts come "
            "back here for review, and the charts fill in day by day.")
    cols = st.columns(2)
    cols[0].page_link("tutor/pages/learn.py", label="Start with a lesson", icon=":material/school:")
    cols[1].page_link("tutor/pages/drills.py", label="Drill a topic", icon=":material/quiz:")


def render() -> None:
    st.title("Progress")
    if st.session_state.pop(GO_KEY, False):
        st.switch_page("tutor/pages/drills.py")
    db = state.store(quiet=True)
    profile = state.current_profile()
    if db is None:
        return
    if profile is None:
        st.info("Choose a learner in the sidebar (or create one with **New learner**) to see progress. "
                "Answers given as a guest are not saved.")
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
    metric_row([("Answers", len(answers)), ("Right", f"{right / len(answers):.0%}" if answers else "—"),
                ("Streak (days)", stats.streak(answers)), ("Due now", len(due))], key="progress_metrics")

    st.subheader("Due now")
    if not due:
        st.write(nothing_due_text(cards, now))
    else:
        st.dataframe([{"concept": concept_title(d.concept), "drill": topic_title(d.topic),
                      "due": d.due.strftime("%Y-%m-%d %H:%M")} for d in due],
                     hide_index=True)
        drills = [d for d in due if not is_kept_concept(d.concept)]
        kept = len(due) - len(drills)
        if drills:
            st.button(f"Start review ({len(drills)})", key="start_review", type="primary", on_click=_start_review,
                      args=([(d.topic, d.concept) for d in drills],))
        if kept:
            st.page_link("tutor/pages/positions.py", icon=":material/bookmark:",
                         label=tr().ngettext("Answer the position you kept ({n})",
                                             "Answer the positions you kept ({n})", kept).format(n=kept))

    st.subheader("Per topic")
    per = stats.accuracy_by_topic(answers)
    if per:
        st.dataframe([{"topic": topic_title(t), "right": r, "answers": n, "accuracy": f"{r / n:.0%}"} for t, (r, n) in per.items()],
                     hide_index=True)
    if cards:
        with st.expander(f"All scheduled concepts ({len(cards)})"):
            st.dataframe([{"concept": concept_title(c.concept), "drill": topic_title(c.topic), "next review": c.due.strftime("%Y-%m-%d %H:%M"),
                           "recall chance now": f"{retrievability(c, now):.0%}"} for c in cards], hide_index=True)
    _charts(answers, cards)

    st.subheader("Mistakes notebook")
    wrong = [a for a in answers if not a.correct and a.source != "lesson"][::-1][:MISTAKES_SHOWN]
    if not wrong:
        st.write("No mistakes yet.")
    fixed = {(a.question.get("id"), a.id) for a in answers if a.correct}
    for a in wrong:
        with st.container(border=True):
            cols = st.columns([5, 1])
            prompt = a.question.get("prompt", "")
            later = any(qid == a.question.get("id") and aid > (a.id or 0) for qid, aid in fixed)
            cols[0].markdown(f"**{topic_title(a.topic)}** · {concept_title(a.concept)} · {a.ts:%Y-%m-%d}" + (" · ✓ answered right since" if later
                             else "") + f"  \n{prompt}")
            cols[1].button("Replay", key=f"replay_{a.id}", on_click=_replay, args=(a.question,),
                           disabled=not a.question.get("id"))
