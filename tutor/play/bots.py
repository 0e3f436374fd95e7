"""The opponents of play mode: engine bots behind one small interface.

A bot answers ``decide(view, legal)`` with a decision that has an ``action`` and a
one-line ``reason``. The levels are the engine's (``sanma_core.bots``).

>>> from sanma_core.game import Game
>>> g = Game(seed=1)
>>> bot = opponent("easy", seed=1)
>>> d = bot.decide(g.view(0), g.legal_actions(0))
>>> d.action in g.legal_actions(0), bool(d.reason)
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from sanma_core.game import Action, SeatView

LEVELS = ("easy", "normal", "hard")


class UnknownLevelError(ValueError):
    """A bot level that does not exist."""


class Bot(Protocol):
    def decide(self, view: SeatView, legal: list[Action]) -> Any: ...


@dataclass(frozen=True)
class StandInDecision:
    action: Action
    reason: str


class _StandInBot:
    """Used only while ``sanma_core.bots.make_bot`` is unavailable: wins when it can, else a seeded legal choice."""

    def __init__(self, seed: int | str):
        self._rng = random.Random(seed)

    def decide(self, view: SeatView, legal: list[Action]) -> StandInDecision:
        wins = [a for a in legal if a.kind in ("tsumo", "ron")]
        if wins:
            return StandInDecision(wins[0], f"{wins[0].kind}: the hand is complete")
        choice = legal[self._rng.randrange(len(legal))]
        return StandInDecision(choice, f"{choice.kind.replace('_', ' ')} (seeded choice)")


def _engine_factory():  # noqa: ANN202
    try:
        from sanma_core.bots import make_bot
    except ImportError:
        return None
    return make_bot


def opponent(level: str, seed: int | str) -> Bot:
    """A bot of ``level`` (easy, normal, hard) whose choices follow ``seed``."""
    if level not in LEVELS:
        raise UnknownLevelError(f"unknown bot level {level!r}: use {', '.join(LEVELS)}")
    factory = _engine_factory()
    if factory is None:
        return _StandInBot(seed)
    return factory(level, seed)
