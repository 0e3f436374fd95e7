"""One hand-written hand per yaku id, plus the catalogue's own shape."""

import pytest

from sanma_core.melds import parse_meld
from sanma_core.rules import load_preset
from sanma_core.scoring import YAKU, WinInput, score_hand, score_request
from sanma_core.scoring.request import win_input_from_request
from sanma_core.tiles import parse_tile, parse_tiles

RULES_MD_IDS = [
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "haku",
    "hatsu",
    "chun",
    "seat_wind",
    "round_wind",
    "rinshan_kaihou",
    "chankan",
    "haitei",
    "houtei",
    "chiitoitsu",
    "toitoi",
    "sanankou",
    "sanshoku_doukou",
    "sankantsu",
    "honroutou",
    "shousangen",
    "chanta",
    "ittsu",
    "honitsu",
    "junchan",
    "ryanpeikou",
    "chinitsu",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chiihou",
]

PLAIN = "234p567p234s678s99p"

# id -> (request, han of that yaku in the answer)
CASES = {
    "riichi": ({"hand": PLAIN, "win": "9p", "riichi": True}, 1),
    "double_riichi": ({"hand": PLAIN, "win": "9p", "double_riichi": True}, 2),
    "ippatsu": ({"hand": PLAIN, "win": "9p", "riichi": True, "ippatsu": True}, 1),
    "menzen_tsumo": ({"hand": PLAIN, "win": "9p", "tsumo": True}, 1),
    "pinfu": ({"hand": PLAIN, "win": "2p"}, 1),
    "tanyao": ({"hand": "234p567p234s678s88p", "win": "8p"}, 1),
    "iipeikou": ({"hand": "223344p567p234s99s", "win": "9s"}, 1),
    "haku": ({"hand": "234p567p234s99s", "melds": ["pon:555z"], "win": "9s"}, 1),
    "hatsu": ({"hand": "234p567p234s99s", "melds": ["pon:666z"], "win": "9s"}, 1),
    "chun": ({"hand": "234p567p234s99s", "melds": ["pon:777z"], "win": "9s"}, 1),
    "seat_wind": ({"hand": "234p567p234s99s", "melds": ["pon:222z"], "win": "9s", "seat": "S"}, 1),
    "round_wind": ({"hand": "234p567p234s99s", "melds": ["pon:222z"], "win": "9s", "seat": "W", "round": "S"}, 1),
    "rinshan_kaihou": ({"hand": PLAIN, "win": "9p", "tsumo": True, "rinshan": True, "kita": 1}, 1),
    "chankan": ({"hand": PLAIN, "win": "2p", "chankan": True}, 1),
    "haitei": ({"hand": PLAIN, "win": "9p", "tsumo": True, "haitei": True}, 1),
    "houtei": ({"hand": PLAIN, "win": "9p", "houtei": True}, 1),
    "chiitoitsu": ({"hand": "1199p22334488s55z", "win": "5z"}, 2),
    "toitoi": ({"hand": "222p888p555s99s", "melds": ["pon:777z"], "win": "9s"}, 2),
    "sanankou": ({"hand": "222p888p555s234p99s", "win": "3p"}, 2),
    "sanshoku_doukou": ({"hand": "111m111p111s234p99s", "win": "3p"}, 2),
    "sankantsu": ({"hand": "234s99p", "melds": ["minkan:2222p", "ankan:8888p", "minkan:6666s"], "win": "9p"}, 2),
    "honroutou": ({"hand": "111m999m111p99p", "melds": ["pon:777z"], "win": "9p"}, 2),
    "shousangen": ({"hand": "77z234p567p", "melds": ["pon:555z", "pon:666z"], "win": "2p"}, 2),
    "chanta": ({"hand": "123p789p111z789s99s", "win": "1p", "seat": "W", "round": "S"}, 2),
    "ittsu": ({"hand": "123p456p789p234s99s", "win": "5p"}, 2),
    "honitsu": ({"hand": "123p456p999p111z22z", "win": "2z", "seat": "W", "round": "S"}, 3),
    "junchan": ({"hand": "123p789p123s789s99m", "win": "9m"}, 3),
    "ryanpeikou": ({"hand": "223344p667788s99p", "win": "9p"}, 3),
    "chinitsu": ({"hand": "12233467888999p", "win": "1p"}, 6),
    "kokushi": ({"hand": "19m19p19s12345677z", "win": "2z"}, 13),
    "kokushi_13": ({"hand": "19m19p19s12345677z", "win": "7z"}, 13),
    "suuankou": ({"hand": "111p999p555s777z33s", "win": "5s", "tsumo": True}, 13),
    "suuankou_tanki": ({"hand": "111p999p555s777z33s", "win": "3s"}, 13),
    "daisangen": ({"hand": "555z666z777z234p99s", "win": "2p"}, 13),
    "shousuushii": ({"hand": "111z222z333z44z234p", "win": "2p"}, 13),
    "daisuushii": ({"hand": "222z333z444z99p", "melds": ["pon:111z"], "win": "9p"}, 13),
    "tsuuiisou": ({"hand": "222z555z666z77z", "melds": ["pon:111z"], "win": "7z"}, 13),
    "ryuuiisou": ({"hand": "234s666s888s666z22s", "win": "2s"}, 13),
    "chinroutou": ({"hand": "999m111p999p11s", "melds": ["pon:111m"], "win": "1s"}, 13),
    "chuuren": ({"hand": "11123455678999p", "win": "2p"}, 13),
    "junsei_chuuren": ({"hand": "11123455678999p", "win": "5p"}, 13),
    "suukantsu": ({"hand": "99p", "melds": ["minkan:2222p", "minkan:8888p", "ankan:0555s", "minkan:1111z"],
                   "win": "9p"}, 13),
    "tenhou": ({"hand": PLAIN, "win": "9p", "tsumo": True, "tenhou": True}, 13),
    "chiihou": ({"hand": PLAIN, "win": "9p", "tsumo": True, "chiihou": True, "seat": "S"}, 13),
}


def test_catalogue_has_every_rules_md_id_with_names():
    for yid in RULES_MD_IDS:
        y = YAKU[yid]
        assert y.id == yid and y.name and y.romaji and y.kanji
        assert y.han_closed >= 1 and y.han_open in (0, y.han_closed, y.han_closed - 1)
    assert "sanshoku_doujun" not in YAKU


def test_every_id_has_a_case():
    assert set(CASES) == set(RULES_MD_IDS)


@pytest.mark.parametrize("yaku_id", RULES_MD_IDS)
def test_yaku_by_hand(yaku_id):
    request, han = CASES[yaku_id]
    answer = score_request(request, "tenhou")
    got = {y["id"]: y["han"] for y in answer["yaku"]}
    assert got.get(yaku_id) == han, got


def test_open_han_values():
    # honitsu open is 2 (one less), chanta open 1, tanyao open 1
    a = score_request({"hand": "123p456p99p111z", "melds": ["pon:777p"], "win": "1p", "seat": "W", "round": "S"},
                      "tenhou")
    assert {y["id"]: y["han"] for y in a["yaku"]} == {"honitsu": 2}
    b = score_request({"hand": "123p789p99s789s", "melds": ["pon:111z"], "win": "1p", "seat": "W", "round": "S"},
                      "tenhou")
    assert {y["id"]: y["han"] for y in b["yaku"]} == {"chanta": 1}


def test_open_tanyao_flag():
    request = {"hand": "234p567p678s88p", "melds": ["pon:222s"], "win": "8p"}
    assert [y["id"] for y in score_request(request, "tenhou")["yaku"]] == ["tanyao"]
    rules = load_preset("tenhou").replace(open_tanyao=False)
    win = win_input_from_request(request)
    with pytest.raises(ValueError, match="no yaku"):
        score_hand(win, rules)


def test_double_yakuman_special_flag():
    request = {"hand": "19m19p19s12345677z", "win": "7z"}
    assert score_request(request, "tenhou")["yakuman"] == 1
    ms = score_request(request, "mahjongsoul")
    assert ms["yakuman"] == 2 and ms["han"] == 26 and ms["total"] == 96000
    assert ms["yaku"] == [{"id": "kokushi_13", "han": 26}]


def test_kazoe_yakuman_flag():
    # riichi ippatsu tsumo chinitsu + many dora: 13+ han
    request = {"hand": "12233467888999p", "win": "1p", "tsumo": True, "riichi": True, "ippatsu": True,
               "dora": ["8p", "7p"], "seat": "S"}
    a = score_request(request, "tenhou")
    assert a["han"] >= 13 and a["limit"] == "kazoe_yakuman" and a["yakuman"] == 0 and a["total"] == 24000
    rules = load_preset("tenhou").replace(kazoe_yakuman=False)
    r = score_hand(win_input_from_request(request), rules)
    assert r.limit == "sanbaiman" and r.total == 18000


def test_north_is_yakuhai_flag():
    win = WinInput(tuple(parse_tiles("234p567p234s99s")), parse_tile("9s"),
                   melds=(parse_meld("pon:444z"),))
    with pytest.raises(ValueError, match="no yaku"):
        score_hand(win, load_preset("tenhou"))
    r = score_hand(win, load_preset("tenhou").replace(north_is_yakuhai=True))
    assert dict(r.yaku) == {"north_wind": 1}


def test_yakuman_hides_dora_and_ordinary_yaku():
    a = score_request({"hand": "555z666z777z234p99s", "win": "2p", "dora": ["4z"], "riichi": True}, "tenhou")
    assert a["yaku"] == [{"id": "daisangen", "han": 13}]
    assert (a["dora"], a["aka"], a["ura"], a["kita"], a["han"]) == (0, 0, 0, 0, 13)
