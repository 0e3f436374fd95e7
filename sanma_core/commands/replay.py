"""``sanma replay [--ruleset NAME] [--tenhou6 OUT.json] FILE``: verify a game record.

The record may be mjai lines, one tenhou.net/6 JSON game or Tenhou's mjlog XML
(told from the text). Errors name the event (mjai) or hand, the seat where one
is concerned, and what the engine expected.

Prints ``{"ok": true, "kyoku": N, "events": N, "scores": [...]}`` or
``{"ok": false, "event": INDEX, "error": "..."}`` and exits 0 or 1 (see CONTRACTS.md).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..game.mjai import RecordError
from ..game.records import read_record, read_record_text
from ..rules import RulesetError, get_ruleset


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma replay", description="Re-play an mjai record through the game engine.")
    p.add_argument("file", help="mjai JSON Lines, tenhou.net/6 JSON or mjlog XML file ('-' for standard input)")
    p.add_argument("--ruleset", help="preset name or ruleset YAML file (default: the platform the record names; "
                                      "Tenhou's rules, else Mahjong Soul's, where it names none)")
    p.add_argument("--tenhou6", metavar="OUT.json", help="also write the game as tenhou.net/6 JSON")
    return p


def _fail(index: int | None, error: str, hand: str | None = None, seat: int | None = None) -> int:
    out: dict[str, object] = {"ok": False}
    if index is not None:
        out["event"] = index
    out["error"] = error
    if hand is not None:
        out["hand"] = hand
    if seat is not None:
        out["seat"] = seat
    print(json.dumps(out, ensure_ascii=False))
    return 1


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        rules = get_ruleset(args.ruleset) if args.ruleset is not None else None
    except RulesetError as exc:
        return _fail(None, str(exc))
    try:
        text = read_record_text(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(None, f"cannot read {args.file}: {exc}")
    try:
        result = read_record(text, rules)
    except RecordError as exc:
        return _fail(exc.index, str(exc), exc.hand, exc.seat)
    print(f"ruleset {result.game.rules.name}: {result.why}", file=sys.stderr)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    if args.tenhou6:
        from ..game.tenhou6 import to_tenhou6

        try:
            with open(args.tenhou6, "w", encoding="utf-8") as fh:
                json.dump(to_tenhou6(result.game.events, result.game.rules), fh, ensure_ascii=False)
        except OSError as exc:
            return _fail(None, f"cannot write {args.tenhou6}: {exc}")
    print(json.dumps({"ok": True, "kyoku": result.kyoku, "events": result.events, "scores": result.scores}))
    return 0
