"""The player interface and the one game loop.

A player sees what its seat may see and chooses among the legal actions:
``decide(view, legal) -> Decision``. Bots, the quick policies of :mod:`.simple`
and the quiet player of :mod:`.scenario` all have this form, and :func:`run` is
the loop that asks them: simulations, play mode and constructed situations use it.

>>> from sanma_core.game import Game, GameMode
>>> class FirstLegal:
...     def decide(self, view, legal):
...         return Decision(legal[0], "the first legal action")
>>> g = Game(seed=1, mode=GameMode("tonpuusen"))
>>> moves = list(run(g, FirstLegal()))
>>> g.is_over(), moves[0].seat, moves[0].decision.reason
(True, 0, 'the first legal action')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .actions import Action
from .state import Phase

if TYPE_CHECKING:
    from .referee import Game
    from .view import SeatView


@dataclass(frozen=True)
class Decision:
    """One choice of a player: the action, a one-line reason for a learner, and the facts behind it.

    ``facts`` is data (shanten, useful tiles, danger category…) for pages that
    want to draw the reason their own way; ``reason`` is the ready-made sentence.
    """

    action: Action
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)


class Player(Protocol):
    """Anything that chooses among a seat's legal actions."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Choose one of ``legal`` (never anything else) and say why."""
        ...


#: One player for every seat, players by seat, or seat → player (a seat left out is asked by no one).
Players = Player | Sequence[Player] | Mapping[int, Player]

FORCED = "the only legal action"


@dataclass(frozen=True, slots=True)
class Move:
    """One action :func:`run` applied, who chose it and (when timed) how long it took."""

    seat: int
    decision: Decision
    hand: int  # the game's hand index
    asked: bool  # False when the only legal action was played without asking the player
    seconds: float = 0.0  # wall-clock time of the decision
    cpu_seconds: float = 0.0  # CPU time of this thread for the decision
    turn_seconds: float = 0.0  # the decision and the engine's update together
    turn_cpu_seconds: float = 0.0


def _player_for(players: Players, seat: int) -> Player | None:
    if isinstance(players, Mapping):
        return players.get(seat)
    if isinstance(players, Sequence):
        return players[seat]
    return players


def run(
    game: Game,
    players: Players,
    *,
    next_hands: bool = True,
    ask_forced: bool = True,
    timed: bool = False,
    stop: Callable[[Game], bool] | None = None,
    max_steps: int | None = None,
) -> Iterator[Move]:
    """Ask the players for every decision and apply it, yielding each move once it is applied.

    Ends when the game is over, when a seat without a player must act (a human),
    when ``stop(game)`` holds, after ``max_steps`` steps, or at a hand's end unless
    ``next_hands`` (then the next hand is dealt). With ``ask_forced`` off, a seat
    with a single legal action plays it without asking. With ``timed``, each move
    carries its wall-clock and CPU times.
    """
    clock, cpu_clock = time.perf_counter, time.thread_time
    steps = 0
    while max_steps is None or steps < max_steps:
        steps += 1
        phase = game.phase
        if phase is Phase.GAME_END or (stop is not None and stop(game)):
            return
        if phase is Phase.HAND_END:
            if not next_hands:
                return
            game.next_hand()
            continue
        seat, player = next(((s, p) for s in game.to_act() if (p := _player_for(players, s)) is not None),
                            (None, None))
        if player is None:
            return
        legal = game.legal_actions(seat)
        if not ask_forced and len(legal) == 1:
            game.apply(legal[0])
            yield Move(seat, Decision(legal[0], FORCED), game.hand_index, False)
            continue
        if not timed:
            decision = player.decide(game.view(seat), legal)
            game.apply(decision.action)
            yield Move(seat, decision, game.hand_index, True)
            continue
        start, cpu_start = clock(), cpu_clock()
        decision = player.decide(game.view(seat), legal)
        decided, cpu_decided = clock(), cpu_clock()
        game.apply(decision.action)
        yield Move(seat, decision, game.hand_index, True, decided - start, cpu_decided - cpu_start,
                   clock() - start, cpu_clock() - cpu_start)
