"""Drills: generated questions on waits, yaku, fu, payments, kita and dora, draws and placement.

Every question is built from ``(drill type, ruleset, seed, difficulty)``: the
generator first chooses what the question is about (its ``concept``), then
builds a hand or situation that shows it, and takes the answer from the engine.

>>> from sanma_core.rules import load_preset
>>> q = generate("noten", load_preset("tenhou"), seed=1)
>>> check(q, q.answer).correct
True
"""

from .checker import check
from .model import DrillError, Feedback, Question
from .registry import DIFFICULTIES, DRILL_IDS, DRILL_TYPES, DRILLS, DrillType, generate, regenerate

__all__ = ["DIFFICULTIES", "DRILLS", "DRILL_IDS", "DRILL_TYPES", "DrillType", "DrillError", "Feedback", "Question", "check", "generate", "regenerate"]
