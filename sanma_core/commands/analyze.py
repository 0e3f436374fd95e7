"""``sanma analyze``: shanten, waits, useful tiles and the discard table of a hand.

With a hand argument it prints a readable report; without one it answers
JSON Lines on standard input (see CONTRACTS.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..analysis import HandAnalysis, analysis_json_text, analysis_to_json, analyze_hand
from ..inputs import InputError, require
from ..rules import DEFAULT_PRESET, PRESETS, Ruleset, get_ruleset
from ..tiles import format_tiles, kind_name
from .jsonl import add_jobs_option, jobs_from, run_batch

EXAMPLES = """\
examples:
  sanma analyze 19m123456p11s1234z            discard table of a 14-tile hand
  sanma analyze 123p456p789p123s4z --kita 1    waits and useful tiles of a 13-tile hand
  sanma analyze 46p456s789s11z --melds pon:555p
  echo '{"hand": "123456789p1144s"}' | sanma analyze

JSON Lines input fields: hand (required), melds ([]), kita (0), ruleset (--ruleset).
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sanma analyze",
        description="Shape of a sanma hand: shanten, waits, useful tiles (ukeire) and, for a hand "
        "that must discard, the shanten and useful tiles after each discard. Without HAND, reads "
        "one JSON object per line on standard input and writes one answer per line.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", nargs="?", help="concealed tiles in MPSZ notation, e.g. 19m123456p11s1234z")
    parser.add_argument(
        "--melds",
        nargs="+",
        action="extend",
        default=[],
        metavar="KIND:TILES",
        help="called or closed-kan melds: pon:555p, minkan:5555p, ankan:1111z",
    )
    parser.add_argument("--kita", type=int, default=0, metavar="N", help="Norths set aside (0–4, default 0)")
    parser.add_argument(
        "--ruleset",
        default=DEFAULT_PRESET,
        metavar="NAME",
        help=f"ruleset preset ({', '.join(PRESETS)}) or a .yaml file; for JSON input, the default "
        f"for lines without one (default {DEFAULT_PRESET})",
    )
    parser.add_argument("--json", action="store_true", help="print the JSON answer for HAND instead of the report")
    add_jobs_option(parser)
    return parser


def handle_request(request: dict[str, Any], default_ruleset: str) -> str:
    """Answer one JSON Lines request as JSON text (raises ValueError subclasses for bad input)."""
    hand = require(request, "hand", str)
    melds = require(request, "melds", list, [])
    for meld in melds:
        if not isinstance(meld, str):
            raise InputError(f"field 'melds' must hold strings like \"pon:555p\", got {json.dumps(meld)}")
    kita = require(request, "kita", int, 0)
    rules = get_ruleset(require(request, "ruleset", str, default_ruleset))
    return analysis_json_text(analyze_hand(hand, melds, kita, rules))


def _shanten_words(shanten: int, drawn: bool) -> str:
    if shanten < 0:
        return "complete hand"
    if shanten == 0:
        return "tenpai after the best discard" if drawn else "tenpai"
    return f"{shanten} away from tenpai" + (" after the best discard" if drawn else "")


def _kinds(kinds: tuple[int, ...]) -> str:
    return format_tiles(kinds) if kinds else "-"


def format_report(analysis: HandAnalysis, rules: Ruleset) -> str:
    """The readable layout for people."""
    lines = [f"Hand:    {format_tiles(analysis.tiles)}"]
    extras = [" ".join(f"{m.kind}:{format_tiles(m.tiles)}" for m in analysis.melds)] if analysis.melds else []
    if analysis.kita:
        extras.append(f"kita {analysis.kita}")
    if extras:
        lines.append(f"Outside: {', '.join(extras)}")
    lines.append(f"Rules:   {rules.title}")
    lines.append(f"Shanten: {analysis.shanten} ({_shanten_words(analysis.shanten, analysis.drawn)})")
    if not analysis.drawn:
        assert analysis.ukeire is not None
        label = "Waits:  " if analysis.shanten == 0 else "Useful tiles:"
        lines.append(f"{label} {_kinds(analysis.ukeire.tiles)} ({analysis.ukeire.count} left)")
        return "\n".join(lines)
    best = min(d.shanten for d in analysis.discards)
    ranked = sorted(analysis.discards, key=lambda d: (d.shanten, -d.ukeire.count, d.tile))
    lines.append("")
    lines.append("  discard  shanten  left  useful tiles")
    for d in ranked:
        mark = "*" if d.shanten == best and d.ukeire.count == ranked[0].ukeire.count else " "
        lines.append(f"{mark} {kind_name(d.tile):<7}  {d.shanten:>7}  {d.ukeire.count:>4}  {_kinds(d.ukeire.tiles)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2), already printed
        return int(exc.code or 0)
    try:
        rules = get_ruleset(args.ruleset)
    except ValueError as exc:
        print(f"sanma analyze: {exc}", file=sys.stderr)
        return 2
    if args.hand is None:
        if args.melds or args.kita:
            print(
                "sanma analyze: --melds and --kita need a HAND argument; JSON input names them per line",
                file=sys.stderr,
            )
            return 2
        return run_batch(handle_request, args.ruleset, jobs=jobs_from(args.jobs))
    try:
        analysis = analyze_hand(args.hand, args.melds, args.kita, rules)
    except ValueError as exc:
        print(f"sanma analyze: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"ok": True, **analysis_to_json(analysis)}, ensure_ascii=False))
    else:
        print(format_report(analysis, rules))
    return 0
