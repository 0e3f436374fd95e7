"""``sanma review GAME [--player SEAT|NAME] [--ruleset NAME] [--json]``: every hand of a game explained.

GAME is a tenhou.net/6 JSON file, Tenhou's mjlog XML or an mjai record (told
from the text; ``-`` reads standard input). The text form is for a terminal;
``--json`` prints one object (``sanma_core.review.record.RecordReview.to_json``; ``docs/review.md``
describes it, the model's grading of every decision included).
A bad record prints ``{"ok": false, "error": ..., "hand": ..., "seat": ...}``
(or the message alone without ``--json``) and exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..game.mjai import RecordError
from ..game.records import read_record_text
from ..melds import format_meld
from ..review.graded import ungraded_counts
from ..review.graded_words import DEFINITIONS, decision_line, figures_line, options_line, unmodelled_line
from ..review.record import HandReview, RecordReview, review_record
from ..review.summary import WinSummary
from ..rules import RulesetError, get_ruleset
from ..tiles import format_tiles, tile_name
from ..words import PAYER_NAMES, RESULT_NAMES, Cast, plural, seat_ref, speak, sticks_text, win_sentence


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma review", description="Review a game record hand by hand.")
    p.add_argument("file", help="tenhou.net/6 JSON, mjlog XML or mjai file ('-' for standard input)")
    p.add_argument("--player", action="append", help="seat 0-2 or a player's name (repeatable; default every player)")
    p.add_argument("--ruleset", help="preset name or ruleset YAML file (default: the platform the record names; "
                                      "Tenhou's rules, else Mahjong Soul's, where it names none)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-decisions", action="store_true",
                   help="skip the comparison with the hard bot and the model's grading (faster)")
    return p


def _signed(values: Any) -> str:
    return " / ".join(f"{v:+d}" for v in values)


def _who(review: RecordReview, seat: int) -> str:
    name = review.players[seat]
    return f"{seat_ref(seat)} ({name})" if name else seat_ref(seat)


def _cast(review: RecordReview) -> Cast:
    """The players as the text names them (``seat 0 (Ann)``); the reader is none of them."""
    return Cast([_who(review, s) for s in range(3)])


def _win_lines(review: RecordReview, w: WinSummary) -> list[str]:
    lines = ["  " + win_sentence(_cast(review), seat=w.seat, from_seat=w.from_seat, tsumo=w.tsumo,
                                 tile=tile_name(w.win_tile), han=w.han, fu=w.fu, yakuman=w.yakuman, limit=w.limit)]
    melds = "".join(f" + {format_meld(m)}" for m in w.melds)
    lines.append(f"    hand: {format_tiles(w.hand)}{melds}; dora indicators "
                 + " ".join(tile_name(t) for t in w.dora_indicators)
                 + ("; ura " + " ".join(tile_name(t) for t in w.ura_indicators) if w.ura_indicators else ""))
    lines.append("    yaku: " + ", ".join(f"{y['name']} {y['han']}" for y in w.yaku))
    b = w.bonus
    extras = [f"{label} {b.get(key, 0)}" for key, label in (("dora", "dora"), ("aka", "red"), ("ura", "ura"),
                                                             ("kita", "kita")) if b.get(key)]
    if extras:
        lines.append("    bonus han: " + ", ".join(extras))
    kd = b.get("kita_detail") or {}
    if w.kita:
        extra = kd.get("indicators_on_north", 0)
        why = (f" (+{kd.get('han', w.kita) - w.kita} because {extra} dora indicator{'s are' if extra > 1 else ' is'} "
               "West: North is dora)") if extra else ""
        lines.append(f"    kita: {w.kita} North{'s' if w.kita > 1 else ''} set aside = {kd.get('han', w.kita)} han{why}")
    lines += [f"    {step}" for step in w.steps]
    four = []
    for line in w.lines:
        if line.sanma is None:
            four.append(f"the absent fourth player's {line.four_player} is not paid")
        elif line.sanma != line.four_player:
            four.append(f"{PAYER_NAMES.get(line.payer, line.payer)} pays {line.sanma} (four-player: {line.four_player})")
    if four:
        lines.append("    four-player beside it: " + "; ".join(four))
    return lines


def _draw_lines(review: RecordReview, h: HandReview) -> list[str]:
    s = h.summary
    lines = []
    if s.tenpai is not None:
        tenpai = [_who(review, i) for i in range(3) if s.tenpai[i]]
        lines.append("  tenpai: " + (", ".join(tenpai) if tenpai else "nobody"))
    if s.nagashi:
        paid = ", ".join(f"{_who(review, i)} pays {-d}" for i, d in enumerate(h.deltas) if d < 0)
        lines.append("  nagashi mangan by " + ", ".join(_who(review, i) for i in s.nagashi)
                     + f": paid as a mangan tsumo without honba ({paid}), instead of the noten payments")
    elif s.kind == "exhaustive_draw" and any(h.deltas):
        pays = ", ".join(f"{_who(review, i)} {d:+d}" for i, d in enumerate(h.deltas))
        lines.append(f"  noten payments (pool {s.noten_pool}): {pays}")
    elif s.kind == "exhaustive_draw":
        lines.append("  no noten payments: " + ("everybody is tenpai" if s.tenpai and all(s.tenpai) else "nobody is tenpai"))
    if s.kind != "win":
        sticks = s.sticks
        stay = f"; {sticks_text(sticks, None, _cast(review))}" if sticks else ""
        lines.append(f"  the hand ends without a win: honba +1{stay}")
    return lines


def _hand_lines(review: RecordReview, h: HandReview) -> list[str]:
    s = h.summary
    head = f"{h.label} ({plural(h.sticks, 'stick')} on the table): {RESULT_NAMES.get(h.result, h.result)}"
    lines = [head]
    for w in s.wins:
        lines += _win_lines(review, w)
    lines += _draw_lines(review, h)
    record = "no figures in the record" if h.log_deltas is None else (
        "the record agrees" if h.agrees else f"THE RECORD SAYS {_signed(h.log_deltas)}")
    lines.append(f"  score changes: {_signed(h.deltas)} ({record})")
    for m in h.moments:
        lines.append(f"  moment, {_who(review, m.seat)}, turn {m.turn}: {speak(m.text, _cast(review))}")
    if h.decisions:
        verdicts = [r.verdict for r in h.decisions]
        lines.append(f"  decisions beside the hard bot: {verdicts.count('same')} same, {verdicts.count('as good')} as "
                     f"good, {verdicts.count('different')} different")
        for r in h.decisions:
            if r.verdict == "different":
                lines.append(f"    {r.left:>2} left, {_who(review, r.seat)}: {r.mine.text} "
                             f"({r.mine.shape or 'no shape'}); bot: {r.advice.text} ({r.advice.shape or 'no shape'})"
                             f" — {speak(r.reason, _cast(review))}")
    lines += _graded_lines(review, h)
    return lines


def _graded_lines(review: RecordReview, h: HandReview) -> list[str]:
    """The hand's decisions beside the model: its figures, then each mistake with its probabilities."""
    lines = []
    if h.graded:
        lines.append(f"  beside the model: {figures_line(h.figures)}")
    for d in h.graded:
        if d.mistake:
            lines += [f"    step {d.step}, {_who(review, d.seat)}, {decision_line(d)}",
                      f"      options: {options_line(d)}", f"      the model's reason: {d.reason}"]
    skipped = unmodelled_line(ungraded_counts(h.ungraded))
    if skipped:
        lines.append(f"  {skipped}")
    return lines


def _game_graded_lines(review: RecordReview) -> list[str]:
    """Each reviewed seat's figures over the game (each figure defined once), or that it made no decision."""
    if not review.graded_decisions:
        return []
    lines = ["", "beside the decision model (the hard bot's probabilities):"]
    for seat in review.seats:
        f = review.figures(seat)
        if f.decisions:
            lines.append(f"  {_who(review, seat)}: {figures_line(f)}")
        elif not review.observer(seat):
            lines.append(f"  {_who(review, seat)} makes no decision in this record that the model grades")
        else:
            lines.append(f"  {_who(review, seat)} makes no decision in this record (an observer's record): "
                         "nothing to grade")
    skipped = unmodelled_line(review.unmodelled())
    if skipped:
        lines.append(f"  {skipped}")
    lines += [f"  {name.replace('_', ' ')}: {words}" for name, words in DEFINITIONS.items()]
    return lines


def render_text(review: RecordReview) -> str:
    """The terminal form of a review."""
    why = f" ({review.ruleset_why})" if review.ruleset_why else ""
    out = [f"{review.format} record, ruleset {review.ruleset}{why}; players: "
           + ", ".join(_who(review, s) for s in range(3)) + "; reviewed: "
           + ", ".join(_who(review, s) for s in review.seats), ""]
    for h in review.hands:
        out += _hand_lines(review, h) + [""]
    if review.final_scores is not None and review.placement_points is not None:
        out.append("final: " + ", ".join(f"{_who(review, s)} {review.final_scores[s]} ({review.placement_points[s]:+g})"
                                         for s in range(3)))
    for m in review.mismatches:
        out.append(f"the record differs: {m}")
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
    try:
        review = review_record(text, rules, args.player, decisions=not args.no_decisions)
    except RecordError as exc:
        return _fail(args.json, str(exc), exc.hand, exc.seat)
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
    else:
        print(render_text(review))
    return 0
