"""A seat's knowledge: visible tiles, tiles passed since a riichi and the seat's standing, checked against
the game's own event log while real games are re-played."""

from __future__ import annotations

import gzip
from pathlib import Path

from sanma_core.bots.knowledge import SeatKnowledge, passed_since, visible_counts, yakuhai_kinds
from sanma_core.bots.table import read_table
from sanma_core.game.records import read_record
from sanma_core.game.state import Phase
from sanma_core.rules import load_preset
from sanma_core.tiles import NORTH, from_mjai, kind

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"


def _from_events(events: list[dict], seat: int, hand: tuple[int, ...]) -> tuple[list[int], dict[int, set[int]]]:
    """Visible counts and, per riichi seat, the kinds passed since its riichi, from the mjai events of this hand."""
    start = max(i for i, e in enumerate(events) if e["type"] == "start_kyoku")
    visible = [0] * 34
    for t in hand:
        visible[kind(t)] += 1
    passed: dict[int, set[int]] = {}
    waiting: set[int] = set()  # riichi seats whose riichi tile is still to come
    for e in events[start:]:
        t = e["type"]
        if t in ("start_kyoku", "dora"):
            visible[kind(from_mjai(e["dora_marker"]))] += 1
        elif t == "reach":
            waiting.add(e["actor"])
        elif t == "dahai":
            actor, k = e["actor"], kind(from_mjai(e["pai"]))
            visible[k] += 1
            for r in passed:
                if r != actor:
                    passed[r].add(k)
            if actor in waiting:
                waiting.discard(actor)
                passed[actor] = set()
        elif t in ("pon", "daiminkan"):  # the called tile was counted in the pond
            visible[kind(from_mjai(e["pai"]))] += len(e["consumed"])
        elif t == "ankan":
            visible[kind(from_mjai(e["consumed"][0]))] += 4
        elif t == "kakan":
            visible[kind(from_mjai(e["pai"]))] += 1
        elif t in ("nukidora", "kita"):
            visible[NORTH] += 1
    return visible, passed


class _Check:
    def __init__(self) -> None:
        self.checked = self.passed_checked = 0
        self.bad: list[str] = []

    def before(self, game, action) -> None:
        if game.phase is not Phase.TURN:
            return
        seat = action.seat
        view = game.view(seat)
        want, passed = _from_events(game.events, seat, view.hand)
        got = visible_counts(view)
        self.checked += 1
        if got != want:
            self.bad.append(f"hand {game.hand_index} seat {seat}: {got} != {want}")
        for ps in view.seats:
            if ps.riichi and ps.riichi_ponds is not None and ps.seat in passed:
                self.passed_checked += 1
                if passed_since(view, ps.seat, ps.riichi_ponds) != passed[ps.seat]:
                    self.bad.append(f"hand {game.hand_index}: passed since seat {ps.seat}'s riichi")


def test_visible_tiles_and_passed_tiles_match_the_event_log():
    with gzip.open(DEV, "rt", encoding="utf-8") as fh:
        texts = [line for _, line in zip(range(2), fh, strict=False)]
    check = _Check()
    for text in texts:
        read_record(text, "tenhou", observers=[check])
    assert check.checked > 500 and check.passed_checked > 20
    assert not check.bad, check.bad[:3]


def test_standing_and_yakuhai():
    from sanma_core.game import Game

    game = Game(seed=4)
    view = game.view(0)
    know = SeatKnowledge.of(view, read_table(view), [])
    assert know.placement == 0 and know.lead == 0 and know.gap_up == 0 and know.riichi_threats == 0
    rules = load_preset("tenhou")
    assert yakuhai_kinds(rules, 2, 1) == frozenset({29, 28, 31, 32, 33})
    assert NORTH not in yakuhai_kinds(rules, 0, 0)
