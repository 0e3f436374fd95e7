"""``sanma drill TYPE --seed N [--ruleset R] [--difficulty D] [--json] [--lang L]``: print one question and its answer."""

from __future__ import annotations

import argparse
import json
import sys

from sanma_core.i18n import LANGUAGES, speaking
from sanma_core.rules import RulesetError, get_ruleset
from sanma_core.tiles import NotationError

from .model import DrillError
from .registry import DRILL_TYPES, generate
from .render import render_answer, render_question


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma drill", description="Print one generated drill question with its answer.")
    p.add_argument("type", nargs="?", help="drill type: " + ", ".join(DRILL_TYPES))
    p.add_argument("--seed", type=int, default=0, help="question seed (same seed, same question)")
    p.add_argument("--ruleset", default=None, help="preset name or ruleset YAML file (default tenhou)")
    p.add_argument("--difficulty", type=int, default=1, choices=(1, 2, 3))
    p.add_argument("--json", action="store_true", help="print the question as one JSON object")
    p.add_argument("--list", action="store_true", help="list the drill types")
    p.add_argument("--lang", default="en", choices=LANGUAGES,
                   help="the language of the question, its options and explanation (the JSON keys stay the same)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    with speaking(args.lang):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.list or not args.type:
        for name, info in DRILL_TYPES.items():
            print(f"{name:<15} {info['description']}")
        return 0 if args.list else 2
    try:
        rules = get_ruleset(args.ruleset)
        question = generate(args.type, rules, args.seed, args.difficulty)
    except (DrillError, RulesetError, NotationError) as exc:
        print(f"sanma drill: {exc}", file=sys.stderr)
        return 2
    if args.json:
        text = json.dumps(question.to_dict(), ensure_ascii=False)
    else:
        text = render_question(question) + "\n\n" + render_answer(question)
    try:
        print(text)
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
    return 0
