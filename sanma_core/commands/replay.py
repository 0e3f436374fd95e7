"""``sanma replay [--ruleset NAME] [--tenhou6 OUT.json] FILE``: verify an mjai game record.

A file holding one tenhou.net/6 JSON game is also accepted and re-played the same way.

Prints ``{"ok": true, "kyoku": N, "events": N, "scores": [...]}`` or
``{"ok": false, "event": INDEX, "error": "..."}`` and exits 0 or 1 (see CONTRACTS.md).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..game.mjai import RecordError, loads
from ..game.replay import ReplayResult, replay_events
from ..rules import RulesetError, get_ruleset


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma replay", description="Re-play an mjai record through the game engine.")
    p.add_argument("file", help="mjai JSON Lines file ('-' for standard input)")
    p.add_argument("--ruleset", default="tenhou", help="preset name or ruleset YAML file (default tenhou)")
    p.add_argument("--tenhou6", metavar="OUT.json", help="also write the game as tenhou.net/6 JSON")
    return p


def _fail(index: int | None, error: str) -> int:
    out: dict[str, object] = {"ok": False}
    if index is not None:
        out["event"] = index
    out["error"] = error
    print(json.dumps(out, ensure_ascii=False))
    return 1


def _tenhou6_document(text: str) -> dict | None:
    """The parsed object when the file is one tenhou.net/6 JSON game, else None (mjai lines)."""
    stripped = text.strip()
    if not stripped.startswith("{") or "\n{" in stripped:
        return None
    try:
        doc = json.loads(stripped)
    except json.JSONDecodeError:
        return None
    return doc if isinstance(doc, dict) and "log" in doc else None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        rules = get_ruleset(args.ruleset)
    except RulesetError as exc:
        return _fail(None, str(exc))
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(None, f"cannot read {args.file}: {exc}")
    try:
        doc = _tenhou6_document(text)
        if doc is not None:  # a tenhou.net/6 game: re-play it and report the same way
            from ..game.tenhou6 import from_tenhou6

            game = from_tenhou6(doc, rules)
            final = game.events[-1].get("scores") if game.is_over() else list(game.scores)
            result = ReplayResult(game, len(game.results), len(game.events), list(final))
        else:
            result = replay_events(loads(text), rules)
    except RecordError as exc:
        return _fail(exc.index, str(exc))
    if args.tenhou6:
        from ..game.tenhou6 import to_tenhou6

        try:
            with open(args.tenhou6, "w", encoding="utf-8") as fh:
                json.dump(to_tenhou6(result.game.events, rules), fh, ensure_ascii=False)
        except OSError as exc:
            return _fail(None, f"cannot write {args.tenhou6}: {exc}")
    print(json.dumps({"ok": True, "kyoku": result.kyoku, "events": result.events, "scores": result.scores}))
    return 0
