"""Driving a game to the end with a policy (for tests, soak runs and simulations).

>>> from sanma_core.game import Game, GameMode
>>> g = play(Game(seed=2, mode=GameMode("tonpuusen")), random_policy(2))
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .referee import Game
from .state import Phase

Policy = Callable[[Game, int, list[Action]], Action]


def random_policy(seed: int | str = 0) -> Policy:
    """Picks uniformly among the legal actions, from an explicit seed."""
    rng = random.Random(seed)

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


def play(game: Game, policy: Policy, max_steps: int = 1_000_000) -> Game:
    """Ask the policy for every decision until the game is over."""
    for _ in range(max_steps):
        if game.phase is Phase.GAME_END:
            return game
        if game.phase is Phase.HAND_END:
            game.next_hand()
            continue
        seat = game.to_act()[0]
        game.apply(policy(game, seat, game.legal_actions(seat)))
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def play_random_game(rules=None, mode=None, seed: int | str = 0) -> Game:
    """A whole game with random legal actions, reproducible from ``seed``."""
    return play(Game(rules, mode, seed=seed), random_policy(seed))
