"""Generation time per drill type: p95 must stay at or under 20 ms.

Run: ``.venv/bin/python benchmarks/bench_drills.py [--seeds N] [--ruleset NAME]``.
Times ``drills.generate`` over N seeds at each difficulty (after one warm-up
question per type) and prints p50 / p95 / max wall-clock milliseconds (the
limit applies to these) and the p95 of CPU time, which a busy machine does not inflate.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drills import DRILL_TYPES, generate  # noqa: E402
from sanma_core.rules import get_ruleset  # noqa: E402

LIMIT_MS = 20.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--ruleset", default="tenhou")
    args = parser.parse_args(argv)
    rules = get_ruleset(args.ruleset)
    failed = []
    print(f"{'drill':<15} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'p95 cpu':>8}")
    for drill_type in DRILL_TYPES:
        generate(drill_type, rules, 10**6, 1)  # warm-up: imports and engine tables
        times, cpu = [], []
        for difficulty in (1, 2, 3):
            for seed in range(args.seeds):
                t0, c0 = time.perf_counter(), time.process_time()
                generate(drill_type, rules, seed, difficulty)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
        p95 = percentile(times, 95)
        print(f"{drill_type:<15} {len(times):>5} {percentile(times, 50):>8.2f} {p95:>8.2f} {max(times):>8.2f}"
              f" {percentile(cpu, 95):>8.2f}")
        if p95 > LIMIT_MS:
            failed.append(drill_type)
    if failed:
        print(f"p95 above {LIMIT_MS} ms: {', '.join(failed)}")
        return 1
    print(f"every drill type: p95 ≤ {LIMIT_MS} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
