"""Home: what the tutor is, and where to go next."""

from __future__ import annotations

import streamlit as st

from sanma_core.melds import parse_meld
from sanma_core.tiles import parse_tiles
from tutor import state
from tutor.widgets import show_table


def render() -> None:
    rules = state.active_rules()
    st.title("Sanma tutor")
    st.write(
        "Three-player riichi mahjong for players who already know four-player: learn every difference, "
        "drill tsumo loss, kita and the 1m/9m dora until they are automatic, check hands with the calculator."
    )
    show_table(
        hand=parse_tiles("19m0p5p5p678s11z"),
        melds=[parse_meld("pon:777z")],
        kita=2,
        indicators=parse_tiles("3z"),
        caption="A sanma table: no 2m–8m, a red five, a pon with the called tile turned, two Norths set aside "
        "as kita and a West indicator (so every North is dora).",
    )
    profile = state.current_profile()
    db = state.store(quiet=True)
    if profile is not None and db is not None:
        due = state.store_call(db.due_cards, profile.id)
        if due:
            st.info(f"{profile.name}, {len(due)} concept{'s are' if len(due) > 1 else ' is'} due for review today.")
            st.page_link("tutor/pages/progress.py", label="Review now")
    st.subheader(f"Playing under: {rules.title}")
    st.caption(rules.description + " Change it in the sidebar, or compare all rulesets on the Rules page.")
    links = (
        ("tutor/pages/learn.py", "Learn", "Lessons on every rule difference, step by step."),
        ("tutor/pages/drills.py", "Drills", "Sessions of questions with instant feedback and a shareable link."),
        ("tutor/pages/play.py", "Play", "A whole game against two bots, with hints and every bot move explained."),
        ("tutor/pages/review.py", "Review", "Step through a recorded game: every hand, its settlement, your decisions."),
        ("tutor/pages/calculator.py", "Calculator", "Shanten, waits and the full score of any hand."),
        ("tutor/pages/rules.py", "Rules", "The rulesets side by side; upload your club's own."),
        ("tutor/pages/progress.py", "Progress", "Reviews due today, mistakes to replay, charts."),
        ("tutor/pages/teacher.py", "Club", "Join your teacher's group, or teach one and see its progress."),
        ("tutor/pages/quiz_night.py", "Quiz night", "A quiz for the whole room: phones answer, the projector scores."),
        ("tutor/pages/handouts.py", "Handouts", "Any lesson to print, and worksheets with an answer key."),
        ("tutor/pages/cheatsheet.py", "Cheat sheet", "Payments with tsumo loss, kita and dora, to print."),
    )
    for row in range(0, len(links), 3):  # row by row, so a phone stacks them in reading order
        for col, (path, title, text) in zip(st.columns(3), links[row:row + 3], strict=False):
            with col, st.container(border=True):
                st.page_link(path, label=title)
                st.caption(text)
