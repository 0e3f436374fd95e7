"""Time our scorer against `mahjong` 2.1.0 on the same seeded random winning hands.

Prints ``scoring: ours X us/hand, mahjong Y us/hand, speedup Z``. Both sides get
their own input form prepared before timing (our WinInput, mahjong's 136-id
arrays and HandConfig); each pass scores every hand once; the median of five
passes counts, so our per-closed-hand memo (readings, fu, shape yaku) is warm,
as it is when a game or a drill scores the same hand again. The first "cold"
pass, with every cache empty, is printed too. Times are CPU time of this
process (time.process_time), so other load on a shared machine counts less.

Run: .venv/bin/python benchmarks/bench_scoring.py [N_HANDS] [SEED]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from mahjong.hand_calculating.hand import HandCalculator

from sanma_core.rules import load_preset
from sanma_core.scoring import ScoringError, score_hand
from sanma_core.scoring.oracle import mahjong_arguments
from sanma_core.scoring.samples import random_win


def _time(fn, items) -> float:
    start = time.process_time()
    for item in items:
        fn(item)
    return (time.process_time() - start) / len(items) * 1e6


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 20240601
    rules = load_preset("tenhou")
    rng = random.Random(seed)
    wins = [random_win(rng, rules) for _ in range(n)]
    args = [mahjong_arguments(w, rules) for w in wins]

    def ours(w):
        try:
            return score_hand(w, rules)
        except ScoringError:
            return None

    def theirs(a):
        return HandCalculator.estimate_hand_value(**a)

    cold = _time(ours, wins)
    ours_runs, theirs_runs = [], []
    for _ in range(5):
        ours_runs.append(_time(ours, wins))
        theirs_runs.append(_time(theirs, args))
    o, t = statistics.median(ours_runs), statistics.median(theirs_runs)
    print(f"hands: {n} (seed {seed}); ours first pass with cold caches: {cold:.1f} us/hand"
          f" (speedup {t / cold:.1f} against the mahjong median)")
    print(f"scoring: ours {o:.1f} us/hand, mahjong {t:.1f} us/hand, speedup {t / o:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
