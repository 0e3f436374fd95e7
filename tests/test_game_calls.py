"""Calls, kita, riichi, furiten and refusals, each on a constructed wall."""

import pytest

from sanma_core.game import Action, IllegalActionError, Phase
from sanma_core.game.scenario import advance, arranged_game, until_asked, until_turn
from sanma_core.game.wall import full_tile_set
from sanma_core.rules import load_preset
from sanma_core.tiles import NORTH, parse_tile, parse_tiles

T = parse_tile
TENHOU = load_preset("tenhou")


def simple_draws(n, rules="tenhou", exclude=""):
    """``n`` live draws of 2-8p and 2-8s only (no wins for honour-heavy hands, no nagashi)."""
    pool = full_tile_set(load_preset(rules))
    for t in parse_tiles(exclude) if exclude else []:
        pool.remove(t)
    simples = [t for t in pool if t < 34 and 9 <= t < 27 and t % 9 not in (0, 8)]
    return simples[:n]


def kinds_of(game, seat):
    return [a.kind for a in game.legal_actions(seat)]


def test_refused_action_names_why_and_leaves_the_state_unchanged():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="7z")
    snapshot = (len(g.events), [list(h) for h in g.hands], g.phase, list(g.scores))
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        g.apply(Action.discard(1, g.hands[1][0]))
    with pytest.raises(IllegalActionError, match="6z is not in the hand"):
        g.apply(Action.discard(0, T("6z")))
    with pytest.raises(IllegalActionError, match="no tile to answer"):
        g.apply(Action.pon(0, T("1s"), (T("1s"), T("1s"))))
    with pytest.raises(IllegalActionError, match="no North"):
        g.apply(Action.kita(0))
    assert snapshot == (len(g.events), [list(h) for h in g.hands], g.phase, list(g.scores))
    assert issubclass(IllegalActionError, ValueError)


def test_pon_takes_the_turn_without_a_draw_and_forbids_swap_calling():
    g = arranged_game("tenhou", hands=["9s123p456p78p1235z", "999s19m19p1s8p2367z", None], draws="5z")
    g.apply(Action.discard(0, T("9s")))
    pon = next(a for a in g.legal_actions(1) if a.kind == "pon")
    g.apply(pon)
    assert g.phase is Phase.TURN and g.turn == 1 and g.drawn is None
    assert g.events[-1]["type"] == "pon" and g.events[-1]["target"] == 0
    assert Action.discard(1, T("9s")) not in g.legal_actions(1)
    with pytest.raises(IllegalActionError, match="swap-calling"):
        g.apply(Action.discard(1, T("9s")))
    assert "tsumo" not in kinds_of(g, 1) and "ankan" not in kinds_of(g, 1)
    g.apply(Action.discard(1, T("1m")))
    until_turn(g, 2)
    assert g.events[-1]["type"] == "tsumo" and g.events[-1]["actor"] == 2
    assert g.discards[0][-1].called


def test_there_is_no_chi_a_sequence_tile_is_not_callable():
    # seat 1 holds 23p; seat 0 discards 1p: nothing to answer
    g = arranged_game("tenhou", hands=["1p234s678s2345z67z", "23p19m19s1234567z", None], draws="7z")
    g.apply(Action.discard(0, T("1p")))
    assert g.phase is Phase.TURN and g.turn == 1  # no response window was opened
    assert not {"pon", "chi"} & set(kinds_of(g, 1))


def test_kita_refused_right_after_a_pon_unless_the_ruleset_allows_it():
    hands = ["9s123p456p78p1235z", "99s4z19m19p1s8p2367z", None]
    g = arranged_game("tenhou", hands=hands, draws="5z")
    g.apply(Action.discard(0, T("9s")))
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "pon"))
    assert "kita" not in kinds_of(g, 1)
    with pytest.raises(IllegalActionError, match="right after a pon"):
        g.apply(Action.kita(1))
    g2 = arranged_game(TENHOU.replace(kita_after_pon=True), hands=hands, draws="5z")
    g2.apply(Action.discard(0, T("9s")))
    g2.apply(next(a for a in g2.legal_actions(1) if a.kind == "pon"))
    assert "kita" in kinds_of(g2, 1)


def test_kita_refused_on_the_last_live_draw():
    draws = simple_draws(54) + [NORTH]
    g = arranged_game("tenhou", hands=["19m19p1s5z5z6z6z7z7z1z2z", None, None], draws=draws)
    advance(g, lambda g: g.phase is Phase.TURN and g.live_remaining == 0)
    assert g.turn == 0 and g.drawn == NORTH
    assert "kita" not in kinds_of(g, 0)
    with pytest.raises(IllegalActionError, match="last live draw"):
        g.apply(Action.kita(0))


def test_kita_allowed_before_the_last_draw():
    g = arranged_game("tenhou", hands=["4z234p678p234s678s", None, None], draws="5z")
    assert "kita" in kinds_of(g, 0)


def test_under_riichi_only_the_drawn_north_may_be_set_aside():
    g = arranged_game("tenhou", hands=["123p456p789s444z5s", None, None], draws="1m2p2p9m2s2s4z")
    g.apply(Action.riichi(0, T("1m")))
    until_turn(g, 0)
    assert g.drawn == T("9m")
    assert g.legal_actions(0) == [Action.discard(0, T("9m"))]
    with pytest.raises(IllegalActionError, match="drawn North"):
        g.apply(Action.kita(0))
    with pytest.raises(IllegalActionError, match="only the drawn tile"):
        g.apply(Action.discard(0, T("5s")))
    g.apply(Action.discard(0, T("9m")))
    until_turn(g, 0)
    assert g.drawn == NORTH
    assert {"kita", "ankan", "discard"} <= set(kinds_of(g, 0))
    g.apply(Action.kita(0))
    assert g.kita[0] == 1 and g.riichi[0]


def test_riichi_under_the_ruleset_conditions():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="7z")
    assert Action.riichi(0, T("7z")) in g.legal_actions(0)
    assert Action.riichi(0, T("1p")) not in g.legal_actions(0)  # not tenpai after it
    low = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="7z", scores=[900, 52000, 52100])
    assert "riichi" not in kinds_of(low, 0)
    with pytest.raises(IllegalActionError, match="1000 points"):
        low.apply(Action.riichi(0, T("7z")))
    g.apply(Action.riichi(0, T("7z")))
    assert [e["type"] for e in g.events if e["type"] in ("reach", "dahai", "reach_accepted")][:3] == [
        "reach",
        "dahai",
        "reach_accepted",
    ]
    assert g.scores[0] == 34000 and g.sticks == 1 and g.double_riichi[0]


def test_riichi_needs_three_live_tiles():
    draws = simple_draws(55, exclude="123p456p789s1155s")
    g = arranged_game("tenhou", hands=[None, "123p456p789s1155s", None], draws=draws)
    advance(g, lambda g: g.phase is Phase.TURN and g.turn == 1 and g.live_remaining <= 5)
    assert g.live_remaining == 5 and "riichi" in kinds_of(g, 1)
    g.apply(Action.discard(1, g.drawn))
    advance(g, lambda g: g.phase is Phase.TURN and g.turn == 1)
    assert g.live_remaining == 2 and "riichi" not in kinds_of(g, 1)
    with pytest.raises(IllegalActionError, match="3 tiles left"):
        g.apply(Action.riichi(1, g.drawn))


def test_closed_kan_under_riichi_only_when_the_waits_stay():
    # 5p tanki plus 111s: a kan of 1s keeps the wait; 2223s-type shapes would change it
    g = arranged_game("tenhou", hands=["111s234p678p567s5p", None, None], draws="9m2p2p1s")
    g.apply(Action.riichi(0, T("9m")))
    until_turn(g, 0)
    assert "ankan" in kinds_of(g, 0)
    g2 = arranged_game("tenhou", hands=["111s23s234p678p55p", None, None], draws="9m2p2p1s")
    g2.apply(Action.riichi(0, T("9m")))
    until_turn(g2, 0)
    assert g2.drawn == T("1s") and "ankan" not in kinds_of(g2, 0)


TANYAO_TENPAI = "234p567p234s6645s"  # waits 3s and 6s, tanyao


def test_furiten_by_own_discard():
    g = arranged_game("tenhou", hands=[None, TANYAO_TENPAI, None], draws="7z3s6s")
    until_turn(g, 1)
    assert g.drawn == T("3s") and "tsumo" in kinds_of(g, 1)
    g.apply(Action.discard(1, T("3s")))
    advance(g, lambda g: g.events[-1]["type"] == "dahai" and g.events[-1]["actor"] == 2)
    assert g.events[-1]["pai"] == "6s" and g.is_furiten(1)
    assert Action.ron(1, T("6s")) not in g.legal_actions(1) and "pon" in kinds_of(g, 1)
    control = arranged_game("tenhou", hands=[None, TANYAO_TENPAI, None], draws="7z1z6s")
    advance(control, lambda g: g.events[-1]["type"] == "dahai" and g.events[-1]["actor"] == 2)
    assert control.to_act() == [1] and Action.ron(1, T("6s")) in control.legal_actions(1)


def test_temporary_furiten_after_passing_a_win_until_own_discard():
    g = arranged_game("tenhou", hands=[None, TANYAO_TENPAI, None], draws="7z1z3s6s2z6s")
    until_asked(g, 1)
    assert Action.ron(1, T("3s")) in g.legal_actions(1)
    g.apply(Action.pass_(1))
    advance(g, lambda g: g.events[-1]["type"] == "dahai" and g.events[-1]["actor"] == 0)
    assert g.events[-1]["pai"] == "6s" and g.temp_furiten[1]
    assert Action.ron(1, T("6s")) not in g.legal_actions(1)
    g.apply(Action.pass_(1))
    advance(g, lambda g: g.events[-1]["type"] == "dahai" and g.events[-1]["actor"] == 2)
    assert g.events[-1]["pai"] == "6s" and not g.temp_furiten[1]
    assert Action.ron(1, T("6s")) in g.legal_actions(1)


def test_riichi_furiten_is_permanent():
    g = arranged_game("tenhou", hands=[None, TANYAO_TENPAI, None], draws="7z1z3s7z2z6s")
    until_turn(g, 1)
    g.apply(Action.riichi(1, T("1z")))
    until_asked(g, 1)
    g.apply(Action.pass_(1))
    advance(g, lambda g: g.events[-1]["type"] == "dahai" and g.events[-1]["actor"] == 2 and g.events[-1]["pai"] == "6s")
    assert g.riichi_furiten[1] and 1 not in g.to_act()  # no calls under riichi, no ron in furiten


def test_ron_on_a_north_set_aside_in_tenhou_not_in_club():
    hands = ["4z234p678p234s678s", "555z123p456p789s4z", None]
    g = arranged_game("tenhou", hands=hands, draws="7z")
    g.apply(Action.kita(0))
    assert g.to_act() == [1] and g.legal_actions(1) == [Action.ron(1, NORTH), Action.pass_(1)]
    g.apply(Action.ron(1, NORTH))
    win = g.result.wins[0]
    ids = [y for y, _ in win.score.yaku]
    assert win.seat == 1 and win.from_seat == 0 and "haku" in ids and "chankan" not in ids
    assert g.result.deltas[0] == -win.score.payments["ron"] and g.result.deltas[1] == win.score.total
    club = arranged_game("club", hands=hands, draws="7z")
    club.apply(Action.kita(0))
    assert club.phase is Phase.TURN and club.turn == 0 and club.to_act() == [0]


@pytest.mark.parametrize(("preset", "ippatsu"), [("tenhou", False), ("mahjongsoul", False), ("club", True)])
def test_kita_cancels_ippatsu_as_the_ruleset_says(preset, ippatsu):
    hands = ["4z5s234p678p234s78s", "123p456p789s1155s", None]
    g = arranged_game(preset, hands=hands, draws="6z9m1z2z", replacements="3z")
    g.apply(Action.discard(0, T("6z")))
    until_turn(g, 1)
    g.apply(Action.riichi(1, T("9m")))
    until_turn(g, 0)
    g.apply(Action.kita(0))
    until_turn(g, 0)
    g.apply(Action.discard(0, T("5s")))
    assert Action.ron(1, T("5s")) in g.legal_actions(1)
    g.apply(Action.ron(1, T("5s")))
    ids = [y for y, _ in g.result.wins[0].score.yaku]
    assert "double_riichi" in ids
    assert ("ippatsu" in ids) is ippatsu


def test_kita_replacement_draw_wins_by_rinshan_kaihou():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z", replacements="5s")
    g.apply(Action.kita(0))
    assert g.drawn == T("5s") and "tsumo" in kinds_of(g, 0)
    g.apply(Action.tsumo(0))
    ids = [y for y, _ in g.result.wins[0].score.yaku]
    assert "rinshan_kaihou" in ids and "tenhou" not in ids
    assert g.result.wins[0].score.kita >= 1


def test_chankan_on_an_added_kan():
    hands = ["3p456p78p12356z19m", "33p19m19p1s9s8p2356z", "12p456p789s111s99m"]  # seat 2 waits on 3p
    g = arranged_game("tenhou", hands=hands, draws="1z2z3z3p")
    g.apply(Action.discard(0, T("3p")))
    assert g.to_act() == [1]  # seat 2 waits on 3p but has no yaku without chankan
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "pon"))
    g.apply(Action.discard(1, T("1m")))
    until_turn(g, 1)
    assert g.drawn == T("3p")
    g.apply(Action.kakan(1, T("3p")))
    assert g.to_act() == [2] and Action.ron(2, T("3p")) in g.legal_actions(2)
    g.apply(Action.ron(2, T("3p")))
    ids = [y for y, _ in g.result.wins[0].score.yaku]
    assert "chankan" in ids and g.result.wins[0].from_seat == 1


def test_no_chankan_on_a_closed_kan():
    hands = ["1111p234p567s19m1z", "23p456p789s11s777z", None]  # seat 1 waits on 1p and 4p
    g = arranged_game("tenhou", hands=hands, draws="5z")
    assert T("1p") in g.waits(1)
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    assert g.phase is Phase.TURN and g.to_act() == [0]


def test_a_ruleset_allowing_any_north_under_riichi_still_keeps_the_waits():
    rules = TENHOU.replace(kita_under_riichi_drawn_only=False)
    # 444z is a set: a North from the hand may go while 9m sits where it was (waits on 5s stay)
    g = arranged_game(rules, hands=["123p456p789s444z5s", None, None], draws="1m2p2p5z")
    g.apply(Action.riichi(0, T("1m")))
    until_turn(g, 0)
    assert g.drawn == T("5z") and "kita" not in kinds_of(g, 0)  # 5z in place of a North breaks 444z
    g2 = arranged_game(rules, hands=["123p456p789s44z55s", None, None], draws="1m2p2p4z")
    g2.apply(Action.riichi(0, T("1m")))
    until_turn(g2, 0)
    assert "kita" in kinds_of(g2, 0)  # the drawn North itself


def test_events_for_a_seat_hide_the_others_draws():
    g = arranged_game("tenhou", hands=[None, None, None], draws="1z2z")
    until_turn(g, 1)
    seen = g.events_for(0)
    assert seen[-1] == {"type": "tsumo", "actor": 1, "pai": "?"}
    assert g.events_for(1)[-1]["pai"] == "S"
    view = g.view(0)
    assert view.drawn is None and len(view.hand) == 13 and view.seats[1].hand_size == 14


def test_rewound_gives_the_state_before_the_last_actions():
    from sanma_core.game import Game, GameMode
    from sanma_core.game.simple import greedy_policy

    g = Game("tenhou", GameMode("tonpuusen"), seed=21)
    policy = greedy_policy(21)
    snapshots = []
    for _ in range(40):
        snapshots.append((len(g.events), [list(h) for h in g.hands], list(g.scores)))
        if g.phase is Phase.HAND_END:
            g.next_hand()
            continue
        seat = g.to_act()[0]
        g.apply(policy(g, seat, g.legal_actions(seat)))
    back = g.rewound(5)
    assert (len(back.events), [list(h) for h in back.hands], list(back.scores)) == snapshots[-5]
    assert back.events == g.events[: len(back.events)]
    with pytest.raises(IllegalActionError):
        g.rewound(10_000)


@pytest.mark.parametrize(("preset", "double"), [("tenhou", False), ("club", True)])
def test_kita_before_the_first_discard_cancels_double_riichi_as_the_ruleset_says(preset, double):
    g = arranged_game(preset, hands=["4z123p456p789s115s", None, None], draws="7z", replacements="5s")
    g.apply(Action.kita(0))
    g.apply(Action.riichi(0, T("7z")))
    assert g.riichi[0] and g.double_riichi[0] is double
