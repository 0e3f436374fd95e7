"""Reviewing a whole real hanchan for one player (the hard bot's comparison and the moments included).

Run: ``.venv/bin/python benchmarks/bench_review.py [--games N]``. Reviews N real
Phoenix-room games from ``../shared/data`` for one player each (seat = game
number mod 3) and prints the median and the slowest wall-clock seconds per
game, beside the bare re-play of the same record (the floor the review builds on).
The median must stay at or under 2 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.review.record import review_record  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"
LIMIT_S = 2.0


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
    return 0 if median <= LIMIT_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
