"""Bots: players of three levels (a seat's view and its legal actions in, a decision and a readable reason out).

>>> from sanma_core.game import Game
>>> from sanma_core.bots import make_bot
>>> g = Game(seed=3)
>>> bot = make_bot("easy", seed=1)
>>> d = bot.decide(g.view(0), g.legal_actions(0))
>>> d.action in g.legal_actions(0), d.reason.startswith(("discard", "kita", "riichi"))
(True, True)
"""

from __future__ import annotations

from typing import Protocol

from ..errors import InputError
from ..game.players import Decision, Player

LEVELS = ("easy", "normal", "hard")
LEVEL_STYLES = {
    "easy": "plays for speed only: never calls, declares riichi at every tenpai, never folds",
    "normal": "adds defence (folds against riichi with genbutsu, suji and honours), pons for a yaku, "
              "chooses when to riichi and when to keep a North",
    "hard": "adds hand value (dora and red fives, the wait worth more) and makes its choices as strong "
            "players do: models fitted on Tenhou Phoenix-room games rank its discards and decide riichi or "
            "dama, kita or keep, and pon or pass",
}


class BotLevelError(InputError):
    """An unknown bot level."""


class Bot(Player, Protocol):
    """A player of a named level (the one player interface: ``decide(view, legal) -> Decision``)."""

    level: str


__all__ = ["LEVELS", "LEVEL_STYLES", "Bot", "BotLevelError", "Decision"]
