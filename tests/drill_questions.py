"""Drill questions generated once per test worker.

The oracle, decision and explanation modules ask for many of the same ``(type, ruleset, seed,
difficulty)``; they share the ``drill_questions`` xdist group, so each question is generated once per run. A
question is a frozen dataclass the tests only read. Determinism itself is checked with ``drills.generate``.
"""

from __future__ import annotations

from functools import cache

import pytest

from drills import generate
from drills.model import Question

GROUP = pytest.mark.xdist_group("drill_questions")


@cache
def question(drill_type: str, ruleset: str, seed: int, difficulty: int) -> Question:
    """``generate(drill_type, ruleset, seed, difficulty)``, remembered."""
    return generate(drill_type, ruleset, seed, difficulty)
