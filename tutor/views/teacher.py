"""Club: a learner joins a teacher's group (and agrees to share progress); a teacher creates groups, hands out the
join code and sees the members' progress per concept, the concepts the group misses most and who has not practised.

A teacher reaches only their own groups: ``?group=ID`` for anyone else's group shows the same refusal as for a
group that does not exist.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from sanma_core.i18n import Translator, speaking, translator
from tutor import state
from tutor.club import Club, Group
from tutor.club_report import IDLE_AFTER, GroupReport, group_report
from tutor.labels import topic_title
from tutor.language import spoken, tr
from tutor.store import StoreError
from tutor.widgets import metric_row

GROUP_PARAM = "group"


def _club() -> Club | None:
    db = state.store(quiet=True)
    return Club(db) if db is not None else None


def said(exc: StoreError) -> str:
    """A refusal as a sentence: capital first letter, full stop."""
    message = str(exc)
    return message[:1].upper() + message[1:] + "."


@spoken  # a callback runs before the page has set the learner's language
def _act(action, success: str) -> None:
    """Run one club change from a callback; its message (or the refusal) shows on the next run."""
    try:
        action()
    except StoreError as exc:
        state.notice(said(exc), "error")
        return
    state.notice(success, "success")


def _join(profile_id: int) -> None:
    club = _club()
    if club is None:
        return
    code, agree = st.session_state.get("club_join_code", ""), bool(st.session_state.get("club_join_agree"))
    _act(lambda: club.join(profile_id, code, agree=agree), tr().gettext(
        "You joined the group: its teacher now sees your drill and lesson progress (never your PIN). Leave the group "
        "to stop sharing."))
    st.session_state["club_join_code"] = ""


def _leave(profile_id: int, group: Group) -> None:
    club = _club()
    if club is not None:
        _act(lambda: club.leave(profile_id, group.id),
             tr().gettext("You left {group}: its teacher no longer sees your progress.").format(group=group.name))


def _create(profile_id: int) -> None:
    club = _club()
    if club is None:
        return
    name = st.session_state.get("club_group_name", "")

    def create() -> None:
        group = club.create_group(profile_id, name)
        st.session_state["club_group"] = group.id
    _act(create, tr().gettext("Group created: give your learners its join code."))
    st.session_state["club_group_name"] = ""


def _renew(profile_id: int, group_id: int) -> None:
    club = _club()
    if club is not None:
        _act(lambda: club.renew_code(profile_id, group_id),
             tr().gettext("A new join code: the old one no longer works."))


def _learner_part(club: Club, profile_id: int) -> None:
    t = tr()
    st.subheader(t.gettext("Join a group"))
    st.text_input(t.gettext("Join code (from your teacher)"), key="club_join_code", max_chars=20)
    st.checkbox(t.gettext("I agree to share my drill and lesson progress with this group's teacher (never my PIN; "
                          "nobody else sees it, and leaving the group stops it)"), key="club_join_agree")
    st.button(t.gettext("Join"), key="club_join", on_click=_join, args=(profile_id,))
    joined = state.store_call(club.groups_joined, profile_id) or []
    if joined:
        st.subheader(t.gettext("Groups I share my progress with"))
    for group in joined:
        cols = st.columns([4, 1])
        cols[0].text(group.name)
        cols[1].button(t.gettext("Leave"), key=f"club_leave_{group.id}", on_click=_leave, args=(profile_id, group))


def _chosen_group(club: Club, profile_id: int, taught: list[Group]) -> Group | None:
    asked = st.query_params.get(GROUP_PARAM)
    if asked is not None:
        try:
            return club.group(profile_id, asked)
        except StoreError as exc:
            st.error(said(exc))
            return None
    if not taught:
        return None
    names = {g.id: g.name for g in taught}
    if st.session_state.get("club_group") not in names:
        st.session_state["club_group"] = taught[-1].id
    gid = st.selectbox(tr().gettext("Group"), list(names), key="club_group", format_func=lambda i: names.get(i, str(i)))
    return next(g for g in taught if g.id == gid)


def heat_map(report: GroupReport, t: Translator | None = None) -> go.Figure:
    """Learners × concepts: the share of right answers (blank where a learner never answered)."""
    t = t or translator()
    z = [[None if v is None else round(100 * v) for v in row] for row in report.right_share]
    fig = go.Figure(go.Heatmap(
        z=z, x=report.labels, y=report.learners, customdata=report.counts, zmin=0, zmax=100,
        colorscale="RdYlGn", colorbar={"title": t.gettext("% right")}, hoverongaps=False,
        hovertemplate=t.gettext("%{y} · %{x}: %{z}% right of %{customdata} answers") + "<extra></extra>"))
    fig.update_layout(title=t.gettext("Right answers per learner and concept"), height=160 + 32 * len(report.learners),
                      margin={"l": 10, "r": 10, "t": 40, "b": 10}, yaxis={"autorange": "reversed"})
    if t.lang != "en":
        fig.update_layout(separators=t.number(1.5)[1] + t.number(1000)[1])
    return fig


def _report(club: Club, profile_id: int, group: Group) -> None:
    t = tr()
    st.text(t.gettext("Join code for {group} (valid until {until} UTC):").format(
        group=group.name, until=f"{group.code_expires:%Y-%m-%d %H:%M}"))
    st.code(group.join_code, language=None)
    st.button(t.gettext("New join code"), key="club_renew", on_click=_renew, args=(profile_id, group.id))
    members = state.store_call(club.shared_progress, profile_id, group.id)
    if members is None:
        return
    if not members:
        st.info(t.gettext("No members yet: learners open Club, type the join code and agree to share their progress."))
        return
    with speaking(t.lang):
        report = group_report(members)
    days = IDLE_AFTER.days
    metric_row([(t.gettext("Members"), t.number(len(members))),
                (t.gettext("Answers shared"), t.number(sum(len(m.answers) for m in members))),
                (t.ngettext("Not practised in {n} day", "Not practised in {n} days", days).format(n=t.number(days)),
                 t.number(len(report.idle)))], key="club_metrics")
    if report.concepts:
        st.plotly_chart(heat_map(report, t), key="club_heatmap", theme="streamlit")
    st.subheader(t.gettext("Missed most"))
    if report.most_missed:
        st.dataframe([{t.gettext("concept"): m.label, t.gettext("wrong"): m.wrong, t.gettext("answers"): m.answers,
                       t.gettext("learners who missed"): m.learners}
                      for m in report.most_missed], hide_index=True, key="club_missed")
    else:
        st.write(t.gettext("No wrong answers yet."))
    st.subheader(t.ngettext("Not practised in the last {n} day", "Not practised in the last {n} days", days)
                 .format(n=t.number(days)))
    if report.idle:
        st.dataframe([{t.gettext("learner"): name} for name in report.idle], hide_index=True, key="club_idle")
    else:
        st.write(t.gettext("Everyone practised this week."))
    rows = [{t.gettext("learner"): name, t.gettext("lesson"): topic_title(lesson, t),
             t.gettext("step"): f"{t.number(step)}/{t.number(total)}"}
            for name, done in report.lessons.items() for lesson, (step, total) in sorted(done.items())]
    if rows:
        with st.expander(t.gettext("Lessons")):
            st.dataframe(rows, hide_index=True)


def _teacher_part(club: Club, profile_id: int) -> None:
    t = tr()
    st.subheader(t.gettext("Teach a group"))
    cols = st.columns([3, 1])
    cols[0].text_input(t.gettext("New group's name"), key="club_group_name", max_chars=60)
    cols[1].button(t.gettext("Create group"), key="club_create", on_click=_create, args=(profile_id,))
    taught = state.store_call(club.groups_taught, profile_id) or []
    group = _chosen_group(club, profile_id, taught)
    if group is not None:
        _report(club, profile_id, group)
    elif not taught:
        st.caption(t.gettext("Create a group to get a join code for your learners."))


def render() -> None:
    t = tr()
    st.title(t.gettext("Club"))
    club = _club()
    profile = state.current_profile()
    if club is None:
        return
    if profile is None:
        st.info(t.gettext("Sign in (or create a learner) in the sidebar to join a group or teach one."))
        return
    learner, teacher = st.tabs([t.gettext("My groups"), t.gettext("Teach")])
    with learner:
        _learner_part(club, profile.id)
    with teacher:
        _teacher_part(club, profile.id)
