"""RiichiEnv's three-player games under its Tenhou and Mahjong Soul rules re-play exactly through the engine.

RiichiEnv is a second opinion, not the ground truth: where it and the written rules (RULES.md) disagreed, a
test would show the position; on these seeds none does. What its logs show that the engine reads:
the Mahjong Soul dealer's first discard written as from the hand, and a thirteen-orphans ron on a closed kan
written as the ``hora`` alone (no ``ankan`` before it).
"""

import pytest

from sanma_core.game.records import read_parsed
from sanma_core.game.replay import replay_events

riichienv_games = pytest.importorskip("testkit.riichienv_games", reason="riichienv is a test dependency")

SEEDS = range(40)


@pytest.mark.parametrize(("theirs", "ours"), [("tenhou", "tenhou"), ("mjsoul", "mahjongsoul")])
def test_riichienv_hanchan_verify_under_the_matching_preset(theirs, ours):
    dealer_from_hand = 0
    for seed in SEEDS:
        events = riichienv_games.riichienv_game(theirs, seed)
        result = replay_events(events, ours)
        assert result.game.is_over(), seed
        assert result.scores == next(e for e in reversed(events) if e["type"] == "end_game").get("scores",
                                                                                                result.scores)
        firsts = [events[i + 2] for i, e in enumerate(events[:-2]) if e["type"] == "start_kyoku"]
        dealer_from_hand += sum(1 for e in firsts if e["type"] == "dahai" and e["tsumogiri"] is False)
    if theirs == "mjsoul":
        assert dealer_from_hand >= len(SEEDS)  # the dealer's first discard, written from the hand, is read


def test_a_robbed_closed_kan_written_as_the_win_alone():
    events = riichienv_games.riichienv_game("mjsoul", 66)
    robbed = [i for i, e in enumerate(events) if e["type"] == "hora" and "pai" not in e
              and events[i - 1]["type"] == "tsumo" and events[i - 1]["actor"] == e["target"]]
    assert robbed, "seed 66 holds a thirteen-orphans ron on a closed kan"
    result = replay_events(events, "mahjongsoul")
    win = next(w for r in result.game.results if r.kind == "win" for w in r.wins if not w.tsumo
               and w.context.chankan)
    assert "kokushi" in [y for y, _ in win.score.yaku]
    with pytest.raises(Exception, match="turn"):  # Tenhou's rules let nobody rob a closed kan
        replay_events(events, "tenhou")


def test_a_mahjong_soul_game_without_a_platform_verifies_under_one_of_the_presets():
    events = riichienv_games.riichienv_game("mjsoul", 66)
    result = read_parsed(events, "mjai")
    assert result.game.rules.name == "mahjongsoul" and "not Tenhou's" in result.why
