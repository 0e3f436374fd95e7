"""A decision question answered by the decision model, as the game review grades it.

The position is a real game state; :func:`graded_decision` grades it with the review's own grader
(:class:`sanma_core.review.graded.DecisionGrader`), so each option's probability and grade are the
review's. :func:`model_answer` turns that into the question's answer: one option where the model's is at
least :data:`SINGLE_FROM` probable (:data:`SINGLE_FROM_TWO` between two options), else every option graded agrees
or fine ("which of these are fine").
The decision travels in the explanation as a :data:`STEP` step; :func:`decision_of` reads it back with a
learner's choice in the player's place, so the page can grade and draw it as the review does.

>>> d = decision_from({"step": STEP, "kind": "kita", "options": [["kita", 0.7], ["keep", 0.3]], "model": "kita",
...                    "reason": "", "tile": 30, "left": 40, "choices": {"kita": ["kita"], "keep": ["keep"]}}, "keep")
>>> d.grade, d.p_player
('fine', 0.3)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sanma_core.game import Game
from sanma_core.game.actions import Action
from sanma_core.review.graded import DecisionGrader, GradedDecision

from .base import step

STEP = "model_decision"
#: the single-answer threshold: below it the question asks which options are fine
SINGLE_FROM = 0.5
#: between two options (riichi or dama, kita or keep, call or pass) a single answer needs a clear majority: a
#: 55/45 split is a close call where both are fine, not a lesson (on the 400 development games the first-chance
#: riichi questions then agree with the players 79.8% of the time, where the model's rate is 75.7%)
SINGLE_FROM_TWO = 0.6


def single_from(d: GradedDecision) -> float:
    """The probability the model's option needs for a single-answer question."""
    return SINGLE_FROM_TWO if len(d.options) == 2 else SINGLE_FROM


def clear(d: GradedDecision, option: str) -> bool:
    """Whether ``option`` is the model's single answer: a concept that names an answer asks only such positions."""
    return d.model == option and d.p_model >= single_from(d)
#: the model's "what decided" words name features by their weight, present or not: a drill leaves them out
_DECIDED = re.compile(r" \(what decided: (?:[^()]|\([^()]*\))*\)")  # a feature's words may hold parentheses


def graded_decision(game: Game, seat: int, kind: str, action: Action) -> GradedDecision | None:
    """The review's graded decision of ``kind`` at this position, as if ``seat`` played ``action`` (None where
    the model gives no probabilities for it)."""
    grader = DecisionGrader([seat])
    grader.before(game, action)
    return next((d for d in grader.decisions if d.kind == kind), None)


@dataclass(frozen=True)
class ModelAnswer:
    """A question's answer from a graded decision: the choice ids, whether one is picked, credit, the step."""

    answer: list[str]
    single: bool
    credit: dict[str, float]
    step: dict[str, Any]


def model_answer(d: GradedDecision, choices: Mapping[str, Sequence[str]]) -> ModelAnswer:
    """The answer to a question whose choice ids ``choices[label]`` stand for each model option ``label``.

    Single answer: the model's option (its choice ids), a fine option half credit. Else every choice of an
    option graded agrees or fine."""
    single = d.p_model >= single_from(d)
    labels = [d.model] if single else list(d.fine_options)
    answer = sorted({c for label in labels for c in choices.get(label, ())})
    credit = {}
    if single:
        for label, ids in choices.items():
            for c in ids:
                credit[c] = {"agrees": 1.0, "fine": 0.5}.get(d.grade_of(label), 0.0)
    data = step(STEP, kind=d.kind, options=[[label, round(p, 4)] for label, p in d.options], model=d.model,
                reason=_DECIDED.sub("", d.reason), tile=d.tile, left=d.left, single=single, single_from=single_from(d),
                grades={label: d.grade_of(label) for label, _p in d.options},
                choices={label: list(ids) for label, ids in choices.items()})
    return ModelAnswer(answer, single, credit, data)


def model_step(steps: Sequence[Any]) -> dict[str, Any] | None:
    """The model's step of a question's explanation, if it has one."""
    return next((s for s in steps if isinstance(s, dict) and s.get("step") == STEP), None)


def label_of(s: Mapping[str, Any], choice: str) -> str | None:
    """The model option a choice id stands for."""
    return next((label for label, ids in (s.get("choices") or {}).items() if choice in ids), None)


def decision_from(s: Mapping[str, Any], choice: str | None = None) -> GradedDecision:
    """The step's decision with the option of ``choice`` (a choice id) in the player's place (the model's when
    None or not an option)."""
    options = tuple((str(label), float(p)) for label, p in s["options"])
    label = label_of(s, choice) if choice is not None else None
    return GradedDecision(hand=0, step=0, seat=0, left=int(s.get("left") or 0), kind=str(s["kind"]), options=options,
                          player=label or str(s["model"]), model=str(s["model"]), reason=str(s.get("reason") or ""),
                          tile=s.get("tile"))


def response_grades(steps: Sequence[Any], chosen: Sequence[str]) -> dict[str, str]:
    """The review's grade of each chosen choice id (ids that stand for no option are left out)."""
    s = model_step(steps)
    if s is None:
        return {}
    out = {}
    for c in chosen:
        if label_of(s, c) is not None:
            out[c] = decision_from(s, c).grade
    return out
