"""``sanma agree GAME... --bot LEVEL [--ruleset NAME] [--json]``: how often a bot chooses what real players chose.

Each GAME is a file in any format ``sanma replay`` reads; a ``.jsonl`` or
``.jsonl.gz`` file holds one tenhou.net/6 game per line. Prints
``{"ok": true, "games": N, "decisions": {...}, "agree": {...}, "nll": {...},
"baseline": {...}, "ece": {...}}`` (rates 0–1; decision kinds ``discard``,
``riichi`` (first chance), ``riichi_all``, ``kita``, ``call`` and their
``*_vs_riichi``), with a progress bar on a terminal. See :mod:`sanma_core.bots.agreement`.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator

from ..bots.agreement import AgreementCounter
from ..bots.base import LEVELS
from ..game.mjai import RecordError
from ..game.records import read_record
from ..rules import RulesetError, get_ruleset


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma agree", description="Agreement of a bot with real players' decisions.")
    p.add_argument("games", nargs="+", help="record files; .jsonl(.gz) files hold one tenhou.net/6 game per line")
    p.add_argument("--bot", default="hard", choices=LEVELS)
    p.add_argument("--ruleset", default=None,
                   help="a preset or a ruleset file; by default each record's own platform and length")
    p.add_argument("--limit", type=int, default=None, help="stop after this many games")
    p.add_argument("--json", action="store_true", help="JSON only (no progress bar)")
    return p


def record_texts(paths: list[str]) -> Iterator[tuple[str, str]]:
    """(where, text) of each game in the files: one record per line of a .jsonl or .jsonl.gz, else the file."""
    for path in paths:
        if path.endswith((".jsonl", ".jsonl.gz")):
            opener = gzip.open if path.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
                for number, line in enumerate(fh, start=1):
                    if line.strip():
                        yield f"{path}:{number}", line
        else:
            with open(path, encoding="utf-8") as fh:
                yield path, fh.read()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        rules = get_ruleset(args.ruleset) if args.ruleset else None
    except RulesetError as exc:
        print(json.dumps({"ok": False, "error": str(exc)}))
        return 1
    counter = AgreementCounter(args.bot, seed="agree")
    games = 0
    bar = sys.stderr.isatty() and not args.json
    try:
        for where, text in record_texts(args.games):
            if args.limit is not None and games >= args.limit:
                break
            counter.new_game()
            try:
                read_record(text, rules, observers=[counter])
            except RecordError as exc:
                print(json.dumps({"ok": False, "error": f"{where}: {exc}", "hand": exc.hand, "seat": exc.seat},
                                 ensure_ascii=False))
                return 1
            games += 1
            if bar:
                rate = counter.rates()["discard"] or 0.0
                print(f"\r{games} games, discard agreement {rate:.1%}", end="", file=sys.stderr, flush=True)
    except (OSError, UnicodeDecodeError) as exc:
        print(json.dumps({"ok": False, "error": f"cannot read: {exc}"}))
        return 1
    if bar:
        print(file=sys.stderr)
    print(json.dumps(counter.summary(games)))
    return 0
