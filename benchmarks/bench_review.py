"""Reviewing a whole real hanchan for one player (the hard bot's comparison and the moments included).

Run: ``.venv/bin/python benchmarks/bench_review.py [--games N]``. Reviews N real
Phoenix-room games from ``../shared/data`` for one player each (seat = game
number mod 3) and prints the median and the slowest wall-clock seconds per
game, beside the bare re-play of the same record (the floor the review builds on).
The median must stay at or under 2 s.

Then it steps through each game as the Review page does (:func:`replay_to` at seeded
random steps, every step of the game equally likely, after the first step that keeps the
snapshots): the median step must stay at or under 30 ms. The one-off cost of keeping the
snapshots and a step re-played from the start (:func:`replay_from_start`, what a step cost
before) are printed beside it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.review.record import replay_from_start, replay_to, review_record  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"
LIMIT_S = 2.0
STEP_LIMIT_MS = 30.0
STEPS_PER_GAME = 40


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        texts = [line for _, line in zip(range(args.games), fh, strict=False)]
    review_record(texts[0], "tenhou", [0])  # warm-up: imports, tables, caches
    review_times, replay_times = [], []
    for n, text in enumerate(texts):
        start = time.perf_counter()
        read_record(text, "tenhou")
        replay_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        review = review_record(text, "tenhou", [n % 3])
        review_times.append(time.perf_counter() - start)
        json.dumps(review.to_json())
    median = statistics.median(review_times)
    print(f"games: {len(texts)}  review median {median:.2f} s  max {max(review_times):.2f} s  "
          f"(re-play alone: median {statistics.median(replay_times) * 1000:.0f} ms)")
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


if __name__ == "__main__":
    raise SystemExit(main())
