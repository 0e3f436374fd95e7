"""The bot interface: a seat's view and its legal actions in, a decision and a readable reason out.

>>> from sanma_core.game import Game
>>> g = Game(seed=3)
>>> bot = make_bot("easy", seed=1)
>>> d = bot.decide(g.view(0), g.legal_actions(0))
>>> d.action in g.legal_actions(0), d.reason.startswith(("discard", "kita", "riichi"))
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..game.actions import Action

if TYPE_CHECKING:
    from ..game.view import SeatView

LEVELS = ("easy", "normal", "hard")
LEVEL_STYLES = {
    "easy": "plays for speed only: never calls, declares riichi at every tenpai, never folds",
    "normal": "adds defence (folds against riichi with genbutsu, suji and honours), pons for a yaku, "
              "chooses when to riichi and when to keep a North",
    "hard": "adds hand value (dora and red fives, the wait worth more, dama with a big hand) and chooses "
            "its discards as strong players do: a model fitted on Tenhou Phoenix-room games ranks them",
}


class BotLevelError(ValueError):
    """An unknown bot level."""


@dataclass(frozen=True)
class Decision:
    """One choice of a bot: the action, a one-line reason for a learner, and the facts behind it.

    ``facts`` is data (shanten, useful tiles, danger category…) for pages that
    want to draw the reason their own way; ``reason`` is the ready-made sentence.
    """

    action: Action
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)


class Bot(Protocol):
    """Anything that chooses among a seat's legal actions."""

    level: str

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Choose one of ``legal`` (never anything else) and say why."""
        ...


def make_bot(level: str, seed: int | str = 0) -> Bot:
    """A bot of ``level`` ("easy", "normal" or "hard"); ``seed`` drives its tie-breaks.

    >>> make_bot("hard").level
    'hard'
    >>> make_bot("expert")
    Traceback (most recent call last):
    ...
    sanma_core.bots.base.BotLevelError: unknown bot level 'expert': use easy, normal or hard
    """
    from .learned_bot import LearnedBot
    from .levels import EasyBot, NormalBot

    classes = {"easy": EasyBot, "normal": NormalBot, "hard": LearnedBot}
    if level not in classes:
        raise BotLevelError(f"unknown bot level {level!r}: use {', '.join(LEVELS[:-1])} or {LEVELS[-1]}")
    return classes[level](seed)
