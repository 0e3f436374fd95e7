"""The app frame: page navigation and the sidebar choices every page shares (ruleset, learner profile).

``app.py`` calls :func:`run`. Widgets made here live in the entry point, so
their values survive page switches.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from sanma_core.i18n import N_, gettext, translator
from sanma_core.rules import DEFAULT_PRESET, PRESETS, RulesetError
from sanma_core.words.rulesets import ruleset_title

from . import heap, language, learner_panel, phone, state
from .widgets import inject_css

PAGE_DIR = Path(__file__).with_name("pages")

#: (file in tutor/pages, title, url path, icon)
PAGES = (
    ("home.py", N_("Home"), "home", ":material/home:"),
    ("learn.py", N_("Learn"), "learn", ":material/school:"),
    ("drills.py", N_("Drills"), "drills", ":material/quiz:"),
    ("calculator.py", N_("Calculator"), "calculator", ":material/calculate:"),
    ("play.py", N_("Play"), "play", ":material/casino:"),
    ("review.py", N_("Review"), "review", ":material/history:"),
    ("rules.py", N_("Rules"), "rules", ":material/gavel:"),
    ("progress.py", N_("Progress"), "progress", ":material/monitoring:"),
    ("positions.py", N_("My positions"), "positions", ":material/bookmark:"),
    ("teacher.py", N_("Club"), "club", ":material/groups:"),
    ("quiz_night.py", N_("Quiz night"), "quiz", ":material/emoji_events:"),
    ("handouts.py", N_("Handouts"), "handouts", ":material/description:"),
    ("cheatsheet.py", N_("Cheat sheet"), "cheatsheet", ":material/print:"),
    ("glossary.py", N_("Glossary"), "glossary", ":material/translate:"),
)


def _apply_url_ruleset() -> None:
    """A ``?ruleset=NAME`` link (with ``&rules=CODE`` for an uploaded ruleset) selects that ruleset once, before
    the selector is drawn."""
    name = st.query_params.get("ruleset")
    code = st.query_params.get("rules")
    done = f"{name}|{code}"
    if name is None or st.session_state.get("_url_ruleset_done") == done:
        return
    st.session_state["_url_ruleset_done"] = done
    if code and name not in PRESETS:
        try:
            state.ruleset_from_link(name, code)
        except RulesetError as exc:
            state.notice(gettext("{error}: using {title}.").format(error=exc, title=ruleset_title(state.active_rules())),
                         "warning")
            return
    if name in state.ruleset_options():
        state.use_ruleset(name)
    else:
        state.notice(gettext("The link asks for ruleset {name}, which is unknown: using {title}. Known rulesets: "
                             "{known}.").format(name=repr(name), title=ruleset_title(state.active_rules()),
                                                known=", ".join(PRESETS)), "warning")


def _keep_ruleset_in_url() -> None:
    """The chosen ruleset stays in the address, so a reload keeps it and a copied link carries it (the default
    preset needs no parameter)."""
    name = st.session_state.get(state.RULESET_KEY)
    params = state.link_params(name)
    if name == DEFAULT_PRESET and "ruleset" not in st.query_params:
        return
    for key in ("ruleset", "rules"):
        if key not in params:
            if key in st.query_params:
                del st.query_params[key]
        elif st.query_params.get(key) != params[key]:
            st.query_params[key] = params[key]
    st.session_state["_url_ruleset_done"] = f"{params.get('ruleset')}|{params.get('rules')}"


def _sidebar() -> None:
    with st.sidebar:
        options = state.ruleset_options()
        if st.session_state.get(state.RULESET_KEY) not in options:
            st.session_state[state.RULESET_KEY] = options[0]
        labels = {name: state.ruleset_label(name) for name in options}
        tr = language.tr()
        language.language_switch()
        st.selectbox(tr.gettext("Ruleset"), options, key=state.RULESET_KEY, format_func=lambda name: labels.get(name, name),
                     help=tr.gettext("Every page scores, drills and explains with this ruleset."))
        learner_panel.render()
        st.toggle(tr.gettext("Big tiles (projector)"), key="big_tiles")


def run() -> None:
    """Build the frame and run the chosen page."""
    st.set_page_config(page_title="Sanma tutor", page_icon="🀄", layout="wide")
    inject_css(big=bool(st.session_state.get("big_tiles")))
    _apply_url_ruleset()
    learner_panel.restore_from_cookie()
    tr = translator(language.choose_language())
    pages = [
        st.Page(PAGE_DIR / file, title=tr.gettext(title), url_path=url, icon=icon, default=(url == "home"))
        for file, title, url, icon in PAGES
    ]
    page = st.navigation(pages)
    _sidebar()
    _keep_ruleset_in_url()
    phone.close_sidebar_after_navigation()
    state.show_notices()
    page.run()
    heap.freeze_long_lived()  # after a page's first visit, once its modules are imported
