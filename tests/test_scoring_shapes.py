"""The per-suit split tables agree with a direct search of every split."""

from __future__ import annotations

import random

from sanma_core.scoring.shapes import _split_suit, suit_decompositions, tables


def _search(counts9: tuple[int, ...]) -> tuple:
    out: set = set()
    _split_suit(list(counts9), 0, -1, [], out)
    return tuple(sorted(out))


def test_every_table_pattern_matches_the_search() -> None:
    tb = tables()
    assert len(tb.pin) == len(tb.sou) == len(tb.pairs) > 20000
    for pattern in tb.pin:
        assert suit_decompositions(pattern) == _search(pattern), pattern


def test_patterns_outside_the_table() -> None:
    rng = random.Random(11)
    missing = 0
    for _ in range(4000):
        pattern = tuple(rng.choice((0, 0, 0, 1, 2, 3, 4, 5)) for _ in range(9))
        found = suit_decompositions(pattern)
        assert found == _search(pattern), pattern
        missing += pattern not in tables().pin
    assert missing > 2000
    assert suit_decompositions((6, 1, 1, 0, 0, 0, 0, 0, 0)) == ((0, ((0, 0), (1, 0))),)
