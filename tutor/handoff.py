"""Hand-offs between pages: what one page leaves in session state for another to pick up.

The pages never import each other's view modules; a page that starts work on
another page (Learn and Progress start drill sessions, Play opens a finished
game on Review) goes through these functions and keys instead.
"""

from __future__ import annotations

import streamlit as st

from tutor.drill_session import Session, Settings

DRILL_SESSION = "drill_session"  # the Drills page's current session
REVIEW_INCOMING = "review_incoming"  # {"text", "ruleset", "seat"}: a game for the Review page to open
REVIEW_PAGE = "tutor/pages/review.py"


def start_session(settings: Settings, ruleset: str, mode: str = "drill",
                  concepts: list[tuple[str, str]] | None = None, questions: list[str] | None = None) -> Session:
    """Put a new drill session in session state (the Drills page shows it; used by Drills, Learn and Progress)."""
    # a fresh number per session, so no widget or tile selection carries over from an earlier one
    nonce = st.session_state.get("_dr_nonce", -1) + 1
    st.session_state["_dr_nonce"] = nonce
    sess = Session(settings=settings, ruleset=ruleset, mode=mode, nonce=nonce, concepts=list(concepts or []),
                   questions=list(questions or []))
    st.session_state[DRILL_SESSION] = sess
    return sess


def open_game(text: str, ruleset: str, seat: int) -> None:
    """Open a game (mjai text) on the Review page, for ``seat``: the Play page's "Review this game"."""
    st.session_state[REVIEW_INCOMING] = {"text": text, "ruleset": ruleset, "seat": seat}
    st.switch_page(REVIEW_PAGE)
