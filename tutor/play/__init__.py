"""Play mode: a sanma game against two bots, its table, hints and result screens.

``session`` holds the game (engine + bots + steps), ``hints`` and ``results``
turn engine state into data for the page, ``render`` draws it with Streamlit.
"""

from .hints import Hints, hints_for
from .results import GameSummary, HandSummary, game_summary, hand_summary
from .session import PlaySession, PlaySettings, PlaySetupError, Step

__all__ = ["GameSummary", "HandSummary", "Hints", "PlaySession", "PlaySettings", "PlaySetupError", "Step",
           "game_summary", "hand_summary", "hints_for"]
