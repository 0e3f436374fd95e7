"""Time our scorer against `mahjong` 2.1.0 on the same seeded random winning hands.

Prints ``scoring: ours X us/hand, mahjong Y us/hand, speedup Z``: every hand is
scored for the first time. Each of five passes first clears every scoring cache
(:func:`sanma_core.scoring.hand.clear_caches`) and then scores every hand once,
ours and mahjong taking turns every 250 hands so that the load of a shared machine
falls on both alike; the medians of the passes count. Both sides get their own
input form prepared before timing (our WinInput, mahjong's 136-id arrays and
HandConfig). The
per-suit split tables are complete tables of every 9-count pattern, not a memo of
the hands seen: they are built once before timing, and the build time is printed.

Further lines, labelled, give the cold figure when the explanation is read too
(``to_json()``: the reading, fu lines and worded payment steps are built only when
read; timed in passes of their own after the others) and the warm figure: the same
hands scored again straight after a cold pass, without clearing; scoring keeps no
memo of hands, so it matches the cold figure.
Times are CPU time of this process (time.process_time), so other load on a shared
machine counts less.

Run: .venv/bin/python benchmarks/bench_scoring.py [N_HANDS] [SEED]
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # testkit lives at the top level

from mahjong.hand_calculating.hand import HandCalculator

from sanma_core.rules import load_preset
from sanma_core.scoring import ScoringError, score_hand
from sanma_core.scoring.compiled import packed_tables
from sanma_core.scoring.hand import clear_caches
from testkit.oracle import mahjong_arguments
from testkit.samples import random_win

PASSES = 5
CHUNK = 250  # hands per slice: ours and mahjong alternate slice by slice, so load spikes hit both


def _time(fn: Callable, items: Sequence, clear: bool) -> float:
    if clear:
        clear_caches()
    gc.collect()
    start = time.process_time()
    for item in items:
        fn(item)
    return (time.process_time() - start) / len(items) * 1e6


def _paired_pass(ours: Callable, wins: Sequence, theirs: Callable, args: Sequence) -> tuple[float, float]:
    """One pass over every hand for both sides, caches cleared first; us/hand for each."""
    clear_caches()
    gc.collect()
    mine = other = 0.0
    for start in range(0, len(wins), CHUNK):
        t0 = time.process_time()
        for w in wins[start:start + CHUNK]:
            ours(w)
        t1 = time.process_time()
        for a in args[start:start + CHUNK]:
            theirs(a)
        t2 = time.process_time()
        mine += t1 - t0
        other += t2 - t1
    return mine / len(wins) * 1e6, other / len(wins) * 1e6


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 20240601
    rules = load_preset("tenhou")
    rng = random.Random(seed)
    wins = [random_win(rng, rules) for _ in range(n)]
    args = [mahjong_arguments(w, rules) for w in wins]
    start = time.process_time()
    packed_tables()  # the split tables and the packed facts of each entry
    build_ms = (time.process_time() - start) * 1e3

    def ours(w):
        try:
            return score_hand(w, rules).total
        except ScoringError:
            return None

    def ours_json(w):
        try:
            return score_hand(w, rules).to_json()
        except ScoringError:
            return None

    def theirs(a):
        return HandCalculator.estimate_hand_value(**a)

    cold, warm, theirs_runs, cold_json = [], [], [], []
    for _ in range(PASSES):
        mine, other = _paired_pass(ours, wins, theirs, args)
        cold.append(mine)
        theirs_runs.append(other)
        warm.append(_time(ours, wins, clear=False))  # straight after the cold pass
    for _ in range(PASSES):  # apart: building explanations leaves the allocator in another state
        cold_json.append(_time(ours_json, wins, clear=True))
    o, t = statistics.median(cold), statistics.median(theirs_runs)
    oj, w = statistics.median(cold_json), statistics.median(warm)
    print(f"hands: {n} (seed {seed}); {PASSES} passes, medians; split tables built once in {build_ms:.0f} ms")
    print(f"scoring: ours {o:.1f} us/hand, mahjong {t:.1f} us/hand, speedup {t / o:.1f}")
    print(f"cold with the explanation read (to_json): ours {oj:.1f} us/hand, speedup {t / oj:.1f}")
    print(f"warm (the same hands again, caches not cleared): ours {w:.1f} us/hand, speedup {t / w:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
