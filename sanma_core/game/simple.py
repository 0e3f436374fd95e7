"""Quick players and driving a game to the end (for tests, soak runs and simulations).

The players here have the one player interface (``decide(view, legal)``, see
:mod:`.players`); calling one as ``player(game, seat, legal)`` is a shorthand
for ``player.decide(game.view(seat), legal).action``.

>>> from sanma_core.game import Game, GameMode
>>> g = play(Game(seed=2, mode=GameMode("tonpuusen")), random_policy(2))
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..tiles import NORTH, kind, to_counts
from . import evaluation
from .actions import Action
from .players import Decision, Players, run
from .referee import Game
from .state import Phase
from .view import SeatView


class _QuickPlayer:
    """A player with a seeded random source; also callable as ``player(game, seat, legal)``."""

    def __init__(self, seed: int | str):
        self.rng = random.Random(seed)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        raise NotImplementedError

    def __call__(self, game: Game, seat: int, legal: Sequence[Action]) -> Action:
        return self.decide(game.view(seat), legal).action


class RandomPlayer(_QuickPlayer):
    """Picks uniformly among the legal actions, from an explicit seed."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        return Decision(legal[self.rng.randrange(len(legal))], "chosen at random")


class GreedyPlayer(_QuickPlayer):
    """A quick player that wins when it can, declares riichi, sets Norths aside and lowers
    its shanten; calls sometimes. Good for exercising every part of the engine."""

    def __init__(self, seed: int | str, call_rate: float = 0.3):
        super().__init__(seed)
        self.call_rate = call_rate

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        rng = self.rng
        kinds = {a.kind: a for a in legal}
        for k in ("tsumo", "ron", "riichi", "kita", "ankan", "kakan"):
            if k in kinds and (k in ("tsumo", "ron") or rng.random() < 0.7):
                return Decision(kinds[k], k)
        if view.phase is Phase.RESPONSE:
            calls = [a for a in legal if a.kind in ("pon", "minkan")]
            if calls and rng.random() < self.call_rate:
                return Decision(rng.choice(calls), "a call")
            return Decision(kinds["pass"], "pass")
        discards = [a for a in legal if a.kind == "discard"]
        if len(discards) == 1:
            return Decision(discards[0], "the only discard")
        counts = to_counts(view.hand)
        outside = [0] * 34
        for meld in view.melds:
            for t in meld.tiles:
                outside[kind(t)] += 1
        outside[NORTH] += view.kita
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
        return Decision(rng.choice(best), f"lowest shanten ({best_value})")


def random_policy(seed: int | str = 0) -> RandomPlayer:
    """Picks uniformly among the legal actions, from an explicit seed."""
    return RandomPlayer(seed)


def greedy_policy(seed: int | str = 0, call_rate: float = 0.3) -> GreedyPlayer:
    """A :class:`GreedyPlayer` from an explicit seed."""
    return GreedyPlayer(seed, call_rate)


def play(game: Game, players: Players, max_steps: int = 1_000_000) -> Game:
    """Ask the players (one for every seat, or one per seat) for every decision until the game is over."""
    for _ in run(game, players, max_steps=max_steps):
        pass
    if not game.is_over():
        raise RuntimeError(f"the game did not end within {max_steps} steps")
    return game


def play_random_game(rules=None, mode=None, seed: int | str = 0) -> Game:
    """A whole game with random legal actions, reproducible from ``seed``."""
    return play(Game(rules, mode, seed=seed), random_policy(seed))
