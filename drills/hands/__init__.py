"""Concept-first winning hands: a recipe per yaku builds a hand that shows it; the engine confirms it.

A recipe (:mod:`.recipes`) fills a :class:`Plan` (:mod:`.plans`) (sets, melds, pair, the winning kind and the
situation); :func:`realise` (:mod:`.realise`) turns the plan into a ``sanma score`` input object
(CONTRACTS.md) with physical tiles, red fives, kita and indicators, and scores
it with the engine. :func:`winning_hand` retries until the engine's answer
shows the concept (the target yaku is in the engine's yaku list); :mod:`.present` shows the hand.

>>> import random
>>> from sanma_core.rules import load_preset
>>> hand, result = winning_hand(random.Random(1), load_preset(), "ittsu")
>>> "ittsu" in [y for y, _ in result.yaku]
True
"""

from .plans import (
    FLAGS,
    GREEN_KINDS,
    HONOUR_KINDS,
    LETTER_WIND,
    ORPHANS,
    SEQ_STARTS,
    SIMPLE_KINDS,
    SUIT_BASES,
    TERMINAL_KINDS,
    WIND_KINDS,
    WIND_LETTER,
    Plan,
    Retry,
    add_pair,
    fill,
    seat_and_round,
    set_how,
    win_from_sequence_side,
    yakuhai_kinds,
)
from .present import explanation_steps, hand_text, prompt_data, situation_words, wait_splits
from .realise import Extras, physical_tiles, realise, score, winning_hand
from .recipes import RECIPES, Recipe, possible_yaku

__all__ = [
    "FLAGS", "GREEN_KINDS", "HONOUR_KINDS", "LETTER_WIND", "ORPHANS", "RECIPES", "SEQ_STARTS", "SIMPLE_KINDS",
    "SUIT_BASES", "TERMINAL_KINDS", "WIND_KINDS", "WIND_LETTER", "Extras", "Plan", "Recipe", "Retry", "add_pair",
    "explanation_steps", "fill", "hand_text", "physical_tiles", "possible_yaku", "prompt_data", "realise", "score",
    "seat_and_round", "set_how", "situation_words", "wait_splits", "win_from_sequence_side", "winning_hand",
    "yakuhai_kinds",
]
