"""Soak: many seeded games with random legal actions under every preset.

Checks after every action that all 108 tiles are somewhere, at every hand end
that points plus riichi sticks on the table are 105,000, and that every game
ends; every tenth game's records are re-played (mjai and tenhou.net/6).
The suite's 400 games are split between two tests so the halves run on
separate workers (``SANMA_SOAK_GAMES`` sets another number). ``make soak`` also
plays the long soak: ``SANMA_SOAK_LONG`` games more (8,600 there), in eight parts.
"""

import os
import random
from collections import Counter

import pytest

from sanma_core.game import Game, GameMode, Phase
from sanma_core.game.replay import replay_events
from sanma_core.game.simple import greedy_policy
from sanma_core.game.tenhou6 import from_tenhou6, to_tenhou6
from sanma_core.game.wall import full_tile_set
from sanma_core.rules import PRESETS, load_preset

GAMES = int(os.environ.get("SANMA_SOAK_GAMES", "400"))
LONG = int(os.environ.get("SANMA_SOAK_LONG", "0"))
LONG_PARTS = 8


def _random_player(seed):
    """Uniformly random legal actions, but a win is taken half of the time (so wins get settled too)."""
    rng = random.Random(seed)

    def choose(game, seat, legal):
        wins = [a for a in legal if a.kind in ("tsumo", "ron")]
        if wins and rng.random() < 0.5:
            return wins[0]
        return legal[rng.randrange(len(legal))]

    return choose


def _play_checked(game, policy, full, stats):
    steps = 0
    while game.phase is not Phase.GAME_END:
        if game.phase is Phase.HAND_END:
            total = sum(game.scores) + game.sticks * game.rules.riichi_stick
            assert total == 105000, (game.seed, game.hand_index, game.scores, game.sticks)
            stats[game.result.kind] += 1
            stats["double_ron"] += len(game.result.wins) == 2
            game.next_hand()
            continue
        seat = game.to_act()[0]
        game.apply(policy(game, seat, game.legal_actions(seat)))
        assert sorted(game.tile_census()) == full, (game.seed, game.hand_index, steps)
        steps += 1
        assert steps < 20000, "a game that does not end"
    assert sum(game.scores) + game.sticks * game.rules.riichi_stick == 105000
    assert sum(game.events[-1]["scores"]) == 105000 and game.events[-1]["type"] == "end_game"
    stats["games"] += 1


def soak(start: int, stop: int) -> None:
    """Play games ``start`` … ``stop - 1`` with every check on."""
    stats = Counter()
    fulls = {name: sorted(full_tile_set(load_preset(name))) for name in PRESETS}
    for n in range(start, stop):
        preset = PRESETS[n % len(PRESETS)]
        length = "hanchan" if n % 3 else "tonpuusen"
        kita = "kita" if n % 2 else "nukidora"
        game = Game(preset, GameMode(length), seed=n, kita_event=kita)
        policy = greedy_policy(n) if n % 4 == 0 else _random_player(n)
        _play_checked(game, policy, fulls[preset], stats)
        if n % 10 == 0:  # the records round-trip too
            assert replay_events(game.events, preset).game.events == game.events
            assert from_tenhou6(to_tenhou6(game.events, preset), preset).events == game.events
    assert stats["games"] == stop - start
    assert stats["win"] > 0 and stats["exhaustive_draw"] > 0
    if stop - start >= 100:
        assert stats["nine_terminals"] > 0


def test_soak_random_legal_games_first_half():
    soak(0, GAMES // 2)


def test_soak_random_legal_games_second_half():
    soak(GAMES // 2, GAMES)


@pytest.mark.slow
@pytest.mark.skipif(LONG <= 0, reason="the long soak runs with `make soak` (SANMA_SOAK_LONG games after the suite's)")
@pytest.mark.parametrize("part", range(LONG_PARTS))
def test_soak_long(part):
    size = -(-LONG // LONG_PARTS)
    start = GAMES + part * size
    soak(start, min(start + size, GAMES + LONG))
