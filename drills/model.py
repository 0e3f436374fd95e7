"""The question model: what a drill asks, the answer, and the explanation as data.

A question is fully determined by ``(drill_type, ruleset, seed, difficulty)``;
its ``id`` encodes those four so a stored id can regenerate it.

An answer has one or more *parts*, each keyed by its kind:

- ``"tiles"``: a list of MPSZ kind names (``["3p", "6p"]``), sorted m, p, s, z;
- ``"choices"``: a list of choice ids (from ``question.choices``);
- ``"numbers"``: a mapping ``name -> number`` (fields named in ``question.number_fields``).

``answer_kind`` is the main part; ``parts`` lists every part in the order a
page should ask them (the yaku drill asks ``choices`` then ``numbers``).

>>> q = Question(id="noten:tenhou:1:1", drill_type="noten", ruleset="tenhou", seed=1, difficulty=1,
...              concept="noten.one_tenpai", prompt="Who pays whom?", data={}, answer_kind="numbers",
...              answer={"numbers": {"E": 2000}}, number_fields=(("E", "East"),))
>>> Question.from_json(q.to_json()) == q
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from sanma_core.errors import InputError

ANSWER_KINDS = ("tiles", "choices", "numbers")


class DrillError(InputError):
    """A bad drill request: unknown type, bad difficulty, malformed question or response."""


def question_id(drill_type: str, ruleset: str, seed: int, difficulty: int) -> str:
    """``"yaku:tenhou:42:2"``: the four inputs that regenerate a question."""
    return f"{drill_type}:{ruleset}:{seed}:{difficulty}"


def parse_question_id(text: str) -> tuple[str, str, int, int]:
    """Inverse of :func:`question_id`.

    >>> parse_question_id("fu:club:7:3")
    ('fu', 'club', 7, 3)
    """
    parts = str(text).split(":")
    if len(parts) != 4:
        raise DrillError(f"question id {text!r} must be TYPE:RULESET:SEED:DIFFICULTY")
    drill_type, ruleset, seed, difficulty = parts
    try:
        return drill_type, ruleset, int(seed), int(difficulty)
    except ValueError:
        raise DrillError(f"question id {text!r}: seed and difficulty must be whole numbers") from None


@dataclass(frozen=True)
class Question:
    """One generated question. Frozen and JSON-serialisable (see :meth:`to_json`)."""

    id: str
    drill_type: str
    ruleset: str
    seed: int
    difficulty: int
    concept: str  # what the question practises, e.g. "payment.tsumo.dealer"
    prompt: str  # the question in words
    data: dict[str, Any]  # prompt data: hand, melds, kita, indicators, situation …
    answer_kind: str  # "tiles", "choices" or "numbers": the main part
    answer: dict[str, Any]  # {"tiles": [...]} / {"choices": [...]} / {"numbers": {...}}, one key per part
    choices: tuple[tuple[str, str], ...] = ()  # (id, label) for a choices part
    number_fields: tuple[tuple[str, str], ...] = ()  # (name, label) for a numbers part
    parts: tuple[str, ...] = ()  # every answer part in asking order; defaults to (answer_kind,)
    multi: bool = True  # tiles/choices: select every right one (True) or pick one (False)
    pick_one: tuple[str, ...] = ()  # parts answered by picking one option whatever ``multi`` says
    credit: dict[str, float] = field(default_factory=dict)  # pick-one: partial credit per option
    explanation: tuple[dict[str, Any], ...] = ()  # steps as data: {"step": name, ...}
    hand_input: dict[str, Any] | None = None  # a `sanma score` input object for a winning hand

    def __post_init__(self) -> None:
        if self.answer_kind not in ANSWER_KINDS:
            raise DrillError(f"answer_kind {self.answer_kind!r} must be one of {', '.join(ANSWER_KINDS)}")
        if not self.parts:
            object.__setattr__(self, "parts", (self.answer_kind,))
        for part in self.parts:
            if part not in self.answer:
                raise DrillError(f"question {self.id}: answer has no {part!r} part")

    def is_multi(self, part: str) -> bool:
        """Whether a tiles/choices part asks for every right option (else: pick one)."""
        return self.multi and part not in self.pick_one

    @property
    def expected(self) -> dict[str, Any]:
        """The answer, part by part."""
        return self.answer

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["choices"] = [list(c) for c in self.choices]
        data["number_fields"] = [list(f) for f in self.number_fields]
        data["parts"] = list(self.parts)
        data["pick_one"] = list(self.pick_one)
        data["explanation"] = list(self.explanation)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        if not isinstance(data, dict):
            raise DrillError(f"a question must be a JSON object, got {type(data).__name__}")
        try:
            return cls(
                id=data["id"],
                drill_type=data["drill_type"],
                ruleset=data["ruleset"],
                seed=int(data["seed"]),
                difficulty=int(data["difficulty"]),
                concept=data["concept"],
                prompt=data["prompt"],
                data=data["data"],
                answer_kind=data["answer_kind"],
                answer=data["answer"],
                choices=tuple(tuple(c) for c in data.get("choices", ())),
                number_fields=tuple(tuple(f) for f in data.get("number_fields", ())),
                parts=tuple(data.get("parts", ())),
                multi=bool(data.get("multi", True)),
                pick_one=tuple(data.get("pick_one", ())),
                credit=dict(data.get("credit", {})),
                explanation=tuple(data.get("explanation", ())),
                hand_input=data.get("hand_input"),
            )
        except KeyError as exc:
            raise DrillError(f"question is missing field {exc.args[0]!r}") from None

    @classmethod
    def from_json(cls, text: str) -> Question:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DrillError(f"question JSON is not valid: {exc.msg} at column {exc.colno}") from None
        return cls.from_dict(data)

    def __hash__(self) -> int:
        return hash(self.to_json())


@dataclass(frozen=True)
class Feedback:
    """The result of checking one response."""

    correct: bool
    score: float  # 0..1, partial credit
    expected: dict[str, Any]
    explanation: tuple[dict[str, Any], ...]
    parts: dict[str, float] = field(default_factory=dict)  # score per answer part
    grades: dict[str, str] = field(default_factory=dict)  # a decision the model answers: each chosen option's grade
