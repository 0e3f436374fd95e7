"""Shanten, waits and useful tiles against the `mahjong` package (three-player mode).

Shanten is compared on all 21,300 hands below (random, few-kind "four-copy
trap" hands, complete hands and complete-minus-one tenpai hands, seven pairs,
thirteen orphans, melded hands). This module also holds the case generators
and the brute force shared by the heavier comparisons, each split into
several tests so that they run on separate workers: waits and useful tiles on
20,001 13-tile-sized hands (test_analysis_oracle_waits.py) and whole
discard tables (test_analysis_oracle_discards.py).

The oracle sees only concealed counts, so melded hands here use meld and kita
kinds that cannot change the answer (absent from the hand and, in a suit, with
no concealed tile within two ranks). For waits and useful tiles even that is
not enough (a pon's last copy drawn is a single that can never pair), so those
comparisons see the melds as kans and at most one kita (:func:`oracle_safe`).
Melds and kita that do matter are covered by the definition checks in
test_analysis_melds.py and hand-written cases in test_analysis_shape.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahjong.shanten import Shanten

from sanma_core.analysis import discard_options, regular_shanten, shanten, ukeire, waits
from sanma_core.tiles import NORTH, kind_name

SANMA = [0, 8, *range(9, 34)]
SUITED = [*range(9, 18), *range(18, 27)]
WALL = [k for k in SANMA for _ in range(4)]


_ORACLE_MEMO: dict[tuple[int, ...], int] = {}


def oracle(counts: list[int]) -> int:
    """mahjong's three-player shanten (remembered per count vector: the same hand recurs in drawn variants)."""
    key = tuple(counts)
    value = _ORACLE_MEMO.get(key)
    if value is None:
        value = _ORACLE_MEMO[key] = Shanten.calculate_shanten(counts, is_three_player=True)
    return value


def oracle_regular(counts: list[int]) -> int:
    return Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False, is_three_player=True)


def counts_of(tiles: list[int]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def random_hand(rng: random.Random, size: int) -> list[int]:
    return counts_of(rng.sample(WALL, size))


def concentrated_hand(rng: random.Random, size: int) -> list[int]:
    """Few kinds, so quads and 'fifth copy' situations are common."""
    kinds = rng.sample(SANMA, rng.randint(4, 7))
    if rng.random() < 0.5:  # mostly one suit: long connected shapes
        start = rng.choice((9, 18))
        kinds = rng.sample(range(start, start + 9), rng.randint(4, 6)) + rng.sample(SANMA, 1)
    pool = [k for k in set(kinds) for _ in range(4)]
    return counts_of(rng.sample(pool, min(size, len(pool))))


def complete_hand(rng: random.Random, sets: int, suits: tuple[int, ...] | None = None) -> list[int]:
    """A complete hand of ``sets`` sets and a pair (sequences only in dots and bamboo)."""
    while True:
        counts = [0] * 34
        ok = True
        for _ in range(sets):
            if rng.random() < 0.6:
                start = rng.choice(suits or (9, 18)) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                k = rng.choice(SANMA if suits is None else [s + r for s in suits for r in range(9)])
                counts[k] += 3
        pair = rng.choice(SANMA if suits is None else [s + r for s in suits for r in range(9)])
        counts[pair] += 2
        ok = max(counts) <= 4
        if ok:
            return counts


def minus_random_tile(rng: random.Random, counts: list[int]) -> list[int]:
    out = list(counts)
    k = rng.choice([k for k in SANMA for _ in range(out[k])])
    out[k] -= 1
    return out


def seven_pairs_hand(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for k in rng.sample(SANMA, 7):
        counts[k] = 2
    return counts


def kokushi_hand(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for k in (0, 8, 9, 17, 18, 26, *range(27, 34)):
        counts[k] = 1
    counts[rng.choice((0, 8, 9, 17, 18, 26, *range(27, 34)))] += 1
    return counts


def harmless_outside(rng: random.Random, counts: list[int], melds: int) -> list[int]:
    """Melds (and kita) on kinds the concealed hand cannot use anyway."""
    outside = [0] * 34

    def harmless(k: int) -> bool:
        if counts[k] or outside[k]:
            return False
        if k in SUITED:
            base = 9 if k < 18 else 18
            return not any(counts[j] for j in range(max(base, k - 2), min(base + 9, k + 3)))
        return True

    for _ in range(melds):
        candidates = [k for k in SANMA if harmless(k) and k != NORTH]
        if not candidates:
            break
        outside[rng.choice(candidates)] = rng.choice((3, 4))
    if not counts[NORTH] and not outside[NORTH] and rng.random() < 0.5:
        outside[NORTH] = rng.randint(1, 3)
    return outside


def hand_cases(seed: int) -> Iterator[tuple[str, list[int], list[int] | None]]:
    """(label, concealed counts, outside or None): 20,000+ hands in all."""
    rng = random.Random(seed)
    for i in range(8000):
        yield "random", random_hand(rng, 13 + i % 2), None
    for i in range(4000):
        yield "concentrated", concentrated_hand(rng, 13 + i % 2), None
    for _ in range(2500):
        yield "tenpai", minus_random_tile(rng, complete_hand(rng, 4)), None
    for _ in range(1000):
        yield "one-suit tenpai", minus_random_tile(rng, complete_hand(rng, 4, (rng.choice((9, 18)),))), None
    for _ in range(1000):
        yield "complete", complete_hand(rng, 4), None
    for _ in range(300):
        yield "seven pairs", minus_random_tile(rng, seven_pairs_hand(rng)), None
        yield "kokushi", minus_random_tile(rng, kokushi_hand(rng)), None
    for i in range(3600):
        melds = 1 + i % 4
        size = 13 - 3 * melds + (i // 4) % 2
        counts = random_hand(rng, size) if i % 3 else concentrated_hand(rng, size)
        yield "melds", counts, harmless_outside(rng, counts, melds)
    for i in range(600):
        melds = 1 + i % 3
        counts = minus_random_tile(rng, complete_hand(rng, 4 - melds))
        yield "melds tenpai", counts, harmless_outside(rng, counts, melds)


CASES = list(hand_cases(20240601))


def describe(counts: list[int], outside: list[int] | None) -> str:
    tiles = " ".join(kind_name(k) * 1 for k in SANMA for _ in range(counts[k]))
    extra = "" if outside is None else " outside " + " ".join(f"{kind_name(k)}x{n}" for k, n in enumerate(outside) if n)
    return tiles + extra


def test_case_mix_is_large_and_varied() -> None:
    labels = {label for label, _, _ in CASES}
    assert len(CASES) >= 20000
    assert labels >= {"random", "concentrated", "tenpai", "melds", "melds tenpai", "kokushi", "seven pairs"}
    assert sum(1 for _, c, _ in CASES if max(c) == 4) > 1000  # plenty of four-copy traps


def test_shanten_matches_oracle() -> None:
    wrong = [(label, describe(c, o), shanten(c, o), oracle(c)) for label, c, o in CASES if shanten(c, o) != oracle(c)]
    assert wrong == [], wrong[:5]


def test_regular_shanten_matches_oracle() -> None:
    sample = CASES[::4]
    wrong = [
        (describe(c, o), regular_shanten(c, o), oracle_regular(c))
        for _, c, o in sample
        if regular_shanten(c, o) != oracle_regular(c)
    ]
    assert wrong == [], wrong[:5]


def brute_force_useful(counts: list[int], outside: list[int] | None) -> tuple[int, list[int]]:
    base = oracle(counts)
    useful = []
    for k in SANMA:
        if counts[k] + (outside[k] if outside else 0) >= 4:
            continue
        counts[k] += 1
        if oracle(counts) < base:
            useful.append(k)
        counts[k] -= 1
    return base, useful


def waits_cases() -> list[tuple[str, list[int], list[int] | None]]:
    """20,001 13-tile-sized hands: those of :data:`CASES` and more from a second seed."""
    own = [case for case in CASES if sum(case[1]) % 3 == 1]
    more = [case for case in hand_cases(20240602) if sum(case[1]) % 3 == 1]
    need = 20001 - len(own)
    return own + [more[j * len(more) // need] for j in range(need)]  # spread over every kind of case


def oracle_safe(outside: list[int] | None) -> list[int] | None:
    """The same melds as kans and at most one kita: outside tiles the oracle may ignore even for draws.

    A pon leaves one copy of its kind: drawing it makes a single that can never
    pair, which the oracle (blind to melds) would still count as a wait.
    """
    if outside is None:
        return None
    safe = [4 if x else 0 for x in outside]
    safe[NORTH] = min(outside[NORTH], 1)  # three Norths left: a triplet or pair of them stays possible
    return safe


def check_useful(cases: list[tuple[str, list[int], list[int] | None]]) -> tuple[list[object], int]:
    """Compare ukeire and waits with the brute force; (disagreements, tenpai hands seen)."""
    wrong: list[object] = []
    tenpai_seen = 0
    for _, c, outside in cases:
        o = oracle_safe(outside)
        base, useful = brute_force_useful(c, o)
        got = ukeire(c, o)
        expected_waits = useful if base == 0 else []
        tenpai_seen += base == 0
        if list(got.tiles) != useful or waits(c, o) != expected_waits:
            wrong.append((describe(c, o), [kind_name(k) for k in got.tiles], [kind_name(k) for k in useful]))
        expected_count = sum(4 - c[k] - (o[k] if o else 0) for k in useful)
        if got.count != expected_count:
            wrong.append((describe(c, o), got.count, expected_count))
        if shanten(c, o) != base:
            wrong.append((describe(c, o), shanten(c, o), base))
    return wrong, tenpai_seen


def drawn_cases(label: str, count: int) -> list[tuple[list[int], list[int] | None]]:
    """14-tile-sized hands of one kind of case (13-tile-sized ones get one more random draw)."""
    rng = random.Random(label)
    cases = []
    for lab, c, o in CASES:
        if not lab.startswith(label):
            continue
        if sum(c) % 3 == 1:
            safe = oracle_safe(o)
            k = rng.choice([k for k in SANMA if c[k] + (safe[k] if safe else 0) < 4])
            c = [x + (j == k) for j, x in enumerate(c)]
        cases.append((c, o))
    return rng.sample(cases, min(count, len(cases)))


def check_discard_tables(cases: list[tuple[list[int], list[int] | None]]) -> list[object]:
    """Each discard's shanten, useful tiles and live count against the brute force."""
    wrong: list[object] = []
    for c, outside in cases:
        o = oracle_safe(outside)
        options = discard_options(c, o)
        if [d.tile for d in options] != [k for k in SANMA if c[k]]:
            wrong.append((describe(c, o), "discards", [d.tile for d in options]))
        for d in options:
            after = list(c)
            after[d.tile] -= 1
            base, useful = brute_force_useful(after, o)
            count = sum(4 - c[k] - (o[k] if o else 0) for k in useful)
            if (d.shanten, list(d.ukeire.tiles), d.ukeire.count) != (base, useful, count):
                wrong.append((describe(c, o), kind_name(d.tile), d, base, useful))
    return wrong


WAITS_PARTS = 3


def check_waits_part(part: int) -> None:
    """One of the WAITS_PARTS slices of the 20,001 waits cases (test_analysis_oracle_waits.py runs each as a test)."""
    cases = waits_cases()
    assert len(cases) >= 20000
    wrong, tenpai_seen = check_useful(cases[part - 1 :: WAITS_PARTS])
    assert tenpai_seen > 1000
    assert wrong == [], wrong[:5]


def check_discard_label(label: str) -> None:
    """Sixty drawn hands of one kind, whole discard tables against the oracle."""
    cases = drawn_cases(label, 60)
    assert len(cases) == 60
    assert check_discard_tables(cases) == []
