"""Reviewing a whole real hanchan for one player, everything included.

Run: ``.venv/bin/python benchmarks/bench_review.py [--games N]``. Reviews N real
Phoenix-room games from ``../shared/data`` for one player each (seat = game
number mod 3), everything the Review page and ``sanma review --json`` use: the
decisions beside the hard bot, every decision graded by the decision model, the
moments, the positions kept for stepping and the JSON. It prints the median and
the slowest wall-clock seconds per game, beside the bare re-play of the same
record (the floor the review builds on). The median must stay at or under 1 s.

Then it steps through each game as the Review page does (:func:`replay_to` at seeded
random steps, every step of the game equally likely, after the first step that keeps the
snapshots): the median step must stay at or under 30 ms. The one-off cost of keeping the
snapshots and a step re-played from the start (:func:`replay_from_start`, what a step cost
before) are printed beside it.

``--grades`` checks every graded decision of the N games instead (probabilities summing to 1, the
player's choice among the options, the grade recomputed from its definition, the match rate the share
of "agrees") and prints the grade shares per decision kind; ``--jobs J`` spreads the games over J
processes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.review.record import replay_from_start, replay_to, review_record  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"
LIMIT_S = 1.0
STEP_LIMIT_MS = 30.0
STEPS_PER_GAME = 40


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--grades", action="store_true", help="check and count the grades instead of timing")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --grades")
    args = parser.parse_args(argv)
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        texts = [line for _, line in zip(range(args.games), fh, strict=False)]
    if args.grades:
        return _grades(texts, args.jobs)
    review_record(texts[0], "tenhou", [0], positions=True)  # warm-up: imports, tables, caches
    review_times, cpu_times, replay_times = [], [], []
    for n, text in enumerate(texts):
        start = time.perf_counter()
        read_record(text, "tenhou")
        replay_times.append(time.perf_counter() - start)
        start, cpu = time.perf_counter(), time.process_time()
        review = review_record(text, "tenhou", [n % 3], positions=True)
        json.dumps(review.to_json())
        review_times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
    median = statistics.median(review_times)
    print(f"a reviewed hanchan, one player, everything included: {len(texts)} games  median {median:.2f} s  "
          f"max {max(review_times):.2f} s  (CPU time: median {statistics.median(cpu_times):.2f} s; re-play alone: "
          f"median {statistics.median(replay_times) * 1000:.0f} ms)")
    print(f"limit: median ≤ {LIMIT_S:.1f} s — {'ok' if median <= LIMIT_S else 'TOO SLOW'}")
    step_ms, first_ms, from_start_ms = _stepping(texts)
    step_median = statistics.median(step_ms)
    print(f"review steps: {len(step_ms)} in {len(texts)} games  median {step_median:.2f} ms  "
          f"max {max(step_ms):.2f} ms  (first step, keeping the snapshots: median "
          f"{statistics.median(first_ms):.0f} ms; a step re-played from the start: median "
          f"{statistics.median(from_start_ms):.0f} ms)")
    print(f"limit: step median ≤ {STEP_LIMIT_MS:.0f} ms — {'ok' if step_median <= STEP_LIMIT_MS else 'TOO SLOW'}")
    return 0 if median <= LIMIT_S and step_median <= STEP_LIMIT_MS else 1


def _stepping(texts: list[str]) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds of each step, of each game's first step, and of a few steps re-played from the start."""
    rng = random.Random(20240601)
    step_ms, first_ms, from_start_ms = [], [], []
    for text in texts:
        start = time.perf_counter()
        total = len(replay_to(text, "tenhou", 10**9).history)  # the first step keeps the snapshots
        first_ms.append((time.perf_counter() - start) * 1000)
        for _ in range(STEPS_PER_GAME):
            step = rng.randrange(total + 1)
            start = time.perf_counter()
            replay_to(text, "tenhou", step)
            step_ms.append((time.perf_counter() - start) * 1000)
        for step in (rng.randrange(total + 1) for _ in range(2)):
            start = time.perf_counter()
            replay_from_start(text, "tenhou", step)
            from_start_ms.append((time.perf_counter() - start) * 1000)
    return step_ms, first_ms, from_start_ms


def _check(n_text: tuple[int, str]) -> tuple[Counter, Counter, int]:
    """One game's graded decisions checked against their definitions; (grade counts by kind, not modelled, n)."""
    n, text = n_text
    review = review_record(text, "tenhou", [n % 3], moments=False)
    data = review.to_json()
    grades: Counter = Counter()
    for h in data["hands"]:
        for d in h["graded"]:
            probs = {o["action"]: o["p"] for o in d["options"]}
            top = max(probs.values())
            mine = probs[d["player"]]  # the player's choice is among the options (a KeyError otherwise)
            assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-3), (n, d)
            assert probs[d["model"]] == top, (n, d)
            expected = ("agrees" if d["player"] == d["model"] else "big mistake" if mine < 0.05 and top >= 0.5
                        else "fine" if mine >= top / 5 else "mistake")
            assert d["grade"] == expected, (n, d)
            grades[d["kind"], d["grade"]] += 1
    total = sum(grades.values())
    if total:
        agrees = sum(v for (_, g), v in grades.items() if g == "agrees")
        assert data["match"] == round(agrees / total, 4), n
    return grades, Counter(data["unmodelled"]), total


def _grades(texts: list[str], jobs: int) -> int:
    grades: Counter = Counter()
    unmodelled: Counter = Counter()
    start = time.perf_counter()
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        for g, u, _ in pool.map(_check, enumerate(texts), chunksize=4):
            grades.update(g)
            unmodelled.update(u)
    kinds = sorted({k for k, _ in grades})
    names = ("agrees", "fine", "mistake", "big mistake")
    print(f"{len(texts)} games, one player each: every graded decision checked "
          f"({time.perf_counter() - start:.0f} s)")
    print(f"{'kind':<10}{'decisions':>10}" + "".join(f"{g:>13}" for g in names))
    for k in [*kinds, "all"]:
        row = {g: sum(v for (kk, gg), v in grades.items() if gg == g and k in (kk, "all")) for g in names}
        n = sum(row.values())
        print(f"{k:<10}{n:>10}" + "".join(f"{100 * row[g] / n:>12.1f}%" for g in names))
    print("not graded (no model yet): " + ", ".join(f"{k} {v}" for k, v in sorted(unmodelled.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
