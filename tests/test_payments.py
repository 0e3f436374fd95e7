import random

import pytest

from sanma_core.rules import PRESETS, load_preset
from sanma_core.scoring.payments import (
    base_points,
    final_placement,
    four_player_settlement,
    nagashi_payments,
    noten_payments,
    placement_scores,
    settle_win,
    win_deltas,
)

TENHOU = load_preset("tenhou")

# RULES.md, "Payments with tsumo loss": (han, fu) -> ron, (dealer, other), dealer ron, dealer each
TABLE = [
    ((1, 30), 1000, (500, 300), 1500, 500),
    ((3, 30), 3900, (2000, 1000), 5800, 2000),
    ((5, 30), 8000, (4000, 2000), 12000, 4000),
    ((6, 30), 12000, (6000, 3000), 18000, 6000),
    ((13, 30), 32000, (16000, 8000), 48000, 16000),
]


@pytest.mark.parametrize(("hand", "ron", "tsumo", "dealer_ron", "dealer_each"), TABLE)
@pytest.mark.parametrize("preset", PRESETS)
def test_tsumo_loss_table(preset, hand, ron, tsumo, dealer_ron, dealer_each):
    rules = load_preset(preset)
    han, fu = hand
    assert settle_win(rules, han, fu, dealer=False, tsumo=False).payments == {"ron": ron}
    s = settle_win(rules, han, fu, dealer=False, tsumo=True)
    assert s.payments == {"dealer": tsumo[0], "non_dealer": tsumo[1]}
    assert s.total == sum(tsumo)
    assert settle_win(rules, han, fu, dealer=True, tsumo=False).payments == {"ron": dealer_ron}
    d = settle_win(rules, han, fu, dealer=True, tsumo=True)
    assert d.payments == {"each": dealer_each} and d.total == 2 * dealer_each


def test_tsumo_is_worth_less_than_ron_and_four_player():
    s = settle_win(TENHOU, 5, 30, dealer=False, tsumo=True)
    four = four_player_settlement(5, 30, dealer=False, tsumo=True)
    assert (s.total, four.total) == (6000, 8000)
    assert four.payments == {"dealer": 4000, "non_dealer": 2000}


def test_north_bisection():
    rules = TENHOU.replace(tsumo_payment="north_bisection")
    assert settle_win(rules, 5, 30, dealer=False, tsumo=True).payments == {"dealer": 5000, "non_dealer": 3000}
    assert settle_win(rules, 5, 30, dealer=True, tsumo=True).payments == {"each": 6000}


def test_honba_and_sticks_per_ruleset():
    assert settle_win(TENHOU, 1, 30, False, False, honba=2, sticks=1).total == 1000 + 400 + 1000
    tsumo = settle_win(TENHOU, 1, 30, False, True, honba=2)
    assert tsumo.payments == {"dealer": 700, "non_dealer": 500}
    club = load_preset("club")
    assert settle_win(club, 1, 30, False, False, honba=1).payments == {"ron": 2000}
    assert settle_win(club, 1, 30, True, True, honba=1).payments == {"each": 1000}
    assert settle_win(load_preset("wrc"), 1, 30, False, False, honba=1).payments == {"ron": 1300}


@pytest.mark.parametrize(
    ("han", "fu", "base", "limit"),
    [(1, 20, 160, ""), (4, 30, 1920, ""), (4, 40, 2000, "mangan"), (3, 70, 2000, "mangan"), (7, 30, 3000, "haneman"),
     (10, 30, 4000, "baiman"), (12, 30, 6000, "sanbaiman"), (13, 30, 8000, "kazoe_yakuman"), (26, 30, 8000, "kazoe_yakuman")],
)
def test_limits(han, fu, base, limit):
    bp = base_points(TENHOU, han, fu)
    assert (bp.base, bp.limit) == (base, limit)


def test_yakuman_multiples_and_no_kazoe():
    assert base_points(TENHOU, 0, 0, yakuman=2).base == 16000
    assert base_points(TENHOU.replace(kazoe_yakuman=False), 13, 30).limit == "sanbaiman"
    assert base_points(TENHOU.replace(kiriage_mangan=True), 4, 30).limit == "mangan"


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [([False] * 3, [0, 0, 0]), ([True] * 3, [0, 0, 0]), ([True, False, False], [2000, -1000, -1000]),
     ([True, True, False], [1000, 1000, -2000]), ([False, True, False], [-1000, 2000, -1000])],
)
def test_noten(tenpai, deltas):
    assert noten_payments(TENHOU, tenpai) == deltas
    assert sum(noten_payments(TENHOU, tenpai)) == 0


def test_nagashi():
    assert nagashi_payments(TENHOU, winner=1, dealer=0) == [-4000, 6000, -2000]
    assert nagashi_payments(TENHOU, winner=0, dealer=0) == [8000, -4000, -4000]


def test_win_deltas():
    s = settle_win(TENHOU, 5, 30, dealer=False, tsumo=True)
    assert win_deltas(s, winner=2, dealer=1, tsumo=True, discarder=None, rules=TENHOU, sticks=1) == [-2000, -4000, 7000]
    r = settle_win(TENHOU, 5, 30, dealer=False, tsumo=False)
    assert win_deltas(r, winner=2, dealer=1, tsumo=False, discarder=0, rules=TENHOU) == [-8000, 0, 8000]


def test_placement():
    res = final_placement(TENHOU, [50000, 30000, 25000], leftover_sticks=0)
    assert [p.score for p in res] == [45.0, -10.0, -35.0]
    assert sum(p.score for p in res) == 0
    ms = final_placement(load_preset("mahjongsoul"), [40000, 35000, 30000])
    assert [p.score for p in ms] == [20.0, 0.0, -20.0]
    tie = final_placement(TENHOU, [35000, 35000, 34000], leftover_sticks=1, first_dealer=1)
    # seat 1 is first dealer, so it wins the tie and takes the stick
    assert [p.rank for p in tie] == [2, 1, 3] and tie[1].points == 36000


@pytest.mark.parametrize("preset", PRESETS)
def test_placement_scores_are_final_placements_scores(preset):
    """The step-less placement points (the all-last drill weighs thousands of endings) are final_placement's,
    ties, leftover sticks and every first dealer included."""
    rules = load_preset(preset)
    rng = random.Random(7)
    for _ in range(2000):
        points = [rng.choice([rng.randrange(-20000, 90000, 100), 35000, 40000]) for _ in range(3)]
        sticks, first = rng.randrange(4), rng.randrange(3)
        want = [p.score for p in final_placement(rules, points, sticks, first_dealer=first)]
        assert placement_scores(rules, points, sticks, first_dealer=first) == want, (points, sticks, first)
