"""Checking a response against a question, with partial credit.

A response has the same shape as ``question.answer`` (one key per part). For a
one-part question the bare value is accepted too: a list of tiles or choice ids,
a tile string (``"36p"``), a mapping of numbers, or one number.

Credit per part:

- select-every tiles/choices: right picks / (right answers + wrong picks);
- pick-one tiles/choices: the option's credit (``question.credit``), 1 for a best option (or only best ones);
- numbers: the share of fields given exactly (placement points to 0.1).

The score is the mean over parts; ``correct`` means every part is fully right.

>>> from drills.model import Question
>>> q = Question(id="waits:tenhou:1:1", drill_type="waits", ruleset="tenhou", seed=1, difficulty=1,
...              concept="waits.ryanmen", prompt="", data={}, answer_kind="tiles", answer={"tiles": ["3p", "6p"]})
>>> fb = check(q, ["3p"])
>>> fb.correct, fb.score
(False, 0.5)
>>> check(q, "36p").correct
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from sanma_core.tiles import NotationError, kind, kind_name, parse_tiles

from .model import DrillError, Feedback, Question
from .model_answer import response_grades

NUMBER_TOLERANCE = 0.05
KITA = "kita"  # a tiles answer may name this play: setting a North aside


def _split_kita(text: str) -> tuple[str, bool]:
    """A tile string with the word ``kita`` (setting a North aside) taken out."""
    words = text.replace(",", " ").split()
    kita = any(w.lower() == KITA for w in words)
    return "".join(w for w in words if w.lower() != KITA), kita


def normalise_tiles(value: Any) -> list[str]:
    """Tile kinds named in a response, as sorted unique MPSZ names (red fives as fives), ``"kita"`` last.

    >>> normalise_tiles(["kita", "0p"]), normalise_tiles("4z kita")
    (['5p', 'kita'], ['4z', 'kita'])
    """
    kita = False
    if isinstance(value, str):
        text, kita = _split_kita(value)
        tiles = parse_tiles(text) if text.strip() else []
    elif isinstance(value, Iterable):
        tiles = []
        for item in value:
            if isinstance(item, int) and not isinstance(item, bool):
                tiles.append(item)
            elif isinstance(item, str):
                text, said = _split_kita(item)
                kita = kita or said
                tiles.extend(parse_tiles(text) if text else [])
            else:
                raise DrillError(f"tile {item!r} in the response is neither a tile name nor a tile number")
    else:
        raise DrillError(f"a tiles answer must be a list of tiles or a tile string, got {value!r}")
    kinds = sorted({kind(t) for t in tiles})
    return [kind_name(k) for k in kinds] + ([KITA] if kita else [])


def _normalise_choices(question: Question, value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Iterable):
        raise DrillError(f"a choices answer must be a list of choice ids, got {value!r}")
    known = {cid for cid, _ in question.choices}
    out = []
    for item in value:
        if not isinstance(item, str) or (known and item not in known):
            raise DrillError(f"{item!r} is not one of the choices of question {question.id}")
        out.append(item)
    return sorted(set(out))


def _normalise_numbers(question: Question, value: Any) -> dict[str, float]:
    names = [name for name, _ in question.number_fields] or list(question.answer.get("numbers", {}))
    if isinstance(value, int | float) and not isinstance(value, bool):
        if len(names) != 1:
            raise DrillError(f"question {question.id} asks for {len(names)} numbers: {', '.join(names)}")
        value = {names[0]: value}
    if not isinstance(value, dict):
        raise DrillError(f"a numbers answer must map field names to numbers, got {value!r}")
    out: dict[str, float] = {}
    for name, number in value.items():
        if name not in names:
            raise DrillError(f"{name!r} is not a number asked by question {question.id} ({', '.join(names)})")
        if number is None or number == "":
            continue
        try:
            out[name] = float(number)
        except (TypeError, ValueError):
            raise DrillError(f"field {name!r}: {number!r} is not a number") from None
    return out


def _set_credit(expected: list[str], given: list[str]) -> float:
    right = set(expected)
    picked = set(given)
    if not right and not picked:
        return 1.0
    return len(right & picked) / len(right | picked)


def _pick_credit(question: Question, expected: list[str], given: list[str]) -> float:
    if given and set(given) <= set(expected):
        return 1.0  # one best option (or several, all of them best)
    if len(given) != 1:
        return 0.0
    return float(question.credit.get(given[0], 0.0))


def _part_score(question: Question, part: str, value: Any) -> float:
    expected = question.answer[part]
    if part == "tiles":
        given = normalise_tiles(value)
        return _set_credit(expected, given) if question.is_multi(part) else _pick_credit(question, expected, given)
    if part == "choices":
        given = _normalise_choices(question, value)
        return _set_credit(expected, given) if question.is_multi(part) else _pick_credit(question, expected, given)
    numbers = _normalise_numbers(question, value)
    if not expected:
        return 1.0
    hits = sum(
        1 for name, want in expected.items() if name in numbers and math.isclose(numbers[name], want, abs_tol=NUMBER_TOLERANCE)
    )
    return hits / len(expected)


def _split_response(question: Question, response: Any) -> dict[str, Any]:
    if isinstance(response, dict) and set(response) and set(response) <= set(question.parts):
        return response
    if len(question.parts) == 1:
        return {question.parts[0]: response}
    raise DrillError(f"question {question.id} has parts {', '.join(question.parts)}: answer with a mapping of them")


def check(question: Question, response: Any) -> Feedback:
    """Score a response; a missing part scores 0, a malformed one raises :class:`DrillError`."""
    try:
        given = _split_response(question, response)
        scores = {part: (_part_score(question, part, given[part]) if part in given else 0.0) for part in question.parts}
        chosen = _normalise_choices(question, given["choices"]) if "choices" in given else \
            normalise_tiles(given["tiles"]) if "tiles" in given else []
    except NotationError as exc:
        raise DrillError(f"response to {question.id}: {exc}") from None
    score = round(sum(scores.values()) / len(scores), 4)
    return Feedback(
        correct=all(s == 1.0 for s in scores.values()),
        score=score,
        expected=question.answer,
        explanation=question.explanation,
        parts=scores,
        grades=response_grades(question.explanation, chosen),
    )
