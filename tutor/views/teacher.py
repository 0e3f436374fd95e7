"""Club: a learner joins a teacher's group (and agrees to share progress); a teacher creates groups, hands out the
join code and sees the members' progress per concept, the concepts the group misses most and who has not practised.

A teacher reaches only their own groups: ``?group=ID`` for anyone else's group shows the same refusal as for a
group that does not exist.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from tutor import state
from tutor.club import Club, Group
from tutor.club_report import IDLE_AFTER, GroupReport, group_report
from tutor.labels import topic_title
from tutor.store import StoreError
from tutor.widgets import metric_row

GROUP_PARAM = "group"


def _club() -> Club | None:
    db = state.store(quiet=True)
    return Club(db) if db is not None else None


def _act(action, success: str) -> None:
    """Run one club change from a callback; its message (or the refusal) shows on the next run."""
    try:
        action()
    except StoreError as exc:
        message = str(exc)
        state.notice(message[:1].upper() + message[1:] + ".", "error")
        return
    state.notice(success, "success")


def _join(profile_id: int) -> None:
    club = _club()
    if club is None:
        return
    code, agree = st.session_state.get("club_join_code", ""), bool(st.session_state.get("club_join_agree"))
    _act(lambda: club.join(profile_id, code, agree=agree), "You joined the group: its teacher now sees your drill "
         "and lesson progress (never your PIN). Leave the group to stop sharing.")
    st.session_state["club_join_code"] = ""


def _leave(profile_id: int, group: Group) -> None:
    club = _club()
    if club is not None:
        _act(lambda: club.leave(profile_id, group.id), f"You left {group.name}: its teacher no longer sees your progress.")


def _create(profile_id: int) -> None:
    club = _club()
    if club is None:
        return
    name = st.session_state.get("club_group_name", "")

    def create() -> None:
        group = club.create_group(profile_id, name)
        st.session_state["club_group"] = group.id
    _act(create, "Group created: give your learners its join code.")
    st.session_state["club_group_name"] = ""


def _renew(profile_id: int, group_id: int) -> None:
    club = _club()
    if club is not None:
        _act(lambda: club.renew_code(profile_id, group_id), "A new join code: the old one no longer works.")


def _learner_part(club: Club, profile_id: int) -> None:
    st.subheader("Join a group")
    st.text_input("Join code (from your teacher)", key="club_join_code", max_chars=20)
    st.checkbox("I agree to share my drill and lesson progress with this group's teacher (never my PIN; nobody "
                "else sees it, and leaving the group stops it)", key="club_join_agree")
    st.button("Join", key="club_join", on_click=_join, args=(profile_id,))
    joined = state.store_call(club.groups_joined, profile_id) or []
    if joined:
        st.subheader("Groups I share my progress with")
    for group in joined:
        cols = st.columns([4, 1])
        cols[0].text(group.name)
        cols[1].button("Leave", key=f"club_leave_{group.id}", on_click=_leave, args=(profile_id, group))


def _chosen_group(club: Club, profile_id: int, taught: list[Group]) -> Group | None:
    asked = st.query_params.get(GROUP_PARAM)
    if asked is not None:
        try:
            return club.group(profile_id, asked)
        except StoreError as exc:
            st.error(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
            return None
    if not taught:
        return None
    names = {g.id: g.name for g in taught}
    if st.session_state.get("club_group") not in names:
        st.session_state["club_group"] = taught[-1].id
    gid = st.selectbox("Group", list(names), key="club_group", format_func=lambda i: names.get(i, str(i)))
    return next(g for g in taught if g.id == gid)


def heat_map(report: GroupReport) -> go.Figure:
    """Learners × concepts: the share of right answers (blank where a learner never answered)."""
    z = [[None if v is None else round(100 * v) for v in row] for row in report.right_share]
    fig = go.Figure(go.Heatmap(
        z=z, x=report.labels, y=report.learners, customdata=report.counts, zmin=0, zmax=100,
        colorscale="RdYlGn", colorbar={"title": "% right"}, hoverongaps=False,
        hovertemplate="%{y} · %{x}: %{z}% right of %{customdata} answers<extra></extra>"))
    fig.update_layout(title="Right answers per learner and concept", height=160 + 32 * len(report.learners),
                      margin={"l": 10, "r": 10, "t": 40, "b": 10}, yaxis={"autorange": "reversed"})
    return fig


def _report(club: Club, profile_id: int, group: Group) -> None:
    st.text(f"Join code for {group.name} (valid until {group.code_expires:%Y-%m-%d %H:%M} UTC):")
    st.code(group.join_code, language=None)
    st.button("New join code", key="club_renew", on_click=_renew, args=(profile_id, group.id))
    members = state.store_call(club.shared_progress, profile_id, group.id)
    if members is None:
        return
    if not members:
        st.info("No members yet: learners open Club, type the join code and agree to share their progress.")
        return
    report = group_report(members)
    metric_row([("Members", len(members)), ("Answers shared", sum(len(m.answers) for m in members)),
                (f"Not practised in {IDLE_AFTER.days} days", len(report.idle))], key="club_metrics")
    if report.concepts:
        st.plotly_chart(heat_map(report), key="club_heatmap", theme="streamlit")
    st.subheader("Missed most")
    if report.most_missed:
        st.dataframe([{"concept": m.label, "wrong": m.wrong, "answers": m.answers, "learners who missed": m.learners}
                      for m in report.most_missed], hide_index=True, key="club_missed")
    else:
        st.write("No wrong answers yet.")
    st.subheader(f"Not practised in the last {IDLE_AFTER.days} days")
    if report.idle:
        st.dataframe([{"learner": name} for name in report.idle], hide_index=True, key="club_idle")
    else:
        st.write("Everyone practised this week.")
    rows = [{"learner": name, "lesson": topic_title(lesson), "step": f"{step}/{total}"}
            for name, done in report.lessons.items() for lesson, (step, total) in sorted(done.items())]
    if rows:
        with st.expander("Lessons"):
            st.dataframe(rows, hide_index=True)


def _teacher_part(club: Club, profile_id: int) -> None:
    st.subheader("Teach a group")
    cols = st.columns([3, 1])
    cols[0].text_input("New group's name", key="club_group_name", max_chars=60)
    cols[1].button("Create group", key="club_create", on_click=_create, args=(profile_id,))
    taught = state.store_call(club.groups_taught, profile_id) or []
    group = _chosen_group(club, profile_id, taught)
    if group is not None:
        _report(club, profile_id, group)
    elif not taught:
        st.caption("Create a group to get a join code for your learners.")


def render() -> None:
    st.title("Club")
    club = _club()
    profile = state.current_profile()
    if club is None:
        return
    if profile is None:
        st.info("Sign in (or create a learner) in the sidebar to join a group or teach one.")
        return
    learner, teacher = st.tabs(["My groups", "Teach"])
    with learner:
        _learner_part(club, profile.id)
    with teacher:
        _teacher_part(club, profile.id)
