"""Efficiency helpers of the bots: toitoi shanten, yaku plans of open hands, the memoised discard table."""

from sanma_core.analysis import discard_options, shanten, ukeire
from sanma_core.bots.efficiency import (
    SIMPLES,
    discard_table,
    plan_distance,
    tenpai_routes,
    toitoi_shanten,
    yaku_plans,
)
from sanma_core.tiles import parse_tile, parse_tiles, to_counts

T = parse_tile
YAKUHAI = frozenset({T("5z"), T("6z"), T("7z"), T("1z")})


def counts(text):
    return to_counts(parse_tiles(text))


def test_toitoi_shanten_counts_triplets_and_pairs():
    assert toitoi_shanten(counts("111p222s333z444z5z")) == 0  # four triplets and a single: tanki tenpai
    assert toitoi_shanten(counts("111p222s33z44z55z6z")) == 1
    assert toitoi_shanten(counts("1199p5577s2233z4z")) == 3  # seven pairs are far from four triplets
    assert toitoi_shanten(counts("111p2s")) == 0  # three melds called: a triplet and a single wait
    assert toitoi_shanten(counts("123p456p789s12s3z4z")) == 8


def test_yaku_plans_of_an_open_hand():
    assert yaku_plans(counts("123p456p789s11s4z5p"), [], YAKUHAI, False) == []  # closed: riichi and tsumo remain
    assert yaku_plans(counts("23p456p789s11s"), [T("7z")], YAKUHAI, True) == []  # a yakuhai pon is a yaku
    plans = dict(yaku_plans(counts("23p456p78s55z"), [T("5p")], YAKUHAI, True))
    assert set(plans) == {"toitoi", "tanyao", "honitsu", "yakuhai"}
    assert plans["tanyao"] == SIMPLES and plans["yakuhai"] == T("5z")
    mixed = dict(yaku_plans(counts("19m456p78s44z"), [T("9p"), T("2s")], YAKUHAI, True))
    assert set(mixed) == {"toitoi"}


def test_plan_distance_counts_tiles_off_the_plan():
    hand = counts("19m456p789p11p5z")  # after a pin pon: honitsu needs 1m and 9m gone
    honitsu = [p for p in yaku_plans(hand, [T("3p")], YAKUHAI, True) if p[0] == "honitsu"]
    assert plan_distance(honitsu, hand, 1) == 2
    assert plan_distance([], hand, 1) == 1  # no restriction: plain shanten


def test_discard_table_is_the_analysis_table_memoised():
    c = counts("19m2357p1368s127z4s")
    assert list(discard_table(c, None)) == discard_options(c)
    assert discard_table(c, None) is discard_table(list(c), None)


def test_tenpai_routes_are_the_tenpai_discards_after_each_useful_draw():
    for text in ("13p456p789s11s5z77z", "2345p67s789s11z55z", "23455p34s99s567p1z", "112p3456p23s77s99s", "1199p5577s235z44z"):
        c = counts(text)
        assert shanten(c) == 1
        useful = ukeire(c).tiles
        routes = dict(tenpai_routes(c, useful))
        assert list(routes) == list(useful)
        for u, found in routes.items():
            after = list(c)
            after[u] += 1
            direct = {(o.tile, o.ukeire.tiles) for o in discard_options(after) if o.shanten == 0}
            assert set(found) == direct and direct
    assert tenpai_routes(c, useful) is tenpai_routes(list(c), list(useful))  # memoised
