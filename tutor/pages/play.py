"""Play: a whole sanma game against two bots, with hints and explained results.

The game lives in ``st.session_state["play_session"]``. Its settings and steps
are also kept under the ``?game=`` token of the URL, in server memory and in
the progress database, so a page refresh (even after a server restart)
rebuilds the same game from its seed and steps.
"""

from __future__ import annotations

import json
import secrets

import streamlit as st

from sanma_core.bots import LEVEL_STYLES, LEVELS
from sanma_core.game import Action, IllegalActionError, Phase
from sanma_core.rules import PRESETS, Ruleset, RulesetError, load_preset, ruleset_from_dict
from sanma_core.tiles import tile_name
from tutor import state
from tutor.play import (
    ADVISOR,
    HandReview,
    PlaySession,
    PlaySettings,
    action_label,
    game_summary,
    hand_summary,
    hints_for,
    render,
    review_game,
)
from tutor.tiles_svg import TableView, table_html
from tutor.views.review import open_game
from tutor.widgets import tile_key

SESSION = "play_session"
TOKEN = "play_token"
RIICHI_MODE = "play_riichi_mode"
MESSAGE = "play_message"
REVIEW = "play_review"
CONFIRM_ABANDON = "play_confirm_abandon"  # "New game" pressed during a game: ask before throwing it away
SEATS = {0: "East (deal first)", 1: "South", 2: "West"}
LENGTHS = {"tonpuusen": "Tonpuusen (East round)", "hanchan": "Hanchan (East and South)"}
BUTTON_ORDER = ("tsumo", "ron", "riichi", "kita", "pon", "minkan", "ankan", "kakan", "nine_terminal_abort", "pass")


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
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        st.warning(f"The saved game {token!r} could not be rebuilt: {exc}")
        return None
    st.session_state[SESSION] = session
    st.session_state[TOKEN] = token
    return session


def _rules_for(name: str) -> Ruleset:
    custom = state.custom_rulesets()
    if name in custom:
        try:
            return ruleset_from_dict(dict(custom[name]), source=name)
        except RulesetError:
            pass
    return load_preset(name if name in PRESETS else None)


# ---- callbacks ------------------------------------------------------------------

def _start(settings: PlaySettings | None = None) -> None:
    ss = st.session_state
    if settings is None:
        try:
            settings = PlaySettings(
                rules=_rules_for(ss.get("play_ruleset") or state.active_rules().name),
                length=ss.get("play_length") or "tonpuusen",
                bots=(ss.get("play_bot1") or "normal", ss.get("play_bot2") or "normal"),
                seat=int(ss.get("play_seat") or 0),
                seed=int(ss.get("play_seed") or 0),
                training=bool(ss.get("play_training")),
            )
        except ValueError as exc:
            ss[MESSAGE] = ("error", f"Cannot start this game: {exc}")
            return
    ss[SESSION] = PlaySession(settings)
    ss[TOKEN] = secrets.token_hex(8)
    ss[RIICHI_MODE] = False
    st.query_params["game"] = ss[TOKEN]
    _save(ss[SESSION])


def _replay_same() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession):
        _start(session.settings)


def _ask_abandon() -> None:
    st.session_state[CONFIRM_ABANDON] = True


def _keep_playing() -> None:
    st.session_state.pop(CONFIRM_ABANDON, None)


def _abandon() -> None:
    st.session_state.pop(CONFIRM_ABANDON, None)
    st.session_state.pop(SESSION, None)
    st.session_state.pop(TOKEN, None)
    if "game" in st.query_params:
        del st.query_params["game"]


def _act(action: Action) -> None:
    session = st.session_state.get(SESSION)
    if not isinstance(session, PlaySession):
        return
    st.session_state[RIICHI_MODE] = False
    try:
        session.play(action)
    except IllegalActionError as exc:
        st.session_state[MESSAGE] = ("warning", str(exc))
    _save(session)


def _tile_clicked(tile: int) -> None:
    session = st.session_state.get(SESSION)
    if not isinstance(session, PlaySession):
        return
    kind_ = "riichi" if st.session_state.get(RIICHI_MODE) else "discard"
    match = [a for a in session.legal() if a.kind == kind_ and a.tile == tile]
    if not match:
        st.session_state[MESSAGE] = ("warning", f"{tile_name(tile)} cannot be discarded now.")
        return
    _act(match[0])


def _toggle_riichi() -> None:
    st.session_state[RIICHI_MODE] = not st.session_state.get(RIICHI_MODE, False)


def _next_hand() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.phase is Phase.HAND_END:
        session.next_hand()
        _save(session)


def _undo() -> None:
    session = st.session_state.get(SESSION)
    if isinstance(session, PlaySession) and session.can_undo():
        session.undo()
        st.session_state[RIICHI_MODE] = False
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
    st.caption(f"{s.rules.title} · {s.length} · seed {s.seed} · you started {SEATS[s.seat].split(' ')[0]}"
               f" · bots {' / '.join(s.bots)}"
               + (" · training mode" if s.training else ""))


def _hand_tiles(view) -> list[int]:
    """The hand sorted, with the drawn tile moved to the end."""
    tiles = list(view.hand)
    if view.drawn is not None and view.drawn in tiles:
        tiles.remove(view.drawn)
        tiles.append(view.drawn)
    return tiles


def _own_hand(session: PlaySession, view, legal: list[Action]) -> None:
    riichi_mode = bool(st.session_state.get(RIICHI_MODE))
    kind_ = "riichi" if riichi_mode else "discard"
    allowed = {a.tile for a in legal if a.kind == kind_}
    tiles = _hand_tiles(view)
    ctx = f"play{len(session.steps)}"
    with st.container(horizontal=True, gap="xxsmall", key=f"play_hand_{ctx}"):
        for i, t in enumerate(tiles):
            st.button(tile_name(t), key=tile_key(t, ctx, i), on_click=_tile_clicked, args=(t,),
                      disabled=t not in allowed, help=f"discard {tile_name(t)}",
                      type="primary" if view.drawn is not None and i == len(tiles) - 1 else "secondary")
    own = view.seats[view.seat]
    melds = tuple(cm.meld for cm in own.melds)
    if melds or own.kita:
        st.html(table_html(TableView(melds=melds, kita=own.kita), with_css=False))


def _action_buttons(legal: list[Action], view) -> None:
    """Exactly the legal non-discard actions, as buttons (riichi switches the tile clicks to riichi discards)."""
    special = [a for a in legal if a.kind != "discard"]
    if not special:
        return
    by_kind: dict[str, list[Action]] = {}
    for a in special:
        by_kind.setdefault(a.kind, []).append(a)
    with st.container(horizontal=True, key="play_actions"):
        for k in BUTTON_ORDER:
            for i, a in enumerate(by_kind.get(k, [])):
                if k == "riichi":
                    if i == 0:
                        on = bool(st.session_state.get(RIICHI_MODE))
                        st.button("Cancel riichi" if on else "Riichi", key="play_act_riichi_0", on_click=_toggle_riichi,
                                  type="primary" if on else "secondary",
                                  help="then click the tile to discard with riichi")
                    continue
                st.button(action_label(a), key=f"play_act_{k}_{i}", on_click=_act, args=(a,),
                          type="primary" if k in ("tsumo", "ron") else "secondary")


def _bot_log(session: PlaySession) -> None:
    names = session.settings.names()
    steps = [s for s in session.steps if s.bot and s.hand == session.game.hand_index][-40:]
    with st.expander(f"Bot moves this hand ({len(steps)})", expanded=False):
        if not steps:
            st.caption("No bot moves yet.")
        for s in reversed(steps):
            a = s.action
            what = a.kind.replace("_", " ") + (f" {tile_name(a.tile)}" if a.tile is not None and a.kind != "kita" else "")
            st.markdown(f"- **{names[a.seat]}**: {what} — {render.name_seats(s.reason, names, session.human)}")


def _table(session: PlaySession) -> None:
    view = session.view()
    names = session.settings.names()
    legal = session.legal()
    render.scores(view, names)
    render.centre(view)
    me = session.human
    right, left = (me + 1) % 3, (me + 2) % 3
    cols = st.columns(2)
    with cols[0]:
        render.seat_area(view, left, names)
    with cols[1]:
        render.seat_area(view, right, names)
    st.divider()
    st.html(render.seat_header(view, me, names) + render.pond_html(view.seats[me].discards))
    if view.phase is Phase.RESPONSE and legal:
        st.info(f"{names[view.last_tile_from]} played {tile_name(view.last_tile)}: answer with a button.")
    elif legal and st.session_state.get(RIICHI_MODE):
        st.info("Riichi: click the tile to discard (only tiles that leave you tenpai).")
    elif legal:
        st.caption("Your turn: click a tile to discard it.")
    _own_hand(session, view, legal)
    _action_buttons(legal, view)
    if session.can_undo():
        st.button("Undo my last discard", key="play_undo", on_click=_undo)
    if st.session_state.get("play_hints", True):
        with st.container(border=True):
            render.hints(hints_for(view, session.game.events, advised=True), names)


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
    with st.expander(title, expanded=False):
        st.caption(f"Your decisions replayed beside the {ADVISOR} bot's choice in the same position, with its reason. "
                   "Shape is the shanten after the discard and how many useful tiles you cannot see yet (the bots count "
                   "the same way); danger is the bots' estimate against riichi.")
        render.review(_reviews(session, hands), ADVISOR, key, session.settings.names(), session.human)


def _downloads(session: PlaySession) -> None:
    c = st.columns(2)
    c[0].download_button("Download mjai (.jsonl)", session.mjai(), file_name=f"sanma-{session.settings.seed}.mjai.jsonl",
                         mime="application/jsonl", key="play_dl_mjai")
    c[1].download_button("Download tenhou.net/6 (.json)", json.dumps(session.tenhou6(), ensure_ascii=False),
                         file_name=f"sanma-{session.settings.seed}.tenhou6.json", mime="application/json",
                         key="play_dl_tenhou6")


def render_page() -> None:
    st.title("Play")
    render.css()
    message = st.session_state.pop(MESSAGE, None)
    if message:
        getattr(st, message[0])(message[1])
    session = _session()
    if session is None:
        st.caption("A whole sanma game against two bots. Bots move at once; their reasons are in the log.")
        _new_game_form()
        return
    token = st.session_state.get(TOKEN)
    if token and st.query_params.get("game") != token:
        st.query_params["game"] = token  # back from another page: the link again survives a refresh
    names = session.settings.names()
    top = st.columns([4, 1, 1])
    with top[0]:
        _settings_line(session)
    top[1].toggle("Hints", value=True, key="play_hints")
    game = session.game
    over = game.phase is Phase.GAME_END
    top[2].button("New game", key="play_abandon", on_click=_abandon if over else _ask_abandon)
    if st.session_state.get(CONFIRM_ABANDON) and not over:
        st.warning("Leave this game for a new one? It cannot be resumed afterwards.")
        c = st.columns([2, 1, 3])
        c[0].button("Yes, start a new game", key="play_abandon_yes", on_click=_abandon, type="primary")
        c[1].button("Keep playing", key="play_abandon_no", on_click=_keep_playing)
    if game.phase is Phase.GAME_END:
        render.game_result(game_summary(game), names)
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
                render.hand_result(hand_summary(game, game.result), names, game.rules.title, session.human)
        _review(session, None, f"Review the whole game against the {ADVISOR} bot", "play_review_game")
        return
    if game.phase is Phase.HAND_END:
        render.hand_result(hand_summary(game, game.result), names, game.rules.title, session.human)
        c = st.columns(3)
        c[0].button("Next hand", type="primary", key="play_next", on_click=_next_hand)
        if session.can_undo():
            c[1].button("Undo my last discard", key="play_undo", on_click=_undo)
        _review(session, [game.hand_index], f"Review this hand against the {ADVISOR} bot", "play_review_hand")
        _bot_log(session)
        with st.expander("Records of the hands played so far", expanded=False):
            _downloads(session)
        return
    _table(session)
    _bot_log(session)


if __name__ == "__main__":
    render_page()
