"""Play style figures (:mod:`sanma_core.bots.style`): counted from the replayed actions, checked against the
game's own mjai events, and compared within 20%."""

from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest

from sanma_core.bots.arena import play_bot_game
from sanma_core.bots.style import StyleCounter, compare, style_of_records
from sanma_core.game import GameMode
from sanma_core.game.records import read_record

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"


def _event_counts(game) -> tuple[Counter, int]:
    """The figures read off the game's mjai events instead of its actions and results."""
    kinds = Counter(e["type"] for e in game.events)
    deal_ins, targets = 0, set()
    for e in game.events:
        if e["type"] == "start_kyoku":
            deal_ins, targets = deal_ins + len(targets), set()
        elif e["type"] == "hora" and e["actor"] != e["target"]:
            targets.add(e["target"])
    deal_ins += len(targets)
    return Counter(riichi=kinds["reach"], kita=kinds["nukidora"], pon=kinds["pon"], win=kinds["hora"],
                   deal_in=deal_ins), 3 * kinds["start_kyoku"]


def test_real_games_count_what_their_events_show():
    with gzip.open(DEV, "rt", encoding="utf-8") as fh:
        texts = [line for _, line in zip(range(3), fh, strict=False)]
    counter = style_of_records(texts)
    expected, seat_hands = Counter(), 0
    for text in texts:
        counts, n = _event_counts(read_record(text).game)
        expected.update(counts)
        seat_hands += n
    assert counter.games == 3 and counter.seat_hands == seat_hands > 0
    for k in ("riichi", "kita", "pon", "win", "deal_in"):
        assert counter.counts[k] == expected[k], k
    assert counter.per_hand()["kita"] == pytest.approx(expected["kita"] / seat_hands)


def test_a_bot_games_history_counts_as_its_events():
    report = play_bot_game(["hard"] * 3, "tenhou", GameMode("tonpuusen"), seed="style-test")
    counter = StyleCounter()
    counter.add_played(report.game)
    expected, seat_hands = _event_counts(report.game)
    assert counter.seat_hands == seat_hands and counter.counts["kita"] == expected["kita"]
    assert counter.counts["riichi"] == expected["riichi"] and counter.counts["pon"] == expected["pon"]


def test_compare_says_within_twenty_percent():
    table = compare({"riichi": 0.25, "kita": 0.8, "pon": 0.3, "win": 0.28, "deal_in": 0.15},
                    {"riichi": 0.30, "kita": 0.97, "pon": 0.24, "win": 0.28, "deal_in": None})
    assert table["riichi"]["within_20"] and table["riichi"]["relative"] == pytest.approx(0.2)
    assert not table["kita"]["within_20"] and table["pon"]["within_20"] and table["win"]["relative"] == 0
    assert table["deal_in"]["relative"] is None and not table["deal_in"]["within_20"]
