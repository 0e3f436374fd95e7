"""Hand end and game end: wins, double ron, head-bump, draws, nagashi, aborts, extension, bust."""

import pytest

from sanma_core.game import Action, GameMode, Phase
from sanma_core.game.scenario import arranged_game, until_hand_end, until_turn
from sanma_core.game.wall import full_tile_set
from sanma_core.rules import load_preset
from sanma_core.scoring.payments import nagashi_payments, settle_win
from sanma_core.tiles import TERMINALS_AND_HONOURS, kind, parse_tile, parse_tiles

T = parse_tile
TENHOU = load_preset("tenhou")

TENPAI = ["123p456p789s1155s", "123p456p789s2266s", "123p456p789s3344s"]
NOTEN = ["19m19p19s123456z2p", "19m19p19s123456z3p", "19m19p19s123456z4p"]


def table_total(game):
    return sum(game.scores) + game.sticks * game.rules.riichi_stick


def test_win_by_tsumo_settles_with_the_scoring_engine_and_keeps_the_total():
    g = arranged_game("tenhou", hands=[None, "123p456p789s1155s", None], draws="7z1z2z3z5s", honba=1,
                      scores=[35000, 35000, 34000], sticks=1)
    until_turn(g, 1)
    g.apply(Action.discard(1, T("1z")))
    until_turn(g, 1)
    g.apply(Action.tsumo(1))
    win = g.result.wins[0]
    assert win.tsumo and win.seat == 1 and "menzen_tsumo" in [y for y, _ in win.score.yaku]
    assert g.result.deltas[1] == win.score.total
    assert win.score.total == sum(-d for d in g.result.deltas if d < 0) + 1000
    assert table_total(g) == 105000 and g.sticks == 0
    assert g.honba == 0 and g._next == (0, 1)  # non-dealer won: the deal moves on


def test_dealer_win_repeats_and_adds_a_honba():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="7z1p2p5s")
    g.apply(Action.discard(0, T("7z")))
    until_turn(g, 0)
    g.apply(Action.tsumo(0))
    assert g.result.dealer_repeats and g.honba == 1 and g._next == (0, 0)


DOUBLE_RON = ["6z234p678p234s678s", "555z123p456p789s6z", "777z234p567p234s6z"]


def test_double_ron_pays_both_and_gives_honba_and_sticks_to_the_nearest_winner():
    g = arranged_game("tenhou", hands=DOUBLE_RON, draws="1z", honba=2, sticks=1, scores=[35000, 35000, 34000])
    g.apply(Action.discard(0, T("6z")))
    assert sorted(g.to_act()) == [1, 2]
    g.apply(Action.ron(2, T("6z")))
    g.apply(Action.ron(1, T("6z")))
    first, second = g.result.wins
    assert (first.seat, second.seat) == (1, 2)
    base1 = settle_win(TENHOU, first.score.han, first.score.fu, dealer=False, tsumo=False).payments["ron"]
    base2 = settle_win(TENHOU, second.score.han, second.score.fu, dealer=False, tsumo=False).payments["ron"]
    assert first.deltas == (-(base1 + 400), base1 + 400 + 1000, 0)
    assert second.deltas == (-base2, 0, base2)
    assert g.result.deltas == (-(base1 + 400 + base2), base1 + 1400, base2)
    assert table_total(g) == 105000 and g.sticks == 0
    assert [e["type"] for e in g.events[-3:]] == ["hora", "hora", "end_kyoku"]


def test_head_bump_in_wrc_only_the_nearest_winner():
    g = arranged_game("wrc", hands=DOUBLE_RON, draws="1z", honba=1)
    g.apply(Action.discard(0, T("6z")))
    g.apply(Action.ron(1, T("6z")))
    g.apply(Action.ron(2, T("6z")))
    assert [w.seat for w in g.result.wins] == [1]
    ron = g.result.wins[0].score.payments["ron"]
    assert g.result.deltas == (-ron, ron, 0) and ron % 1000 in (300, 600, 900, 200, 500, 800, 100, 400, 700, 0)
    assert g.result.wins[0].context.honba == 1 and table_total(g) == 105000


def test_ron_on_the_riichi_discard_takes_no_stick():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", "555z123p456p789s6z", None], draws="1z")
    g.apply(Action.riichi(0, T("6z")))
    g.apply(Action.ron(1, T("6z")))
    assert g.sticks == 0 and table_total(g) == 105000
    assert "reach_accepted" not in [e["type"] for e in g.events]
    assert g.result.deltas[0] == -g.result.wins[0].score.payments["ron"]


@pytest.mark.parametrize(
    ("hands", "deltas"),
    [
        (NOTEN, (0, 0, 0)),
        ([TENPAI[0], NOTEN[0], NOTEN[1]], (2000, -1000, -1000)),
        ([NOTEN[0], TENPAI[1], TENPAI[2]], (-2000, 1000, 1000)),
        (TENPAI, (0, 0, 0)),
    ],
)
def test_noten_payments_with_zero_to_three_tenpai(hands, deltas):
    g = arranged_game("tenhou", hands=hands, seed=3)
    until_hand_end(g)
    assert g.result.kind == "exhaustive_draw"
    assert g.result.tenpai == tuple(h in TENPAI for h in hands)
    assert g.result.deltas == deltas
    assert g.honba == 1 and g.result.dealer_repeats == (hands[0] in TENPAI)
    assert table_total(g) == 105000
    assert g.events[-2]["type"] == "ryukyoku" and g.events[-2]["deltas"] == list(deltas)


def test_a_wait_only_on_a_kind_held_four_times_is_noten():
    g = arranged_game("tenhou", hands=["1111p234s567s888s", "19m9p19s1234567z2p", "19m9p19s1234567z3p"], seed=1)
    assert g.waits(0) == ()
    until_hand_end(g)
    assert g.result.tenpai == (False, False, False) and g.result.deltas == (0, 0, 0)


def test_nagashi_mangan():
    hand1 = parse_tiles("234567p234567s8p")
    pool = full_tile_set(TENHOU)
    for t in hand1:
        pool.remove(t)
    terms = [t for t in pool if t < 34 and t in TERMINALS_AND_HONOURS]
    simples = [t for t in pool if t not in TERMINALS_AND_HONOURS]
    draws = [terms.pop() if i % 3 == 1 else simples.pop() for i in range(55)]
    g = arranged_game("tenhou", hands=[None, hand1, None], draws=draws)
    until_hand_end(g)
    assert g.result.kind == "nagashi_mangan" and g.result.nagashi == (1,)
    assert g.result.deltas == tuple(nagashi_payments(TENHOU, 1, 0, 0)) == (-4000, 6000, -2000)
    assert g.events[-2]["reason"] == "nagashi_mangan" and table_total(g) == 105000


def test_nine_terminal_abort_in_the_first_go_around():
    g = arranged_game("tenhou", hands=[NOTEN[0], None, None], draws="3p")
    assert Action.nine_terminal_abort(0) in g.legal_actions(0)
    g.apply(Action.nine_terminal_abort(0))
    assert g.result.kind == "nine_terminals" and g.result.deltas == (0, 0, 0)
    assert g.result.dealer_repeats and g.honba == 1 and g.events[-2]["reason"] == "nine_terminals"


def test_nine_terminal_abort_not_after_a_call():
    hands = ["9s123p456p78p1235z", NOTEN[0], "99s123p456p78s12z6z"]
    g = arranged_game("tenhou", hands=hands, draws="5z1z3p")
    g.apply(Action.discard(0, T("9s")))
    g.apply(next(a for a in g.legal_actions(2) if a.kind == "pon"))
    g.apply(next(a for a in g.legal_actions(2) if a.kind == "discard"))
    until_turn(g, 1)
    assert "nine_terminal_abort" not in [a.kind for a in g.legal_actions(1)]


@pytest.mark.parametrize(("preset", "abort"), [("tenhou", False), ("club", True)])
def test_kita_cancels_the_nine_terminal_abort_as_the_ruleset_says(preset, abort):
    g = arranged_game(preset, hands=["4z234p678p234s678s", NOTEN[0], None], draws="5z", replacements="6s")
    g.apply(Action.kita(0))
    g.apply(Action.discard(0, T("5z")))
    until_turn(g, 1)
    assert ("nine_terminal_abort" in [a.kind for a in g.legal_actions(1)]) is abort


def test_four_kan_abort_by_two_players():
    hands = ["1111p9999p1111s5z", "9999s234p678p19m7z", None]
    g = arranged_game("tenhou", hands=hands, draws="6z7z", replacements="2z3z5z6z")
    for _ in range(3):
        g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    g.apply(Action.discard(0, T("6z")))
    until_turn(g, 1)
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "ankan"))
    assert g.kan_count == 4 and g.dora_revealed == 5
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "discard" and a.tile == g.drawn))
    until_hand_end(g)
    assert g.result.kind == "four_kans" and g.result.dealer_repeats and g.result.deltas == (0, 0, 0)


def test_four_kans_by_one_player_play_on_and_kita_is_no_kan():
    hands = ["1111p9999p1111s4z", None, None]
    g = arranged_game("tenhou", hands=hands, draws="6z", replacements="2z3z5z6z")
    for _ in range(3):
        g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    g.apply(Action.kita(0))
    assert g.kan_count == 3 and g.dora_revealed == 4


def _noten_draw_game(rules, mode, round_wind, dealer, scores, hands=None):
    return arranged_game(rules, hands=hands or NOTEN, mode=GameMode(mode), round_wind=round_wind, dealer=dealer,
                         scores=scores, seed=5)


def test_west_extension_when_nobody_reaches_the_return_score():
    g = _noten_draw_game("tenhou", "hanchan", 1, 2, [35000, 35000, 35000])
    until_hand_end(g)
    assert g.phase is Phase.HAND_END
    g.next_hand()
    assert g.round_wind == 2 and g.dealer == 0
    assert [e for e in g.events if e["type"] == "start_kyoku"][-1]["bakaze"] == "W"


def test_extension_stops_after_west_3_and_when_someone_reaches_the_return_score():
    g = _noten_draw_game("tenhou", "hanchan", 2, 2, [35000, 35000, 35000])
    until_hand_end(g)
    assert g.phase is Phase.GAME_END
    g = _noten_draw_game("tenhou", "hanchan", 1, 2, [41000, 34000, 30000])
    until_hand_end(g)
    assert g.phase is Phase.GAME_END
    g = _noten_draw_game("wrc", "hanchan", 1, 2, [35000, 35000, 35000])
    until_hand_end(g)
    assert g.phase is Phase.GAME_END  # no extension in wrc
    g = _noten_draw_game("tenhou", "tonpuusen", 0, 2, [35000, 35000, 35000])
    until_hand_end(g)
    assert g._next == (1, 0)  # tonpuusen extends into South


def test_extension_target_is_its_own_rule_not_the_return_score():
    # mahjongsoul returns 35000 but still plays on until someone holds the 40000 target
    g = _noten_draw_game("mahjongsoul", "hanchan", 1, 2, [38000, 34000, 33000])
    until_hand_end(g)
    assert g.phase is Phase.HAND_END and g._next == (2, 0)
    g = _noten_draw_game(load_preset("mahjongsoul").replace(target_points=38000), "hanchan", 1, 2, [38000, 34000, 33000])
    until_hand_end(g)
    assert g.phase is Phase.GAME_END


def test_bust_below_zero_ends_the_game_exactly_zero_plays_on():
    hands = [NOTEN[0], TENPAI[1], TENPAI[2]]
    g = _noten_draw_game("tenhou", "hanchan", 0, 0, [1000, 52000, 52000], hands)
    until_hand_end(g)
    assert g.scores[0] == -1000 and g.phase is Phase.GAME_END
    g = _noten_draw_game("tenhou", "hanchan", 0, 0, [2000, 51500, 51500], hands)
    until_hand_end(g)
    assert g.scores[0] == 0 and g.phase is Phase.HAND_END


def test_all_last_dealer_in_first_place_ends_the_game():
    hands = [NOTEN[0], NOTEN[1], TENPAI[2]]
    g = _noten_draw_game("tenhou", "hanchan", 1, 2, [30000, 32000, 43000], hands)
    until_hand_end(g)
    assert g.scores == [29000, 31000, 45000] and g.phase is Phase.GAME_END
    g = _noten_draw_game(TENHOU.replace(all_last_dealer_stop=False), "hanchan", 1, 2, [30000, 32000, 43000], hands)
    until_hand_end(g)
    assert g.phase is Phase.HAND_END and g._next == (1, 2)
    g = _noten_draw_game("tenhou", "hanchan", 1, 2, [50000, 20000, 35000], hands)
    until_hand_end(g)
    assert g.phase is Phase.HAND_END and g._next == (1, 2)  # dealer not first: the repeat plays


def test_final_placement_gives_leftover_sticks_to_first():
    hands = [NOTEN[0], TENPAI[1], NOTEN[2]]
    g = _noten_draw_game("tenhou", "hanchan", 2, 2, [29000, 45000, 30000], hands)
    g.sticks = 1
    until_hand_end(g)
    assert g.phase is Phase.GAME_END
    final = g.events[-1]
    assert final["type"] == "end_game" and final["scores"] == [28000, 48000, 29000]
    assert sum(final["scores"]) == 105000
    assert [p.rank for p in g.placement] == [3, 1, 2] and g.placement[1].score == 8 + 20 + 15


def test_tonpuusen_plays_three_hands_without_repeats():
    g = _noten_draw_game("tenhou", "tonpuusen", 0, 0, [50000, 30000, 25000])
    until_hand_end(g)
    assert g._next == (0, 1)


def _last_draw_game(hand_seat0, last, rules="tenhou", hand_seat2=None):
    pool = full_tile_set(load_preset(rules))
    chosen = parse_tiles(hand_seat0) + ([last] if isinstance(last, int) else parse_tiles(last))
    if hand_seat2:
        chosen += parse_tiles(hand_seat2)
    for t in chosen:
        pool.remove(t)
    avoid = {kind(t) for t in chosen}
    simples = [t for t in pool if kind(t) not in avoid][:54]
    last_tile = last if isinstance(last, int) else parse_tile(last)
    return arranged_game(rules, hands=[hand_seat0, None, hand_seat2], draws=[*simples, last_tile])


def test_haitei_on_the_last_live_draw():
    from sanma_core.game.scenario import advance

    g = _last_draw_game("123p456p789s1155s", "5s")
    advance(g, lambda g: g.phase is Phase.TURN and g.live_remaining == 0)
    assert g.drawn == T("5s") and g.turn == 0
    g.apply(Action.tsumo(0))
    assert "haitei" in [y for y, _ in g.result.wins[0].score.yaku]


def test_houtei_and_no_call_on_the_last_discard():
    from sanma_core.game.scenario import advance

    g = _last_draw_game("66z123p456p78s99s1z", "1z", hand_seat2="555z123p456p789s6z")
    advance(g, lambda g: g.phase is Phase.TURN and g.live_remaining == 0)
    g.apply(Action.discard(0, T("6z")))
    assert g.legal_actions(2) == [Action.ron(2, T("6z")), Action.pass_(2)]  # no pon on the last discard
    g.apply(Action.ron(2, T("6z")))
    assert "houtei" in [y for y, _ in g.result.wins[0].score.yaku]


@pytest.mark.parametrize(("preset", "yakuman"), [("tenhou", False), ("club", True)])
def test_kita_before_the_first_tsumo_cancels_tenhou_as_the_ruleset_says(preset, yakuman):
    g = arranged_game(preset, hands=["123p456p789s1155s", None, None], draws="4z", replacements="5s")
    g.apply(Action.kita(0))
    g.apply(Action.tsumo(0))
    ids = [y for y, _ in g.result.wins[0].score.yaku]
    assert ("tenhou" in ids) is yakuman


def test_tenhou_on_the_dealers_first_draw():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="5s")
    g.apply(Action.tsumo(0))
    assert [y for y, _ in g.result.wins[0].score.yaku] == ["tenhou"] and g.result.wins[0].score.yakuman == 1


def test_sticks_and_honba_carry_over_to_the_next_hand():
    g = arranged_game("tenhou", hands=[TENPAI[0], NOTEN[0], NOTEN[1]], draws="7z", seed=2)
    g.apply(Action.riichi(0, T("7z")))
    until_hand_end(g)
    assert g.result.kind == "exhaustive_draw" and g.sticks == 1 and g.honba == 1
    g.next_hand()
    start = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    assert start["kyotaku"] == 1 and start["honba"] == 1 and start["oya"] == 0
    assert sum(start["scores"]) + 1000 == 105000


def test_a_wait_whose_copies_are_all_in_the_own_closed_kan_is_tenpai_at_the_draw():
    """As Tenhou pays it: 13p waits on 2p only, and all four 2p are the seat's own closed kan."""
    g = arranged_game("tenhou", hands=["2222p13p456s789s5z", None, None], draws="5z", replacements="9m")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    g.apply(Action.discard(0, T("9m")))
    assert g.waits(0) == ()  # no 2p can ever come: the engine offers no win on it
    until_hand_end(g)
    assert g.result.kind == "exhaustive_draw" and g.result.tenpai[0] is True
    assert g.result.deltas[0] > 0


def test_a_wait_on_a_fifth_copy_of_a_kind_held_four_times_is_noten():
    g = arranged_game("tenhou", hands=["1111p456s789s555z", None, None], draws="9m")
    g.apply(Action.discard(0, T("9m")))
    until_hand_end(g)
    assert g.result.kind == "exhaustive_draw" and g.result.tenpai[0] is False
