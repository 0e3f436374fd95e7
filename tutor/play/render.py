"""Drawing play mode with Streamlit around the table component: the hints, the decision review, the hand
result and the game result.

Only drawing happens here; state changes are callbacks of the Play page.
Tile faces come from :mod:`tutor.tiles_svg`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import streamlit as st

from sanma_core.i18n import DEFAULT_LANGUAGE, N_, current, decimal, gettext, ngettext, number
from sanma_core.review.hints import Hints
from sanma_core.review.summary import GameSummary, HandSummary, WinSummary
from sanma_core.tiles import kind_name, tile_name
from sanma_core.words import Cast, shanten_text, speak, sticks_text, tenpai_line, win_sentence
from sanma_core.words import voice as _voice
from sanma_core.words.results import abortive_text, nagashi_text, noten_text, payer_name
from sanma_core.words.seats import is_you
from tutor.blocks import bold, note, para, rows_html
from tutor.score_chart import score_chart_html
from tutor.tiles_svg import TableView, table_html, tiles_html

from .review import HandReview, action_text

PLAY_CSS = """
.st-key-play_bar{gap:.6rem}
.st-key-play_bar h1{font-size:1.6rem;padding:0;margin:0;line-height:2.2rem}
.st-key-play_bar [data-testid="stHeadingWithActionElements"]{flex:1 1 auto}
.sm-hints-box{border:1px solid #e3dccb;border-radius:.6rem;padding:.6rem .9rem}
.sm-hints p{margin:.4rem 0}
.sm-botlog summary{cursor:pointer;font-weight:600;margin:.4rem 0}
.sm-botlog ul{margin:.2rem 0 .4rem 1.2rem;padding:0}
.sm-hints .sm-rows{min-width:30rem}
div[class*="st-key-play_review_"] [data-testid="stTable"]{overflow-x:auto}
div[class*="st-key-play_review_"] [data-testid="stTable"] table{min-width:46rem}
@media (max-width:640px){[data-testid="stMainBlockContainer"]{padding-left:.4rem;padding-right:.4rem}}
"""

#: The fu lines' reasons by the scorer's id (marked; :func:`fu_reason` translates); an id not here is said
#: with its underscores as spaces.
FU_REASONS = {
    "base": N_("base fu"), "closed_ron": N_("closed ron"), "tsumo": N_("tsumo"), "open_pinfu": N_("open pinfu"),
    "kanchan": N_("kanchan"), "penchan": N_("penchan"), "tanki": N_("tanki"), "chiitoitsu": N_("chiitoitsu"),
    "kokushi": N_("kokushi"),
    "pair": N_("pair"), "dragon_pair": N_("dragon pair"), "double_wind_pair": N_("double wind pair"),
    "seat_wind_pair": N_("seat wind pair"), "round_wind_pair": N_("round wind pair"), "north_pair": N_("north pair"),
    "open_triplet": N_("open triplet"), "closed_triplet": N_("closed triplet"),
    "open_terminal_triplet": N_("open terminal triplet"), "closed_terminal_triplet": N_("closed terminal triplet"),
    "open_honour_triplet": N_("open honour triplet"), "closed_honour_triplet": N_("closed honour triplet"),
    "open_kan": N_("open kan"), "closed_kan": N_("closed kan"), "open_terminal_kan": N_("open terminal kan"),
    "closed_terminal_kan": N_("closed terminal kan"), "open_honour_kan": N_("open honour kan"),
    "closed_honour_kan": N_("closed honour kan"),
}
#: The bonus han counted beside the yaku, by their id in the summary (marked).
BONUS_NAMES = {"dora": N_("dora"), "aka": N_("aka"), "ura": N_("ura"), "kita": N_("kita")}


def fu_reason(reason: str) -> str:
    """A fu line's reason in the language spoken now: ``base fu``, ``closed terminal triplet``."""
    return gettext(FU_REASONS[reason]) if reason in FU_REASONS else reason.replace("_", " ")


def figure(value: int) -> int | str:
    """A score in a result table: written the reader's way (``35.000``) in German and Spanish; English keeps
    the plain figure (``35000``) it has always shown."""
    return value if current().lang == DEFAULT_LANGUAGE else number(value)


def css() -> None:
    st.html(f"<style>{PLAY_CSS}</style>")


# ---- hints ------------------------------------------------------------------------

def hints_html(h: Hints, names: Sequence[str], me: int) -> str:
    """The hints for the position as one HTML block: the advice, the hand's shanten and waits, furiten, useful
    tiles, kita, riichi threats and the table of discards (every text escaped, names included; the advice's
    reason said with ``you`` for ``me``).

    One element, so that a move redraws one block instead of a dozen.
    """
    esc = html.escape
    parts = []
    if h.advice is not None:
        parts.append(note("good", "<strong>" + esc(gettext("The hard bot would:")) + "</strong> "
                          + f"{esc(action_text(h.advice.action))} — {esc(speak(h.advice.reason, Cast(names, me)))}"))
    hand_word = esc(gettext("Hand:"))
    parts.append(f"<p><strong>{hand_word}</strong> {esc(shanten_text(h.shanten))}</p>")
    if h.waits:
        parts.append(bold(esc(gettext("Waits"))) + tiles_html(h.waits))
    if h.furiten:
        parts.append(note("warn", esc(gettext("Furiten: you cannot win by ron now (a winning tile is among your "
                                              "discards, or you passed one). Tsumo still wins."))))
    if h.useful:
        copies = ngettext("{n} copy you cannot see", "{n} copies you cannot see", h.useful_count).format(
            n=h.useful_count)
        useful = esc(gettext("Useful tiles"))
        parts.append(f"<p><strong>{useful}</strong> — {esc(copies)}</p>"
                     f"{tiles_html(h.useful)}")
    if h.kita is not None:
        text = gettext("This North can be set aside (kita): +1 han of dora for each North, and a replacement draw. "
                       "It is not a yaku.")
        if h.kita.costs_shape:
            text += " " + gettext("Your hand uses it, though: kept, the best discard leaves {keep}; set aside, the "
                                  "hand is {kita}.").format(keep=shanten_text(h.kita.shanten_keep),
                                                            kita=shanten_text(h.kita.shanten_kita))
        parts.append(note("info", esc(text)))
    if h.threats:
        who = [names[s] for s in h.threats]
        threat = (gettext("Riichi from {name}: the danger column is the bots' defence estimate (roughly the deal-in "
                          "chance in percent).").format(name=who[0]) if len(who) == 1 else
                  gettext("Riichi from {first} and {second}: the danger column is the bots' defence estimate "
                          "(roughly the deal-in chance in percent).").format(first=who[0], second=who[1]))
        parts.append(note("warn", esc(threat)))
    if h.discards:
        rows = []
        for d in h.discards:
            row = {gettext("discard"): kind_name(d.tile), gettext("shanten after"): d.shanten,
                   gettext("useful unseen"): d.useful_count, gettext("useful tiles"): " ".join(kind_name(k) for k in d.useful)}
            if d.danger is not None:
                row[gettext("danger")] = round(d.danger, 1) if current().lang == DEFAULT_LANGUAGE else decimal(d.danger)
                row[gettext("why")] = "; ".join(x.reason for x in d.dangers)
            rows.append(row)
        discards = "<strong>" + esc(gettext("Discards")) + "</strong>"
        title = (gettext("{discards} (the hard bot's choice first, then the best shape)") if h.advice is not None
                 else gettext("{discards} (best shape first)")).format(discards=discards)
        parts.append(f'<p>{title}</p><div class="sm-scroll">{rows_html(rows)}</div>')
    return f'<div class="sm-hints">{"".join(parts)}</div>'



# ---- review -----------------------------------------------------------------------

def voice(player: str | None) -> tuple[str, str]:
    """How sentences about the reviewed player name them (:func:`sanma_core.words.voice`).

    >>> voice(None), voice("Bot A")
    (('You', 'your'), ('Bot A', "Bot A's"))
    """
    return _voice(player)


def review(reviews: Sequence[HandReview], advisor: str, key: str, names: Sequence[str], me: int,
           player: str | None = None) -> None:
    """The reviewed player's decisions beside the advisor bot's: totals, a line per hand, then the decisions that
    differ. ``player`` names them in every sentence (Review); without it they are "you" (Play)."""
    cast = Cast(names, me if player is None or is_you(player) else None)  # "you" only when it is the reader
    you = cast.is_you(me)
    name = cast.names[me]

    def said(you_form: str, name_form: str, **values: object) -> str:  # a sentence about the reviewed player
        return (gettext(you_form) if you else gettext(name_form)).format(name=name, advisor=advisor, **values)

    total = sum(len(r.rows) for r in reviews)
    if not total:
        st.caption(said(N_("No decision of yours to review: every move was forced."),
                        N_("No decision of {name}'s to review: every move was forced.")))
        return
    same = sum(r.count("same") for r in reviews)
    good = sum(r.count("as good") for r in reviews)
    st.markdown(said(N_("You chose what the {advisor} bot would on **{same} of {total}** decisions; on **{good}** "
                        "more you threw another tile with the same shape and safety."),
                     N_("{name} chose what the {advisor} bot would on **{same} of {total}** decisions; on **{good}** "
                        "more {name} threw another tile with the same shape and safety."),
                     same=same, total=total, good=good))
    if len(reviews) > 1:
        st.dataframe([{gettext("hand"): r.label, gettext("decisions"): len(r.rows), gettext("same"): r.count("same"),
                       gettext("as good"): r.count("as good"), gettext("different"): r.count("different")} for r in reviews],
                     hide_index=True, key=f"{key}_hands")
    differ = [(r, row) for r in reviews for row in r.differences]
    if not differ:
        st.success(said(N_("None of your decisions differs from the {advisor} bot's in shape or safety."),
                        N_("None of {name}'s decisions differs from the {advisor} bot's in shape or safety.")))
        return
    danger = any(row.mine.danger is not None or row.advice.danger is not None for _, row in differ)
    rows = []
    for r, row in differ:
        line = {gettext("hand"): r.label} if len(reviews) > 1 else {}
        line |= {gettext("tiles left"): row.left, said(N_("you"), "{name}"): row.mine.text,
                 said(N_("your shape"), N_("{name}'s shape")): row.mine.shape,
                 gettext("{advisor} bot").format(advisor=advisor): row.advice.text,
                 gettext("its shape"): row.advice.shape, gettext("why"): speak(row.reason, cast)}
        if danger:
            line[said(N_("your danger"), N_("{name}'s danger"))] = _danger_text(row.mine.danger)
            line[gettext("its danger")] = _danger_text(row.advice.danger)
        rows.append(line)
    st.markdown(said(N_("**Where your choice differs**"), N_("**Where {name}'s choice differs**")))
    # a static table wraps the reasons (a data grid cut them off after a few words); on a phone it keeps a
    # readable width and scrolls sideways (PLAY_CSS)
    with st.container(key=f"{key}_rows"):
        st.table(rows)


def _danger_text(value: float | None) -> str:
    return "" if value is None else decimal(value)


# ---- hand result ------------------------------------------------------------------

def score_rows(summary: HandSummary, names: Sequence[str]) -> list[dict[str, object]]:
    return [{gettext("player"): names[s], gettext("before"): figure(summary.scores_before[s]),
             gettext("change"): figure(summary.deltas[s]), gettext("after"): figure(summary.scores_after[s])}
            for s in range(3)]


def name_seats(text: str, names: Sequence[str], me: int | None = None) -> str:
    """A bot's reason or a moment with its seat references (``seat 2``, ``seat 2's``) said with the players'
    names, ``you`` / ``your`` for ``me`` (:func:`sanma_core.words.speak`).

    >>> name_seats("fold against seat 2's riichi, then seat 1", ["You", "Bot A", "Bot B"], me=0)
    "fold against Bot B's riichi, then Bot A"
    >>> name_seats("push against seat 0's riichi", ["You", "Bot A", "Bot B"], me=0)
    'push against your riichi'
    """
    return speak(text, Cast(names, me))


def win_html(w: WinSummary, names: Sequence[str], rules_title: str, me: int | None = None) -> str:
    """One win: who won how, the hand, yaku and fu, and the payment beside four-player riichi."""
    cast = Cast(names, me)
    head = win_sentence(cast, seat=w.seat, from_seat=w.from_seat, tsumo=w.tsumo, tile=tile_name(w.win_tile), han=w.han,
                        fu=w.fu, yakuman=w.yakuman, limit=w.limit)
    b = w.bonus
    extras = [f"{gettext(BONUS_NAMES[k])} {b[k]}" for k in ("dora", "aka", "ura", "kita") if b.get(k)]
    dora = gettext("Dora and kita: {bonus}").format(bonus=", ".join(extras) if extras else gettext("none"))
    if not b.get("counted", True):
        dora = gettext("{bonus} (not counted on a yakuman)").format(bonus=dora)
    raw = sum(line["fu"] for line in w.fu_lines)
    fu_note = ""
    if raw and not w.yakuman:
        fu_note = (gettext("{raw} fu, rounded up to {fu}.").format(raw=raw, fu=w.fu) if raw != w.fu
                   else gettext("{raw} fu.").format(raw=raw))
    here, four = figure(w.paid), figure(w.four_player.total)
    if w.tsumo and w.paid != w.four_player.total:
        paid = gettext("Paid in total: {here} here, {four} in four-player — the {difference} difference is the absent "
                       "North's share (tsumo loss).").format(here=here, four=four,
                                                             difference=figure(w.four_player.total - w.paid))
    else:
        paid = gettext("Paid in total: {here} here, {four} in four-player.").format(here=here, four=four)
    yaku = rows_html([{gettext("yaku"): y["name"], gettext("han"): y["han"]} for y in w.yaku])
    fu = rows_html([{gettext("fu"): line["fu"], gettext("for"): fu_reason(line["reason"]),
                     gettext("tiles"): line.get("tiles", "")} for line in w.fu_lines])
    payment = rows_html([{gettext("who pays"): payer_name(line.payer),
                          gettext("sanma"): gettext("— (no North player)") if line.sanma is None else str(figure(line.sanma)),
                          gettext("four-player"): str(figure(line.four_player))} for line in w.lines])
    yaku_word, fu_word = bold(gettext("Yaku")), bold(gettext("Fu"))
    return (f'<div class="sm-win-block"><h3>{html.escape(head)}</h3>'
            + table_html(TableView(w.hand, w.melds, w.kita, w.dora_indicators, w.win_tile, ura=w.ura_indicators),
                         with_css=False)
            + f'<div class="sm-cols"><div>{yaku_word}{yaku}{para(dora)}</div>'
            + f'<div>{fu_word}<div class="sm-scroll">{fu}</div>'
            + f'{para(fu_note, "sm-small") if fu_note else ""}</div></div>'
            + bold(gettext("Payment — {ruleset} (three players) beside four-player riichi").format(ruleset=rules_title))
            + f'<div class="sm-scroll">{payment}</div>'
            + "<ul>" + "".join(f"<li>{html.escape(step)}</li>" for step in w.steps) + "</ul>"
            + para(paid, "sm-small") + "</div>")


def draw_html(summary: HandSummary, names: Sequence[str], me: int | None = None) -> str:
    """A hand without a win: who was tenpai (their hands shown) and the noten payments, or an abortive draw."""
    cast = Cast(names, me)
    parts = []
    if summary.tenpai is not None:
        parts.append(para(tenpai_line(summary.tenpai, cast)))
        for s, tiles in (summary.revealed or {}).items():
            parts.append(table_html(TableView(hand=tiles, caption=gettext("{name} (tenpai)").format(name=names[s])),
                                    with_css=False))
    if summary.kind == "nagashi_mangan":
        parts.append(para(nagashi_text(summary.nagashi, cast)))
    elif summary.kind == "exhaustive_draw":
        parts.append(para(noten_text(sum(summary.tenpai or ()), summary.noten_pool)))
    else:
        parts.append(para(abortive_text()))
    return "".join(parts)


def hand_result_html(summary: HandSummary, names: Sequence[str], rules_title: str, me: int | None = None) -> str:
    """Everything under the hand's title as one HTML block (every text escaped, names included): the sticks,
    each win or the draw, and the scores."""
    parts = []
    if summary.sticks and summary.kind == "win":
        cast = Cast(names, me)
        parts.append(para(sticks_text(summary.sticks, summary.wins[0].seat, cast), "sm-small"))
    parts += [win_html(w, names, rules_title, me) for w in summary.wins]
    if summary.kind != "win":
        parts.append(draw_html(summary, names, me))
    parts.append(bold(gettext("Scores")) + rows_html(score_rows(summary, names)))
    return f'<div class="sm-result">{"".join(parts)}</div>'


def hand_result(summary: HandSummary, names: Sequence[str], rules_title: str, me: int | None = None) -> None:
    """The hand's title, then its result as one element (a dozen elements took a visible moment to draw)."""
    st.header(f"{summary.title} — {summary.label}")
    st.html(hand_result_html(summary, names, rules_title, me))


# ---- game result -----------------------------------------------------------------

def game_result(g: GameSummary, names: Sequence[str]) -> None:
    st.header(gettext("Game over"))
    english = current().lang == DEFAULT_LANGUAGE

    def signed(value: float, digits: int) -> str:  # +12.5 / +12,5
        text = f"{value:+.{digits}f}" if english or not digits else ("+" if value >= 0 else "") + decimal(value, digits)
        return text

    rows = []
    for p in g.placements:
        rows.append({gettext("rank"): p.rank, gettext("player"): names[p.seat], gettext("points"): figure(p.points),
                     gettext("minus return"): signed((p.points - g.return_points) / 1000, 1),
                     gettext("uma"): signed(g.uma[p.rank - 1], 0), gettext("oka"): signed(g.oka if p.rank == 1 else 0, 0),
                     gettext("placement points"): signed(p.score, 1)})
    st.html(f'<div class="sm-scroll">{rows_html(rows)}</div>'
            + para(gettext("Return {points}: (points − return) / 1000, plus uma by rank, plus oka {oka} to first.").format(
                points=figure(g.return_points), oka=f"{g.oka:+d}"), "sm-small")
            + score_chart_html(g.history, names))


__all__ = ["css", "game_result", "hand_result", "hints_html", "voice"]
