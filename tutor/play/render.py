"""Drawing play mode with Streamlit around the table component: the hints, the decision review, the hand
result and the game result.

Only drawing happens here; state changes are callbacks of the Play page.
Tile faces come from :mod:`tutor.tiles_svg`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import streamlit as st

from sanma_core.review.hints import Hints
from sanma_core.review.summary import GameSummary, HandSummary, WinSummary
from sanma_core.tiles import kind_name, tile_name
from sanma_core.words import PAYER_NAMES, Cast, shanten_text, speak, sticks_text, tenpai_line, win_sentence
from sanma_core.words import voice as _voice
from sanma_core.words.results import ABORTIVE_TEXT, nagashi_text, noten_text
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

FU_REASONS = {"base": "base fu"}


def css() -> None:
    st.html(f"<style>{PLAY_CSS}</style>")


# ---- hints ------------------------------------------------------------------------

def hints_html(h: Hints, names: Sequence[str]) -> str:
    """The hints for the position as one HTML block: the advice, the hand's shanten and waits, furiten, useful
    tiles, kita, riichi threats and the table of discards (every text escaped, names included).

    One element, so that a move redraws one block instead of a dozen.
    """
    esc = html.escape
    parts = []
    if h.advice is not None:
        parts.append(note("good", f"<strong>The hard bot would:</strong> {esc(action_text(h.advice.action))}"
                                   f" — {esc(h.advice.reason)}"))
    parts.append(f"<p><strong>Hand:</strong> {esc(shanten_text(h.shanten))}</p>")
    if h.waits:
        parts.append(bold("Waits") + tiles_html(h.waits))
    if h.furiten:
        parts.append(note("warn", "Furiten: you cannot win by ron now (a winning tile is among your discards, or you "
                                   "passed one). Tsumo still wins."))
    if h.useful:
        parts.append(f"<p><strong>Useful tiles</strong> — {h.useful_count} copies you cannot see</p>"
                     f"{tiles_html(h.useful)}")
    if h.kita is not None:
        text = ("This North can be set aside (kita): +1 han of dora for each North, and a replacement draw. "
                "It is not a yaku.")
        if h.kita.costs_shape:
            text += (f" Your hand uses it, though: kept, the best discard leaves {shanten_text(h.kita.shanten_keep)};"
                     f" set aside, the hand is {shanten_text(h.kita.shanten_kita)}.")
        parts.append(note("info", esc(text)))
    if h.threats:
        parts.append(note("warn", esc("Riichi from " + " and ".join(names[s] for s in h.threats) + ": the danger "
                                       "column is the bots' defence estimate (roughly the deal-in chance in percent).")))
    if h.discards:
        rows = []
        for d in h.discards:
            row = {"discard": kind_name(d.tile), "shanten after": d.shanten, "useful unseen": d.useful_count,
                   "useful tiles": " ".join(kind_name(k) for k in d.useful)}
            if d.danger is not None:
                row["danger"] = round(d.danger, 1)
                row["why"] = "; ".join(x.reason for x in d.dangers)
            rows.append(row)
        title = ("<strong>Discards</strong> (the hard bot's choice first, then the best shape)" if h.advice is not None
                 else "<strong>Discards</strong> (best shape first)")
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
    who, whose, them = cast.subject(me), cast.possessive(me), cast.object(me)
    total = sum(len(r.rows) for r in reviews)
    if not total:
        st.caption(f"No decision of {cast.verb(me, 'yours', whose)} to review: every move was forced.")
        return
    same = sum(r.count("same") for r in reviews)
    good = sum(r.count("as good") for r in reviews)
    st.markdown(f"{who} chose what the {advisor} bot would on **{same} of {total}** decisions; on **{good}** more "
                f"{them} threw another tile with the same shape and safety.")
    if len(reviews) > 1:
        st.dataframe([{"hand": r.label, "decisions": len(r.rows), "same": r.count("same"), "as good": r.count("as good"),
                       "different": r.count("different")} for r in reviews], hide_index=True, key=f"{key}_hands")
    differ = [(r, row) for r in reviews for row in r.differences]
    if not differ:
        st.success(f"None of {whose} decisions differs from the {advisor} bot's in shape or safety.")
        return
    danger = any(row.mine.danger is not None or row.advice.danger is not None for _, row in differ)
    rows = []
    for r, row in differ:
        line = {"hand": r.label} if len(reviews) > 1 else {}
        line |= {"tiles left": row.left, them: row.mine.text,
                 f"{whose} shape": row.mine.shape, f"{advisor} bot": row.advice.text, "its shape": row.advice.shape,
                 "why": speak(row.reason, cast)}
        if danger:
            line[f"{whose} danger"] = _danger_text(row.mine.danger)
            line["its danger"] = _danger_text(row.advice.danger)
        rows.append(line)
    st.markdown(f"**Where {whose} choice differs**")
    # a static table wraps the reasons (a data grid cut them off after a few words); on a phone it keeps a
    # readable width and scrolls sideways (PLAY_CSS)
    with st.container(key=f"{key}_rows"):
        st.table(rows)


def _danger_text(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


# ---- hand result ------------------------------------------------------------------

def score_rows(summary: HandSummary, names: Sequence[str]) -> list[dict[str, object]]:
    return [{"player": names[s], "before": summary.scores_before[s], "change": summary.deltas[s],
             "after": summary.scores_after[s]} for s in range(3)]


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
    extras = [f"{k} {b[k]}" for k in ("dora", "aka", "ura", "kita") if b.get(k)]
    dora = ("Dora and kita: " + (", ".join(extras) if extras else "none")
            + ("" if b.get("counted", True) else " (not counted on a yakuman)"))
    raw = sum(line["fu"] for line in w.fu_lines)
    fu_note = (f"{raw} fu" + (f", rounded up to {w.fu}" if raw != w.fu else "") + ".") if raw and not w.yakuman else ""
    if w.tsumo and w.paid != w.four_player.total:
        paid = (f"Paid in total: {w.paid} here, {w.four_player.total} in four-player — the "
                f"{w.four_player.total - w.paid} difference is the absent North's share (tsumo loss).")
    else:
        paid = f"Paid in total: {w.paid} here, {w.four_player.total} in four-player."
    yaku = rows_html([{"yaku": y["name"], "han": y["han"]} for y in w.yaku])
    fu = rows_html([{"fu": line["fu"], "for": FU_REASONS.get(line["reason"], line["reason"].replace("_", " ")),
                     "tiles": line.get("tiles", "")} for line in w.fu_lines])
    payment = rows_html([{"who pays": PAYER_NAMES.get(line.payer, line.payer),
                          "sanma": "— (no North player)" if line.sanma is None else str(line.sanma),
                          "four-player": str(line.four_player)} for line in w.lines])
    return (f'<div class="sm-win-block"><h3>{html.escape(head)}</h3>'
            + table_html(TableView(w.hand, w.melds, w.kita, w.dora_indicators, w.win_tile, ura=w.ura_indicators),
                         with_css=False)
            + f'<div class="sm-cols"><div>{bold("Yaku")}{yaku}{para(dora)}</div>'
            + f'<div>{bold("Fu")}<div class="sm-scroll">{fu}</div>{para(fu_note, "sm-small") if fu_note else ""}</div></div>'
            + bold(f"Payment — {rules_title} (three players) beside four-player riichi")
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
            parts.append(table_html(TableView(hand=tiles, caption=f"{names[s]} (tenpai)"), with_css=False))
    if summary.kind == "nagashi_mangan":
        parts.append(para(nagashi_text(summary.nagashi, cast)))
    elif summary.kind == "exhaustive_draw":
        parts.append(para(noten_text(sum(summary.tenpai or ()), summary.noten_pool)))
    else:
        parts.append(para(ABORTIVE_TEXT))
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
    parts.append(bold("Scores") + rows_html(score_rows(summary, names)))
    return f'<div class="sm-result">{"".join(parts)}</div>'


def hand_result(summary: HandSummary, names: Sequence[str], rules_title: str, me: int | None = None) -> None:
    """The hand's title, then its result as one element (a dozen elements took a visible moment to draw)."""
    st.header(f"{summary.title} — {summary.label}")
    st.html(hand_result_html(summary, names, rules_title, me))


# ---- game result -----------------------------------------------------------------

def game_result(g: GameSummary, names: Sequence[str]) -> None:
    st.header("Game over")
    rows = []
    for p in g.placements:
        rows.append({"rank": p.rank, "player": names[p.seat], "points": p.points,
                     "minus return": f"{(p.points - g.return_points) / 1000:+.1f}", "uma": f"{g.uma[p.rank - 1]:+d}",
                     "oka": f"{g.oka if p.rank == 1 else 0:+d}", "placement points": f"{p.score:+.1f}"})
    st.html(f'<div class="sm-scroll">{rows_html(rows)}</div>'
            + para(f"Return {g.return_points}: (points − return) / 1000, plus uma by rank, plus oka {g.oka:+d} to first.",
                 "sm-small")
            + score_chart_html(g.history, names))


__all__ = ["css", "game_result", "hand_result", "hints_html", "voice"]
