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
from sanma_core.review.advice import advise
from sanma_core.tiles import tile_name
from sanma_core.words import wind_name
from tutor import state
from tutor.handoff import open_game
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
SEATS = {s: wind_name(s) + (" (deal first)" if s == 0 else "") for s in range(3)}
LENGTHS = {"tonpuusen": "Tonpuusen (East round)", "hanchan": "Hanchan (East and South)"}


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
            st.info("The game of this link is no longer kept (only the 500 most recent games are): "
                    "start a new one below — the same seed deals the same game.")
        return None
    try:
        session = PlaySession.from_record(record)
    except SanmaError as exc:
        st.warning(f"The saved game {token!r} could not be rebuilt: {exc}")
        return None
    st.session_state[SESSION] = session
    st.session_state[TOKEN] = token
    return session


# ---- callbacks ------------------------------------------------------------------

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
            ss[MESSAGE] = ("error", f"Cannot start this game: {exc}")
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


def _next_hand() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.phase is Phase.HAND_END:
        session.next_hand()
        st.session_state[SCROLL_TOP] = True
        _auto_pass(session)
        _save(session)


def _undo() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.can_undo():
        session.undo()
        _save(session)


# ---- screens --------------------------------------------------------------------

def _new_game_form() -> None:
    st.subheader("New game")
    options = state.ruleset_options()
    st.session_state.setdefault("play_ruleset", st.session_state.get(state.RULESET_KEY) or options[0])
    if st.session_state["play_ruleset"] not in options:
        st.session_state["play_ruleset"] = options[0]
    c = st.columns(2)
    c[0].selectbox("Ruleset", options, key="play_ruleset", format_func=state.ruleset_label)
    c[1].radio("Length", list(LENGTHS), key="play_length", format_func=LENGTHS.get, horizontal=True)
    b = st.columns(3)
    styles = "  \n".join(f"**{lv}** {LEVEL_STYLES[lv]}" for lv in LEVELS)
    b[0].selectbox("Bot after you", LEVELS, index=1, key="play_bot1", help=styles)
    b[1].selectbox("Bot before you", LEVELS, index=1, key="play_bot2", help=styles)
    b[2].radio("Your seat", list(SEATS), key="play_seat", format_func=SEATS.get)
    s = st.columns(2)
    st.session_state.setdefault("play_seed", 1)
    s[0].number_input("Seed (the same seed deals the same game)", min_value=0, max_value=10**9, step=1,
                      key="play_seed")
    s[1].toggle("Training mode (undo your last discard)", key="play_training")
    st.button("Start the game", type="primary", key="play_start", on_click=_start)


def _settings_line(session: PlaySession) -> None:
    s = session.settings
    st.caption(f"{s.rules.title} · {s.length} · seed {s.seed} · you started {wind_name(s.seat)}"
               f" · bots {' / '.join(s.bots)}"
               + (" · training mode" if s.training else ""))


def _bot_log_html(session: PlaySession) -> str:
    """The bots' moves this hand with their reasons, newest first, as a folded HTML list (names escaped)."""
    names = session.settings.names()
    steps = [s for s in session.steps if s.bot and s.hand == session.game.hand_index][-40:]
    lines = []
    for s in reversed(steps):
        a = s.action
        what = a.kind.replace("_", " ") + (f" {tile_name(a.tile)}" if a.tile is not None and a.kind != "kita" else "")
        lines.append(f"<li><strong>{html.escape(names[a.seat])}</strong>: {html.escape(what)} — "
                     f"{html.escape(draw.name_seats(s.reason, names, session.human))}</li>")
    body = f"<ul>{''.join(lines)}</ul>" if lines else "<p>No bot moves yet.</p>"
    return f'<details class="sm-botlog"><summary>Bot moves this hand ({len(steps)})</summary>{body}</details>'


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
    state_ = table_state(view, names=session.settings.names(), legal=legal, hints=hints, big=big, you=session.human,
                         undo=undo, **extra)
    confirm = st.session_state.get(CONFIRM) or "auto"
    choice = table(state_, key=f"{TABLE}_{st.session_state.get(TOKEN) or 'game'}", big=big,
                   confirm=confirm if confirm in CONFIRM_MODES else "auto", on_action=_on_table)
    if choice is not None:  # a choice that arrived without the change event (set from outside the browser)
        _on_table(choice)
        st.rerun()
    if not ended and not legal and session.can_undo():  # nothing to choose on the table now: the undo stays here
        st.button("Undo my last discard", key="play_undo", on_click=_undo)
    if not ended:  # the hints and the bot log in one element: a move redraws one block below the table
        st.html('<div class="sm-hints-box">'
                + (draw.hints_html(hints, session.settings.names()) if hints is not None else "")
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
        st.caption(f"Your decisions replayed beside the {ADVISOR} bot's choice in the same position, with its reason. "
                   "Shape is the shanten after the discard and how many useful tiles you cannot see yet (the bots count "
                   "the same way); danger is the bots' estimate against riichi.")
        draw.review(_reviews(session, hands), ADVISOR, key, session.settings.names(), session.human)


def _downloads(session: PlaySession) -> None:
    mjai, tenhou6 = session.exports()  # written when a button is clicked, not on every hand end
    c = st.columns(2)
    c[0].download_button("Download mjai (.jsonl)", mjai, file_name=f"sanma-{session.settings.seed}.mjai.jsonl",
                         mime="application/jsonl", key="play_dl_mjai")
    c[1].download_button("Download tenhou.net/6 (.json)", tenhou6,
                         file_name=f"sanma-{session.settings.seed}.tenhou6.json", mime="application/json",
                         key="play_dl_tenhou6")


def render() -> None:
    """The page body (``tutor/pages/play.py`` runs it)."""
    draw.css()
    session = _session()
    if session is None:
        st.title("Play")
        message = st.session_state.pop(MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
        st.caption("A whole sanma game against two bots. Bots move at once; their reasons are in the log.")
        _new_game_form()
        return
    token = st.session_state.get(TOKEN)
    if token and st.query_params.get("game") != token:
        st.query_params["game"] = token  # back from another page: the link again survives a refresh
    st.session_state.setdefault(AUTOPASS, "off")
    # the title and the controls share one short row, so the table (the hand and its buttons at its foot) starts
    # high enough to fit the first screen
    with st.container(horizontal=True, key="play_bar", vertical_alignment="center"):
        st.title("Play")
        with st.popover("Options"):
            st.selectbox("Call offers", list(AUTOPASS_MODES), key=AUTOPASS, format_func=AUTOPASS_MODES.get,
                         help="Pass pon and kan offers without a click; a win is always offered.")
            st.toggle("Hints", value=True, key="play_hints")
            st.selectbox("Discards", list(CONFIRM_MODES), key=CONFIRM, format_func=CONFIRM_MODES.get,
                         help="With two taps the first raises the tile and shows what its discard leaves; "
                              "the second throws it.")
            _settings_line(session)
        st.button("New game", key="play_abandon", on_click=_ask_abandon)
    if st.session_state.get(CONFIRM_ABANDON) and session.phase is not Phase.GAME_END:
        st.warning("Leave this game for a new one? It cannot be resumed afterwards.")
        c = st.columns([2, 1, 3])
        c[0].button("Yes, start a new game", key="play_abandon_yes", on_click=_abandon, type="primary")
        c[1].button("Keep playing", key="play_abandon_no", on_click=_keep_playing)
    _game_area()



_SCROLL_TOP_JS = """<script>
for (const el of [document.scrollingElement, ...document.querySelectorAll(
    '[data-testid="stMain"], [data-testid="stAppViewContainer"], [data-testid="stAppScrollToBottomContainer"]')]) {
  if (el) el.scrollTop = 0;
}
</script>"""


@st.fragment
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
    names = session.settings.names()
    game = session.game
    if game.phase is Phase.GAME_END:
        _table(session)
        draw.game_result(game_summary(game), names)
        _downloads(session)
        c = st.columns(3)
        c[0].button("Play the same seed again", key="play_again", on_click=_replay_same)
        if session.can_undo():
            c[1].button("Undo my last discard", key="play_undo", on_click=_undo)
        if c[2].button("Review this game", key="play_open_review", type="primary",
                       help="Step through the whole game on the Review page"):
            open_game(session.mjai(), session.settings.rules.name, session.human)
        if game.result is not None:
            with st.expander("Last hand", expanded=True):
                draw.hand_result(hand_summary(game, game.result), names, game.rules.title, session.human)
        _review(session, None, f"Review the whole game against the {ADVISOR} bot", "play_review_game")
        return
    if game.phase is Phase.HAND_END:
        _table(session)
        draw.hand_result(hand_summary(game, game.result), names, game.rules.title, session.human)
        c = st.columns(3)
        c[0].button("Next hand", type="primary", key="play_next", on_click=_next_hand)
        if session.can_undo():
            c[1].button("Undo my last discard", key="play_undo", on_click=_undo)
        _review(session, [game.hand_index], f"Review this hand against the {ADVISOR} bot", "play_review_hand")
        st.html(_bot_log_html(session))
        with st.expander("Records of the hands played so far", expanded=False):
            _downloads(session)
        return
    _table(session)
