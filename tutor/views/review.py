"""Review: step through a recorded game (tenhou.net/6 JSON, Tenhou XML or mjai) hand by hand and action by action.

The review of a record (about a second) is kept in ``st.session_state`` under a hash of
the text, the ruleset and the reviewed player; stepping only re-plays the record to
the position (:func:`sanma_core.review.record.replay_to`) and draws it with Play's table
component, read-only. Names and text from a record are data: the table shows them as text,
and whatever goes into HTML is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from sanma_core.game import Game
from sanma_core.game.mjai import RecordError
from sanma_core.game.records import record_format
from sanma_core.review.decisions import ADVISOR, ReviewRow, action_text
from sanma_core.review.decisions import HandReview as DecisionHand
from sanma_core.review.graded import KIND_WORDS, option_text
from sanma_core.review.graded_words import DEFINITIONS, figures_line, percent, unmodelled_line
from sanma_core.review.record import HandReview
from sanma_core.review.summary import HandSummary
from tutor import kept_review, state
from tutor.handoff import REVIEW_INCOMING
from tutor.play import render as play
from tutor.review_data import (
    FORMAT_NAMES,
    LIMIT_MB,
    UPLOAD_TYPES,
    DecisionPoint,
    LoadedReview,
    display_names,
    load_review,
    moment_step,
    read_upload,
    record_names,
    review_key,
    text_key,
)
from tutor.review_model import bars_html, chart_figure, point_target
from tutor.score_chart import score_chart_html
from tutor.table.component import table
from tutor.table.state import table_state

TEXT = "review_text"  # the record being reviewed
SOURCE = "review_source"  # where it came from (shown as a caption)
ERROR = "review_error"  # a file that could not even be read (too big, not text)
CACHE = "review_cache"  # review key → LoadedReview or RecordError; text hash → names
INCOMING = REVIEW_INCOMING  # put there by the Play page (tutor.handoff.open_game)
HAND, POS = "review_hand", "review_pos"
MISTAKES_ONLY = "review_mistakes_only"  # the model tab lists the mistakes alone
GOTO = "review_goto"  # the Model tab's "go to a decision" selector (one per hand and filter)
CHART = "review_model_chart"  # the chart of the player's choices (a click on a point goes to its step)
SCROLL = "review_scroll"  # a record or hand just opened: on a phone, bring the table to the top of the screen
TABLE = "review_table"  # the table component's key: one for the page, so stepping redraws the same frame
KEEP = 4  # reviews kept per session

REVIEW_CSS = """
.st-key-review_at{scroll-margin-top:3.9rem}
[data-testid="stLayoutWrapper"]:has(> .st-key-review_steps){position:sticky;bottom:0;z-index:3}
.st-key-review_steps{background:#fffdf7;padding:.35rem 0 .1rem 0;border-top:1px solid #e3dccb}
.st-key-review_steps [data-testid="stSlider"]{padding:0 .6rem}
div[class*="st-key-review_dec"] [data-testid="stTable"]{overflow-x:auto}
div[class*="st-key-review_dec"] [data-testid="stTable"] table{min-width:40rem}
"""


#: on a phone the record's choices fill the first screen: once a record or a hand is opened, the step line goes to
#: the top of the screen, so the table and its step controls (held at the screen's foot) are what shows
_SCROLL_JS = """<script>
(() => {
  if (window.innerWidth > 640) return;
  let tries = 20;
  const go = () => {
    const at = document.querySelector('.st-key-review_at');
    if (at) at.scrollIntoView({block: "start"});
    else if (tries-- > 0) setTimeout(go, 100);
  };
  setTimeout(go, 50);
})();
</script>"""


# ---- loading ----------------------------------------------------------------------

def _use(text: str, source: str, ruleset: str | None = None, seat: int = 0) -> None:
    """Make ``text`` the record on the page, from its first position (callbacks and the page top only).

    A record that cannot be reviewed does not replace the game on the page: the error shows beside the loader
    and the game loaded before stays where it was."""
    ss = st.session_state
    options = state.ruleset_options()
    if ruleset is None and record_format(text) in ("tenhou6", "mjlog"):
        ruleset = "tenhou"  # Tenhou's own records are played under its rules
    name = ruleset if ruleset in options else _review_ruleset(options)
    problem = _problem(text, name, seat)
    if problem is not None:
        _fail(problem if TEXT not in ss else f"{problem} The game loaded before is still on the page.")
        return
    ss[TEXT], ss[SOURCE] = text, source
    ss.pop(ERROR, None)
    ss[HAND], ss[POS], ss["review_player"] = 0, 0, seat
    ss["review_ruleset"] = name
    ss[SCROLL] = True


def _review_ruleset(options: Sequence[str]) -> str:
    """The ruleset the page reviews with: the one chosen for the record, else the sidebar's."""
    ss = st.session_state
    name = ss.get("review_ruleset")
    return name if name in options else (ss.get(state.RULESET_KEY) or options[0])


def _problem(text: str, ruleset: str, seat: int) -> str | None:
    """Why ``text`` cannot be reviewed under ``ruleset`` for ``seat`` (None: it can). The review made here is
    kept, so the page does not make it again."""
    names = _cached("names:" + text_key(text), lambda: record_names(text))
    if isinstance(names, RecordError):
        return error_text(names)
    rules = state.rules_named(ruleset)
    loaded = _cached(review_key(text, rules, seat), lambda: load_review(text, rules, seat))
    return error_text(loaded, display_names(names)) if isinstance(loaded, RecordError) else None


def _fail(message: str) -> None:
    """Show ``message`` beside the loader; the game on the page (if any) stays."""
    st.session_state[ERROR] = message


def on_upload() -> None:
    """The uploader's callback: read the file (or say why not)."""
    upload = st.session_state.get("review_upload")
    if upload is None:
        return
    try:
        text = read_upload(upload.name, upload.getvalue())
    except RecordError as exc:
        _fail(error_text(exc) + (" The game loaded before is still on the page." if TEXT in st.session_state else ""))
        return
    _use(text, f"uploaded file {upload.name}")


def _on_paste() -> None:
    text = st.session_state.get("review_paste") or ""
    if not text.strip():
        _fail("Paste a game record first (tenhou.net/6 JSON, Tenhou XML or mjai lines).")
        return
    _use(text, "pasted record")


def error_text(exc: RecordError, names: Sequence[str] | None = None) -> str:
    """One sentence naming the problem, its hand and its seat."""
    where = []
    if exc.hand and exc.hand not in str(exc):
        where.append(exc.hand)
    if exc.seat is not None:
        who = f"seat {exc.seat}"
        if names and 0 <= exc.seat < len(names) and names[exc.seat].strip():
            who += f" ({names[exc.seat]})"
        where.append(who)
    return f"This record cannot be reviewed: {exc}" + (f" ({', '.join(where)})" if where else "") + "."


def _cache() -> dict:
    return st.session_state.setdefault(CACHE, {})


def _cached(key: str, make):
    """``make()`` once per key (a RecordError is kept too); the oldest entries are dropped."""
    cache = _cache()
    if key not in cache:
        try:
            cache[key] = make()
        except RecordError as exc:
            cache[key] = exc
        while len(cache) > 3 * KEEP:
            cache.pop(next(iter(cache)))
    return cache[key]


# ---- callbacks: stepping ----------------------------------------------------------

def _step(delta: int, counts: tuple[int, ...]) -> None:
    """Previous / Next: one action; past a hand's end into the next hand (and back)."""
    ss = st.session_state
    n = min(max(int(ss.get(HAND, 0)), 0), len(counts) - 1)
    k = int(ss.get(POS, 0)) + delta
    if k > counts[n] and n + 1 < len(counts):
        n, k = n + 1, 0
    elif k < 0 and n > 0:
        n, k = n - 1, counts[n - 1]
    ss[HAND], ss[POS] = n, max(0, min(k, counts[n]))


def _jump(position: int) -> None:
    st.session_state[POS] = position


def _go(hand: int, position: int) -> None:
    """To ``position`` of ``hand`` (a mistake, a point of the chart)."""
    st.session_state[HAND], st.session_state[POS] = hand, position


def _go_selected(key: str, targets: dict[int, tuple[int, int]]) -> None:
    """The Model tab's selector: go to the chosen decision's step."""
    chosen = st.session_state.get(key)
    if chosen in targets:
        _go(*targets[chosen])


def _on_chart() -> None:
    """A click on a point of the chart: go to its step."""
    target = point_target(st.session_state.get(CHART))
    if target is not None:
        _go(*target)


def _hand_changed() -> None:
    st.session_state[POS] = 0
    st.session_state[SCROLL] = True


# ---- drawing ------------------------------------------------------------------------

def _table(game: Game, seat: int, names: Sequence[str], summary: HandSummary, show_all: bool, ended: bool) -> None:
    """The table component, read-only, seen from ``seat``: the others' hands hidden unless asked, and at the
    hand's end every hand and the result (``summary``) as Play shows them."""
    view = game.view(seat)
    extra: dict = {}
    if ended:
        extra = {"reveal": {s: game.view(s).hand for s in range(3)}, "result": summary}
    elif show_all:
        extra = {"reveal": {s: game.view(s).hand for s in range(3) if s != seat}}
    big = bool(st.session_state.get("big_tiles"))
    table(table_state(view, names=names, legal=(), big=big, **extra), key=TABLE, big=big, readonly=True)


def _step_caption(loaded: LoadedReview, hand: int, pos: int, names: Sequence[str]) -> str:
    count = loaded.spans[hand][1]
    action = loaded.action_before(hand, pos)
    what = "the deal, before anyone acts" if action is None else f"{names[action.seat]}: {action_text(action)}"
    end = " — the hand is over" if pos == count else ""
    return f"Step {pos} of {count} · {what}{end}"


def _agreement(h: HandReview, names: Sequence[str]) -> None:
    engine = "  ".join(f"{names[s]} {h.deltas[s]:+d}" for s in range(3))
    if h.log_deltas is None:
        st.caption(f"The record gives no score changes for this hand; the engine's: {engine}.")
    elif h.agrees:
        st.success(f"The record's score changes agree with the engine's: {engine}.")
    else:
        st.warning("The record's score changes differ from the engine's settlement for this hand.")
        st.table([{"player": names[s], "record": f"{h.log_deltas[s]:+d}", "engine": f"{h.deltas[s]:+d}",
                   "difference": f"{h.log_deltas[s] - h.deltas[s]:+d}"} for s in range(3)])


def _moments(loaded: LoadedReview, h: HandReview, names: Sequence[str], seat: int) -> None:
    if not h.moments:
        st.caption(f"Nothing in {play.voice(names[seat])[1]} play stands out in this hand.")
        return
    for i, m in enumerate(h.moments):
        pos = loaded.position_of(h.index, moment_step(m))
        st.button(f"Turn {m.turn} · {play.name_seats(m.text, names)}", key=f"review_moment_{h.index}_{i}",
                  on_click=_jump, args=(pos,), help=f"go to step {pos} of this hand")


def _verdict_rows(rows: Sequence[ReviewRow], names: Sequence[str], seat: int) -> list[dict[str, object]]:
    who, whose = play.voice(names[seat])
    me = seat if who == "You" else None
    return [{"verdict": r.verdict, "tiles left": r.left, "you" if who == "You" else who: r.mine.text,
             f"{whose} shape": r.mine.shape, f"{ADVISOR} bot": r.advice.text, "its shape": r.advice.shape,
             "why": play.name_seats(r.reason, names, me)} for r in rows]


def _decisions(h: HandReview, names: Sequence[str], seat: int) -> None:
    whose = play.voice(names[seat])[1]
    st.caption(f"{whose[:1].upper() + whose[1:]} decisions beside the {ADVISOR} bot's choice in the same position, "
               "with its reason (the comparison play mode shows after a hand).")
    play.review([DecisionHand(h.index, h.label, h.decisions)], ADVISOR, "review_dec", names, seat, player=names[seat])
    if h.decisions:
        with st.expander(f"Every decision of this hand ({len(h.decisions)})"), st.container(key="review_dec_all"):
            st.table(_verdict_rows(h.decisions, names, seat))


def _reason(names: Sequence[str], seat: int):
    """A bot's reason spoken with the players' names (``you`` only when the reviewed player is "You")."""
    me = seat if play.voice(names[seat])[0] == "You" else None
    return lambda text: play.name_seats(text, names, me)


def _observer_note(names: Sequence[str], seat: int) -> str:
    return (f"{names[seat]} makes no decision in this record (an observer's record): nothing for the model to grade. "
            "Choose another player above.")


def _model_at(loaded: LoadedReview, hand: int, pos: int, names: Sequence[str], seat: int) -> None:
    """The model's probabilities for the decisions taken at the step on the table (beside it; under it on a
    phone)."""
    with st.container(key="review_model_at"):
        decisions = loaded.decisions_at(hand, pos)
        if decisions:
            st.html(bars_html(decisions, play.voice(names[seat])[0], _reason(names, seat)))
            kept_review.keep_controls(loaded, [p for p in loaded.points if (p.hand, p.position) == (hand, pos)],
                                    names, seat)
        elif loaded.observer:
            st.caption(_observer_note(names, seat))
        else:
            st.caption(f"No decision of {play.voice(names[seat])[1]} for the model at this step: "
                       "the next mistake or a decision in the Model tab goes to one.")


def _point_line(p: DecisionPoint) -> str:
    d = p.decision
    return (f"Step {p.position} · {KIND_WORDS.get(d.kind, d.kind)} · {option_text(d.player, d.tile)} "
            f"{percent(d.p_player)}, model {option_text(d.model, d.tile)} {percent(d.p_model)} · {d.grade}")


def _model_tab(loaded: LoadedReview, h: HandReview, names: Sequence[str], seat: int) -> None:
    """The hand's decisions beside the model, under the table (outside the stepping fragment: it changes with the
    hand, not the step): its figures and the game's (each defined), then the decisions (the mistakes alone when
    asked) in a table, with a selector that goes to a decision's step."""
    mistakes = sum(p.decision.mistake for p in loaded.points if p.hand == h.index)
    st.subheader(f"Decisions beside the model ({mistakes} mistake{'s' if mistakes != 1 else ''} in this hand)")
    if loaded.observer:
        st.info(_observer_note(names, seat))
        return
    st.markdown(f"**This hand:** {figures_line(loaded.figures(h.index))}  \n"
                f"**The game:** {figures_line(loaded.figures())}")
    kept_review.keep_all_big(loaded, names, seat)
    skipped = unmodelled_line(loaded.review.unmodelled())
    with st.expander("What the figures mean"):
        st.markdown("\n".join(f"- **{k.replace('_', ' ')}**: {v}" for k, v in DEFINITIONS.items())
                    + (f"\n- {skipped} (the model gives these no probabilities)" if skipped else ""))
    only = st.checkbox("Mistakes only", key=MISTAKES_ONLY)
    shown = [p for p in loaded.points if p.hand == h.index and (p.decision.mistake or not only)]
    if not shown:
        st.caption("No mistake in this hand." if only else "No graded decision in this hand.")
        return
    # one selector and one table, not a button per decision
    targets = {p.index: (p.hand, p.position) for p in shown}
    lines = {p.index: _point_line(p) for p in shown}
    key = f"{GOTO}_{h.index}_{int(only)}"
    st.selectbox("Go to a decision", list(targets), index=None, key=key, format_func=lines.__getitem__,
                 on_change=_go_selected, args=(key, targets), placeholder="Choose a decision to see its step")
    st.table([{"step": p.position, "decision": KIND_WORDS.get(p.decision.kind, p.decision.kind),
               "choice": f"{option_text(p.decision.player, p.decision.tile)} {percent(p.decision.p_player)}",
               "model": f"{option_text(p.decision.model, p.decision.tile)} {percent(p.decision.p_model)}",
               "grade": p.decision.grade} for p in shown])


def _model_chart(loaded: LoadedReview, names: Sequence[str], seat: int, hand: int) -> None:
    """p(the player's choice) at each decision across the game, mistakes marked; a click on a point goes there."""
    if loaded.observer:
        st.info(_observer_note(names, seat))
        return
    if not loaded.points:
        return
    labels = [h.label for h in loaded.review.hands]
    st.caption(f"The model's probability of each choice {names[seat]} made, in game order (the hand on the table "
               "shaded). Mistakes are the larger marks; click a point to go to its step.")
    st.plotly_chart(chart_figure(loaded.points, labels, hand), key=CHART, on_select=_on_chart,
                    selection_mode="points", theme="streamlit", config={"displayModeBar": False})


def score_chart(loaded: LoadedReview, names: Sequence[str], hand: int) -> str:
    """The three scores after each hand (one point per hand end), the selected hand's end marked."""
    history = loaded.history()
    return score_chart_html(history, names, mark=hand + 1 if history else None)


def _overview(loaded: LoadedReview, names: Sequence[str], seat: int) -> None:
    r = loaded.review
    st.caption(f"Record: {st.session_state.get(SOURCE, 'loaded')} · {FORMAT_NAMES.get(r.format, r.format)} · "
               f"{len(r.hands)} hands · {len(loaded.actions)} actions · ruleset {loaded.rules.title} · "
               f"reviewing {names[seat]}")
    if r.mismatches:
        st.warning(f"The record's figures differ from the engine's in {len(r.mismatches)} place(s): "
                   + "; ".join(r.mismatches))


def _loader() -> None:
    with st.expander("Load a game record", expanded=TEXT not in st.session_state):
        st.file_uploader("Upload a record (tenhou.net/6 JSON, Tenhou XML or mjai)", type=UPLOAD_TYPES,
                         key="review_upload", on_change=on_upload, max_upload_size=LIMIT_MB)
        st.text_area("…or paste one", key="review_paste", height=120,
                     placeholder='{"log": [...]}  ·  <mjloggm ...>  ·  {"type":"start_game",...}')
        st.button("Review the pasted record", key="review_load", on_click=_on_paste)


def _take_incoming() -> None:
    incoming = st.session_state.pop(INCOMING, None)
    if isinstance(incoming, dict) and isinstance(incoming.get("text"), str):
        _use(incoming["text"], "your game from the Play page", incoming.get("ruleset"), int(incoming.get("seat") or 0))


def render_page() -> None:
    st.title("Review")
    st.html(f"<style>{REVIEW_CSS}</style>")
    _take_incoming()
    st.caption("Step through a whole game: every hand's table, its settlement beside the record's own figures, "
               "the reviewed player's moments and decisions.")
    _loader()
    if ERROR in st.session_state:
        st.error(st.session_state[ERROR])
    text = st.session_state.get(TEXT)
    if not text:
        if ERROR not in st.session_state:
            st.info("Upload or paste a game record, or finish a game on the Play page and press “Review this game”.")
        return
    names_or_error = _cached("names:" + text_key(text), lambda: record_names(text))
    if isinstance(names_or_error, RecordError):
        st.error(error_text(names_or_error))
        return
    names = display_names(names_or_error)
    options = state.ruleset_options()
    st.session_state["review_ruleset"] = _review_ruleset(options)
    if st.session_state.get("review_player") not in (0, 1, 2):
        st.session_state["review_player"] = 0
    cols = st.columns(3)
    cols[0].selectbox("Reviewed player", [0, 1, 2], key="review_player", format_func=lambda s: f"{names[s]} (seat {s})")
    cols[1].selectbox("Ruleset of the record", options, key="review_ruleset", format_func=state.ruleset_label)
    seat = int(st.session_state["review_player"])
    rules = state.rules_named(st.session_state["review_ruleset"])
    with st.spinner("Reviewing the game…"):
        loaded = _cached(review_key(text, rules, seat), lambda: load_review(text, rules, seat))
    if isinstance(loaded, RecordError):
        st.error(error_text(loaded, names))
        return
    _game_view(loaded, names, seat, cols[2])


def _game_view(loaded: LoadedReview, names: Sequence[str], seat: int, hand_column: DeltaGenerator) -> None:
    """Hand selector, step controls, the table beside the hand's settlement, moments and decisions, the game."""
    hands = loaded.review.hands
    if not hands:
        st.warning("The record holds no finished hand to review.")
        return
    ss = st.session_state
    if ss.get(HAND) not in range(len(hands)):
        ss[HAND] = 0
    n = int(ss[HAND])
    hand_column.selectbox("Hand", list(range(len(hands))), key=HAND, on_change=_hand_changed,
                          format_func=lambda i: f"{hands[i].label} — {hands[i].result.replace('_', ' ')}"
                          + ("" if hands[i].agrees else " (figures differ)"))
    _overview(loaded, names, seat)
    _stepper(loaded, names, seat, n)
    _model_tab(loaded, hands[n], names, seat)
    _game_end(loaded, names, seat, n)


@st.fragment
def _stepper(loaded: LoadedReview, names: Sequence[str], seat: int, page_hand: int) -> None:
    """Step controls, the table and the hand's tabs: a step reruns only this part, and a step out of
    ``page_hand`` (the hand the page was drawn for, which the selector and the chart show) reruns the whole page."""
    ss = st.session_state
    n = int(ss[HAND])
    if n != page_hand:
        st.rerun(scope="app")
    hands = loaded.review.hands
    count = loaded.spans[n][1]
    counts = tuple(c for _, c in loaded.spans)
    pos = min(max(int(ss.get(POS, 0)), 0), count)
    ss[POS] = pos
    h = hands[n]
    with st.container(key="review_at"):
        st.markdown(_step_caption(loaded, n, pos, names))
    left, right = st.columns([3, 2], gap="medium")
    with left:
        _table(loaded.game_at(n, pos), seat, names, h.summary, bool(ss.get("review_show_all")), pos == count)
        # just under the table, and held at the foot of the screen while the table is in view (REVIEW_CSS): a
        # step never needs a scroll
        with st.container(key="review_steps"):
            with st.container(horizontal=True, vertical_alignment="center", key="review_controls"):
                st.button("◀ Previous", key="review_prev", on_click=_step, args=(-1, counts),
                          disabled=(n, pos) == (0, 0))
                st.button("Next ▶", key="review_next", on_click=_step, args=(1, counts),
                          disabled=(n, pos) == (len(hands) - 1, count))
                st.checkbox("Show all hands", key="review_show_all")
            with st.container(horizontal=True, vertical_alignment="center", key="review_mistake_steps"):
                for label, key, direction in (("◀ Previous mistake", "review_prev_mistake", -1),
                                              ("Next mistake ▶", "review_next_mistake", 1)):
                    target = loaded.mistake_near(n, pos, direction)
                    st.button(label, key=key, on_click=_go, disabled=target is None,
                              args=(target.hand, target.position) if target is not None else (n, pos))
            if count > 0:
                st.slider("Step in this hand", 0, count, key=POS, label_visibility="collapsed")
    with right:
        _model_at(loaded, n, pos, names, seat)
        settle, moments, decisions = st.tabs(["Settlement", f"Moments ({len(h.moments)})",
                                              f"Decisions ({len(h.decisions)})"])
        with settle:
            if pos < count:  # the result is not told before the hand is over
                st.caption(f"The settlement shows when the hand ends, at step {count}.")
                st.button("Go to the hand's end", key="review_to_end", on_click=_jump, args=(count,))
            else:
                _agreement(h, names)
                play.hand_result(h.summary, names, loaded.rules.title)
        with moments:
            _moments(loaded, h, names, seat)
        with decisions:
            _decisions(h, names, seat)
    if ss.pop(SCROLL, False):
        st.html(_SCROLL_JS, unsafe_allow_javascript=True)


def _game_end(loaded: LoadedReview, names: Sequence[str], seat: int, hand: int) -> None:
    """The model's chart of the player's choices, then the scores over the game (the chosen hand marked) beside
    the final placement."""
    r = loaded.review
    st.subheader("The game")
    _model_chart(loaded, names, seat, hand)
    chart, table = st.columns([3, 2], gap="medium")
    with chart:
        st.html(score_chart(loaded, names, hand))
    with table:
        if r.final_scores:
            points = r.placement_points or (0.0, 0.0, 0.0)
            st.table([{"player": names[s], "final score": r.final_scores[s],
                       "placement points": f"{points[s]:+.1f}"} for s in range(3)])
        else:
            st.caption("The record ends before the game is over: no placement.")


def render() -> None:
    """The page body (``tutor/pages/review.py`` runs it)."""
    render_page()
