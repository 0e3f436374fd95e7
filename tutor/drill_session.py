"""A drill session as plain data: settings, shareable URL parameters, per-question seeds, results.

No Streamlit here, so the rules of a session are unit-testable.

>>> s, errors = settings_from_params({"type": "payment", "seed": "42", "n": "5", "difficulty": "2"})
>>> (s.drill_type, s.seed, s.n, s.difficulty), errors
(('payment', 42, 5, 2), [])
>>> settings_from_params({"seed": "x"})[1]
["seed 'x' in the link must be a whole number from 0 to 999999999"]
>>> settings_from_params({"type": "kita", "concept": "kita.safe_tile"})[0].concept
'kita.safe_tile'
>>> settings_from_params({"type": "kita", "concept": "push_fold.north"})[1]
["concept 'push_fold.north' in the link is not one of the kita drill's"]
>>> [question_seed(42, i) for i in range(3)]
[42000, 42001, 42002]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urlencode

from drills import DRILL_TYPES
from drills.explain import CONCEPTS
from sanma_core.errors import InputError
from sanma_core.i18n import current, gettext

MAX_SEED = 999_999_999
MAX_QUESTIONS = 50
DEFAULT_N = 10
PARAM_KEYS = ("type", "seed", "n", "difficulty", "concept")


class AnswerInputError(InputError):
    """A typed answer that cannot be read (the message names the field and the text)."""


@dataclass(frozen=True)
class Settings:
    drill_type: str = "payment"
    difficulty: int = 1
    n: int = DEFAULT_N
    seed: int = 1
    concept: str = ""  # only questions of this concept (a lesson step's link), else any of the type

    def params(self, ruleset: str) -> dict[str, str]:
        """URL query parameters that reproduce the session (see :func:`settings_from_params`)."""
        out = {"type": self.drill_type, "seed": str(self.seed), "n": str(self.n), "difficulty": str(self.difficulty),
               "ruleset": ruleset}
        if self.concept:
            out["concept"] = self.concept
        return out

    def link(self, base_url: str, ruleset: str) -> str:
        return f"{base_url.split('?')[0]}?{urlencode(self.params(ruleset))}"


def concept_of_type(concept: str, drill_type: str) -> bool:
    """Whether ``concept`` is a named concept of ``drill_type``'s questions (``push_fold.north`` of ``push_fold``).

    >>> concept_of_type("push_fold.north", "push_fold"), concept_of_type("push_fold.north", "kita")
    (True, False)
    """
    return concept in CONCEPTS and concept.partition(".")[0] == drill_type


def _drill_types() -> tuple[str, ...]:
    return tuple(DRILL_TYPES)


def settings_from_params(params: Mapping[str, str], default: Settings | None = None) -> tuple[Settings, list[str]]:
    """Read session settings from URL parameters; each bad value is reported and replaced by its default."""
    base = default or Settings()
    errors: list[str] = []
    values = asdict(base)

    def whole(name: str, text: str, low: int, high: int) -> int | None:
        clean = str(text).strip()
        value = int(clean) if re.fullmatch(r"[+-]?[0-9]+", clean) else None
        if value is None or not low <= value <= high:
            errors.append(gettext("{name} {value} in the link must be a whole number from {low} to {high}").format(
                name=name, value=repr(text), low=low, high=high))  # as the link writes them
            return None
        return value

    if "type" in params:
        kinds = _drill_types()
        if params["type"] in kinds:
            values["drill_type"] = params["type"]
        else:
            errors.append(gettext("drill type {value} in the link is unknown: choose one of {known}").format(
                value=repr(params["type"]), known=", ".join(kinds)))
    if "concept" in params:
        concept = str(params["concept"])
        if concept_of_type(concept, values["drill_type"]):
            values["concept"] = concept
        else:
            errors.append(gettext("concept {value} in the link is not one of the {drill} drill's").format(
                value=repr(concept), drill=values["drill_type"]))
    for key, low, high in (("seed", 0, MAX_SEED), ("n", 1, MAX_QUESTIONS), ("difficulty", 1, 3)):
        if key in params:
            value = whole(key, params[key], low, high)
            if value is not None:
                values[key] = value
    return Settings(**values), errors


def suggest_difficulty(score: float, difficulty: int, questions: int) -> int | None:
    """A harder or easier level when a session of 5+ questions lands outside the 60–85 % band.

    >>> suggest_difficulty(0.9, 1, 10), suggest_difficulty(0.5, 2, 10), suggest_difficulty(0.7, 2, 10)
    (2, 1, None)
    """
    if questions < 5:
        return None
    if score >= 0.85 and difficulty < 3:
        return difficulty + 1
    if score < 0.6 and difficulty > 1:
        return difficulty - 1
    return None


def question_seed(session_seed: int, index: int) -> int:
    """The seed of question ``index`` in a session: everyone with the same link gets the same questions."""
    return session_seed * 1000 + index


RETRY_SEED_STEP = 7919  # a question that repeats an earlier one of the session is redrawn from seed + k × this
UNIQUE_TRIES = 25


def question_key(question: Any) -> str:
    """What makes two questions the same for a learner: type, prompt and prompt data (not the seed or id)."""
    d = question if isinstance(question, dict) else question.to_dict()
    data = {k: v for k, v in d.get("data", {}).items() if k != "source_id"}
    return json.dumps([d.get("drill_type"), d.get("prompt"), data], sort_keys=True, ensure_ascii=False)


def unique_question(make: Callable[[int], Any], seed: int, earlier: Collection[str],
                    accept: Callable[[Any], bool] | None = None) -> Any:
    """The first of ``make(seed)``, ``make(seed + RETRY_SEED_STEP)``, … that ``accept`` takes and that differs from
    every ``earlier`` key (:func:`question_key`); after UNIQUE_TRIES the last accepted one (a tiny drill may repeat).

    The same seed and the same earlier questions give the same question, so a shared link still works.

    >>> unique_question(lambda s: {"drill_type": "x", "prompt": str(s % 2), "data": {}}, 4,
    ...                 {question_key({"drill_type": "x", "prompt": "0", "data": {}})})["prompt"]
    '1'
    """
    fallback = None
    for k in range(UNIQUE_TRIES):
        q = make(seed + k * RETRY_SEED_STEP)
        if accept is not None and not accept(q):
            continue
        if question_key(q) not in earlier:
            return q
        fallback = q
    return fallback if fallback is not None else make(seed)


_GROUPED_BY_DOTS = re.compile(r"[+-]?[0-9]{1,3}(\.[0-9]{3})+")


def parse_number(text: str, label: str) -> float:
    """A typed number: ``8000``, ``8,000``, ``-5.6``, ``+46``; in German and Spanish also as they write numbers,
    ``8.000`` and ``-5,6`` (a dot alone before a decimal part, ``-5.6``, still reads as a decimal point).

    >>> parse_number(" 8,000 ", "total"), parse_number("-5.6", "East")
    (8000, -5.6)
    >>> from sanma_core.i18n import speaking
    >>> with speaking("de"):
    ...     parse_number("8.000", "total"), parse_number("-5,6", "Ost"), parse_number("1.234,5", "x"), parse_number("-5.6", "x")
    (8000, -5.6, 1234.5, -5.6)
    """
    clean = str(text).strip().replace(" ", "").replace("\u00a0", "").replace("\u202f", "").replace("−", "-")
    if current().lang == "en":
        clean = clean.replace(",", "")
    elif "," in clean:  # 1.234,5: dots group, the comma is the decimal sign
        clean = clean.replace(".", "").replace(",", ".")
    elif _GROUPED_BY_DOTS.fullmatch(clean):  # 8.000
        clean = clean.replace(".", "")
    if not clean:
        raise AnswerInputError(gettext("{field}: please type a number").format(field=label))
    try:
        value = float(clean)
    except ValueError:
        raise AnswerInputError(gettext("{field}: {text} is not a number").format(field=label, text=repr(text))) from None
    return int(value) if value.is_integer() and "." not in clean else value


@dataclass
class Result:
    qid: str
    drill_type: str
    concept: str
    correct: bool
    score: float


@dataclass
class Session:
    """One run through N questions (or a review of due concepts, or one replayed question)."""

    settings: Settings
    ruleset: str
    mode: str = "drill"  # "drill", "review" or "replay"
    nonce: int = 0  # makes widget keys unique per session
    questions: list[str] = field(default_factory=list)  # Question JSON, filled as questions are asked
    concepts: list[tuple[str, str]] = field(default_factory=list)  # review: (drill type, concept) per question
    results: list[Result] = field(default_factory=list)
    answered: dict | None = None  # feedback of the current question, when checked
    started: float | None = None  # time the current question was shown
    token: str = ""  # the page link's key of the session kept in the database ("" before it is kept)

    def to_record(self) -> dict[str, Any]:
        """Plain data (JSON) to keep the session in the database and continue it on another server.

        >>> s = Session(Settings(drill_type="kita", n=3), "tenhou", results=[Result("q1", "kita", "", True, 1.0)])
        >>> t = Session.from_record(json.loads(json.dumps(s.to_record())))
        >>> (t.settings, t.results, t.index) == (s.settings, s.results, 1)
        True
        """
        record = asdict(self)
        record.pop("started")  # a clock reading of this process only
        record.pop("token")
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any], token: str = "") -> Session:
        """The session :meth:`to_record` wrote; a record that does not read raises :class:`InputError`."""
        try:
            settings = Settings(**record["settings"])
            results = [Result(**r) for r in record.get("results", [])]
            concepts = [(str(t), str(c)) for t, c in record.get("concepts", [])]
            questions = [str(q) for q in record.get("questions", [])]
            answered = record.get("answered")
            if answered is not None and not isinstance(answered, dict):
                raise TypeError("answered is not an object")
            return cls(settings=settings, ruleset=str(record["ruleset"]), mode=str(record.get("mode", "drill")),
                       nonce=int(record.get("nonce", 0)), questions=questions, concepts=concepts, results=results,
                       answered=answered, token=token)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(gettext("the kept drill session does not read: {error}").format(error=exc)) from None

    @property
    def index(self) -> int:
        return len(self.results) - (1 if self.answered is not None else 0)

    @property
    def total(self) -> int:
        return len(self.concepts) if self.mode == "review" else (1 if self.mode == "replay" else self.settings.n)

    @property
    def finished(self) -> bool:
        return self.answered is None and len(self.results) >= self.total

    def summary(self) -> dict[str, object]:
        n = len(self.results)
        right = sum(r.correct for r in self.results)
        by_type: dict[str, list[Result]] = {}
        for r in self.results:
            by_type.setdefault(r.drill_type, []).append(r)
        return {
            "questions": n,
            "correct": right,
            "score": round(sum(r.score for r in self.results) / n, 3) if n else 0.0,
            "by_type": {t: (sum(r.correct for r in rs), len(rs)) for t, rs in by_type.items()},
        }
