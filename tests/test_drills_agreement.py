"""The measure of each decision drill against real play (:mod:`drills.agreement`): it sorts positions into the
drill that asks them, and it counts the decisions ``sanma agree --bot hard`` counts on the same games."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

from drills.agreement import DRILLS, DrillAgreement, drill_of
from drills.gens.push_fold_table import played, position
from drills.hands import Retry
from drills.model_answer import graded_decision
from drills.table import calm_position, far_kinds
from sanma_core.analysis import shanten
from sanma_core.bots.agreement import AgreementCounter
from sanma_core.game.actions import Action
from sanma_core.game.records import read_record
from sanma_core.rules import load_preset
from sanma_core.tiles import parse_tiles, to_counts

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-dev.jsonl.gz"
RULES = load_preset("tenhou")


def _push_fold_game(case: str, seed: int):
    rng = random.Random(seed)
    for _ in range(200):
        try:
            pos = position(case, rng, RULES)
            return pos, played(pos)
        except Retry:
            continue
    raise AssertionError(f"no {case} position")


@pytest.mark.parametrize("case", ["push_fold.push", "push_fold.genbutsu"])
def test_a_push_fold_position_is_the_push_fold_drills(case):
    pos, game = _push_fold_game(case, 7)
    d = graded_decision(game, 0, "discard", Action.discard(0, game.drawn))
    assert d is not None
    expected = "push_fold" if shanten(to_counts(pos["hand"])) != 1 else None
    assert drill_of(game, d) == expected


@pytest.mark.parametrize(("round_wind", "dealer", "drill"), [(0, 0, "riichi_dama"), (1, 1, "riichi_dama"),
                                                            (1, 2, "all_last")])
def test_a_riichi_chance_in_the_last_hand_is_the_all_last_drills(round_wind, dealer, drill):
    hand = parse_tiles("234p567p345s789s1p")
    far = far_kinds(hand)
    game = calm_position(RULES, hand, far[0], 5, random.Random(3), dealer=dealer, round_wind=round_wind)
    d = graded_decision(game, 0, "riichi", Action.riichi(0, game.drawn))
    assert d is not None and drill_of(game, d) == drill


def test_a_calm_discard_is_the_efficiency_drills_unless_a_north_is_held():
    rng = random.Random(5)
    plain = parse_tiles("1258p3679s1235z9p")
    game = calm_position(RULES, plain, far_kinds(plain)[0], 4, rng)
    d = graded_decision(game, 0, "discard", Action.discard(0, game.drawn))
    assert d is not None and drill_of(game, d) == "efficiency"
    north = parse_tiles("1258p3679s1244z9p")
    game = calm_position(RULES, north, far_kinds(north)[0], 4, rng)
    d = graded_decision(game, 0, "discard", Action.discard(0, game.drawn))
    assert d is not None and drill_of(game, d) is None  # the counting question answers it


def _first_games(n: int) -> list[str]:
    with gzip.open(DEV, "rt", encoding="utf-8") as fh:
        return [line for _, line in zip(range(n), fh, strict=False)]


def test_the_model_rates_are_sanma_agrees_on_the_same_games():
    games = _first_games(2)
    agreement = DrillAgreement()
    counter = AgreementCounter("hard", seed="agree")
    for text in games:
        counter.new_game()
        read_record(text, observers=[agreement, counter])
    report = agreement.report()
    rates = counter.rates()
    for kind in ("discard", "riichi_all", "kita", "call"):  # the grader leaves out a choice it has no figure for
        assert agreement.kind_total[kind] + agreement.skipped[kind.removesuffix("_all")] == counter.total[kind], kind
    # the review's model option is the most probable one; sanma agree takes the bot's own action, which a riichi
    # on another tile can make differ now and then
    for kind in ("discard", "discard_vs_riichi", "riichi", "kita", "call"):
        assert agreement.kind_agree[kind] / agreement.kind_total[kind] == pytest.approx(rates[kind], abs=0.03), kind
    assert set(report) == set(DRILLS)
    for drill in ("efficiency", "push_fold", "riichi_dama", "kita", "call_pass"):
        r = report[drill]
        assert 0 < r["single"] <= r["positions"], drill
        assert 0 <= r["single_agree"] <= 1
    # every graded discard of a closed calm hand without a North is an efficiency position
    assert report["efficiency"]["positions"] <= agreement.kind_total["discard"] - agreement.kind_total["discard_vs_riichi"]
