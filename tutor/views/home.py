"""Home: what the tutor is, and where to go next."""

from __future__ import annotations

import streamlit as st

from sanma_core.i18n import N_
from sanma_core.melds import parse_meld
from sanma_core.tiles import parse_tiles
from sanma_core.words.rulesets import ruleset_description, ruleset_title
from tutor import state
from tutor.language import tr
from tutor.widgets import show_table


def render() -> None:
    rules = state.active_rules()
    t = tr()
    st.title(t.gettext("Sanma tutor"))
    st.write(t.gettext(
        "Three-player riichi mahjong for players who already know four-player: learn every difference, "
        "drill tsumo loss, kita and the 1m/9m dora until they are automatic, check hands with the calculator."
    ))
    show_table(
        hand=parse_tiles("19m0p5p5p678s11z"),
        melds=[parse_meld("pon:777z")],
        kita=2,
        indicators=parse_tiles("3z"),
        caption=t.gettext("A sanma table: no 2m–8m, a red five, a pon with the called tile turned, two Norths set aside "
                          "as kita and a West indicator (so every North is dora)."),
    )
    profile = state.current_profile()
    db = state.store(quiet=True)
    if profile is not None and db is not None:
        due = state.store_call(db.due_cards, profile.id)
        if due:
            st.info(t.ngettext("{name}, {n} concept is due for review today.", "{name}, {n} concepts are due for review today.",
                               len(due)).format(name=profile.name, n=len(due)))
            st.page_link("tutor/pages/progress.py", label=t.gettext("Review now"))
    st.subheader(t.gettext("Playing under: {title}").format(title=ruleset_title(rules)))
    st.caption(ruleset_description(rules) + " " + t.gettext("Change it in the sidebar, or compare all rulesets on the Rules page."))
    links = (
        ("tutor/pages/learn.py", N_("Learn"), N_("Lessons on every rule difference, step by step.")),
        ("tutor/pages/drills.py", N_("Drills"), N_("Sessions of questions with instant feedback and a shareable link.")),
        ("tutor/pages/play.py", N_("Play"), N_("A whole game against two bots, with hints and every bot move explained.")),
        ("tutor/pages/review.py", N_("Review"), N_("Step through a recorded game: every hand, its settlement, your decisions.")),
        ("tutor/pages/calculator.py", N_("Calculator"), N_("Shanten, waits and the full score of any hand.")),
        ("tutor/pages/rules.py", N_("Rules"), N_("The rulesets side by side; upload your club's own.")),
        ("tutor/pages/progress.py", N_("Progress"), N_("Reviews due today, mistakes to replay, charts.")),
        ("tutor/pages/positions.py", N_("My positions"), N_("Mistakes you kept from your reviews, as your own drills.")),
        ("tutor/pages/teacher.py", N_("Club"), N_("Join your teacher's group, or teach one and see its progress.")),
        ("tutor/pages/quiz_night.py", N_("Quiz night"),
         N_("A quiz for the whole room: phones answer, the projector scores.")),
        ("tutor/pages/handouts.py", N_("Handouts"), N_("Any lesson to print, and worksheets with an answer key.")),
        ("tutor/pages/cheatsheet.py", N_("Cheat sheet"), N_("Payments with tsumo loss, kita and dora, to print.")),
        ("tutor/pages/glossary.py", N_("Glossary"), N_("Every term in English, German, Spanish and Japanese.")),
    )
    for row in range(0, len(links), 3):  # row by row, so a phone stacks them in reading order
        for col, (path, title, text) in zip(st.columns(3), links[row:row + 3], strict=False):
            with col, st.container(border=True):
                st.page_link(path, label=t.gettext(title))
                st.caption(t.gettext(text))
