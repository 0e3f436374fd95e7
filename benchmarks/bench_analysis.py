"""Time our shanten and discard table against the `mahjong` package on the same hands.

    .venv/bin/python benchmarks/bench_analysis.py [--hands 20000] [--oracle-tables 400]

Hands: 20,000 seeded random sanma hands (13 and 14 tiles alternating).

Our analysis reads per-suit lookup tables that are decoded lazily into memo
dicts (one entry per suit or honour pattern, never per hand). Two states are
timed, and both are printed:

* steady state (the first two lines): before each timed pass the memo dicts
  are emptied and then filled by a pass over 20,000 *other* random hands
  (another seed), as in a long-running process; the timed hands themselves
  are new to it;
* cold start (the ``#`` line): the memo dicts are emptied right before each
  timed pass, so every new suit pattern is decoded inside the timing.

The packed suit table itself is decoded beforehand; its load time is printed.
The brute-force discard table of `mahjong` (one shanten call per discard and
per possible draw) is timed on a subset; the per-hand figures stay comparable.
Each figure is the median of ``--repeat`` passes; our passes and the
oracle's alternate, so both sides see the same machine load, and the speedup
is the median of the per-round ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.shanten import Shanten  # noqa: E402

from sanma_core.analysis import clear_caches, discard_options, shanten  # noqa: E402
from sanma_core.analysis.tables import load_table  # noqa: E402

SANMA = [0, 8, *range(9, 34)]
WALL = [k for k in SANMA for _ in range(4)]
SEED = 20240601


def make_hands(n: int, seed: int = SEED) -> tuple[list[list[int]], list[list[int]]]:
    """(hands of 13/14 tiles alternating, the same hands each made 14 tiles by one more draw)."""
    rng = random.Random(seed)
    hands, drawn = [], []
    for i in range(n):
        tiles = rng.sample(WALL, 14)
        counts = [0] * 34
        for t in tiles[: 13 + i % 2]:
            counts[t] += 1
        full = [0] * 34
        for t in tiles:
            full[t] += 1
        hands.append(counts)
        drawn.append(full)
    return hands, drawn


def oracle_shanten(counts: list[int]) -> int:
    return Shanten.calculate_shanten(counts, is_three_player=True)


def oracle_discard_table(counts: list[int]) -> list[tuple[int, int, list[int], int]]:
    """Brute force with `mahjong`: for each distinct discard, shanten and every draw that lowers it."""
    rows = []
    for d in SANMA:
        if not counts[d]:
            continue
        counts[d] -= 1
        base = oracle_shanten(counts)
        useful = []
        for k in SANMA:
            if counts[k] + (k == d) >= 4:
                continue
            counts[k] += 1
            if oracle_shanten(counts) < base:
                useful.append(k)
            counts[k] -= 1
        counts[d] += 1
        rows.append((d, base, useful, sum(4 - counts[k] for k in useful)))
    return rows


def timed(run, before=None) -> float:  # noqa: ANN001
    if before is not None:
        before()
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def rounds(repeat: int, ours, theirs, n_ours: int, n_theirs: int, before=clear_caches) -> tuple[float, float, float]:  # noqa: ANN001
    """Alternate passes of ours (after ``before``) with passes of theirs: (median us/hand ours, theirs, median ratio)."""
    ours_t, theirs_t, ratios = [], [], []
    for _ in range(repeat):
        a = timed(ours, before) / n_ours * 1e6
        b = timed(theirs) / n_theirs * 1e6
        ours_t.append(a)
        theirs_t.append(b)
        ratios.append(b / a)
    return statistics.median(ours_t), statistics.median(theirs_t), statistics.median(ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--oracle-tables", type=int, default=400, help="hands for the mahjong discard table")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    load_table()
    load_ms = (time.perf_counter() - start) * 1000
    hands, drawn = make_hands(args.hands)

    # correctness first: the two sides must agree on what is being timed
    mismatches = sum(shanten(c) != oracle_shanten(c) for c in hands[:2000])
    subset = drawn[: args.oracle_tables]
    for counts in subset[:50]:
        ours = [(d.tile, d.shanten, list(d.ukeire.tiles), d.ukeire.count) for d in discard_options(counts)]
        if ours != oracle_discard_table(list(counts)):
            mismatches += 1
    if mismatches:
        print(f"MISMATCH: {mismatches} hands disagree with mahjong", file=sys.stderr)
        return 1

    def ours_shanten() -> None:
        for c in hands:
            shanten(c)

    def theirs_shanten() -> None:
        for c in hands:
            oracle_shanten(c)

    def ours_tables() -> None:
        for c in drawn:
            discard_options(c)

    def theirs_tables() -> None:
        for c in subset:
            oracle_discard_table(list(c))

    other_hands, other_drawn = make_hands(args.hands, SEED + 1)

    def steady() -> None:
        """Empty the memo dicts, then fill them from other hands (13, 14 and drawn 14-tile tables)."""
        clear_caches()
        for c in other_hands:
            shanten(c)
        for c in other_drawn[: len(other_drawn) // 4]:
            discard_options(c)

    n = len(hands)
    table_rounds = max(1, args.repeat // 2)
    ours_s, theirs_s, speed_s = rounds(args.repeat, ours_shanten, theirs_shanten, n, n, steady)
    ours_d, theirs_d, speed_d = rounds(table_rounds, ours_tables, theirs_tables, n, len(subset), steady)
    cold_s, _, cold_speed_s = rounds(args.repeat, ours_shanten, theirs_shanten, n, n)
    cold_d, _, cold_speed_d = rounds(table_rounds, ours_tables, theirs_tables, n, len(subset))

    print(f"shanten: ours {ours_s:.2f} us/hand, mahjong {theirs_s:.2f} us/hand, speedup {speed_s:.1f}")
    print(f"discards: ours {ours_d:.1f} us/hand, mahjong {theirs_d:.1f} us/hand, speedup {speed_d:.1f}")
    print(
        f"# cold start (memo dicts emptied before each pass): shanten ours {cold_s:.2f} us/hand, "
        f"speedup {cold_speed_s:.1f}; discards ours {cold_d:.1f} us/hand, speedup {cold_speed_d:.1f}"
    )
    print(
        f"# {n} seeded random hands (seed {SEED}); steady state = memo dicts filled from {n} other hands "
        f"(seed {SEED + 1}) before each pass; medians of {args.repeat} alternating rounds; "
        f"mahjong discard table on the first {len(subset)} of the {n} 14-tile hands (brute force is slow); "
        f"suit table load {load_ms:.0f} ms (once per process)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
