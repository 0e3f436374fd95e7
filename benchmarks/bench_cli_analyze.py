"""Pipe 10,000 JSON lines through the real `sanma analyze` and print the wall time.

    .venv/bin/python benchmarks/bench_cli_analyze.py [--lines 10000]

The lines are seeded random sanma hands: 13- and 14-tile closed hands, some
with kita, and some with one or two pons (fewer concealed tiles). The time
includes interpreter start-up and the suit table load. Besides the wall time
it prints the command's CPU time (user + system, workers included) and the
load average, since on a shared machine the wall time depends on what else
runs. The command runs twice: with its default ``--jobs`` (a big batch goes
to worker processes on the idle CPUs) and with ``--jobs 1`` (one process).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sanma_core.commands.jsonl import default_jobs  # noqa: E402
from sanma_core.tiles import NORTH, format_tiles  # noqa: E402

SANMA = [0, 8, *range(9, 34)]
SEED = 20240601


def make_lines(n: int, seed: int = SEED) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for i in range(n):
        wall = [k for k in SANMA for _ in range(4)]
        rng.shuffle(wall)
        request: dict[str, object] = {}
        melds = []
        if i % 5 == 4:  # one or two pons
            for kind in rng.sample(SANMA, rng.randint(1, 2)):
                for _ in range(3):
                    wall.remove(kind)
                melds.append(f"pon:{format_tiles([kind] * 3)}")
        size = 13 - 3 * len(melds) + i % 2
        hand = wall[:size]
        if i % 7 == 3 and not melds:
            spare = 4 - hand.count(NORTH)
            request["kita"] = rng.randint(0, spare)
        request["hand"] = format_tiles(hand)
        if melds:
            request["melds"] = melds
        lines.append(json.dumps(request))
    return lines


def run_once(text: str, n: int, extra: list[str]) -> tuple[float, float, int] | None:
    """(wall seconds, CPU seconds of the command and its workers, answers ok), or None on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "sanma_core", "analyze", *extra], input=text.encode(), capture_output=True, cwd=ROOT
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    if result.returncode != 0 or len(answers) != n:
        print(f"FAILED: exit {result.returncode}, {len(answers)} answers for {n} lines", file=sys.stderr)
        print(result.stderr.decode()[-2000:], file=sys.stderr)
        return None
    return wall, cpu, sum(1 for a in answers if a.get("ok"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=10000)
    args = parser.parse_args(argv)
    text = "\n".join(make_lines(args.lines)) + "\n"
    for label, extra in (("cli analyze", []), ("cli analyze --jobs 1", ["--jobs", "1"])):
        measured = run_once(text, args.lines, extra)
        if measured is None:
            return 1
        wall, cpu, ok = measured
        print(
            f"{label}: {args.lines} lines in {wall:.2f} s wall, {cpu:.2f} s CPU "
            f"({args.lines / wall:.0f} lines/s, {ok} ok; load average {os.getloadavg()[0]:.1f})"
        )
    print(f"# default --jobs here and now: {default_jobs()} (the CPUs idle when a big batch starts)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
