"""Bots for play mode and simulations: three levels behind one interface.

>>> from sanma_core.game import Game
>>> g = Game(seed=4)
>>> bot = make_bot("normal", seed=4)
>>> decision = bot.decide(g.view(0), g.legal_actions(0))
>>> decision.action in g.legal_actions(0)
True
"""

from .base import LEVEL_STYLES, LEVELS, Bot, BotLevelError, Decision
from .levels import EasyBot, HardBot, NormalBot
from .make import make_bot

__all__ = ["LEVEL_STYLES", "LEVELS", "Bot", "BotLevelError", "Decision", "EasyBot", "HardBot", "NormalBot", "make_bot"]
