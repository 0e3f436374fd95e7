"""Your positions: the mistakes a learner kept from reviews ("Drill this"), answered again as their own questions.

The Review page keeps a position (:mod:`tutor.kept_review`); this page asks the due ones: the
table as it was, every legal option, then the grade (as the review grades), the model's probabilities and its
reason. Each answer is saved and reschedules the position's FSRS card beside the drill concepts.
"""

from __future__ import annotations

import streamlit as st

from sanma_core.review.graded import KIND_WORDS, kind_words, option_text
from sanma_core.review.graded_words import percent
from tutor import state
from tutor.kept import RATINGS, RIGHT, TOPIC, KeptPosition, KeptPositions
from tutor.kept_review import sign_in_note
from tutor.language import tr
from tutor.play import render as play
from tutor.review_model import bars_html
from tutor.scheduler import review as reschedule
from tutor.store import Answer, StoreError, now_utc
from tutor.table.component import table
from tutor.widgets import metric_row

CURRENT = "positions_current"  # the key of the position on the page
ANSWERED = "positions_answered"  # (key, choice) once the position on the page is answered
PROBLEM = "positions_problem"  # Check pressed with nothing chosen
PICK = "positions_pick"  # the selector of a position to answer now


def _choice_key(key: str) -> str:
    return f"positions_choice_{key}"


# ---- answering, on this page ------------------------------------------------------------------------------

def _check(kp: KeptPosition, profile_id: int) -> None:
    choice = st.session_state.get(_choice_key(kp.key))
    if choice is None:
        st.session_state[PROBLEM] = True
        return
    db = state.store(quiet=True)
    g = kp.grade_of(choice)
    if db is not None:
        previous = state.store_call(db.card, profile_id, kp.concept)
        card = reschedule(previous, kp.concept, TOPIC, g in RIGHT, rating=RATINGS[g])
        prompt = f"{KIND_WORDS.get(kp.kind, kp.kind)}: {kp.source}"  # kept as data, in English
        state.store_call(db.record_answer, profile_id, Answer(
            source="kept", topic=TOPIC, concept=kp.concept, correct=g in RIGHT,
            score=kp.probabilities[choice] / max(kp.probabilities[kp.model], 1e-9),
            question={"kept": kp.key, "kind": kp.kind, "prompt": prompt}, response=choice), card)
    st.session_state[ANSWERED] = (kp.key, choice)


def _picked() -> None:
    key = st.session_state.pop(PICK, None)
    if key is not None:
        st.session_state.pop(ANSWERED, None)
        st.session_state.pop(_choice_key(key), None)
        st.session_state[CURRENT] = key


def _next(key: str) -> None:
    st.session_state.pop(ANSWERED, None)
    st.session_state.pop(_choice_key(key), None)
    st.session_state.pop(CURRENT, None)


def _question(kp: KeptPosition, profile_id: int) -> None:
    t = tr()
    answered = st.session_state.get(ANSWERED)
    choice = answered[1] if answered and answered[0] == kp.key else None
    with st.container(border=True, key="positions_question"):
        kind = kind_words(kp.kind)
        st.markdown(f"**{kind[:1].upper() + kind[1:]}** · {kp.source}")
        me = kp.names[kp.seat]
        st.caption(t.gettext("You play {name}'s seat. What do you do?").format(name=me))
        big = bool(st.session_state.get("big_tiles"))
        note = t.gettext("Your decision: choose it under the table, then Check.")
        table({**kp.table, "note": note}, key="positions_table", big=big, readonly=True)
        labels = [label for label, _p in kp.options]
        st.radio(t.gettext("Your choice"), labels, index=None, key=_choice_key(kp.key), horizontal=True,
                 format_func=lambda label: option_text(label, kp.tile), disabled=choice is not None)
        if choice is None:
            if st.session_state.pop(PROBLEM, False):
                st.warning(t.gettext("Choose an option first: Check grades your choice."))
            st.button(t.gettext("Check"), key="positions_check", type="primary", on_click=_check, args=(kp, profile_id))
            return
        g = kp.grade_of(choice)
        words = {"agrees": t.gettext("Right: the model's choice."),
                 "fine": t.gettext("Fine: not the model's choice, but a sound one."),
                 "mistake": t.gettext("A mistake."), "big mistake": t.gettext("A big mistake.")}
        (st.success if g in RIGHT else st.error)(f"{option_text(choice, kp.tile)} ({percent(kp.probabilities[choice])}): "
                                                 f"{words[g]}")
        st.html(bars_html([kp.decision(choice)], t.gettext("you"), lambda text: play.name_seats(text, kp.names, None)))
        st.caption(t.gettext("In the game, {name} chose {option} ({p}).").format(
            name=me, option=option_text(kp.player, kp.tile), p=percent(kp.probabilities.get(kp.player, 0.0))))
        st.button(t.gettext("Next position"), key="positions_next", type="primary", on_click=_next, args=(kp.key,))


def render() -> None:
    t = tr()
    st.title(t.gettext("My positions"))
    st.caption(t.gettext("Mistakes you kept from your reviews, asked again as your own questions and scheduled "
                         "beside the drill concepts."))
    db, profile = state.store(quiet=True), state.current_profile()
    if db is None:
        return
    if profile is None:
        st.info(sign_in_note())
        return
    try:
        kept = KeptPositions(db).all(profile.id)
    except StoreError as exc:
        st.error(str(exc))
        return
    if not kept:
        st.info(t.gettext("No position kept yet: on Review, “Drill this” beside a mistake keeps it here."))
        st.page_link("tutor/pages/review.py", label=t.gettext("Review a game"), icon=":material/history:")
        return
    cards = {c.concept: c for c in state.store_call(db.cards, profile.id) or []}
    now = now_utc()
    due = [k for k in kept if k.concept in cards and cards[k.concept].due <= now]
    metric_row([(t.gettext("Kept"), len(kept)), (t.gettext("Due now"), len(due))], key="positions_metrics")
    by_key = {k.key: k for k in kept}
    ss = st.session_state
    answered = ss.get(ANSWERED)
    if answered and answered[0] in by_key:
        ss[CURRENT] = answered[0]
    if ss.get(CURRENT) not in by_key:
        ss[CURRENT] = due[0].key if due else None
    if ss[CURRENT] is None:
        upcoming = min(cards[k.concept].due for k in kept if k.concept in cards)
        st.write(t.gettext("Nothing is due: the next position comes back on {day}.").format(day=f"{upcoming:%Y-%m-%d %H:%M}"))
    else:
        _question(by_key[ss[CURRENT]], profile.id)
    st.subheader(t.gettext("All kept positions"))
    st.dataframe([{t.gettext("decision"): kind_words(k.kind), t.gettext("from"): k.source,
                   t.gettext("kept"): f"{k.kept:%Y-%m-%d}" if k.kept else "",
                   t.gettext("next review"): f"{cards[k.concept].due:%Y-%m-%d %H:%M}" if k.concept in cards else ""}
                  for k in kept], hide_index=True)
    st.selectbox(t.gettext("Answer a position now"), list(by_key), index=None, key=PICK, on_change=_picked,
                 format_func=lambda key: f"{kind_words(by_key[key].kind)} · {by_key[key].source}",
                 placeholder=t.gettext("Choose a kept position"))
