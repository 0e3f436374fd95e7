"""Calculator: enter a hand by typing MPSZ or clicking tiles; shanten, waits, useful tiles, or the full score."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from sanma_core.errors import SanmaError
from sanma_core.i18n import DEFAULT_LANGUAGE, N_, gettext, ngettext, number
from sanma_core.tiles import parse_tiles, tile_name
from sanma_core.words import LETTER_NAMES, letter_name, shanten_text
from sanma_core.words.results import limit_text
from sanma_core.words.rulesets import ruleset_title
from tutor import state
from tutor.calc import SITUATION_FLAGS, CalcInput, CalcOutput, calculate
from tutor.language import tr
from tutor.score_view import figure, points_cell, show_score_explanation
from tutor.tiles_svg import tiles_html
from tutor.widgets import palette, show_table, tile_buttons

#: The situations' labels (marked; translated where shown); the Japanese names stay as they are.
FLAG_LABELS = {
    "riichi": "riichi", "double_riichi": N_("double riichi"), "ippatsu": "ippatsu",
    "rinshan": N_("rinshan (kan/kita draw)"), "chankan": "chankan", "haitei": "haitei", "houtei": "houtei",
    "tenhou": "tenhou", "chiihou": "chiihou",
}
#: the hand the input suggests: it scores as typed (a White-dragon triplet is its yaku)
EXAMPLE_HAND = "123p456p789s11z555z"
WINDS = LETTER_NAMES
TARGETS = {"calc_hand": N_("hand"), "calc_dora": N_("dora indicators"), "calc_ura": N_("ura indicators"),
           "calc_win": N_("winning tile"), "meld_pon": "pon", "meld_minkan": N_("open kan"),
           "meld_ankan": N_("closed kan")}
#: Who pays, by the key of a ``sanma score`` answer's payments (marked; translated where shown).
#: The dora counts of the score line (marked; translated where shown).
EXTRA_NAMES = {"dora": N_("dora {n}"), "aka": N_("aka {n}"), "ura": N_("ura {n}"), "kita": N_("kita {n}")}
PAY_KEYS = {"ron": N_("ron"), "dealer": N_("dealer"), "non_dealer": N_("non dealer"), "each": N_("each")}
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
    t = tr()
    cols = st.columns([3, 2])
    cols[0].text_input(t.gettext("Hand (MPSZ, winning tile last)"), key="calc_hand",
                       placeholder=t.gettext("e.g. {example}").format(example=EXAMPLE_HAND))
    cols[1].text_input(t.gettext("Melds"), key="calc_melds",
                       placeholder=t.gettext("e.g. {example}").format(example="pon:777z ankan:1111p"))
    summary = st.container(key="calc_summary")
    c = st.columns(4)
    c[0].number_input(t.gettext("Kita (Norths set aside)"), 0, 4, key="calc_kita", step=1)
    c[1].text_input(t.gettext("Dora indicators"), key="calc_dora", placeholder=t.gettext("e.g. {example}").format(example="3z"))
    c[2].text_input(t.gettext("Ura indicators"), key="calc_ura", placeholder=t.gettext("with riichi"))
    c[3].text_input(t.gettext("Winning tile"), key="calc_win", placeholder=t.gettext("default: last tile"))
    with st.expander(t.gettext("Click tiles to enter them"), expanded=False):
        st.segmented_control(t.gettext("Clicks go to"), list(TARGETS), key="calc_target",
                             format_func=lambda k: t.gettext(TARGETS[k]))
        tile_buttons(palette(state.active_rules().red_fives), "calc", _add_tile)
        b = st.columns([1, 1, 4])
        b[0].button(t.gettext("Remove last"), key="calc_back", on_click=_remove_last)
        b[1].button(t.gettext("Clear all"), key="calc_clear", on_click=_clear)
    s = st.columns([2, 2, 2, 1, 1])
    s[0].segmented_control(t.gettext("Win by"), ["ron", "tsumo"], key="calc_by")
    s[1].segmented_control(t.gettext("Seat wind"), list(WINDS), key="calc_seat", format_func=letter_name)
    s[2].segmented_control(t.gettext("Round wind"), list(WINDS), key="calc_round", format_func=letter_name)
    s[3].number_input(t.gettext("Honba"), 0, 20, key="calc_honba", step=1)
    s[4].number_input(t.gettext("Sticks"), 0, 20, key="calc_sticks", step=1)
    st.pills(t.gettext("Situation"), list(SITUATION_FLAGS), key="calc_flags", selection_mode="multi",
             format_func=lambda f: t.gettext(FLAG_LABELS[f]))
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
    """The result in one line (Markdown), shown right under the hand: the score, or the shape and waits
    (in the language spoken now)."""
    sc = out.score
    if sc is not None:
        value = gettext("yakuman") if sc["yakuman"] else gettext("{han} han {fu} fu").format(han=sc["han"], fu=sc["fu"])
        points = number(sc["total"])
        if sc["limit"]:
            return gettext("**{value}** ({limit}) · the winner gains **{points}** · details below").format(
                value=value, limit=limit_text(sc["limit"]), points=points)
        return gettext("**{value}** · the winner gains **{points}** · details below").format(value=value, points=points)
    if out.no_yaku:
        return gettext("**Complete, but no yaku**: it cannot win as it stands (details below)")
    if out.score_error:
        return gettext("**Complete, but it does not score**: {reason}").format(reason=out.score_error)
    a = out.analysis
    sh = a["shanten"]
    if sh == -1:
        return gettext("**Complete** · give a winning tile to score it")
    shape = shanten_text(sh)
    if a.get("discards"):  # 14 tiles: what the best discard leaves
        best = min(a["discards"], key=lambda d: (d["shanten"], -d["ukeire"]["count"]))
        count = best["ukeire"]["count"]
        return ngettext("Discard **{tile}**: {shape}, {count} useful copy left · every discard below",
                        "Discard **{tile}**: {shape}, {count} useful copies left · every discard below", count).format(
            tile=best["tile"], shape=shanten_text(best["shanten"]), count=count)
    if a.get("waits") is not None:
        return gettext("**Tenpai** · waits {tiles} · details below").format(
            tiles=" ".join(a["waits"]) or gettext("none"))
    useful = a.get("ukeire", {}).get("count")
    if useful is None:
        return gettext("**{shape}** · details below").format(shape=shape)
    return ngettext("**{shape}** · {count} useful copy left · details below",
                    "**{shape}** · {count} useful copies left · details below", useful).format(shape=shape, count=useful)


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
            st.warning(gettext("kita {value} in the link must be 0–4; ignored.").format(value=repr(relevant["kita"])))
    if "tsumo" in relevant:
        st.session_state["calc_by"] = "tsumo" if relevant["tsumo"] in ("1", "true", "yes") else "ron"
    for name in ("seat", "round"):
        if name in relevant:
            if relevant[name] in WINDS:
                st.session_state[f"calc_{name}"] = relevant[name]
            else:
                text = (gettext("seat {value} in the link must be E, S or W; ignored.") if name == "seat" else
                        gettext("round {value} in the link must be E, S or W; ignored."))
                st.warning(text.format(value=repr(relevant[name])))


def _defaults() -> None:
    for key, value in (("calc_hand", ""), ("calc_melds", ""), ("calc_dora", ""), ("calc_ura", ""), ("calc_win", ""),
                       ("calc_kita", 0), ("calc_by", "ron"), ("calc_seat", "E"), ("calc_round", "E"), ("calc_honba", 0),
                       ("calc_sticks", 0), ("calc_target", "calc_hand")):
        st.session_state.setdefault(key, value)


def _show_analysis(out: CalcOutput) -> None:
    t = tr()
    a = out.analysis
    sh = a["shanten"]
    st.metric(t.gettext("Shanten"), shanten_text(sh) if sh <= 0 else sh)
    if "waits" in a:
        waits = t.gettext("Waits")
        st.markdown(f"**{waits}**")
        st.html(tiles_html(parse_tiles("".join(a["waits"]))) if a["waits"] else "<i>" + t.gettext("none") + "</i>")
    if "ukeire" in a and sh > 0:
        st.markdown(t.ngettext("**Useful tiles** — {count} copy left", "**Useful tiles** — {count} copies left",
                               a["ukeire"]["count"]).format(count=a["ukeire"]["count"]))
        if a["ukeire"]["tiles"]:
            st.html(tiles_html(parse_tiles("".join(a["ukeire"]["tiles"]))))
    if "discards" in a and sh != -1:
        rows = sorted(a["discards"], key=lambda d: (d["shanten"], -d["ukeire"]["count"]))
        st.markdown(t.gettext("**Discards** (best first)"))
        st.dataframe([{t.gettext("discard"): d["tile"], t.gettext("shanten after"): d["shanten"],
                       t.gettext("useful copies"): d["ukeire"]["count"],
                       t.gettext("useful tiles"): " ".join(d["ukeire"]["tiles"])} for d in rows], hide_index=True)


def no_yaku_advice(open_hand: bool) -> str:
    """What to say about a complete hand without a yaku (a closed one only lacks riichi or a tsumo)."""
    if open_hand:
        return gettext("Complete, but no yaku, so it cannot win: an open hand needs one such as a dragon or wind "
                       "triplet, toitoi or a flush. Dora, red fives and kita are not yaku.")
    return gettext("Complete, but no yaku, so it cannot win by ron as it stands. A closed hand gets one by declaring "
                   "riichi (Situation) or by winning on tsumo (Win by). Dora, red fives and kita are not yaku.")


def _payment_table(payments: dict[str, int]) -> list[dict[str, object]]:
    t = tr()
    return [{t.gettext("who pays"): t.gettext(PAY_KEYS[k]) if k in PAY_KEYS else k.replace("_", " "),
             t.gettext("points"): points_cell(v)} for k, v in payments.items()]


def _show_score(out: CalcOutput) -> None:
    t = tr()
    sc = out.score
    if sc is None:
        if out.no_yaku:
            st.warning(no_yaku_advice(bool(out.melds)))
        elif out.score_error:
            st.warning(t.gettext("The hand is complete but does not score: {reason}").format(reason=out.score_error))
        return
    rules = state.active_rules()
    st.subheader(t.gettext("Score"))
    cols = st.columns(4)
    cols[0].metric(t.gettext("Han"), t.gettext("yakuman") if sc["yakuman"] else sc["han"])
    cols[1].metric(t.gettext("Fu"), sc["fu"])
    cols[2].metric(t.gettext("Limit"), limit_text(sc["limit"]) if sc["limit"] else "—")
    cols[3].metric(t.gettext("Winner gains"), figure(sc["total"]))
    if t.lang == DEFAULT_LANGUAGE:
        yaku = ", ".join(f"{y['id'].replace('_', ' ')} ({y['han']})" for y in sc["yaku"])
    else:  # the yaku's names in the reader's language, as the explanation gives them
        yaku = ", ".join(f"{y['name']} ({y['han']})" for y in sc["explanation"]["yaku"])
    extras = ", ".join(t.gettext(EXTRA_NAMES[k]).format(n=sc[k]) for k in EXTRA_NAMES if sc[k])
    st.markdown(t.gettext("**Yaku:** {list}").format(list=yaku or "—")
                + ("  \n" + t.gettext("**Dora:** {list}").format(list=extras) if extras else ""))
    four = out.four_player
    left, right = st.columns(2)
    with left:
        st.markdown(t.gettext("**{title} (three players)**").format(title=ruleset_title(rules)))
        st.table(_payment_table(sc["payments"]))
    with right:
        st.markdown(t.gettext("**Four-player riichi, same han and fu**"))
        if four is not None:
            st.table(_payment_table(four.payments))
            pay = sc["payments"]
            paid = 2 * pay["each"] if "each" in pay else sum(pay.values())
            if "ron" not in pay and rules.tsumo_loss:
                note = t.gettext("Paid in total: {paid} here, {four} in four-player — tsumo loss: the absent North's "
                                 "share is not paid.")
            else:
                note = t.gettext("Paid in total: {paid} here, {four} in four-player.")
            st.caption(note.format(paid=figure(paid), four=figure(four.total)))
    with st.expander(t.gettext("Step-by-step explanation"), expanded=False):
        show_score_explanation(sc["explanation"])


def render() -> None:
    t = tr()
    st.title(t.gettext("Calculator"))
    st.caption(t.gettext("Type a hand in MPSZ (0p/0s are red fives) or click tiles. 13 tiles: shanten, waits and useful "
                         "tiles (give a Winning tile to score the hand with it). 14 tiles: the discard table, or the full "
                         "score when the hand is complete."))
    _defaults()
    _apply_url()
    summary, inp = _inputs()
    if not inp.hand.strip():
        summary.info(t.gettext("Enter a hand to analyse it."))
        return
    rules = state.active_rules()
    try:
        out = calculate(inp, rules)
    except SanmaError as exc:
        summary.error(t.gettext("Cannot read this hand: {reason}").format(reason=exc))
        return
    summary.success(summary_text(out))
    show_table(out.tiles, out.melds, inp.kita, out.indicators, out.win_tile if out.score else None)
    _show_analysis(out)
    _show_score(out)
