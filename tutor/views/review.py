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
from sanma_core.i18n import Translator
from sanma_core.review.decisions import ADVISOR, ReviewRow, action_text
from sanma_core.review.decisions import HandReview as DecisionHand
from sanma_core.review.graded import kind_words, option_text
from sanma_core.review.graded_words import definitions, figure_name, figures_line, grade_name, unmodelled_line
from sanma_core.review.record import HandReview
from sanma_core.review.summary import HandSummary
from sanma_core.words import YOU
from sanma_core.words.results import result_name
from sanma_core.words.rulesets import ruleset_title
from sanma_core.words.seats import is_you
from tutor import kept_review, state
from tutor.handoff import REVIEW_INCOMING
from tutor.language import fragment, spoken, tr
from tutor.play import render as play
from tutor.review_data import (
    LIMIT_MB,
    UPLOAD_TYPES,
    DecisionPoint,
    LoadedReview,
    display_names,
    format_name,
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
SOURCE = "review_source"  # where it came from: (kind, file name) (said in the caption, in the page's language)
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


# ---- words ----------------------------------------------------------------------

def _you(names: Sequence[str], seat: int) -> bool:
    """Whether the reviewed player is the reader (the seat named "You", as a game from the Play page names it)."""
    return is_you(names[seat])


def _signed(t: Translator, value: int) -> str:
    """A score change with its sign: ``+8000`` in English as before, ``+8.000`` in German and Spanish."""
    if t.lang == "en":
        return f"{value:+d}"
    return ("+" if value >= 0 else "-") + t.number(abs(value))


def _count(t: Translator, value: int) -> str:
    """A count: English keeps its plain digits, German and Spanish group them (``1.200``)."""
    return str(value) if t.lang == "en" else t.number(value)


def _source_text(source: object) -> str:
    """Where the record came from, in the page's language."""
    t = tr()
    kind, name = source if isinstance(source, tuple) and len(source) == 2 else ("", None)
    if kind == "upload":
        return t.gettext("uploaded file {name}").format(name=name)
    if kind == "paste":
        return t.gettext("pasted record")
    if kind == "play":
        return t.gettext("your game from the Play page")
    return t.gettext("loaded")


def _still_there(message: str) -> str:
    return tr().gettext("{problem} The game loaded before is still on the page.").format(problem=message)


# ---- loading ----------------------------------------------------------------------

@spoken  # a callback: the engine's errors in the page's language
def _use(text: str, source: tuple[str, str | None], ruleset: str | None = None, seat: int = 0) -> None:
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
        _fail(problem if TEXT not in ss else _still_there(problem))
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


@spoken
def on_upload() -> None:
    """The uploader's callback: read the file (or say why not)."""
    upload = st.session_state.get("review_upload")
    if upload is None:
        return
    try:
        text = read_upload(upload.name, upload.getvalue())
    except RecordError as exc:
        _fail(_still_there(error_text(exc)) if TEXT in st.session_state else error_text(exc))
        return
    _use(text, ("upload", upload.name))


def _on_paste() -> None:
    text = st.session_state.get("review_paste") or ""
    if not text.strip():
        _fail(tr().gettext("Paste a game record first (tenhou.net/6 JSON, Tenhou XML or mjai lines)."))
        return
    _use(text, ("paste", None))


def error_text(exc: RecordError, names: Sequence[str] | None = None) -> str:
    """One sentence naming the problem, its hand and its seat."""
    t = tr()
    where = []
    if exc.hand and exc.hand not in str(exc):
        where.append(exc.hand)
    if exc.seat is not None:
        if names and 0 <= exc.seat < len(names) and names[exc.seat].strip():
            where.append(t.gettext("seat {seat} ({name})").format(seat=exc.seat, name=names[exc.seat]))
        else:
            where.append(t.gettext("seat {seat}").format(seat=exc.seat))
    if where:
        return t.gettext("This record cannot be reviewed: {problem} ({where}).").format(problem=exc,
                                                                                      where=", ".join(where))
    return t.gettext("This record cannot be reviewed: {problem}.").format(problem=exc)


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
    t = tr()
    count = loaded.spans[hand][1]
    action = loaded.action_before(hand, pos)
    what = t.gettext("the deal, before anyone acts") if action is None else t.gettext("{name}: {action}").format(
        name=names[action.seat], action=action_text(action))
    if pos == count:
        return t.gettext("Step {step} of {count} · {what} — the hand is over").format(step=pos, count=count, what=what)
    return t.gettext("Step {step} of {count} · {what}").format(step=pos, count=count, what=what)


def _agreement(h: HandReview, names: Sequence[str]) -> None:
    t = tr()
    engine = "  ".join(f"{names[s]} {_signed(t, h.deltas[s])}" for s in range(3))
    if h.log_deltas is None:
        st.caption(t.gettext("The record gives no score changes for this hand; the engine's: {engine}.").format(
            engine=engine))
    elif h.agrees:
        st.success(t.gettext("The record's score changes agree with the engine's: {engine}.").format(engine=engine))
    else:
        st.warning(t.gettext("The record's score changes differ from the engine's settlement for this hand."))
        st.table([{t.gettext("player"): names[s], t.gettext("record"): _signed(t, h.log_deltas[s]),
                   t.gettext("engine"): _signed(t, h.deltas[s]),
                   t.gettext("difference"): _signed(t, h.log_deltas[s] - h.deltas[s])} for s in range(3)])


def _moments(loaded: LoadedReview, h: HandReview, names: Sequence[str], seat: int) -> None:
    t = tr()
    if not h.moments:
        st.caption(t.gettext("Nothing in your play stands out in this hand.") if _you(names, seat) else
                   t.gettext("Nothing in {name}'s play stands out in this hand.").format(name=names[seat]))
        return
    for i, m in enumerate(h.moments):
        pos = loaded.position_of(h.index, moment_step(m))
        st.button(t.gettext("Turn {turn} · {moment}").format(turn=m.turn, moment=play.name_seats(m.text, names)),
                  key=f"review_moment_{h.index}_{i}", on_click=_jump, args=(pos,),
                  help=t.gettext("go to step {step} of this hand").format(step=pos))


def _verdict_rows(rows: Sequence[ReviewRow], names: Sequence[str], seat: int) -> list[dict[str, object]]:
    t = tr()
    you = _you(names, seat)
    me = seat if you else None
    player = t.gettext("you") if you else names[seat]
    shape = t.gettext("your shape") if you else t.gettext("{name}'s shape").format(name=names[seat])
    verdicts = {"same": t.gettext("same"), "as good": t.gettext("as good"), "different": t.gettext("different")}
    return [{t.gettext("verdict"): verdicts.get(r.verdict, r.verdict), t.gettext("tiles left"): r.left,
             player: r.mine.text, shape: r.mine.shape, t.gettext("hard bot"):
             r.advice.text, t.gettext("its shape"): r.advice.shape, t.gettext("why"): play.name_seats(r.reason, names, me)}
            for r in rows]


def _decisions(h: HandReview, names: Sequence[str], seat: int) -> None:
    t = tr()
    if _you(names, seat):
        st.caption(t.gettext("Your decisions beside the hard bot's choice in the same position, with its reason (the "
                             "comparison play mode shows after a hand)."))
    else:
        st.caption(t.gettext("{name}'s decisions beside the hard bot's choice in the same position, with its reason "
                             "(the comparison play mode shows after a hand).").format(name=names[seat]))
    play.review([DecisionHand(h.index, h.label, h.decisions)], ADVISOR, "review_dec", names, seat, player=names[seat])
    if h.decisions:
        with st.expander(t.gettext("Every decision of this hand ({n})").format(n=len(h.decisions))), \
                st.container(key="review_dec_all"):
            st.table(_verdict_rows(h.decisions, names, seat))


def _reason(names: Sequence[str], seat: int):
    """A bot's reason spoken with the players' names (``you`` only when the reviewed player is "You")."""
    me = seat if _you(names, seat) else None
    return lambda text: play.name_seats(text, names, me)


def _observer_note(names: Sequence[str], seat: int) -> str:
    if _you(names, seat):
        return tr().gettext("You make no decision in this record (an observer's record): nothing for the model to "
                            "grade. Choose another player above.")
    return tr().gettext("{name} makes no decision in this record (an observer's record): nothing for the model to "
                        "grade. Choose another player above.").format(name=names[seat])


def _model_at(loaded: LoadedReview, hand: int, pos: int, names: Sequence[str], seat: int) -> None:
    """The model's probabilities for the decisions taken at the step on the table (beside it; under it on a
    phone)."""
    with st.container(key="review_model_at"):
        decisions = loaded.decisions_at(hand, pos)
        if decisions:
            who = tr().gettext(YOU) if _you(names, seat) else names[seat]
            st.html(bars_html(decisions, who, _reason(names, seat)))
            kept_review.keep_controls(loaded, [p for p in loaded.points if (p.hand, p.position) == (hand, pos)],
                                    names, seat)
        elif loaded.observer:
            st.caption(_observer_note(names, seat))
        else:
            st.caption(tr().gettext("No decision of yours for the model at this step: the next mistake or a decision "
                                    "in the Model tab goes to one.") if _you(names, seat) else
                       tr().gettext("No decision of {name}'s for the model at this step: the next mistake or a "
                                    "decision in the Model tab goes to one.").format(name=names[seat]))


def _point_line(p: DecisionPoint) -> str:
    d, t = p.decision, tr()
    return t.gettext("Step {step} · {kind} · {choice} {p_choice}, model {model} {p_model} · {grade}").format(
        step=p.position, kind=kind_words(d.kind), choice=option_text(d.player, d.tile), p_choice=t.percent(d.p_player),
        model=option_text(d.model, d.tile), p_model=t.percent(d.p_model), grade=grade_name(d.grade))


def _model_tab(loaded: LoadedReview, h: HandReview, names: Sequence[str], seat: int) -> None:
    """The hand's decisions beside the model, under the table (outside the stepping fragment: it changes with the
    hand, not the step): its figures and the game's (each defined), then the decisions (the mistakes alone when
    asked) in a table, with a selector that goes to a decision's step."""
    t = tr()
    mistakes = sum(p.decision.mistake for p in loaded.points if p.hand == h.index)
    st.subheader(t.ngettext("Decisions beside the model ({n} mistake in this hand)",
                            "Decisions beside the model ({n} mistakes in this hand)", mistakes).format(n=mistakes))
    if loaded.observer:
        st.info(_observer_note(names, seat))
        return
    st.markdown(t.gettext("**This hand:** {hand}  \n**The game:** {game}").format(
        hand=figures_line(loaded.figures(h.index)), game=figures_line(loaded.figures())))
    kept_review.keep_all_big(loaded, names, seat)
    skipped = unmodelled_line(loaded.review.unmodelled())
    with st.expander(t.gettext("What the figures mean")):
        st.markdown("\n".join(f"- **{figure_name(k)}**: {v}" for k, v in definitions().items())
                    + ("\n- " + t.gettext("{skipped} (the model gives these no probabilities)").format(skipped=skipped)
                       if skipped else ""))
    only = st.checkbox(t.gettext("Mistakes only"), key=MISTAKES_ONLY)
    shown = [p for p in loaded.points if p.hand == h.index and (p.decision.mistake or not only)]
    if not shown:
        st.caption(t.gettext("No mistake in this hand.") if only else t.gettext("No graded decision in this hand."))
        return
    # one selector and one table, not a button per decision
    targets = {p.index: (p.hand, p.position) for p in shown}
    lines = {p.index: _point_line(p) for p in shown}
    key = f"{GOTO}_{h.index}_{int(only)}"
    st.selectbox(t.gettext("Go to a decision"), list(targets), index=None, key=key, format_func=lines.__getitem__,
                 on_change=_go_selected, args=(key, targets),
                 placeholder=t.gettext("Choose a decision to see its step"))
    st.table([{t.gettext("step"): p.position, t.gettext("decision"): kind_words(p.decision.kind),
               t.gettext("choice"): f"{option_text(p.decision.player, p.decision.tile)} {t.percent(p.decision.p_player)}",
               t.gettext("model"): f"{option_text(p.decision.model, p.decision.tile)} {t.percent(p.decision.p_model)}",
               t.gettext("grade"): grade_name(p.decision.grade)} for p in shown])


def _model_chart(loaded: LoadedReview, names: Sequence[str], seat: int, hand: int) -> None:
    """p(the player's choice) at each decision across the game, mistakes marked; a click on a point goes there."""
    if loaded.observer:
        st.info(_observer_note(names, seat))
        return
    if not loaded.points:
        return
    labels = [h.label for h in loaded.review.hands]
    t = tr()
    st.caption(t.gettext("The model's probability of each choice you made, in game order (the hand on the table "
                         "shaded). Mistakes are the larger marks; click a point to go to its step.") if _you(names, seat)
               else t.gettext("The model's probability of each choice {name} made, in game order (the hand on the table "
                              "shaded). Mistakes are the larger marks; click a point to go to its step.").format(
                   name=names[seat]))
    st.plotly_chart(chart_figure(loaded.points, labels, hand), key=CHART, on_select=_on_chart,
                    selection_mode="points", theme="streamlit", config={"displayModeBar": False})


def score_chart(loaded: LoadedReview, names: Sequence[str], hand: int) -> str:
    """The three scores after each hand (one point per hand end), the selected hand's end marked."""
    history = loaded.history()
    return score_chart_html(history, names, mark=hand + 1 if history else None)


def _overview(loaded: LoadedReview, names: Sequence[str], seat: int) -> None:
    r, t = loaded.review, tr()
    st.caption(" · ".join((
        t.gettext("Record: {source}").format(source=_source_text(st.session_state.get(SOURCE))),
        format_name(r.format),
        t.ngettext("{n} hand", "{n} hands", len(r.hands)).format(n=_count(t, len(r.hands))),
        t.ngettext("{n} action", "{n} actions", len(loaded.actions)).format(n=_count(t, len(loaded.actions))),
        t.gettext("ruleset {ruleset}").format(ruleset=ruleset_title(loaded.rules)),
        t.gettext("reviewing {name}").format(name=names[seat]))))
    if r.mismatches:
        st.warning(t.ngettext("The record's figures differ from the engine's in {n} place: {places}",
                              "The record's figures differ from the engine's in {n} places: {places}",
                              len(r.mismatches)).format(n=len(r.mismatches), places="; ".join(r.mismatches)))


def _loader() -> None:
    t = tr()
    with st.expander(t.gettext("Load a game record"), expanded=TEXT not in st.session_state):
        st.file_uploader(t.gettext("Upload a record (tenhou.net/6 JSON, Tenhou XML or mjai)"), type=UPLOAD_TYPES,
                         key="review_upload", on_change=on_upload, max_upload_size=LIMIT_MB)
        st.text_area(t.gettext("…or paste one"), key="review_paste", height=120,
                     placeholder='{"log": [...]}  ·  <mjloggm ...>  ·  {"type":"start_game",...}')
        st.button(t.gettext("Review the pasted record"), key="review_load", on_click=_on_paste)


def _take_incoming() -> None:
    incoming = st.session_state.pop(INCOMING, None)
    if isinstance(incoming, dict) and isinstance(incoming.get("text"), str):
        _use(incoming["text"], ("play", None), incoming.get("ruleset"), int(incoming.get("seat") or 0))


def render_page() -> None:
    t = tr()
    st.title(t.gettext("Review"))
    st.html(f"<style>{REVIEW_CSS}</style>")
    _take_incoming()
    st.caption(t.gettext("Step through a whole game: every hand's table, its settlement beside the record's own figures, "
                         "the reviewed player's moments and decisions."))
    _loader()
    if ERROR in st.session_state:
        st.error(st.session_state[ERROR])
    text = st.session_state.get(TEXT)
    if not text:
        if ERROR not in st.session_state:
            st.info(t.gettext("Upload or paste a game record, or finish a game on the Play page and press “Review this "
                              "game”."))
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
    cols[0].selectbox(t.gettext("Reviewed player"), [0, 1, 2], key="review_player",
                      format_func=lambda s: t.gettext("{name} (seat {seat})").format(name=names[s], seat=s))
    cols[1].selectbox(t.gettext("Ruleset of the record"), options, key="review_ruleset", format_func=state.ruleset_label)
    seat = int(st.session_state["review_player"])
    rules = state.rules_named(st.session_state["review_ruleset"])
    with st.spinner(t.gettext("Reviewing the game…")):
        loaded = _cached(review_key(text, rules, seat), lambda: load_review(text, rules, seat))
    if isinstance(loaded, RecordError):
        st.error(error_text(loaded, names))
        return
    _game_view(loaded, names, seat, cols[2])


def _game_view(loaded: LoadedReview, names: Sequence[str], seat: int, hand_column: DeltaGenerator) -> None:
    """Hand selector, step controls, the table beside the hand's settlement, moments and decisions, the game."""
    t = tr()
    hands = loaded.review.hands
    if not hands:
        st.warning(t.gettext("The record holds no finished hand to review."))
        return
    ss = st.session_state
    if ss.get(HAND) not in range(len(hands)):
        ss[HAND] = 0
    n = int(ss[HAND])

    def label(i: int) -> str:
        text = t.gettext("{hand} — {result}").format(hand=hands[i].label, result=result_name(hands[i].result))
        return text if hands[i].agrees else t.gettext("{hand} (figures differ)").format(hand=text)

    labels = [label(i) for i in range(len(hands))]  # said now, in the page's language
    hand_column.selectbox(t.gettext("Hand"), list(range(len(hands))), key=HAND, on_change=_hand_changed,
                          format_func=labels.__getitem__)
    _overview(loaded, names, seat)
    _stepper(loaded, names, seat, n)
    _model_tab(loaded, hands[n], names, seat)
    _game_end(loaded, names, seat, n)


@fragment
def _stepper(loaded: LoadedReview, names: Sequence[str], seat: int, page_hand: int) -> None:
    """Step controls, the table and the hand's tabs: a step reruns only this part, and a step out of
    ``page_hand`` (the hand the page was drawn for, which the selector and the chart show) reruns the whole page."""
    ss, t = st.session_state, tr()
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
                st.button(t.gettext("◀ Previous"), key="review_prev", on_click=_step, args=(-1, counts),
                          disabled=(n, pos) == (0, 0))
                st.button(t.gettext("Next ▶"), key="review_next", on_click=_step, args=(1, counts),
                          disabled=(n, pos) == (len(hands) - 1, count))
                st.checkbox(t.gettext("Show all hands"), key="review_show_all")
            with st.container(horizontal=True, vertical_alignment="center", key="review_mistake_steps"):
                for label, key, direction in ((t.gettext("◀ Previous mistake"), "review_prev_mistake", -1),
                                              (t.gettext("Next mistake ▶"), "review_next_mistake", 1)):
                    target = loaded.mistake_near(n, pos, direction)
                    st.button(label, key=key, on_click=_go, disabled=target is None,
                              args=(target.hand, target.position) if target is not None else (n, pos))
            if count > 0:
                st.slider(t.gettext("Step in this hand"), 0, count, key=POS, label_visibility="collapsed")
    with right:
        _model_at(loaded, n, pos, names, seat)
        settle, moments, decisions = st.tabs([t.gettext("Settlement"),
                                              t.gettext("Moments ({n})").format(n=len(h.moments)),
                                              t.gettext("Decisions ({n})").format(n=len(h.decisions))])
        with settle:
            if pos < count:  # the result is not told before the hand is over
                st.caption(t.gettext("The settlement shows when the hand ends, at step {step}.").format(step=count))
                st.button(t.gettext("Go to the hand's end"), key="review_to_end", on_click=_jump, args=(count,))
            else:
                _agreement(h, names)
                play.hand_result(h.summary, names, ruleset_title(loaded.rules))
        with moments:
            _moments(loaded, h, names, seat)
        with decisions:
            _decisions(h, names, seat)
    if ss.pop(SCROLL, False):
        st.html(_SCROLL_JS, unsafe_allow_javascript=True)


def _game_end(loaded: LoadedReview, names: Sequence[str], seat: int, hand: int) -> None:
    """The model's chart of the player's choices, then the scores over the game (the chosen hand marked) beside
    the final placement."""
    r, t = loaded.review, tr()
    st.subheader(t.gettext("The game"))
    _model_chart(loaded, names, seat, hand)
    chart, table = st.columns([3, 2], gap="medium")
    with chart:
        st.html(score_chart(loaded, names, hand))
    with table:
        if r.final_scores:
            points = r.placement_points or (0.0, 0.0, 0.0)
            st.table([{t.gettext("player"): names[s],
                       t.gettext("final score"): r.final_scores[s] if t.lang == "en" else t.number(r.final_scores[s]),
                       t.gettext("placement points"): f"{points[s]:+.1f}" if t.lang == "en" else
                       ("+" if points[s] >= 0 else "-") + t.decimal(abs(points[s]), 1)} for s in range(3)])
        else:
            st.caption(t.gettext("The record ends before the game is over: no placement."))


def render() -> None:
    """The page body (``tutor/pages/review.py`` runs it)."""
    render_page()
