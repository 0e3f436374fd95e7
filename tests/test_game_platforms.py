"""Mahjong Soul's rules and records beside Tenhou's: robbing a closed kan, liability (pao), the platform and the
game's length read from the record, the dealer's first mjai discard, one tenpai definition, the end of the game."""

import json
from pathlib import Path

import pytest

from sanma_core.game import Action, GameMode, Phase
from sanma_core.game.liability import liable_seat
from sanma_core.game.platform import stated_platform
from sanma_core.game.records import choose_ruleset, read_record
from sanma_core.game.replay import reason_of, replay_events
from sanma_core.game.scenario import arranged_game, until_asked, until_hand_end, until_turn
from sanma_core.game.tenhou6 import to_tenhou6
from sanma_core.game.tenhou6_import import from_tenhou6
from sanma_core.rules import RulesetError, load_preset, load_ruleset_text
from sanma_core.tiles import parse_tile, parse_tiles

T = parse_tile
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
MS_GAMES = sorted((DATA / "mahjongsoul").glob("*.json"))


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(parse_tiles(text))


# ---- thirteen orphans robbing a closed kan --------------------------------------------------------------------

KOKUSHI_ANKAN = ["1111p123s456s789s", "19m9p19s1234567z9m", None]


def _closed_kan_game(rules):
    g = arranged_game(rules, hands=KOKUSHI_ANKAN, draws="2p", replacements="3p", dora="3s")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    return g


def test_thirteen_orphans_robs_a_closed_kan_where_the_ruleset_allows_it():
    g = _closed_kan_game("mahjongsoul")
    assert g.phase is Phase.RESPONSE and g.to_act() == [1]
    assert [a.kind for a in g.legal_actions(1)] == ["ron", "pass"]
    assert len(g.dora_indicators()) == 1  # the kan's indicator waits for the robbing chance
    g.apply(Action.ron(1, T("1p")))
    win = g.result.wins[0]
    assert win.from_seat == 0 and [y for y, _ in win.score.yaku] == ["kokushi"] and win.deltas == (-32000, 32000, 0)


def test_no_robbing_of_a_closed_kan_under_tenhou_and_a_passed_chance_is_furiten():
    g = _closed_kan_game("tenhou")
    assert g.phase is Phase.TURN and g.turn == 0 and len(g.dora_indicators()) == 2
    assert "seat 0's turn" in g.refusal(Action.ron(1, T("1p")))
    g = _closed_kan_game("mahjongsoul")
    g.apply(Action.pass_(1))
    assert g.phase is Phase.TURN and g.turn == 0 and g.drawn == T("3p") and len(g.dora_indicators()) == 2
    assert g.temp_furiten[1]


def test_only_thirteen_orphans_may_rob_a_closed_kan():
    hands = ["1111p123s456s789s", "23p456p789p11s55z7z", None]  # seat 1 waits on 1p-4p, not with kokushi
    g = arranged_game("mahjongsoul", hands=hands, draws="2s", replacements="3s", dora="3s")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    assert g.phase is Phase.TURN and g.turn == 0  # nobody could answer: the replacement tile is drawn at once


# ---- liability (pao) ---------------------------------------------------------------------------------------------

# seat 1 pons the three dragons from the dealer, the last one making the dealer liable, then waits on 2s alone
PAO_HANDS = ["5z6z7z19m19p19s1z2z3z4z", "55z66z77z111p234s9m", None]
PAO_DRAWS = "1s9p2p8p3p7p4p"


def _pao_game(rules, last_draw: str, honba: int = 1, hands=PAO_HANDS, discards=("9m", "4s", "3s")):
    g = arranged_game(rules, hands=hands, draws=PAO_DRAWS + last_draw, honba=honba)
    for dragon, discard in zip(("5z", "6z", "7z"), discards, strict=True):
        until_turn(g, 0)
        g.apply(Action.discard(0, T(dragon), from_hand=True))
        g.apply(Action.pon(1, T(dragon), _tiles(dragon * 2)))
        g.apply(Action.discard(1, T(discard)))
    return g


def test_pao_on_a_tsumo_the_liable_seat_pays_the_whole_yakuman_honba_included():
    g = _pao_game("tenhou", "2s")
    assert liable_seat(g.seats[1].melds, "daisangen") == 0
    until_turn(g, 1)
    g.apply(Action.tsumo(1))
    win = g.result.wins[0]
    assert [y for y, _ in win.score.yaku] == ["daisangen"] and win.liable == 0 and win.liable_for == "daisangen"
    assert g.result.deltas == (-24200, 24200, 0)
    assert next(e for e in g.events if e["type"] == "hora")["pao"] == 0
    log = to_tenhou6(g.events, "tenhou")["log"][0]
    assert log[16][2][:3] == [1, 1, 0]  # winner, payer, liable seat
    assert from_tenhou6(to_tenhou6(g.events, "tenhou"), "tenhou", "hanchan").events == g.events


def test_pao_on_a_ron_by_a_third_seat_is_shared_half_and_half_the_liable_seat_paying_the_honba():
    g = _pao_game("tenhou", "9s2s", honba=2)  # seat 2 draws the 2s and discards it
    until_asked(g, 1)
    g.apply(Action.ron(1, T("2s")))
    assert g.result.deltas == (-16400, 32400, -16000)
    g = _pao_game("tenhou", "", honba=2)  # the liable seat itself deals in: it pays as usual
    until_turn(g, 0)
    g.apply(Action.discard(0, T("1s"), from_hand=True))  # not a winning tile: seat 1 waits on 2s
    g = _pao_game(load_preset("tenhou").replace(pao=[]), "2s")
    until_turn(g, 1)
    g.apply(Action.tsumo(1))
    assert g.result.deltas == (-16100, 24200, -8100) and g.result.wins[0].liable is None


def test_pao_covers_only_its_own_yakuman_where_the_ruleset_says_so():
    hands = ["5z6z7z19m19p19s3z4z2p3p", "55z66z77z111z2z9m9p1p", None]  # daisangen with tsuuiisou: two yakuman
    for rules, deltas in (("tenhou", (-48200, 48200, 0)), ("mahjongsoul", (-40200, 48200, -8000))):
        g = _pao_game(rules, "2z", hands=hands, discards=("9m", "9p", "1p"))
        until_turn(g, 1)
        g.apply(Action.tsumo(1))
        assert g.result.wins[0].score.yakuman == 2 and g.result.deltas == deltas, rules


def test_pao_is_a_list_of_known_yakuman_in_a_ruleset_file():
    assert load_ruleset_text("base: tenhou\npao: [daisangen]\n").pao == ("daisangen",)
    with pytest.raises(RulesetError, match="field 'pao'"):
        load_ruleset_text("base: tenhou\npao: [kokushi]\n")
    for preset in ("tenhou", "mahjongsoul", "club", "classic", "wrc"):
        text = (Path(__file__).resolve().parents[1] / "sanma_core" / "rulesets" / f"{preset}.yaml").read_text()
        assert all(f"\n{field}:" in text for field in ("kokushi_robs_closed_kan", "pao", "pao_whole_hand")), preset


# ---- the platform and the length, read from the record --------------------------------------------------------


@pytest.mark.parametrize("path", MS_GAMES, ids=lambda p: p.stem)
def test_the_real_mahjong_soul_games_verify_with_and_without_a_ruleset(path):
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    asked = read_record(text, "mahjongsoul")
    found = read_record(text)
    assert found.game.rules.name == "mahjongsoul" and "Mahjong Soul" in found.why
    assert found.scores == asked.scores == [doc["sc"][2 * s] for s in range(3)]
    with pytest.raises(Exception):  # noqa: B017 - under Tenhou's rules each real game is refused somewhere
        read_record(text, "tenhou")


def test_a_record_that_contradicts_itself_verifies_with_a_note_and_the_review_sees_the_difference():
    text = (DATA / "mahjongsoul" / "kokushi_peinuki.json").read_text(encoding="utf-8")
    result = read_record(text)
    assert len(result.notes) == 1 and "+48000 in the record but +49000 by the engine" in result.notes[0]
    assert "final scores agree" in result.notes[0]
    mismatches: list = []
    read_record(text, "mahjongsoul", mismatches=mismatches)
    assert len(mismatches) == 1 and "+49000 by the engine" in str(mismatches[0])


def test_an_east_game_whose_length_the_record_does_not_state_is_played_as_its_hands_show():
    # seat 0 holds 40000 or more after East 3: an East game would be over there, a South game goes on
    g = arranged_game("mahjongsoul", hands=[None, None, None], mode=GameMode("hanchan"), seed=3,
                      scores=[55000, 25000, 25000])
    from sanma_core.game.players import run
    from sanma_core.game.scenario import QUIET

    for _ in run(g, QUIET, next_hands=True, stop=lambda game: game.hand_index >= 4):
        pass
    south_2 = next(i for i, e in enumerate(g.events) if e["type"] == "start_kyoku" and (e["bakaze"], e["oya"]) == ("S", 1))
    doc = to_tenhou6(g.events[:south_2], "mahjongsoul")  # East 1 to South 1
    doc["rule"]["disp"] = "三金の間赤"  # a converter's room name: neither East nor South
    doc.pop("sc", None)
    game = from_tenhou6(doc, "mahjongsoul")
    assert game.mode.length == "hanchan"  # East 3 is over and the record goes on: not an East game
    assert stated_platform(doc).length is None and stated_platform(doc).preset == "mahjongsoul"


def test_platform_from_room_rank_ref_and_mjai_start_game():
    assert stated_platform({"rule": {"disp": "三鳳東喰赤"}}).length == "tonpuusen"
    assert stated_platform({"title": ["三速玉の間赤", ""]}).preset == "mahjongsoul"
    assert stated_platform({"dan": ["雀豪★1", "", "", ""]}).preset == "mahjongsoul"
    assert stated_platform({"ref": "2021010217gm-00b9-0000-3eb2e915"}).preset == "tenhou"
    assert stated_platform([{"type": "start_game", "platform": "majsoul"}], "mjai").preset == "mahjongsoul"
    assert stated_platform([{"type": "start_game"}], "mjai") is None
    assert [n for n, _ in choose_ruleset({"log": []}, "tenhou6")] == ["tenhou", "mahjongsoul"]


def test_the_2021_record_with_whole_placement_points_verifies():
    doc = json.loads((DATA / "tenhou-2021-double-nukidora.json").read_text(encoding="utf-8"))
    game = from_tenhou6(doc, "tenhou")
    assert game.is_over() and [p.points for p in game.placement] == doc["sc"][0:6:2]
    doc["sc"][1] -= 1  # a whole figure one point off is still refused
    with pytest.raises(Exception, match="placement points"):
        from_tenhou6(doc, "tenhou")


# ---- mjai spellings and the dealer's first discard ------------------------------------------------------------


def test_the_dealers_first_discard_may_be_written_as_from_the_hand():
    g = arranged_game("mahjongsoul", hands=[None, None, None], draws="1z2z3z", seed=2)
    first = Action.discard(0, T("1z"), from_hand=True)  # the drawn tile itself, written as from the hand
    assert g.refusal(first) is None
    g.apply(first)
    assert next(e for e in g.events if e["type"] == "dahai")["tsumogiri"] is False
    until_hand_end(g)
    assert replay_events(g.events, "mahjongsoul").game.events == g.events
    g = arranged_game("tenhou", hands=["19m19p19s23456p78s", None, None], draws="1z2z3z7z", seed=2)
    g.apply(Action.discard(0, T("1z"), from_hand=True))
    until_turn(g, 0)
    assert g.drawn == T("7z")
    assert "(from the hand) refused" in g.refusal(Action.discard(0, T("7z"), from_hand=True))  # only the first


def test_the_four_kan_abort_in_riichienv_spelling():
    assert reason_of("suukansansen") == "four_kans"


# ---- one tenpai definition; the end of the game after a nagashi ---------------------------------------------


def test_riichi_on_a_wait_whose_copies_are_all_in_the_own_closed_kan():
    g = arranged_game("tenhou", hands=["3333p12p456s789s5s", None, None], draws="5s", replacements="1z", seed=1)
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    assert Action.riichi(0, T("1z")) in g.legal_actions(0)
    g.apply(Action.riichi(0, T("1z")))
    assert g.riichi[0] and g.waits(0) == ()  # every 3p is in the kan: no live wait, yet tenpai


def test_a_nagashi_mangan_with_the_dealer_tenpai_and_first_ends_the_game_in_the_last_hand():
    from sanma_core.game.wall import full_tile_set
    from sanma_core.tiles import TERMINALS_AND_HONOURS

    rules = load_preset("tenhou")
    dealer_hand = parse_tiles("123p456p789s1155s")
    pool = full_tile_set(rules)
    for t in dealer_hand:
        pool.remove(t)
    terms = [t for t in pool if t < 34 and t in TERMINALS_AND_HONOURS and t not in (parse_tile("1s"), parse_tile("5s"))]
    simples = [t for t in pool if t not in TERMINALS_AND_HONOURS and t not in (parse_tile("5s"),)]
    draws = [terms.pop() if i % 3 == 1 else simples.pop() for i in range(55)]
    g = arranged_game(rules, hands=[None, None, dealer_hand], draws=draws, mode=GameMode("hanchan"), round_wind=1,
                      dealer=2, scores=[20000, 20000, 65000])
    until_hand_end(g)
    assert g.result.kind == "nagashi_mangan" and g.result.tenpai[2] and g.result.dealer_repeats
    assert g.phase is Phase.GAME_END  # the dealer repeats in first place with 40000 or more: the game is over


# ---- Mahjong Soul's game end: an East game into sudden death, below 0 and exactly 0 ---------------------------

NOTEN = ["19m19p19s123456z2p", "19m19p19s123456z3p", "19m19p19s123456z4p"]
TENPAI = ["123p456p789s1155s", "123p456p789s2266s", "123p456p789s3344s"]


def _draw_game(mode: str, round_wind: int, dealer: int, scores: list[int], hands=NOTEN):
    g = arranged_game("mahjongsoul", hands=hands, mode=GameMode(mode), round_wind=round_wind, dealer=dealer,
                      scores=scores, seed=5)
    return until_hand_end(g)


def test_a_mahjong_soul_east_game_goes_into_sudden_death_until_someone_holds_40000():
    g = _draw_game("tonpuusen", 0, 2, [36000, 35000, 34000])
    assert g.phase is Phase.HAND_END and g._next == (1, 0)  # nobody holds 40000 after East 3: South 1
    g = _draw_game("tonpuusen", 1, 0, [39000, 33000, 33000], hands=[TENPAI[0], NOTEN[1], NOTEN[2]])
    assert g.scores[0] == 41000 and g.phase is Phase.GAME_END  # the dealer reaches 40000 in sudden death
    placement = {p.seat: p.score for p in g.placement}
    assert placement[0] == (41000 - 35000) / 1000 + 15  # Mahjong Soul counts from 35,000, no oka


def test_mahjong_soul_ends_the_game_below_zero_and_plays_on_at_exactly_zero():
    hands = [NOTEN[0], TENPAI[1], TENPAI[2]]
    g = _draw_game("hanchan", 0, 0, [1000, 52000, 52000], hands)
    assert g.scores[0] == -1000 and g.phase is Phase.GAME_END
    g = _draw_game("hanchan", 0, 0, [2000, 51500, 51500], hands)
    assert g.scores[0] == 0 and g.phase is Phase.HAND_END
