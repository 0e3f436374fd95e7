"""Play mode: a sanma game against two bots, its table, hints and result screens.

``session`` holds the game (engine + bots + steps), ``hints``, ``results`` and
``review`` turn engine state into data for the page, ``render`` draws it with Streamlit.
"""

from sanma_core.review.hints import Hints, hints_for
from sanma_core.review.summary import GameSummary, HandSummary, game_summary, hand_summary

from .review import ADVISOR, HandReview, action_label, review_game
from .session import PlaySession, PlaySettings, PlaySetupError, Step

__all__ = ["ADVISOR", "GameSummary", "HandReview", "HandSummary", "Hints", "PlaySession", "PlaySettings",
           "PlaySetupError", "Step", "action_label", "game_summary", "hand_summary", "hints_for", "review_game"]
