"""Time the bots: per-decision latency and whole hanchan per second, one process and ``--jobs``.

Prints one JSON object:

* ``decision_ms``: median and p99 of ``Bot.decide`` per level, over the
  decisions of seeded hanchan with three bots of that level;
* ``single``: hanchan per second with three ``normal`` bots in this process,
  by wall clock and by CPU time (CPU time is the per-core figure when other
  programs share the machine);
* ``jobs``: the same games through ``sanma simulate``'s worker pool.

One warm-up hanchan fills the analysis caches first (as in any long simulation).

Run: .venv/bin/python benchmarks/bench_bots.py [GAMES] [JOBS] [SEED]; the hard bot alone over at least N decisions:
.venv/bin/python benchmarks/bench_bots.py --decisions N [SEED].
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time

from sanma_core.bots import LEVELS
from sanma_core.bots.arena import play_bot_game, settle_heap
from sanma_core.commands.simulate import Plan, run
from sanma_core.game import GameMode
from sanma_core.rules import get_ruleset

TARGETS = {"median_ms": 5.0, "p99_ms": 30.0, "max_ms": 200.0, "games_per_second_per_core": 2.0}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def decision_times(level: str, games: int, seed: str, at_least: int = 0) -> dict[str, float]:
    """Wall-clock and CPU milliseconds per decision (CPU time is what a busy machine cannot inflate), over
    ``games`` hanchan or more until ``at_least`` decisions are timed."""
    wall: list[float] = []
    cpu: list[float] = []
    i = 0
    while i < games or len(wall) < at_least:
        report = play_bot_game([level] * 3, "tenhou", GameMode("hanchan"), seed=f"{seed}/{level}/{i}",
                               time_decisions=True)
        wall += report.decision_times
        cpu += report.decision_cpu_times
        i += 1
        settle_heap()  # as the simulate workers do: keep the collector off the caches the games fill
    ms = [t * 1000 for t in wall]
    cpu_ms = [t * 1000 for t in cpu]
    return {"decisions": len(ms), "games": i, "median_ms": round(statistics.median(ms), 3),
            "p99_ms": round(_percentile(ms, 0.99), 3), "max_ms": round(max(ms), 3),
            "cpu_median_ms": round(statistics.median(cpu_ms), 3), "cpu_p99_ms": round(_percentile(cpu_ms, 0.99), 3),
            "cpu_max_ms": round(max(cpu_ms), 3)}


def single(games: int, seed: str) -> dict[str, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        play_bot_game(["normal"] * 3, "tenhou", GameMode("hanchan"), seed=f"{seed}/single/{i}")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games": games, "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
            "games_per_second": round(games / wall, 3), "games_per_cpu_second": round(games / cpu, 3)}


def pooled(games: int, jobs: int, seed: str) -> dict[str, float]:
    plan = Plan(games, f"{seed}/pool", ("normal", "normal", "normal"), get_ruleset("tenhou"), jobs, None, "hanchan")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    count = sum(1 for _ in run(plan))
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"games": count, "jobs": jobs, "seconds": round(wall, 2), "worker_cpu_seconds": round(cpu, 2),
            "games_per_second": round(count / wall, 3),
            "games_per_cpu_second": round(count / cpu, 3) if cpu > 0 else None}


def main(argv: list[str]) -> int:
    if "--decisions" in argv:  # the hard bot alone, over at least N decisions: ``--decisions 100000``
        at = argv.index("--decisions")
        n = int(argv[at + 1])
        seed = argv[at + 2] if len(argv) > at + 2 else "bench"
        play_bot_game(["hard"] * 3, "tenhou", GameMode("hanchan"), seed=f"{seed}/warm")
        settle_heap()
        hard = decision_times("hard", 1, seed, at_least=n)
        hard["meets"] = {"median": hard["median_ms"] <= TARGETS["median_ms"], "p99": hard["p99_ms"] <= TARGETS["p99_ms"],
                         "max": hard["max_ms"] <= TARGETS["max_ms"]}
        print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()], "hard": hard}, indent=2))
        return 0
    games = int(argv[0]) if argv else 6
    jobs = int(argv[1]) if len(argv) > 1 else 2
    seed = argv[2] if len(argv) > 2 else "bench"
    play_bot_game(["normal", "easy", "hard"], "tenhou", GameMode("hanchan"), seed=f"{seed}/warm")
    settle_heap()  # as the simulate workers do: keep the collector off the long-lived caches
    result: dict[str, object] = {"load_average": [round(x, 2) for x in os.getloadavg()]}
    result["decision_ms"] = {level: decision_times(level, max(1, games // 2), seed) for level in LEVELS}
    one = single(games, seed)
    result["single"] = one
    many = pooled(games * jobs, jobs, seed)
    result["jobs"] = many
    result["speedup"] = round(many["games_per_second"] / one["games_per_second"], 2)
    result["targets"] = TARGETS
    levels = result["decision_ms"].values()  # type: ignore[union-attr]
    result["meets"] = {
        "median": all(d["median_ms"] <= TARGETS["median_ms"] for d in levels),
        "p99": all(d["p99_ms"] <= TARGETS["p99_ms"] for d in levels),
        "cpu_p99": all(d["cpu_p99_ms"] <= TARGETS["p99_ms"] for d in levels),
        "max": all(d["max_ms"] <= TARGETS["max_ms"] for d in levels),
        "per_core": one["games_per_cpu_second"] >= TARGETS["games_per_second_per_core"],
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
