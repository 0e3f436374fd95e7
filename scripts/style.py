"""The bots' play style against the Phoenix players': riichi, Norths set aside and pons per hand, win and
deal-in rates, each per seat and hand (:mod:`sanma_core.bots.style`).

Run: ``.venv/bin/python scripts/style.py [--games 300] [--level hard] [--jobs 2]``. The players' figures come
from the development games (``../shared/data/tenhou-phoenix-dev.jsonl.gz``, every seat); the bots' from
``--games`` hanchan of three bots of ``--level`` under the Tenhou rules, game ``i`` seeded ``"style/i"``.
Prints a table and, with ``--json``, one JSON object.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections import Counter
from pathlib import Path
from typing import Any

from sanma_core.bots.arena import play_bot_game
from sanma_core.bots.style import FIGURES, StyleCounter, compare, style_of_records
from sanma_core.commands.agree import record_texts
from sanma_core.game import GameMode
from sanma_core.rules import load_preset

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"


def _bot_game(args: tuple[str, int]) -> tuple[dict[str, int], int]:
    level, index = args
    report = play_bot_game([level] * 3, load_preset("tenhou"), GameMode("hanchan"), seed=f"style/{index}")
    counter = StyleCounter()
    counter.add_played(report.game)
    return dict(counter.counts), counter.seat_hands


def bot_style(level: str, games: int, jobs: int) -> StyleCounter:
    total = StyleCounter()
    work = [(level, i) for i in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_bot_game, work, chunksize=4)
    else:
        results = [_bot_game(w) for w in work]
    for counts, seat_hands in results:
        total.counts.update(Counter(counts))
        total.seat_hands += seat_hands
        total.games += 1
    return total


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--level", default="hard")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--dev", default=str(DEV))
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    players = style_of_records(text for _where, text in record_texts([args.dev]))
    bots = bot_style(args.level, args.games, args.jobs)
    table = compare(players.per_hand(), bots.per_hand())
    out: dict[str, Any] = {"players": players.summary(), "bots": {**bots.summary(), "level": args.level},
                           "compare": table}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"players: {players.games} games, {players.seat_hands} seat-hands; "
          f"{args.level} ×3: {bots.games} hanchan, {bots.seat_hands} seat-hands")
    print(f"{'per seat-hand':14} {'players':>8} {'bots':>8} {'relative':>9}  within 20%")
    for k in FIGURES:
        r = table[k]
        print(f"{k:14} {r['players']:8.3f} {r['bots']:8.3f} {r['relative']:+9.1%}  {'yes' if r['within_20'] else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
