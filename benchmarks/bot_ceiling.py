"""How strong could a bot get by defending better? Placement of bots that see the opponents' waits.

The bot-strength lines ask a bot for an average placement well below 2.0
against two weaker bots. This study measures how much of that perfect
defence could buy. Each variant plays the same seeded hanchan against two
``--against`` bots, seats rotated by one per game:

* ``level``: the ``--level`` bot as shipped;
* ``all-out``: normal's tile choice with no defence at all (it never folds);
* ``sees-waits-unless-tenpai``: all-out, but while its own best discard does
  not keep tenpai it never throws a tile an opponent waits on (it reads the
  engine's hidden hands), choosing the next-best discard instead;
* ``sees-waits``: the same at every discard, tenpai included.

No fair bot can read the hidden hands, so the last two bound what defence
alone can do; a fair bot's reading of riichi waits from the discards is far
from exact. Prints one JSON object: per variant the average placement, the
share of first/second/third places, and the win and deal-in rates per hand.

Run: .venv/bin/python benchmarks/bot_ceiling.py [--games 300] [--seed 31337]
     [--level normal] [--against easy] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time

from sanma_core.bots import make_bot
from sanma_core.bots.arena import bot_seed, play_bot_game
from sanma_core.bots.levels import Candidate, NormalBot
from sanma_core.game import Game, GameMode

VARIANTS = ("level", "all-out", "sees-waits-unless-tenpai", "sees-waits")


class WaitReader(NormalBot):
    """Normal's offence, no folding; optionally dodges the real waits of every opponent."""

    level = "all-out"

    def __init__(self, seed: int | str, game: Game, dodge: str):
        super().__init__(seed)
        self.game = game
        self.dodge = dodge  # "never", "unless-tenpai" or "always"

    def _discard(self, view, legal, table):
        cands = self._candidates(view, legal, table)
        self._best_offence(cands, table)
        order: list[Candidate] = sorted(cands, key=lambda c: (c.plan, c.shanten, -c.score))
        best = order[0]
        if self.dodge == "always" or (self.dodge == "unless-tenpai" and best.shanten > 0):
            waited = {k for seat in range(3) if seat != view.seat for k in self.game.waits(seat)}
            best = next((c for c in order if c.kind not in waited), best)
        return self._offence_decision(view, legal, table, best, cands)


_ARGS: argparse.Namespace | None = None


def _play(task: tuple[str, int]) -> tuple[str, int, int, int, int]:
    """(variant, rank, wins, deal-ins, hands) of the tested seat in game ``index``."""
    variant, index = task
    args = _ARGS
    assert args is not None
    seed = f"{args.seed}/{index}"
    me = index % 3
    game = Game(args.ruleset, GameMode("hanchan"), seed=seed)
    bots = [make_bot(args.against, bot_seed(seed, s)) for s in range(3)]
    if variant == "level":
        bots[me] = make_bot(args.level, bot_seed(seed, me))
    else:
        dodge = {"all-out": "never", "sees-waits-unless-tenpai": "unless-tenpai", "sees-waits": "always"}[variant]
        bots[me] = WaitReader(bot_seed(seed, me), game, dodge)
    report = play_bot_game([b.level for b in bots], bots=bots, game=game)
    return variant, report.ranks[me], report.wins[me], report.deal_ins[me], report.hands


def _init(args: argparse.Namespace) -> None:
    global _ARGS
    _ARGS = args


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", default="31337")
    p.add_argument("--level", default="normal")
    p.add_argument("--against", default="easy")
    p.add_argument("--ruleset", default="tenhou")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    tasks = [(v, i) for v in VARIANTS for i in range(args.games)]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs, initializer=_init, initargs=(args,)) as pool:
        rows = pool.map(_play, tasks, chunksize=4)
    out: dict[str, object] = {"games": args.games, "seed": args.seed, "against": args.against}
    for v in VARIANTS:
        mine = [r for r in rows if r[0] == v]
        ranks = [r[1] for r in mine]
        hands = sum(r[4] for r in mine)
        name = args.level if v == "level" else v
        out[name] = {
            "average_placement": round(sum(ranks) / len(ranks), 3),
            "places": [round(ranks.count(k) / len(ranks), 3) for k in (1, 2, 3)],
            "win_rate": round(sum(r[2] for r in mine) / hands, 3),
            "deal_in_rate": round(sum(r[3] for r in mine) / hands, 3),
        }
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
