"""The explanation's reading shows the hand's own tiles: its groups and pair hold the physical tiles, red fives included."""

from __future__ import annotations

import random
from collections import Counter

from sanma_core.rules import load_preset
from sanma_core.tiles import RED_5P, RED_5S, parse_tiles
from testkit.samples import scored_random_wins


def test_reading_groups_hold_the_physical_tiles_with_red_fives():
    rules = load_preset("tenhou")
    rng = random.Random(20261130)
    checked = reds = 0
    for win, result in scored_random_wins(rng, rules, 1500):
        reading = result.explanation["reading"]
        if reading["form"] == "regular":
            texts = [g["tiles"] for g in reading["groups"]] + [reading["pair"]]
        elif reading["form"] == "chiitoitsu":
            texts = reading["pairs"]
        else:
            continue
        shown = Counter(t for text in texts for t in parse_tiles(text))
        held = Counter([*win.hand, *(t for m in win.melds for t in m.tiles)])
        assert shown == held, (texts, win)
        checked += 1
        reds += held[RED_5P] + held[RED_5S]
    assert checked >= 1000 and reds >= 200
