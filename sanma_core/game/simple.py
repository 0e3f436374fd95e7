"""Driving a game to the end with a policy (for tests, soak runs and simulations).

>>> from sanma_core.game import Game, GameMode
>>> g = play(Game(seed=2, mode=GameMode("tonpuusen")), random_policy(2))
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..tiles import kind
from . import evaluation
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


def greedy_policy(seed: int | str = 0, call_rate: float = 0.3) -> Policy:
    """A quick player that wins when it can, declares riichi, sets Norths aside and lowers
    its shanten; calls sometimes. Good for exercising every part of the engine."""
    rng = random.Random(seed)

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        for k in ("tsumo", "ron", "riichi", "kita", "ankan", "kakan"):
            if k in kinds and (k in ("tsumo", "ron") or rng.random() < 0.7):
                return kinds[k]
        if game.phase is Phase.RESPONSE:
            calls = [a for a in legal if a.kind in ("pon", "minkan")]
            if calls and rng.random() < call_rate:
                return rng.choice(calls)
            return kinds["pass"]
        discards = [a for a in legal if a.kind == "discard"]
        if len(discards) == 1:
            return discards[0]
        counts = game.counts[seat]
        outside = game.outside[seat]
        best, best_value = [], 99
        for a in discards:
            k = kind(a.tile)
            counts[k] -= 1
            value = evaluation.shanten(counts, outside)
            counts[k] += 1
            if value < best_value:
                best, best_value = [a], value
            elif value == best_value:
                best.append(a)
        return rng.choice(best)

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
