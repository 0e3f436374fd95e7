"""The Review page's "Drill this": keep a mistake of the reviewed player as a position of their own.

"Drill this" beside the model's bars keeps the mistakes of the step shown; "keep all big mistakes" keeps the
game's big mistakes at once; a guest is told to sign in. :mod:`tutor.views.positions` asks them again.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor import state
from tutor.kept import NEUTRAL_NAMES, KeptPosition, KeptPositions, kept_from_decision
from tutor.language import tr
from tutor.review_data import DecisionPoint, LoadedReview
from tutor.table.state import table_state

KEPT_NOTE = "positions_kept_note"  # what the last "Drill this" did, shown on Review


def sign_in_note() -> str:
    return tr().gettext("Sign in (sidebar) to keep mistakes as drills: a guest's review is not saved.")


def _source(loaded: LoadedReview, names: Sequence[str], point: DecisionPoint) -> str:
    label = loaded.review.hands[point.hand].label
    return tr().gettext("{players}, {hand}, step {step}").format(players=" · ".join(names), hand=label,
                                                                 step=point.position)


def position_of(loaded: LoadedReview, point: DecisionPoint, names: Sequence[str], seat: int) -> KeptPosition:
    """The point's position as a question: the table as the reviewed player saw it, before the decision."""
    view = loaded.game_at(point.hand, point.position).view(seat)
    return kept_from_decision(point.decision, table_state(view, names=names, legal=()),
                              table_state(view, names=NEUTRAL_NAMES, legal=()), names, seat, _source(loaded, names, point))


def _keep(positions: Sequence[KeptPosition]) -> None:
    profile, db = state.current_profile(), state.store(quiet=True)
    if profile is None or db is None:
        return
    kept = KeptPositions(db)
    new = 0
    for kp in positions:
        done = state.store_call(kept.keep, profile.id, kp)
        if done is None:
            return
        new += bool(done)
    t = tr()
    st.session_state[KEPT_NOTE] = (t.ngettext("{n} position kept: it is due now under My positions.",
                                              "{n} positions kept: they are due now under My positions.", new)
                                   .format(n=new) if new else t.gettext("Kept already: nothing new to keep."))


def keep_controls(loaded: LoadedReview, points: Sequence[DecisionPoint], names: Sequence[str], seat: int) -> None:
    """Beside the model's bars: "Drill this" for each mistake at the step shown (a guest is told to sign in)."""
    mistakes = [p for p in points if p.decision.mistake]
    if not mistakes:
        return
    profile, db = state.current_profile(), state.store(quiet=True)
    t = tr()
    if profile is None or db is None:
        st.caption(sign_in_note())
        return
    keys = state.store_call(KeptPositions(db).keys, profile.id) or set()
    for p in mistakes:
        kp = position_of(loaded, p, names, seat)
        if kp.key in keys:
            st.button(t.gettext("Kept ✓ (due under My positions)"), key=f"review_kept_{p.index}", disabled=True)
        else:
            st.button(t.gettext("Drill this"), key=f"review_keep_{p.index}", on_click=_keep, args=([kp],),
                      help=t.gettext("Keep this position as your own question, scheduled for review."))
    note = st.session_state.pop(KEPT_NOTE, None)
    if note:
        st.success(note)


def keep_all_big(loaded: LoadedReview, names: Sequence[str], seat: int) -> None:
    """"Keep all big mistakes" of the game at once (a guest is told to sign in)."""
    big = [p for p in loaded.points if p.decision.grade == "big mistake"]
    if not big:
        return
    t = tr()
    if state.current_profile() is None:
        st.caption(sign_in_note())
        return
    if st.button(t.ngettext("Keep the game's {n} big mistake as a drill", "Keep all {n} big mistakes of the game as drills",
                            len(big)).format(n=len(big)), key="review_keep_big"):
        _keep([position_of(loaded, p, names, seat) for p in big])
    note = st.session_state.pop(KEPT_NOTE, None)
    if note:
        st.success(note)
