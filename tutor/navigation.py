"""The app frame: page navigation and the sidebar choices every page shares (ruleset, learner profile).

``app.py`` calls :func:`run`. Widgets made here live in the entry point, so
their values survive page switches.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from sanma_core.rules import PRESETS

from . import state
from .store import StoreError
from .widgets import inject_css

PAGE_DIR = Path(__file__).with_name("pages")

#: (file in tutor/pages, title, url path, icon)
PAGES = (
    ("home.py", "Home", "home", ":material/home:"),
    ("learn.py", "Learn", "learn", ":material/school:"),
    ("drills.py", "Drills", "drills", ":material/quiz:"),
    ("calculator.py", "Calculator", "calculator", ":material/calculate:"),
    ("play.py", "Play", "play", ":material/casino:"),
    ("review.py", "Review", "review", ":material/history:"),
    ("rules.py", "Rules", "rules", ":material/gavel:"),
    ("progress.py", "Progress", "progress", ":material/monitoring:"),
    ("cheatsheet.py", "Cheat sheet", "cheatsheet", ":material/print:"),
)


def _apply_url_ruleset() -> None:
    """A ``?ruleset=NAME`` link selects that ruleset once (before the selector is drawn)."""
    name = st.query_params.get("ruleset")
    if name is None or st.session_state.get("_url_ruleset_done") == name:
        return
    st.session_state["_url_ruleset_done"] = name
    if name in state.ruleset_options():
        state.use_ruleset(name)
    else:
        state.notice(f"The link asks for ruleset {name!r}, which is unknown: using {state.active_rules().title}. "
                     f"Known rulesets: {', '.join(PRESETS)}.", "warning")


GUEST = 0  # the selector's value for "no profile" (profile ids start at 1)


def _on_profile_change() -> None:
    st.session_state[state.PROFILE_KEY] = st.session_state.get(state.PROFILE_WIDGET) or None


def _create_profile() -> None:
    name = st.session_state.get("new_profile_name", "")
    db = state.store(quiet=True)
    if db is None:
        return
    try:
        known = {p.name for p in db.profiles()}
        profile = db.create_profile(name)
    except StoreError as exc:
        state.notice(str(exc), "error")
        return
    st.session_state[state.PROFILE_KEY] = profile.id
    st.session_state[state.PROFILE_WIDGET] = profile.id
    st.session_state["new_profile_name"] = ""
    if profile.name in known:
        state.notice(f"Profile {profile.name!r} already exists: switched to it (its answers so far are kept).", "info")
    else:
        state.notice(f"Profile {profile.name!r} created: your answers are saved under it.", "success")


def _sidebar() -> None:
    with st.sidebar:
        options = state.ruleset_options()
        if st.session_state.get(state.RULESET_KEY) not in options:
            st.session_state[state.RULESET_KEY] = options[0]
        st.selectbox("Ruleset", options, key=state.RULESET_KEY, format_func=state.ruleset_label,
                     help="Every page scores, drills and explains with this ruleset.")
        db = state.store()
        profiles = state.store_call(db.profiles) if db is not None else None
        ids: list[int] = [GUEST, *(p.id for p in profiles or [])]
        names = {p.id: p.name for p in profiles or []}
        if st.session_state.get(state.PROFILE_KEY) not in ids:
            st.session_state[state.PROFILE_KEY] = None
        st.session_state[state.PROFILE_WIDGET] = st.session_state.get(state.PROFILE_KEY) or GUEST
        st.selectbox("Learner", ids, key=state.PROFILE_WIDGET, on_change=_on_profile_change,
                     format_func=lambda pid: "Guest (answers not saved)" if pid == GUEST else names.get(pid, str(pid)),
                     disabled=db is None)
        st.toggle("Big tiles (projector)", key="big_tiles")
        with st.popover("New learner", disabled=db is None):
            st.text_input("Name", key="new_profile_name", max_chars=40)
            st.button("Create profile", key="create_profile", on_click=_create_profile)


def run() -> None:
    """Build the frame and run the chosen page."""
    st.set_page_config(page_title="Sanma tutor", page_icon="🀄", layout="wide")
    inject_css(big=bool(st.session_state.get("big_tiles")))
    _apply_url_ruleset()
    pages = [
        st.Page(PAGE_DIR / file, title=title, url_path=url, icon=icon, default=(url == "home"))
        for file, title, url, icon in PAGES
    ]
    page = st.navigation(pages)
    _sidebar()
    state.show_notices()
    page.run()
