"""Calculator: enter a hand by typing MPSZ or clicking tiles; shanten, waits, useful tiles, or the full score."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from sanma_core.errors import SanmaError
from sanma_core.tiles import parse_tiles, tile_name
from sanma_core.words import LETTER_NAMES, shanten_text
from tutor import state
from tutor.calc import SITUATION_FLAGS, CalcInput, CalcOutput, calculate
from tutor.score_view import show_score_explanation
from tutor.tiles_svg import tiles_html
from tutor.widgets import palette, show_table, tile_buttons

FLAG_LABELS = {
    "riichi": "riichi", "double_riichi": "double riichi", "ippatsu": "ippatsu", "rinshan": "rinshan (kan/kita draw)",
    "chankan": "chankan", "haitei": "haitei", "houtei": "houtei", "tenhou": "tenhou", "chiihou": "chiihou",
}
#: the hand the input suggests: it scores as typed (a White-dragon triplet is its yaku)
EXAMPLE_HAND = "123p456p789s11z555z"
WINDS = LETTER_NAMES
TARGETS = {"calc_hand": "hand", "calc_dora": "dora indicators", "calc_ura": "ura indicators", "calc_win": "winning tile",
           "meld_pon": "pon", "meld_minkan": "open kan", "meld_ankan": "closed kan"}
TEXT_TARGETS = ("calc_hand", "calc_dora", "calc_ura", "calc_win")


def _add_tile(tile: int) -> None:
    target = st.session_state.get("calc_target", "calc_hand")
    name = tile_name(tile)
    if target.startswith("meld_"):
        # one click makes the whole meld: a pon of three, a kan of four
        kind_of = target.removeprefix("meld_")
        meld = f"{kind_of}:{name[0] * (3 if kind_of == 'pon' else 4)}{name[1]}"
        st.session_state["calc_melds"] = " ".join(filter(None, [st.session_state.get("calc_melds", "").strip(), meld]))
    elif target == "calc_win":
        st.session_state[target] = name
    else:
        st.session_state[target] = (st.session_state.get(target) or "") + name


def _remove_last() -> None:
    target = st.session_state.get("calc_target", "calc_hand")
    if target.startswith("meld_"):
        st.session_state["calc_melds"] = " ".join(st.session_state.get("calc_melds", "").split()[:-1])
        return
    text = (st.session_state.get(target) or "").strip()
    try:
        tiles = parse_tiles(text)[:-1] if text else []
    except SanmaError:
        tiles = []
    st.session_state[target] = "".join(tile_name(t) for t in tiles)


def _clear() -> None:
    for key in TEXT_TARGETS:
        st.session_state[key] = ""
    st.session_state["calc_melds"] = ""
    st.session_state["calc_kita"] = 0


def _inputs() -> tuple[CalcInput, DeltaGenerator]:
    """The inputs, and the place just under the hand where the result's summary goes (on a phone the other
    inputs stack into a long column: the result must not wait below them)."""
    cols = st.columns([3, 2])
    cols[0].text_input("Hand (MPSZ, winning tile last)", key="calc_hand", placeholder=f"e.g. {EXAMPLE_HAND}")
    cols[1].text_input("Melds", key="calc_melds", placeholder="e.g. pon:777z ankan:1111p")
    summary = st.container(key="calc_summary")
    c = st.columns(4)
    c[0].number_input("Kita (Norths set aside)", 0, 4, key="calc_kita", step=1)
    c[1].text_input("Dora indicators", key="calc_dora", placeholder="e.g. 3z")
    c[2].text_input("Ura indicators", key="calc_ura", placeholder="with riichi")
    c[3].text_input("Winning tile", key="calc_win", placeholder="default: last tile")
    with st.expander("Click tiles to enter them", expanded=False):
        st.segmented_control("Clicks go to", list(TARGETS), key="calc_target", format_func=TARGETS.get)
        tile_buttons(palette(state.active_rules().red_fives), "calc", _add_tile)
        b = st.columns([1, 1, 4])
        b[0].button("Remove last", key="calc_back", on_click=_remove_last)
        b[1].button("Clear all", key="calc_clear", on_click=_clear)
    s = st.columns([2, 2, 2, 1, 1])
    s[0].segmented_control("Win by", ["ron", "tsumo"], key="calc_by")
    s[1].segmented_control("Seat wind", list(WINDS), key="calc_seat", format_func=WINDS.get)
    s[2].segmented_control("Round wind", list(WINDS), key="calc_round", format_func=WINDS.get)
    s[3].number_input("Honba", 0, 20, key="calc_honba", step=1)
    s[4].number_input("Sticks", 0, 20, key="calc_sticks", step=1)
    st.pills("Situation", list(SITUATION_FLAGS), key="calc_flags", selection_mode="multi", format_func=FLAG_LABELS.get)
    flags = tuple(st.session_state.get("calc_flags") or ())
    return summary, CalcInput(
        hand=st.session_state.get("calc_hand") or "",
        melds=st.session_state.get("calc_melds") or "",
        kita=int(st.session_state.get("calc_kita") or 0),
        dora=st.session_state.get("calc_dora") or "",
        ura=st.session_state.get("calc_ura") or "",
        win=st.session_state.get("calc_win") or "",
        tsumo=st.session_state.get("calc_by") == "tsumo",
        riichi="riichi" in flags,
        flags=tuple(f for f in flags if f != "riichi"),
        seat=st.session_state.get("calc_seat") or "E",
        round=st.session_state.get("calc_round") or "E",
        honba=int(st.session_state.get("calc_honba") or 0),
        sticks=int(st.session_state.get("calc_sticks") or 0),
    )


def summary_text(out: CalcOutput) -> str:
    """The result in one line (Markdown), shown right under the hand: the score, or the shape and waits."""
    sc = out.score
    if sc is not None:
        value = "yakuman" if sc["yakuman"] else f"{sc['han']} han {sc['fu']} fu"
        limit = sc["limit"].replace("_", " ")
        return f"**{value}**{f' ({limit})' if limit else ''} · the winner gains **{sc['total']:,}** · details below"
    if out.no_yaku:
        return "**Complete, but no yaku**: it cannot win as it stands (details below)"
    if out.score_error:
        return f"**Complete, but it does not score**: {out.score_error}"
    a = out.analysis
    sh = a["shanten"]
    if sh == -1:
        return "**Complete** · give a winning tile to score it"
    shape = shanten_text(sh)
    if a.get("discards"):  # 14 tiles: what the best discard leaves
        best = min(a["discards"], key=lambda d: (d["shanten"], -d["ukeire"]["count"]))
        after = shanten_text(best["shanten"])
        return (f"Discard **{best['tile']}**: {after}, {best['ukeire']['count']} useful copies left · "
                "every discard below")
    if a.get("waits") is not None:
        return f"**Tenpai** · waits {' '.join(a['waits']) or 'none'} · details below"
    useful = a.get("ukeire", {}).get("count")
    return f"**{shape}**" + (f" · {useful} useful copies left" if useful is not None else "") + " · details below"


_URL_TEXT = {"hand": "calc_hand", "melds": "calc_melds", "dora": "calc_dora", "ura": "calc_ura", "win": "calc_win"}


def _apply_url() -> None:
    """``?hand=...&melds=...&kita=1&dora=3z&tsumo=1&seat=S`` fills the inputs once (bad values are reported)."""
    params = {k: st.query_params[k] for k in st.query_params}
    relevant = {k: v for k, v in params.items() if k in {*_URL_TEXT, "kita", "tsumo", "seat", "round"}}
    signature = repr(sorted(relevant.items()))
    if not relevant or st.session_state.get("_calc_url_done") == signature:
        return
    st.session_state["_calc_url_done"] = signature
    for name, key in _URL_TEXT.items():
        if name in relevant:
            st.session_state[key] = relevant[name][:80]
    if "kita" in relevant:
        if relevant["kita"] in ("0", "1", "2", "3", "4"):
            st.session_state["calc_kita"] = int(relevant["kita"])
        else:
            st.warning(f"kita {relevant['kita']!r} in the link must be 0–4; ignored.")
    if "tsumo" in relevant:
        st.session_state["calc_by"] = "tsumo" if relevant["tsumo"] in ("1", "true", "yes") else "ron"
    for name in ("seat", "round"):
        if name in relevant:
            if relevant[name] in WINDS:
                st.session_state[f"calc_{name}"] = relevant[name]
            else:
                st.warning(f"{name} {relevant[name]!r} in the link must be E, S or W; ignored.")


def _defaults() -> None:
    for key, value in (("calc_hand", ""), ("calc_melds", ""), ("calc_dora", ""), ("calc_ura", ""), ("calc_win", ""),
                       ("calc_kita", 0), ("calc_by", "ron"), ("calc_seat", "E"), ("calc_round", "E"), ("calc_honba", 0),
                       ("calc_sticks", 0), ("calc_target", "calc_hand")):
        st.session_state.setdefault(key, value)


def _show_analysis(out: CalcOutput) -> None:
    a = out.analysis
    sh = a["shanten"]
    st.metric("Shanten", shanten_text(sh) if sh <= 0 else sh)
    if "waits" in a:
        st.markdown("**Waits**")
        st.html(tiles_html(parse_tiles("".join(a["waits"]))) if a["waits"] else "<i>none</i>")
    if "ukeire" in a and sh > 0:
        st.markdown(f"**Useful tiles** — {a['ukeire']['count']} copies left")
        if a["ukeire"]["tiles"]:
            st.html(tiles_html(parse_tiles("".join(a["ukeire"]["tiles"]))))
    if "discards" in a and sh != -1:
        rows = sorted(a["discards"], key=lambda d: (d["shanten"], -d["ukeire"]["count"]))
        st.markdown("**Discards** (best first)")
        st.dataframe([{"discard": d["tile"], "shanten after": d["shanten"], "useful copies": d["ukeire"]["count"],
                       "useful tiles": " ".join(d["ukeire"]["tiles"])} for d in rows], hide_index=True)


def no_yaku_advice(open_hand: bool) -> str:
    """What to say about a complete hand without a yaku (a closed one only lacks riichi or a tsumo)."""
    if open_hand:
        return ("Complete, but no yaku, so it cannot win: an open hand needs one such as a dragon or wind triplet, "
                "toitoi or a flush. Dora, red fives and kita are not yaku.")
    return ("Complete, but no yaku, so it cannot win by ron as it stands. A closed hand gets one by declaring riichi "
            "(Situation) or by winning on tsumo (Win by). Dora, red fives and kita are not yaku.")


def _show_score(out: CalcOutput) -> None:
    sc = out.score
    if sc is None:
        if out.no_yaku:
            st.warning(no_yaku_advice(bool(out.melds)))
        elif out.score_error:
            st.warning(f"The hand is complete but does not score: {out.score_error}")
        return
    rules = state.active_rules()
    st.subheader("Score")
    cols = st.columns(4)
    cols[0].metric("Han", "yakuman" if sc["yakuman"] else sc["han"])
    cols[1].metric("Fu", sc["fu"])
    cols[2].metric("Limit", sc["limit"].replace("_", " ") or "—")
    cols[3].metric("Winner gains", sc["total"])
    yaku = ", ".join(f"{y['id'].replace('_', ' ')} ({y['han']})" for y in sc["yaku"])
    extras = ", ".join(f"{k} {sc[k]}" for k in ("dora", "aka", "ura", "kita") if sc[k])
    st.markdown(f"**Yaku:** {yaku or '—'}" + (f"  \n**Dora:** {extras}" if extras else ""))
    four = out.four_player
    left, right = st.columns(2)
    with left:
        st.markdown(f"**{rules.title} (three players)**")
        st.table([{"who pays": k.replace("_", " "), "points": v} for k, v in sc["payments"].items()])
    with right:
        st.markdown("**Four-player riichi, same han and fu**")
        if four is not None:
            st.table([{"who pays": k.replace("_", " "), "points": v} for k, v in four.payments.items()])
            pay = sc["payments"]
            paid = 2 * pay["each"] if "each" in pay else sum(pay.values())
            note = " — tsumo loss: the absent North's share is not paid." if "ron" not in pay and rules.tsumo_loss else "."
            st.caption(f"Paid in total: {paid} here, {four.total} in four-player{note}")
    with st.expander("Step-by-step explanation", expanded=False):
        show_score_explanation(sc["explanation"])


def render() -> None:
    st.title("Calculator")
    st.caption("Type a hand in MPSZ (0p/0s are red fives) or click tiles. 13 tiles: shanten, waits and useful tiles "
               "(give a Winning tile to score the hand with it). 14 tiles: the discard table, or the full score when "
               "the hand is complete.")
    _defaults()
    _apply_url()
    summary, inp = _inputs()
    if not inp.hand.strip():
        summary.info("Enter a hand to analyse it.")
        return
    rules = state.active_rules()
    try:
        out = calculate(inp, rules)
    except SanmaError as exc:
        summary.error(f"Cannot read this hand: {exc}")
        return
    summary.success(summary_text(out))
    show_table(out.tiles, out.melds, inp.kita, out.indicators, out.win_tile if out.score else None)
    _show_analysis(out)
    _show_score(out)
