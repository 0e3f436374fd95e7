"""``sanma review GAME [--player SEAT|NAME] [--ruleset NAME] [--json] [--lang de|es]``: every hand of a game explained.

GAME is a tenhou.net/6 JSON file, Tenhou's mjlog XML or an mjai record (told
from the text; ``-`` reads standard input). The text form is for a terminal;
``--json`` prints one object (``sanma_core.review.record.RecordReview.to_json``; ``docs/review.md``
describes it, the model's grading of every decision included).
A bad record prints ``{"ok": false, "error": ..., "hand": ..., "seat": ...}``
(or the message alone without ``--json``) and exits 1. ``--lang`` speaks that language in the text form
(the review is then built in it too); the JSON form is the same in every language.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..game.mjai import RecordError
from ..game.records import read_record_text
from ..i18n import LANGUAGES, current, gettext, ngettext, speaking
from ..melds import format_meld
from ..review.graded import ungraded_counts
from ..review.graded_words import decision_line, definitions, figure_name, figures_line, options_line, unmodelled_line
from ..review.record import HandReview, RecordReview, review_record
from ..review.summary import WinSummary
from ..rules import RulesetError, get_ruleset
from ..tiles import format_tiles, tile_name
from ..words import Cast, speak, sticks_text, win_sentence
from ..words.results import payer_name, result_name


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma review", description="Review a game record hand by hand.")
    p.add_argument("file", help="tenhou.net/6 JSON, mjlog XML or mjai file ('-' for standard input)")
    p.add_argument("--player", action="append", help="seat 0-2 or a player's name (repeatable; default every player)")
    p.add_argument("--ruleset", help="preset name or ruleset YAML file (default: the platform the record names; "
                                      "Tenhou's rules, else Mahjong Soul's, where it names none)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=LANGUAGES, help="the language of the text form (default English); "
                                                      "the JSON form is the same in every language")
    p.add_argument("--no-decisions", action="store_true",
                   help="skip the comparison with the hard bot and the model's grading (faster)")
    return p


def _points(value: int) -> str:
    """Points as the language writes them; English keeps its plain digits (``17000``), as it always printed them."""
    t = current()
    return str(value) if t.lang == "en" else t.number(value)


def _sign(value: int) -> str:
    """``+17000`` in English, ``+17.000`` in German and Spanish."""
    t = current()
    return f"{value:+d}" if t.lang == "en" else ("+" if value >= 0 else "-") + t.number(abs(value))


def _placement(value: float) -> str:
    """Placement points with their sign: ``+65``, ``-22.5`` (``-22,5`` in German and Spanish)."""
    t = current()
    if t.lang == "en":
        return f"{value:+g}"
    return ("+" if value >= 0 else "-") + t.number(abs(value))


def _signed(values: Any) -> str:
    return " / ".join(_sign(v) for v in values)


def _who(review: RecordReview, seat: int) -> str:
    name = review.players[seat]
    return (gettext("seat {seat} ({name})") if name else gettext("seat {seat}")).format(seat=seat, name=name)


def _cast(review: RecordReview) -> Cast:
    """The players as the text names them (``seat 0 (Ann)``); the reader is none of them."""
    return Cast([_who(review, s) for s in range(3)])


def _win_lines(review: RecordReview, w: WinSummary) -> list[str]:
    lines = ["  " + win_sentence(_cast(review), seat=w.seat, from_seat=w.from_seat, tsumo=w.tsumo,
                                 tile=tile_name(w.win_tile), han=w.han, fu=w.fu, yakuman=w.yakuman, limit=w.limit)]
    melds = "".join(f" + {format_meld(m)}" for m in w.melds)
    dora = " ".join(tile_name(t) for t in w.dora_indicators)
    hand = gettext("hand: {tiles}; dora indicators {dora}").format(tiles=format_tiles(w.hand) + melds, dora=dora)
    if w.ura_indicators:
        hand = gettext("{hand}; ura {ura}").format(hand=hand, ura=" ".join(tile_name(t) for t in w.ura_indicators))
    lines.append(f"    {hand}")
    lines.append("    " + gettext("yaku: {yaku}").format(yaku=", ".join(f"{y['name']} {y['han']}" for y in w.yaku)))
    b = w.bonus
    labels = {"dora": gettext("dora"), "aka": gettext("red"), "ura": gettext("ura"), "kita": gettext("kita")}
    extras = [f"{label} {b.get(key, 0)}" for key, label in labels.items() if b.get(key)]
    if extras:
        lines.append("    " + gettext("bonus han: {bonus}").format(bonus=", ".join(extras)))
    if w.kita:
        lines.append("    " + _kita_line(w))
    lines += [f"    {step}" for step in w.steps]
    four = []
    for line in w.lines:
        if line.sanma is None:
            four.append(gettext("the absent fourth player's {share} is not paid").format(share=line.four_player))
        elif line.sanma != line.four_player:
            four.append(gettext("{payer} pays {sanma} (four-player: {four})").format(
                payer=payer_name(line.payer), sanma=line.sanma, four=line.four_player))
    if four:
        lines.append("    " + gettext("four-player beside it: {shares}").format(shares="; ".join(four)))
    return lines


def _kita_line(w: WinSummary) -> str:
    """``kita: 2 Norths set aside = 3 han (+1 because 1 dora indicator is West: North is dora)``."""
    kd = w.bonus.get("kita_detail") or {}
    han = kd.get("han", w.kita)
    text = ngettext("kita: {n} North set aside = {han} han", "kita: {n} Norths set aside = {han} han",
                    w.kita).format(n=w.kita, han=han)
    extra = kd.get("indicators_on_north", 0)
    if not extra:
        return text
    return text + ngettext(" (+{more} because {n} dora indicator is West: North is dora)",
                           " (+{more} because {n} dora indicators are West: North is dora)", extra).format(
        more=han - w.kita, n=extra)


def _draw_lines(review: RecordReview, h: HandReview) -> list[str]:
    s = h.summary
    lines = []
    if s.tenpai is not None:
        tenpai = [_who(review, i) for i in range(3) if s.tenpai[i]]
        lines.append("  " + gettext("tenpai: {seats}").format(seats=", ".join(tenpai) if tenpai else gettext("nobody")))
    if s.nagashi:
        paid = ", ".join(gettext("{who} pays {points}").format(who=_who(review, i), points=-d)
                         for i, d in enumerate(h.deltas) if d < 0)
        lines.append("  " + gettext("nagashi mangan by {seats}: paid as a mangan tsumo without honba ({paid}), instead "
                                    "of the noten payments").format(
            seats=", ".join(_who(review, i) for i in s.nagashi), paid=paid))
    elif s.kind == "exhaustive_draw" and any(h.deltas):
        pays = ", ".join(f"{_who(review, i)} {_sign(d)}" for i, d in enumerate(h.deltas))
        lines.append("  " + gettext("noten payments (pool {pool}): {pays}").format(pool=s.noten_pool, pays=pays))
    elif s.kind == "exhaustive_draw":
        lines.append("  " + (gettext("no noten payments: everybody is tenpai") if s.tenpai and all(s.tenpai)
                             else gettext("no noten payments: nobody is tenpai")))
    if s.kind != "win":
        end = gettext("the hand ends without a win: honba +1")
        if s.sticks:
            end = f"{end}; {sticks_text(s.sticks, None, _cast(review))}"
        lines.append(f"  {end}")
    return lines


def _hand_lines(review: RecordReview, h: HandReview) -> list[str]:
    s = h.summary
    head = ngettext("{label} ({n} stick on the table): {result}", "{label} ({n} sticks on the table): {result}",
                    h.sticks).format(label=h.label, n=h.sticks, result=result_name(h.result))
    lines = [head]
    for w in s.wins:
        lines += _win_lines(review, w)
    lines += _draw_lines(review, h)
    record = gettext("no figures in the record") if h.log_deltas is None else (
        gettext("the record agrees") if h.agrees else gettext("THE RECORD SAYS {deltas}").format(
            deltas=_signed(h.log_deltas)))
    lines.append("  " + gettext("score changes: {deltas} ({record})").format(deltas=_signed(h.deltas), record=record))
    for m in h.moments:
        lines.append("  " + gettext("moment, {who}, turn {turn}: {text}").format(
            who=_who(review, m.seat), turn=m.turn, text=speak(m.text, _cast(review))))
    if h.decisions:
        verdicts = [r.verdict for r in h.decisions]
        lines.append("  " + gettext("decisions beside the hard bot: {same} same, {good} as good, {different} different")
                     .format(same=verdicts.count("same"), good=verdicts.count("as good"),
                             different=verdicts.count("different")))
        lines += [_different_line(review, r) for r in h.decisions if r.verdict == "different"]
    lines += _graded_lines(review, h)
    return lines


def _different_line(review: RecordReview, r: Any) -> str:
    """A decision where the player and the hard bot differ, with the bot's reason."""
    none = gettext("no shape")
    return "    " + gettext("{left} left, {who}: {mine} ({mine_shape}); bot: {bot} ({bot_shape}) — {reason}").format(
        left=f"{r.left:>2}", who=_who(review, r.seat), mine=r.mine.text, mine_shape=r.mine.shape or none,
        bot=r.advice.text, bot_shape=r.advice.shape or none, reason=speak(r.reason, _cast(review)))


def _graded_lines(review: RecordReview, h: HandReview) -> list[str]:
    """The hand's decisions beside the model: its figures, then each mistake with its probabilities."""
    lines = []
    if h.graded:
        lines.append("  " + gettext("beside the model: {figures}").format(figures=figures_line(h.figures)))
    for d in h.graded:
        if d.mistake:
            lines += ["    " + gettext("step {step}, {who}, {decision}").format(step=d.step, who=_who(review, d.seat),
                                                                            decision=decision_line(d)),
                      "      " + gettext("options: {options}").format(options=options_line(d)),
                      "      " + gettext("the model's reason: {reason}").format(reason=speak(d.reason, _cast(review)))]
    skipped = unmodelled_line(ungraded_counts(h.ungraded))
    if skipped:
        lines.append(f"  {skipped}")
    return lines


def _game_graded_lines(review: RecordReview) -> list[str]:
    """Each reviewed seat's figures over the game (each figure defined once), or that it made no decision."""
    if not review.graded_decisions:
        return []
    lines = ["", gettext("beside the decision model (the hard bot's probabilities):")]
    for seat in review.seats:
        f, who = review.figures(seat), _who(review, seat)
        if f.decisions:
            lines.append(f"  {who}: {figures_line(f)}")
        elif not review.observer(seat):
            lines.append("  " + gettext("{who} makes no decision in this record that the model grades").format(who=who))
        else:
            lines.append("  " + gettext("{who} makes no decision in this record (an observer's record): nothing to "
                                        "grade").format(who=who))
    skipped = unmodelled_line(review.unmodelled())
    if skipped:
        lines.append(f"  {skipped}")
    lines += [f"  {figure_name(name)}: {words}" for name, words in definitions().items()]
    return lines


def render_text(review: RecordReview) -> str:
    """The terminal form of a review."""
    why = f" ({review.ruleset_why})" if review.ruleset_why else ""
    out = [gettext("{format} record, ruleset {ruleset}{why}; players: {players}; reviewed: {reviewed}").format(
        format=review.format, ruleset=review.ruleset, why=why, players=", ".join(_who(review, s) for s in range(3)),
        reviewed=", ".join(_who(review, s) for s in review.seats)), ""]
    for h in review.hands:
        out += _hand_lines(review, h) + [""]
    if review.final_scores is not None and review.placement_points is not None:
        out.append(gettext("final: {scores}").format(scores=", ".join(
            f"{_who(review, s)} {_points(review.final_scores[s])} ({_placement(review.placement_points[s])})"
            for s in range(3))))
    out += [gettext("the record differs: {what}").format(what=m) for m in review.mismatches]
    out += _game_graded_lines(review)
    return "\n".join(out)


def _fail(as_json: bool, error: str, hand: str | None = None, seat: int | None = None) -> int:
    if as_json:
        print(json.dumps({"ok": False, "error": error, "hand": hand, "seat": seat}, ensure_ascii=False))
    else:
        print(f"sanma review: {error}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        rules = get_ruleset(args.ruleset) if args.ruleset is not None else None
    except RulesetError as exc:
        return _fail(args.json, str(exc))
    try:
        text = read_record_text(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(args.json, f"cannot read {args.file}: {exc}")
    if args.json:  # the JSON form is English, whatever --lang says
        try:
            review = review_record(text, rules, args.player, decisions=not args.no_decisions)
        except RecordError as exc:
            return _fail(True, str(exc), exc.hand, exc.seat)
        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    with speaking(args.lang or "en"):
        try:
            review = review_record(text, rules, args.player, decisions=not args.no_decisions)
        except RecordError as exc:
            return _fail(False, str(exc), exc.hand, exc.seat)
        print(render_text(review))
    return 0
