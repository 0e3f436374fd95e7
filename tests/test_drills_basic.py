"""Dora-indicator, noten, placement and stated-value payment drills: answers equal the engine's and the oracle's."""

import itertools

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from drills import check, generate
from sanma_core.dora import dora_from_indicator
from sanma_core.rules import PRESETS, load_preset
from sanma_core.scoring.payments import final_placement, nagashi_payments, noten_payments, settle_win
from sanma_core.tiles import kind_name, parse_tile

TENHOU = load_preset("tenhou")
SEEDS = range(1000)
ORACLE_RULES = OptionalRules(is_three_player=True, has_aka_dora=True, has_open_tanyao=True, has_double_yakuman=False)


def _all(drill_type, rules=TENHOU, seeds=SEEDS):
    for seed in seeds:
        yield generate(drill_type, rules, seed, 1 + seed % 3)


def test_dora_indicator_answers_and_sanma_wraps():
    seen = set()
    for q in _all("dora_indicator"):
        expected = sorted({dora_from_indicator(parse_tile(t)) for t in q.data["indicators"]})
        assert q.answer["tiles"] == [kind_name(k) for k in expected]
        seen.update(q.data["indicators"])
    # the sanma-specific indicators are all drilled: 1m -> 9m, 9m -> 1m, West -> North, red fives, wraps
    assert {"1m", "9m", "3z", "4z", "9p", "9s", "0p", "0s", "7z"} <= seen


def test_dora_indicator_without_red_fives_never_shows_one():
    classic = load_preset("classic")
    for q in _all("dora_indicator", classic, range(300)):
        assert not {"0p", "0s"} & set(q.data["indicators"])


@pytest.mark.parametrize("preset", ["tenhou", "club"])
def test_noten_answers_equal_the_engine(preset):
    rules = load_preset(preset)
    concepts = set()
    for q in _all("noten", rules):
        concepts.add(q.concept)
        seats = ["E", "S", "W"]
        if "nagashi" in q.data:
            deltas = nagashi_payments(rules, seats.index(q.data["nagashi"]), 0, 0)  # no honba, as the game settles it
        else:
            deltas = noten_payments(rules, [q.data["tenpai"][s] for s in seats])
        start = q.data.get("scores", dict.fromkeys(seats, 0))
        assert q.answer["numbers"] == {s: start[s] + d for s, d in zip(seats, deltas, strict=True)}
        assert sum(deltas) == 0
    assert {"noten.one_tenpai", "noten.two_tenpai", "noten.all_tenpai", "noten.all_noten",
            "noten.nagashi.dealer", "noten.nagashi.non_dealer"} <= concepts


@pytest.mark.parametrize("preset", PRESETS)
def test_placement_answers_equal_the_engine(preset):
    rules = load_preset(preset)
    concepts = set()
    for q in _all("placement", rules, SEEDS if preset == "tenhou" else range(300)):
        concepts.add(q.concept)
        pts = [q.data["points"][s] for s in "ESW"]
        assert sum(pts) + q.data["leftover_sticks"] * rules.riichi_stick == 3 * rules.start_points
        result = final_placement(rules, pts, q.data["leftover_sticks"])
        assert q.answer["numbers"] == {"ESW"[p.seat]: p.score for p in result}
        # placement points sum to zero when oka pays for the return/start gap
        if rules.oka * 1000 == 3 * (rules.return_points - rules.start_points):
            assert sum(q.answer["numbers"].values()) == pytest.approx(0, abs=0.05)
    assert {"placement.basic", "placement.tie", "placement.negative", "placement.leftover_sticks"} <= concepts


def _oracle_payment(han, fu, yakuman, dealer, tsumo, honba, sticks):
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, tsumi_number=honba,
                        kyoutaku_number=sticks, options=ORACLE_RULES)
    r = ScoresCalculator.calculate_scores(han, fu, config, is_yakuman=bool(yakuman))
    if not tsumo:
        pays = {"ron": r["main"] + r["main_bonus"]}
    elif dealer:
        pays = {"each": r["main"] + r["main_bonus"]}
    else:
        pays = {"dealer": r["main"] + r["main_bonus"], "non_dealer": r["additional"] + r["additional_bonus"]}
    return {**pays, "total": r["total"]}


def test_payment_answers_equal_the_engine_and_the_oracle():
    cases = set()
    for q in _all("payment"):
        d = q.data
        if q.concept == "payment.tsumo_loss":
            ron = _oracle_payment(d["han"], d["fu"], d["yakuman"], d["dealer"], False, 0, 0)["total"]
            tsumo = _oracle_payment(d["han"], d["fu"], d["yakuman"], d["dealer"], True, 0, 0)["total"]
            assert q.answer["numbers"] == {"ron_total": ron, "tsumo_total": tsumo}
            assert tsumo < ron or d["dealer"]
            continue
        s = settle_win(TENHOU, d["han"], d["fu"], d["dealer"], d["tsumo"], d["yakuman"], d["honba"], d["sticks"])
        assert q.answer["numbers"] == {**s.payments, "total": s.total}
        assert q.answer["numbers"] == _oracle_payment(d["han"], d["fu"], d["yakuman"], d["dealer"], d["tsumo"], d["honba"], d["sticks"])
        assert q.concept == f"payment.{'tsumo' if d['tsumo'] else 'ron'}.{'dealer' if d['dealer'] else 'non_dealer'}"
        if d["honba"] > 0:
            cases.add((d["tsumo"], d["dealer"], d["limit"]))
    limits = ("", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
    assert set(itertools.product((False, True), (False, True), limits)) <= cases


def test_payment_follows_the_ruleset_honba():
    club = load_preset("club")
    for q in _all("payment", club, range(200)):
        d = q.data
        if q.concept != "payment.tsumo_loss":
            assert q.answer["numbers"]["total"] == settle_win(club, d["han"], d["fu"], d["dealer"], d["tsumo"], d["yakuman"],
                                                              d["honba"], d["sticks"]).total
            assert check(q, q.answer).correct
