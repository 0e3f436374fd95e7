"""The sanma specifics of scoring, reading choice, errors and the explanation data."""

import dataclasses

import pytest

from sanma_core.melds import parse_meld
from sanma_core.rules import load_preset
from sanma_core.scoring import (
    ContradictionError,
    IncompleteHandError,
    NotationError,
    NoYakuError,
    WinInput,
    can_win,
    is_winning_shape,
    score_hand,
    score_request,
)
from sanma_core.scoring.request import win_input_from_request
from sanma_core.tiles import parse_tile, parse_tiles, to_counts

TENHOU = load_preset("tenhou")


def ask(preset="tenhou", **request):
    return score_request(request, preset)


def test_kita_is_not_a_yaku():
    # open hand, no yaku: four Norths set aside and a West indicator are still not a yaku
    win = WinInput(tuple(parse_tiles("234p567s789s99p")), parse_tile("9p"), melds=(parse_meld("pon:111m"),),
                   kita=4, dora=(parse_tile("3z"),))
    with pytest.raises(NoYakuError, match="kita are not yaku"):
        score_hand(win, TENHOU)


def test_one_m_indicator_makes_nine_m_dora():
    a = ask(hand="999m234p567p99s", melds=["pon:555z"], win="9s", dora=["1m"])
    assert a["dora"] == 3
    b = ask(hand="111m234p567p99s", melds=["pon:555z"], win="9s", dora=["9m"])
    assert b["dora"] == 3


def test_west_indicator_doubles_kita():
    base = {"hand": "234p567p234s678s99p", "win": "9p", "riichi": True, "kita": 2}
    assert ask(**base, dora=["1p"])["kita"] == 2
    a = ask(**base, dora=["3z"])
    assert a["kita"] == 4 and a["dora"] == 0
    assert ask(**base, dora=["3z", "3z"])["kita"] == 6
    # ura: a West ura indicator adds one per North; kita itself stays as it was
    u = ask(**base, dora=["1p"], ura=["3z"])
    assert (u["kita"], u["ura"]) == (2, 2)
    # no riichi: no ura
    assert ask(hand="234p567p234s678s88p", win="8p", kita=2, ura=["3z"])["ura"] == 0


def test_north_pair_scores_no_fu_and_allows_pinfu():
    a = ask(hand="234p567p234s678s44z", win="2p", seat="S", round="E")
    assert [y["id"] for y in a["yaku"]] == ["pinfu"] and a["fu"] == 30
    reasons = [line["reason"] for line in a["explanation"]["fu"]["lines"]]
    assert reasons == ["base", "closed_ron"]


def test_double_wind_pair():
    a = ask(hand="234p567p234s678s11z", win="2p", seat="E", round="E", riichi=True)
    lines = {line["reason"]: line["fu"] for line in a["explanation"]["fu"]["lines"]}
    assert lines["double_wind_pair"] == 4 and a["fu"] == 40  # 20 + 10 closed ron + 4 → 34 → 40
    assert "pinfu" not in [y["id"] for y in a["yaku"]]
    single = ask(hand="234p567p234s678s11z", win="2p", seat="E", round="S", riichi=True)
    assert {line["reason"]: line["fu"] for line in single["explanation"]["fu"]["lines"]}["seat_wind_pair"] == 2


def test_tsumo_loss_totals():
    # riichi tsumo pinfu + 2 kita + dora = 5 han: mangan
    hand = {"hand": "234p567p234s678s99p", "win": "2p", "tsumo": True, "riichi": True, "kita": 2, "dora": ["5z"]}
    nd = ask(**hand, seat="S")
    assert nd["limit"] == "mangan"
    assert nd["payments"] == {"dealer": 4000, "non_dealer": 2000} and nd["total"] == 6000
    d = ask(**hand, seat="E")
    assert d["payments"] == {"each": 4000} and d["total"] == 8000


def test_north_bisection_preset_field():
    rules = TENHOU.replace(tsumo_payment="north_bisection")
    win = win_input_from_request({"hand": "234p567p234s678s99p", "win": "2p", "tsumo": True, "riichi": True,
                                 "kita": 2, "dora": ["5z"], "seat": "S"})
    assert score_hand(win, rules).payments == {"dealer": 5000, "non_dealer": 3000}


def test_club_honba_and_sticks():
    hand = {"hand": "234p567p234s678s99p", "win": "2p", "riichi": True, "honba": 2, "sticks": 1, "seat": "S"}
    tenhou = ask(**hand)  # riichi pinfu 2 han 30 fu: 2000 ron
    club = ask("club", **hand)
    assert tenhou["payments"] == {"ron": 2000 + 400} and tenhou["total"] == 3400
    assert club["payments"] == {"ron": 2000 + 2000} and club["total"] == 5000
    t = ask("club", **{**hand, "tsumo": True})  # riichi tsumo pinfu 3 han 20 fu: 700 / 1300
    assert t["payments"] == {"dealer": 1300 + 1000, "non_dealer": 700 + 1000}
    assert t["total"] == 2300 + 1700 + 1000


def test_best_reading_pays_most():
    # 111222333p: three concealed triplets (sanankou) beat three sequences
    a = ask(hand="111222333p456s99s", win="9s", riichi=True)
    assert "sanankou" in [y["id"] for y in a["yaku"]]
    assert [g["shape"] for g in a["explanation"]["reading"]["groups"]].count("triplet") == 3
    # 223344p556677s99p: ryanpeikou (3 han) beats chiitoitsu (2 han)
    b = ask(hand="223344p556677s99p", win="9p")
    assert b["explanation"]["reading"]["form"] == "regular" and "ryanpeikou" in [y["id"] for y in b["yaku"]]


def test_wait_choice_pinfu_beats_extra_fu():
    # 45666p + 6p: the ryanmen reading (riichi pinfu, 2 han 30 fu) pays more than the tanki one (1 han 40 fu)
    a = ask(hand="234p456s789s45666p", win="6p", riichi=True)
    assert a["explanation"]["reading"]["wait"] == "ryanmen" and (a["han"], a["fu"]) == (2, 30)
    # with a valued pair there is no pinfu, and the tanki reading's 2 fu decide
    b = ask(hand="234p456s789s456p55z", win="5z", riichi=True)
    assert b["explanation"]["reading"]["wait"] == "tanki" and b["fu"] == 40


def test_ron_triplet_counts_as_open():
    # shanpon ron on 555s: the triplet is open (4 fu... 2 fu for simples), no sanankou
    a = ask(hand="222p888p555s234p99s", win="5s", riichi=True)
    assert "sanankou" not in [y["id"] for y in a["yaku"]]
    tsumo = ask(hand="222p888p555s234p99s", win="5s", tsumo=True)
    assert {y["id"] for y in tsumo["yaku"]} >= {"sanankou", "menzen_tsumo"}


@pytest.mark.parametrize(
    ("request_fields", "error", "words"),
    [
        ({"hand": "234p567p234s678s9p", "win": "9p"}, IncompleteHandError, "13 concealed tiles"),
        ({"hand": "234p567p234s678s19p", "win": "9p"}, IncompleteHandError, "no winning shape"),
        ({"hand": "234p567p234s99s", "melds": ["pon:111m"], "win": "9s"}, NoYakuError, "no yaku"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "ippatsu": True}, ContradictionError, "ippatsu without riichi"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "rinshan": True, "kita": 1}, ContradictionError,
         "rinshan on a ron"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "chankan": True, "tsumo": True}, ContradictionError,
         "chankan on a tsumo"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "tsumo": True, "haitei": True, "rinshan": True, "kita": 1},
         ContradictionError, "haitei with rinshan"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "houtei": True, "tsumo": True}, ContradictionError,
         "houtei on a tsumo"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "tenhou": True, "tsumo": True, "seat": "S"},
         ContradictionError, "non-dealer"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "chiihou": True, "tsumo": True}, ContradictionError,
         "chiihou for the dealer"),
        ({"hand": "234p567s789s99p", "melds": ["pon:555z"], "win": "9p", "riichi": True}, ContradictionError,
         "closed hand"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "tsumo": True, "rinshan": True}, ContradictionError,
         "no replacement draw"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "dora": ["9p", "9p", "9p"]}, NotationError, "5 copies of 9p"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "kita": 4, "dora": ["4z"]}, NotationError, "5 copies of 4z"),
        ({"hand": "234p067p234s678s99p", "win": "9p", "dora": ["0p"]}, NotationError, "red fives 0p"),
        ({"hand": "234p567p234s678s99p", "win": "1p"}, ValueError, "winning tile 1p is not in the hand"),
        ({"hand": "234p567p234s678s99p", "win": "9p", "riichi": True, "dora": ["1s", "2s", "3s", "4s", "6s", "7s"]}, ValueError,
         "at most 5 dora"),
    ],
)
def test_bad_hands_raise_precise_errors(request_fields, error, words):
    with pytest.raises(error, match=words):
        score_hand(win_input_from_request(request_fields), TENHOU)


def test_bad_numbers_in_a_win_input():
    base = win_input_from_request({"hand": "234p567p234s678s99p", "win": "9p", "riichi": True})
    for field, value in (("honba", -1), ("sticks", -2), ("kita", 7), ("honba", 1.5)):
        with pytest.raises(ValueError, match=field):
            score_hand(dataclasses.replace(base, **{field: value}), TENHOU)


def test_classic_has_no_red_fives():
    with pytest.raises(NotationError, match="red fives 0p but the ruleset has 0"):
        ask("classic", hand="234p067p234s678s99p", win="9p", riichi=True)


def test_plain_fives_leave_room_for_the_red_one():
    with pytest.raises(NotationError, match="write 0p"):
        ask(hand="555p44z", melds=["pon:111z", "pon:222z", "pon:333z"], win="4z", dora=["5p"])
    hand = {"hand": "555p44z", "melds": ["pon:111z", "pon:222z", "pon:333z"], "win": "4z", "dora": ["5p"]}
    assert ask("classic", **hand)["yaku"] == [{"id": "shousuushii", "han": 13}]


def test_winning_shape_helpers():
    assert is_winning_shape(to_counts(parse_tiles("234p567p234s678s99p")), 0)
    assert not is_winning_shape(to_counts(parse_tiles("234p567p234s678s19p")), 0)
    assert is_winning_shape(to_counts(parse_tiles("1199p22334488s55z")), 0)  # seven pairs
    assert not is_winning_shape(to_counts(parse_tiles("1111p22334488s55z")), 0)  # four of a kind is not two pairs
    assert is_winning_shape(to_counts(parse_tiles("19m19p19s12345677z")), 0)  # thirteen orphans
    assert can_win(parse_tiles("99p"), 4) and not can_win(parse_tiles("99p"), 3)
    assert can_win(parse_tiles("234p0s5s"), 3)


def test_explanation_is_data():
    a = ask(hand="234p067p234s678s99p", win="2p", riichi=True, dora=["8s"], kita=1, honba=1, sticks=1, seat="S",
            ura=["9p"])
    e = a["explanation"]
    assert e["reading"]["form"] == "regular" and len(e["reading"]["groups"]) == 4
    assert [g["completed_by_win"] for g in e["reading"]["groups"]].count(True) == 1
    assert e["yaku"][0] == {"id": "riichi", "name": "Riichi", "romaji": "Riichi", "kanji": "立直", "han": 1}
    assert e["dora"]["dora_indicators"] == [{"indicator": "8s", "dora": "9s", "hits": 0}]
    assert e["dora"]["ura_indicators"] == [{"indicator": "9p", "dora": "1p", "hits": 0}]
    assert (a["aka"], a["kita"]) == (1, 1)
    assert sum(line["fu"] for line in e["fu"]["lines"]) == e["fu"]["raw"]
    steps = e["payment"]["steps"]
    assert steps[0]["step"] == "base" and steps[0]["base"] == 30 * 2 ** (2 + a["han"])
    share = steps[1]
    assert share["multiplier"] == 4 and share["honba"] == 200 and share["pays"] == a["payments"]["ron"]
    assert steps[-2] == {"step": "sticks", "sticks": 1, "value": 1000}
    assert steps[-1]["total"] == a["total"] == a["payments"]["ron"] + 1000
    assert e["han"]["total"] == a["han"] == e["han"]["yaku"] + e["han"]["bonus"]


# ---- deliberate differences from the `mahjong` oracle (which accepts or cannot express these) ----

def test_kita_cancels_tenhou_when_it_is_a_call():
    # RULES.md, rulesets table: "kita cancels ippatsu, double riichi, tenhou/chiihou": yes for tenhou, no for club
    request = {"hand": "234p567p234s678s99p", "win": "9p", "tsumo": True, "tenhou": True, "kita": 1}
    with pytest.raises(ContradictionError, match="cancels tenhou"):
        ask(**request)
    assert ask("club", **request)["yaku"] == [{"id": "tenhou", "han": 13}]


def test_ippatsu_with_rinshan_only_after_a_kita_that_is_not_a_call():
    # the winner's own kan ends ippatsu everywhere; kita does only where it counts as a call (RULES.md table)
    request = {"hand": "234p567p234s678s99p", "win": "9p", "tsumo": True, "riichi": True, "ippatsu": True,
               "rinshan": True, "kita": 1}
    with pytest.raises(ContradictionError, match="ippatsu with rinshan"):
        ask(**request)
    assert {"ippatsu", "rinshan_kaihou"} <= {y["id"] for y in ask("club", **request)["yaku"]}


def test_real_yakuman_outranks_kazoe_on_equal_pay():
    # 111222333p 555s 77s: suuankou (yakuman), or three sequences: riichi tsumo iipeikou + 10 dora + 1 kita =
    # 14 han, kazoe yakuman. Both pay 8000 + 16000; the real yakuman is reported, as Tenhou (and the `mahjong`
    # oracle) choose it, although the kazoe reading has more han (CONTRACTS.md's tie rule read literally).
    request = {"hand": "111222333p555s77s", "win": "5s", "tsumo": True, "riichi": True, "seat": "S",
               "dora": ["4s", "4s", "6s", "6s"], "kita": 1}
    a = ask(**request)
    assert a["yaku"] == [{"id": "suuankou", "han": 13}] and a["total"] == 24000 and a["limit"] == "yakuman"

