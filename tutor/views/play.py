"""Play: a whole sanma game against two bots, with hints and explained results (``tutor/pages/play.py`` runs it).

The game lives in ``st.session_state["play_session"]``. Its settings and steps
are also kept under the ``?game=`` token of the URL, in server memory and in
the progress database, so a page refresh (even after a server restart)
rebuilds the same game from its seed and steps.
"""

from __future__ import annotations

import html
import secrets

import streamlit as st

from sanma_core.bots import LEVEL_STYLES, LEVELS
from sanma_core.errors import SanmaError
from sanma_core.game import Action, Phase
from sanma_core.i18n import N_
from sanma_core.review.advice import advise
from sanma_core.tiles import tile_name
from sanma_core.words import wind_name
from sanma_core.words.rulesets import ruleset_title
from tutor import state
from tutor.handoff import open_game
from tutor.language import fragment, spoken, tr
from tutor.play import (
    ADVISOR,
    HandReview,
    PlaySession,
    PlaySettings,
    game_summary,
    hand_summary,
    hints_for,
    review_game,
)
from tutor.play import render as draw
from tutor.play.autopass import MODES as AUTOPASS_MODES
from tutor.play.autopass import auto_pass
from tutor.play.session import level_name
from tutor.table.component import CONFIRM_MODES, table
from tutor.table.state import UNDO, action_for, table_state

SESSION = "play_session"
TOKEN = "play_token"
TABLE = "play_table"  # the table component's key (one per game link)
AUTOPASS = "play_autopass"
CONFIRM = "play_confirm"  # how a discard is tapped: one of CONFIRM_MODES
MESSAGE = "play_message"
REVIEW = "play_review"
SCROLL_TOP = "play_scroll_top"  # a new game or hand: show the table from the top of the page
CONFIRM_ABANDON = "play_confirm_abandon"  # "New game" pressed during a game: ask before throwing it away
SEATS = (0, 1, 2)
LENGTHS = {"tonpuusen": N_("Tonpuusen (East round)"), "hanchan": N_("Hanchan (East and South)")}
#: How the bot log says a move, by the action's kind, with its tile and without one.
MOVES = {"discard": N_("discard {tile}"), "riichi": N_("riichi {tile}"), "pon": N_("pon {tile}"),
         "minkan": N_("minkan {tile}"), "ankan": N_("ankan {tile}"), "kakan": N_("kakan {tile}"),
         "ron": N_("ron {tile}"), "tsumo": N_("tsumo {tile}")}
PLAIN_MOVES = {"kita": N_("kita"), "pass": N_("pass"), "tsumo": N_("tsumo"), "ron": N_("ron"),
               "abort": N_("abort")}


def _seat_label(seat: int) -> str:
    """``East (deal first)``, ``South``, ``West`` in the reader's language."""
    return tr().gettext("{wind} (deal first)").format(wind=wind_name(seat)) if seat == 0 else wind_name(seat)


def _length_label(length: str) -> str:
    return tr().gettext(LENGTHS[length]) if length in LENGTHS else length


def _move_text(kind: str, tile: str | None) -> str:
    """A bot's move in the log: ``discard 5p``, ``pon 5p``, ``kita``."""
    t = tr()
    if tile is not None and kind in MOVES:
        return t.gettext(MOVES[kind]).format(tile=tile)
    text = t.gettext(PLAIN_MOVES[kind]) if kind in PLAIN_MOVES else kind.replace("_", " ")
    return text if tile is None else f"{text} {tile}"


@st.cache_resource(show_spinner=False)
def _saved_games() -> dict[str, dict]:
    """Token → game record (settings and steps), kept while the server runs."""
    return {}


MAX_SAVED = 500  # games kept for refreshes; the oldest are dropped first


def _save(session: PlaySession) -> None:
    """Keep the game under its link token: in memory for quick refreshes, and in the progress database so
    the link also survives a server restart."""
    token = st.session_state.get(TOKEN)
    if not token:
        return
    record = session.to_record()
    saved = _saved_games()
    saved.pop(token, None)
    saved[token] = record
    while len(saved) > MAX_SAVED:
        saved.pop(next(iter(saved)))
    db = state.store(quiet=True)
    if db is not None:
        state.store_call(db.save_game, token, record)


def _saved_record(token: str) -> dict | None:
    record = _saved_games().get(token)
    if record is None:
        db = state.store(quiet=True)
        record = state.store_call(db.game, token) if db is not None else None
    return record


def _session() -> PlaySession | None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession):
        return session
    token = st.query_params.get("game")
    record = _saved_record(token) if token else None
    if record is None:
        if token:
            st.info(tr().gettext("The game of this link is no longer kept (only the {n} most recent games are): "
                                 "start a new one below — the same seed deals the same game.").format(
                n=tr().number(MAX_SAVED)))
        return None
    try:
        session = PlaySession.from_record(record)
    except SanmaError as exc:
        st.warning(tr().gettext("The saved game {token} could not be rebuilt: {error}").format(token=repr(token),
                                                                                             error=exc))
        return None
    st.session_state[SESSION] = session
    st.session_state[TOKEN] = token
    return session


# ---- callbacks ------------------------------------------------------------------

@spoken
def _start(settings: PlaySettings | None = None) -> None:
    ss = st.session_state
    if settings is None:
        try:
            settings = PlaySettings(
                rules=state.rules_named(ss.get("play_ruleset")),
                length=ss.get("play_length") or "tonpuusen",
                bots=(ss.get("play_bot1") or "normal", ss.get("play_bot2") or "normal"),
                seat=int(ss.get("play_seat") or 0),
                seed=int(ss.get("play_seed") or 0),
                training=bool(ss.get("play_training")),
            )
        except SanmaError as exc:
            ss[MESSAGE] = ("error", tr().gettext("Cannot start this game: {error}").format(error=exc))
            return
    ss[SESSION] = PlaySession(settings)
    ss[TOKEN] = secrets.token_hex(8)
    st.query_params["game"] = ss[TOKEN]
    ss[SCROLL_TOP] = True
    _auto_pass(ss[SESSION])
    _save(ss[SESSION])


def _replay_same() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession):
        _start(session.settings)


def _ask_abandon() -> None:
    """A game that is over is left at once; one in progress is only left after a second confirmation."""
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.phase is Phase.GAME_END:
        _abandon()
    else:
        st.session_state[CONFIRM_ABANDON] = True


def _keep_playing() -> None:
    st.session_state.pop(CONFIRM_ABANDON, None)


def _abandon() -> None:
    st.session_state.pop(CONFIRM_ABANDON, None)
    st.session_state.pop(SESSION, None)
    st.session_state.pop(TOKEN, None)
    if "game" in st.query_params:
        del st.query_params["game"]


def _auto_pass(session: PlaySession) -> None:
    """Answer call offers the way the player chose (``AUTOPASS``); a win is always asked."""
    mode = st.session_state.get(AUTOPASS) or "off"
    while session.phase is Phase.RESPONSE and session.waiting_for_human():
        view, legal = session.view(), session.legal()
        advised = advise(view, legal).action if mode == "smart" else None
        choice = auto_pass(view, legal, mode, advised)
        if choice is None:
            return
        session.play(choice)


@spoken
def _act(action: Action) -> None:
    session = st.session_state.get(SESSION)
    if not isinstance(session, PlaySession):
        return
    try:
        session.play(action)
    except SanmaError as exc:
        st.session_state[MESSAGE] = ("warning", str(exc))
    _auto_pass(session)
    _save(session)


@spoken  # a callback: the engine's words (results, errors) in the page's language
def _on_table(choice: dict) -> None:
    """A click or key on the table: the action it names, if it is still legal."""
    session = st.session_state.get(SESSION)
    if not isinstance(session, PlaySession):
        return
    if choice["action"] == UNDO:  # the table's Undo button (offered only while there is a discard to take back)
        _undo()
        return
    try:
        action = action_for(session.view(), choice["action"])
    except SanmaError as exc:
        st.session_state[MESSAGE] = ("warning", str(exc))
        return
    _act(action)


@spoken
def _next_hand() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.phase is Phase.HAND_END:
        session.next_hand()
        st.session_state[SCROLL_TOP] = True
        _auto_pass(session)
        _save(session)


@spoken
def _undo() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.can_undo():
        session.undo()
        _save(session)


# ---- screens --------------------------------------------------------------------

def _new_game_form() -> None:
    t = tr()
    st.subheader(t.gettext("New game"))
    options = state.ruleset_options()
    st.session_state.setdefault("play_ruleset", st.session_state.get(state.RULESET_KEY) or options[0])
    if st.session_state["play_ruleset"] not in options:
        st.session_state["play_ruleset"] = options[0]
    c = st.columns(2)
    c[0].selectbox(t.gettext("Ruleset"), options, key="play_ruleset", format_func=state.ruleset_label)
    c[1].radio(t.gettext("Length"), list(LENGTHS), key="play_length", format_func=_length_label, horizontal=True)
    b = st.columns(3)
    styles = "  \n".join(f"**{level_name(lv)}** {t.gettext(LEVEL_STYLES[lv])}" for lv in LEVELS)
    b[0].selectbox(t.gettext("Bot after you"), LEVELS, index=1, key="play_bot1", help=styles, format_func=level_name)
    b[1].selectbox(t.gettext("Bot before you"), LEVELS, index=1, key="play_bot2", help=styles, format_func=level_name)
    b[2].radio(t.gettext("Your seat"), SEATS, key="play_seat", format_func=_seat_label)
    s = st.columns(2)
    st.session_state.setdefault("play_seed", 1)
    s[0].number_input(t.gettext("Seed (the same seed deals the same game)"), min_value=0, max_value=10**9, step=1,
                      key="play_seed")
    s[1].toggle(t.gettext("Training mode (undo your last discard)"), key="play_training")
    st.button(t.gettext("Start the game"), type="primary", key="play_start", on_click=_start)


def _settings_line(session: PlaySession) -> None:
    s, t = session.settings, tr()
    line = t.gettext("{ruleset} · {length} · seed {seed} · you started {wind} · bots {bots}").format(
        ruleset=ruleset_title(s.rules), length=s.length, seed=s.seed, wind=wind_name(s.seat),
        bots=" / ".join(level_name(b) for b in s.bots))
    st.caption(line + (t.gettext(" · training mode") if s.training else ""))


def _bot_log_html(session: PlaySession) -> str:
    """The bots' moves this hand with their reasons, newest first, as a folded HTML list (names escaped)."""
    t = tr()
    names = session.settings.shown_names()
    steps = [s for s in session.steps if s.bot and s.hand == session.game.hand_index][-40:]
    lines = []
    for s in reversed(steps):
        a = s.action
        what = _move_text(a.kind, tile_name(a.tile) if a.tile is not None and a.kind != "kita" else None)
        lines.append(f"<li><strong>{html.escape(names[a.seat])}</strong>: {html.escape(what)} — "
                     f"{html.escape(draw.name_seats(s.reason, names, session.human))}</li>")
    body = f"<ul>{''.join(lines)}</ul>" if lines else "<p>" + html.escape(t.gettext("No bot moves yet.")) + "</p>"
    summary = html.escape(t.gettext("Bot moves this hand ({n})").format(n=len(steps)))
    return f'<details class="sm-botlog"><summary>{summary}</summary>{body}</details>'


def _table(session: PlaySession) -> None:
    """The table component: the whole position, the player's choices, and at a hand end every hand."""
    game = session.game
    view = session.view()
    ended = game.phase in (Phase.HAND_END, Phase.GAME_END)
    legal = [] if ended else session.legal()
    hints = hints_for(view, game.events, advised=True) if legal and st.session_state.get("play_hints", True) else None
    extra: dict = {}
    if ended and game.result is not None:
        extra = {"reveal": {s: game.view(s).hand for s in range(3)}, "result": hand_summary(game, game.result)}
    big = bool(st.session_state.get("big_tiles"))
    # in training mode the table itself offers the undo, beside the actions on the first screen
    undo = bool(legal) and session.can_undo()
    state_ = table_state(view, names=session.settings.shown_names(), legal=legal, hints=hints, big=big, you=session.human,
                         undo=undo, **extra)
    confirm = st.session_state.get(CONFIRM) or "auto"
    choice = table(state_, key=f"{TABLE}_{st.session_state.get(TOKEN) or 'game'}", big=big,
                   confirm=confirm if confirm in CONFIRM_MODES else "auto", on_action=_on_table)
    if choice is not None:  # a choice that arrived without the change event (set from outside the browser)
        _on_table(choice)
        st.rerun()
    if not ended and not legal and session.can_undo():  # nothing to choose on the table now: the undo stays here
        st.button(tr().gettext("Undo my last discard"), key="play_undo", on_click=_undo)
    if not ended:  # the hints and the bot log in one element: a move redraws one block below the table
        st.html('<div class="sm-hints-box">'
                + (draw.hints_html(hints, session.settings.shown_names(), session.human) if hints is not None else "")
                + _bot_log_html(session) + "</div>")


def _reviews(session: PlaySession, hands: list[int] | None) -> list[HandReview]:
    """The review of ``hands`` (all when None), kept until the game moves on."""
    key = (id(session), len(session.steps), None if hands is None else tuple(hands))
    cached = st.session_state.get(REVIEW)
    if cached is not None and cached[0] == key:
        return cached[1]
    reviews = review_game(session.settings, session.steps, hands)
    st.session_state[REVIEW] = (key, reviews)
    return reviews


def _review(session: PlaySession, hands: list[int] | None, title: str, key: str) -> None:
    """The review in a folded box, computed and drawn only while the box is open (a game's review takes
    0.3 s or more, and most hand ends go on without it)."""
    box = st.expander(title, expanded=False, key=f"{key}_open", on_change="rerun")
    if not box.open:
        return
    with box:
        st.caption(tr().gettext(
            "Your decisions replayed beside the {advisor} bot's choice in the same position, with its reason. "
            "Shape is the shanten after the discard and how many useful tiles you cannot see yet (the bots count "
            "the same way); danger is the bots' estimate against riichi.").format(advisor=level_name(ADVISOR)))
        draw.review(_reviews(session, hands), level_name(ADVISOR), key, session.settings.shown_names(), session.human)


def _downloads(session: PlaySession) -> None:
    mjai, tenhou6 = session.exports()  # written when a button is clicked, not on every hand end
    t = tr()
    c = st.columns(2)
    c[0].download_button(t.gettext("Download mjai (.jsonl)"), mjai, file_name=f"sanma-{session.settings.seed}.mjai.jsonl",
                         mime="application/jsonl", key="play_dl_mjai")
    c[1].download_button(t.gettext("Download tenhou.net/6 (.json)"), tenhou6,
                         file_name=f"sanma-{session.settings.seed}.tenhou6.json", mime="application/json",
                         key="play_dl_tenhou6")


def render() -> None:
    """The page body (``tutor/pages/play.py`` runs it)."""
    t = tr()
    draw.css()
    session = _session()
    if session is None:
        st.title(t.gettext("Play"))
        message = st.session_state.pop(MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
        st.caption(t.gettext("A whole sanma game against two bots. Bots move at once; their reasons are in the log."))
        _new_game_form()
        return
    token = st.session_state.get(TOKEN)
    if token and st.query_params.get("game") != token:
        st.query_params["game"] = token  # back from another page: the link again survives a refresh
    st.session_state.setdefault(AUTOPASS, "off")
    # the title and the controls share one short row, so the table (the hand and its buttons at its foot) starts
    # high enough to fit the first screen
    with st.container(horizontal=True, key="play_bar", vertical_alignment="center"):
        st.title(t.gettext("Play"))
        with st.popover(t.gettext("Options")):
            st.selectbox(t.gettext("Call offers"), list(AUTOPASS_MODES), key=AUTOPASS,
                         format_func=lambda m: t.gettext(AUTOPASS_MODES[m]),
                         help=t.gettext("Pass pon and kan offers without a click; a win is always offered."))
            st.toggle(t.gettext("Hints"), value=True, key="play_hints")
            st.selectbox(t.gettext("Discards"), list(CONFIRM_MODES), key=CONFIRM,
                         format_func=lambda m: t.gettext(CONFIRM_MODES[m]),
                         help=t.gettext("With two taps the first raises the tile and shows what its discard leaves; "
                                        "the second throws it."))
            _settings_line(session)
        st.button(t.gettext("New game"), key="play_abandon", on_click=_ask_abandon)
    if st.session_state.get(CONFIRM_ABANDON) and session.phase is not Phase.GAME_END:
        st.warning(t.gettext("Leave this game for a new one? It cannot be resumed afterwards."))
        c = st.columns([2, 1, 3])
        c[0].button(t.gettext("Yes, start a new game"), key="play_abandon_yes", on_click=_abandon, type="primary")
        c[1].button(t.gettext("Keep playing"), key="play_abandon_no", on_click=_keep_playing)
    _game_area()



_SCROLL_TOP_JS = """<script>
for (const el of [document.scrollingElement, ...document.querySelectorAll(
    '[data-testid="stMain"], [data-testid="stAppViewContainer"], [data-testid="stAppScrollToBottomContainer"]')]) {
  if (el) el.scrollTop = 0;
}
</script>"""


@fragment
def _game_area() -> None:
    """Everything that changes with a move: a click reruns only this part of the page."""
    session = _session()
    if session is None:
        return
    message = st.session_state.pop(MESSAGE, None)
    if message:
        getattr(st, message[0])(message[1])
    if st.session_state.pop(SCROLL_TOP, False):
        st.html(_SCROLL_TOP_JS, unsafe_allow_javascript=True)
    t = tr()
    names = session.settings.shown_names()
    game = session.game
    rules_title = ruleset_title(game.rules)
    advisor = level_name(ADVISOR)
    if game.phase is Phase.GAME_END:
        _table(session)
        draw.game_result(game_summary(game), names)
        _downloads(session)
        c = st.columns(3)
        c[0].button(t.gettext("Play the same seed again"), key="play_again", on_click=_replay_same)
        if session.can_undo():
            c[1].button(t.gettext("Undo my last discard"), key="play_undo", on_click=_undo)
        if c[2].button(t.gettext("Review this game"), key="play_open_review", type="primary",
                       help=t.gettext("Step through the whole game on the Review page")):
            open_game(session.mjai(), session.settings.rules.name, session.human)
        if game.result is not None:
            with st.expander(t.gettext("Last hand"), expanded=True):
                draw.hand_result(hand_summary(game, game.result), names, rules_title, session.human)
        _review(session, None, t.gettext("Review the whole game against the {advisor} bot").format(advisor=advisor),
                "play_review_game")
        return
    if game.phase is Phase.HAND_END:
        _table(session)
        draw.hand_result(hand_summary(game, game.result), names, rules_title, session.human)
        c = st.columns(3)
        c[0].button(t.gettext("Next hand"), type="primary", key="play_next", on_click=_next_hand)
        if session.can_undo():
            c[1].button(t.gettext("Undo my last discard"), key="play_undo", on_click=_undo)
        _review(session, [game.hand_index], t.gettext("Review this hand against the {advisor} bot").format(
            advisor=advisor), "play_review_hand")
        st.html(_bot_log_html(session))
        with st.expander(t.gettext("Records of the hands played so far"), expanded=False):
            _downloads(session)
        return
    _table(session)
