"""Auto-pass for call offers: which offers are answered for the player, and which always ask."""

import pytest

from sanma_core.game import Action, Phase
from sanma_core.game.actions import PASS, PON
from sanma_core.game.scenario import arranged_game
from sanma_core.tiles import parse_tile
from tutor.play.autopass import MODES, auto_pass

HAND = "1155z33p456p2468s"  # a pair of East (the dealer's yakuhai), a pair of haku, a pair of 3p


def _offer(tile: str, rules="tenhou"):
    """Seat 0 (dealer) discards its draw; seat 1 draws ``tile`` and discards it: seat 0 may pon it."""
    game = arranged_game(rules, hands=[HAND, None, None], draws="9p" + tile)
    game.apply(Action.discard(0, parse_tile("9p")))
    game.apply(Action.discard(1, game.drawn))
    assert game.phase is Phase.RESPONSE
    view = game.view(0)
    assert PON in {a.kind for a in view.legal_actions}
    return view


@pytest.mark.parametrize(("tile", "mode", "passes"), [
    ("3p", "off", False), ("3p", "all", True), ("3p", "smart", True),
    ("5z", "all", True), ("5z", "smart", False),  # haku is a yakuhai: worth being asked
    ("1z", "smart", False),  # East is the dealer's seat wind and the round wind
])
def test_a_pon_offer_is_passed_by_mode(tile, mode, passes):
    view = _offer(tile)
    chosen = auto_pass(view, view.legal_actions, mode)
    assert (chosen is not None) == passes
    if passes:
        assert chosen.kind == PASS and chosen in view.legal_actions


def test_smart_asks_when_the_advisor_would_call():
    view = _offer("3p")
    pon = next(a for a in view.legal_actions if a.kind == PON)
    assert auto_pass(view, view.legal_actions, "smart", advised=pon) is None
    passing = next(a for a in view.legal_actions if a.kind == PASS)
    assert auto_pass(view, view.legal_actions, "smart", advised=passing) == passing


def test_north_counts_as_yakuhai_only_where_the_ruleset_says_so():
    from sanma_core.rules import load_preset

    hand = "1144z33p456p2468s"
    for north_is_yakuhai, passes in ((False, True), (True, False)):
        rules = load_preset("club").replace(north_is_yakuhai=north_is_yakuhai, ron_on_kita=True)
        game = arranged_game(rules, hands=[hand, None, None], draws="9p4z")
        game.apply(Action.discard(0, parse_tile("9p")))
        game.apply(Action.discard(1, game.drawn))
        view = game.view(0)
        assert (auto_pass(view, view.legal_actions, "smart") is not None) == passes


def test_a_win_on_offer_is_never_passed_and_a_turn_is_not_an_offer():
    game = arranged_game("tenhou", hands=["123p456p789s1122z", None, None], draws="9p1z")
    game.apply(Action.discard(0, parse_tile("9p")))
    game.apply(Action.discard(1, game.drawn))
    view = game.view(0)
    assert {"ron", "pon"} <= {a.kind for a in view.legal_actions}
    assert all(auto_pass(view, view.legal_actions, mode) is None for mode in MODES)
    turn = arranged_game("tenhou", hands=[HAND, None, None], draws="9p").view(0)
    assert all(auto_pass(turn, turn.legal_actions, mode) is None for mode in MODES)
    with pytest.raises(ValueError, match="unknown auto-pass mode"):
        auto_pass(turn, turn.legal_actions, "sometimes")
