"""Shared pieces of the generators: the seeded random source and the draft a generator returns."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from sanma_core.i18n import gettext
from sanma_core.words import LETTER_NAMES, WIND_LETTERS

SEATS = tuple(WIND_LETTERS)
SEAT_NAMES = LETTER_NAMES  # the seats' names by wind letter (sanma_core.words)
MAX_ATTEMPTS = 200


class GenerationError(RuntimeError):
    """A generator could not build a hand for its concept (a bug, not bad input)."""


def rng_for(drill_type: str, ruleset: str, seed: int, difficulty: int) -> random.Random:
    """The one random source of a question: same inputs, same stream."""
    return random.Random(f"{drill_type}|{ruleset}|{seed}|{difficulty}")


@dataclass
class Draft:
    """What a generator returns; :func:`drills.generate` adds the identity fields."""

    concept: str
    prompt: str
    data: dict[str, Any]
    answer_kind: str
    answer: dict[str, Any]
    choices: tuple[tuple[str, str], ...] = ()
    number_fields: tuple[tuple[str, str], ...] = ()
    parts: tuple[str, ...] = ()
    multi: bool = True
    pick_one: tuple[str, ...] = ()
    credit: dict[str, float] = field(default_factory=dict)
    explanation: tuple[dict[str, Any], ...] = ()
    hand_input: dict[str, Any] | None = None


def spoken(options: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Marked ``(id, label)`` options with their labels in the language spoken now (the ids stay)."""
    return tuple((key, gettext(label)) for key, label in options)


def step(name: str, **values: Any) -> dict[str, Any]:
    """One explanation step as data: ``{"step": name, ...values}``."""
    return {"step": name, **values}
