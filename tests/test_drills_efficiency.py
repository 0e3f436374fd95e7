"""The one definition of the best discard and its useful tiles (sanma_core.analysis.efficiency),
and the efficiency drill built on it: kita instead of discarding a North."""

import doctest

import pytest

import sanma_core.analysis.efficiency as eff
from drills import check, generate
from drills.model_answer import model_step
from sanma_core.analysis import discard_options
from sanma_core.dora import dora_from_indicator
from sanma_core.rules import load_preset
from sanma_core.tiles import NORTH, kind_name, parse_tile, parse_tiles, to_counts

TENHOU = load_preset("tenhou")


def _counts(text):
    return to_counts(parse_tiles(text))


def test_docstring_examples():
    result = doctest.testmod(eff)
    assert result.attempted >= 4 and result.failed == 0


@pytest.mark.parametrize("hand", ["067789p45678s444z", "123p456s789s1p4444z"])
def test_a_north_not_needed_is_set_aside_not_discarded(hand):
    play = eff.best_play(_counts(hand), kita_legal=True)
    assert play.kita_best and play.best.kita and play.best.name == "kita"
    assert play.tied == (play.kita,)
    # the same shape as discarding the North, and one han more
    north = next(o for o in play.discards if o.tile == NORTH)
    assert (play.kita.shanten, play.kita.useful) == (north.shanten, north.useful)
    assert play.kita.value == -1.0
    # where kita is not allowed, the North is discarded like any honour
    assert eff.best_play(_counts(hand), kita_legal=False).best.tile == NORTH


def test_a_north_pair_in_a_tenpai_shape_is_kept():
    play = eff.best_play(_counts("123p456s789s44z35p5z"), kita_legal=True)  # the North pair is the pair
    assert play.kita is not None and play.kita.shanten > play.discards[0].shanten
    assert not play.kita_best and play.best.name == "5z"


def test_useful_tiles_count_what_the_player_cannot_see():
    counts = _counts("123p456s789s11z35p7z")
    alone = eff.rank_discards(counts)
    assert alone[0].name == "7z" and alone[0].useful == (parse_tile("4p"),) and alone[0].useful_count == 4
    # the same as the engine's discard table when only the hand is known
    table = {o.tile: o.ukeire.count for o in discard_options(counts)}
    assert all(o.useful_count == table[o.tile] for o in alone)
    seen = list(counts)
    seen[parse_tile("4p")] += 3  # three 4p in the ponds
    ranked = eff.rank_discards(counts, seen=seen)
    assert next(o for o in ranked if o.tile == parse_tile("7z")).useful_count == 1


def test_ties_break_by_value_then_danger_then_tile_order():
    counts = _counts("123p456s789s11z1m9m7z")  # 1m, 9m and 7z: the same shape after each
    plain = eff.rank_discards(counts)
    tied = [o.name for o in plain if o.shape == plain[0].shape]
    assert tied[:3] == ["1m", "9m", "7z"]  # tile order
    danger = {parse_tile("1m"): 6.0, parse_tile("9m"): 0.0, parse_tile("7z"): 3.0}
    assert eff.rank_discards(counts, danger=danger)[0].name == "9m"
    value = {parse_tile("9m"): 1.0}  # 9m is dora: value beats danger
    ranked = eff.rank_discards(counts, value=value, danger=danger)
    assert [o.name for o in ranked[:3]] == ["7z", "1m", "9m"]
    assert eff.discard_values(parse_tiles("0p5p"), []) == {}  # a plain five goes first
    assert eff.discard_values(parse_tiles("0p"), [parse_tile("5p")]) == {parse_tile("5p"): 2.0}


def test_no_efficiency_answer_discards_a_north_that_could_be_set_aside():
    """Acceptance: seeds 1–1000, all three difficulties."""
    kita_answers = legal = 0
    for seed in range(1, 1001):
        for difficulty in (1, 2, 3):
            q = generate("efficiency", TENHOU, seed, difficulty)
            counts = to_counts(parse_tiles(q.data["hand"]))
            assert q.data["kita_legal"] == (counts[NORTH] > 0 and q.data["timing"] != "last_draw"), q.id
            if q.data["kita_legal"]:
                legal += 1
                assert "4z" not in q.answer["tiles"], q.id
                if counts[NORTH]:
                    assert not check(q, ["4z"]).correct
            if q.answer["tiles"] == ["kita"]:
                kita_answers += 1
                assert q.data["kita_legal"] and q.concept == "efficiency.kita"
            assert "kita" not in q.answer["tiles"] or q.answer["tiles"] == ["kita"]
    assert kita_answers >= 600 and legal >= kita_answers


def test_the_answer_is_the_engine_play():
    for seed in range(200):
        q = generate("efficiency", TENHOU, seed, 1 + seed % 3)
        counts = to_counts(parse_tiles(q.data["hand"]))
        outside = [0] * 34
        outside[NORTH] = q.data["kita"]
        seen = [counts[k] + outside[k] for k in range(34)]
        for t in q.data["indicators"]:
            seen[parse_tile(t)] += 1
        dora = [dora_from_indicator(parse_tile(t)) for t in q.data["indicators"]]
        play = eff.best_play(counts, outside, seen=seen, value=eff.discard_values(parse_tiles(q.data["hand"]), dora),
                             kita_legal=q.data["kita_legal"], kita_han=1 + dora.count(NORTH))
        assert q.data["shanten_after"] == play.best.shanten
        if model_step(q.explanation) is None:  # a North in hand or the last draw: tile counting answers
            assert sorted(q.answer["tiles"]) == sorted(o.name for o in play.tied), q.id
        else:  # a quiet turn: the decision model answers (tests/test_drills_model_answer.py), counting explains
            assert [s["shanten"] for s in q.explanation if s["step"] == "discard"][0] == play.best.shanten


def test_kita_answers_through_the_checker_and_the_explanation():
    q = next(q for q in (generate("efficiency", TENHOU, s, 1) for s in range(50)) if q.answer["tiles"] == ["kita"])
    assert check(q, ["kita"]).correct and check(q, "kita").correct
    assert check(q, ["4z"]).score == 0.5  # the same shape, but no han and no replacement draw
    kita = next(s for s in q.explanation if s["step"] == "kita")
    assert kita["best"] and kita["tile"] == "kita"
    rule = next(s for s in q.explanation if s["step"] == "kita_rule")
    assert rule["legal"] and not rule["north_needed"] and rule["han"] >= 1
    without = next(s for s in q.explanation if s["step"] == "without_kita")
    assert "4z" in without["tiles"] or without["shanten"] <= kita["shanten"]
    assert kind_name(NORTH) == "4z"
