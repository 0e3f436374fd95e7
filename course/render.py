"""Fill placeholders, render steps and check answers under a ruleset.

>>> from sanma_core.rules import load_preset
>>> fill_text("Honba adds {{ rule.honba_ron }} to a ron.", load_preset("club")).text
'Honba adds 1000 to a ron.'
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sanma_core.errors import InputError
from sanma_core.i18n import DEFAULT_LANGUAGE, translator
from sanma_core.rules import Ruleset, get_ruleset
from sanma_core.tiles import NotationError, format_tiles, kind, kind_name, parse_tiles

from . import engine
from .expr import ExpressionError, evaluate, parse
from .schema import Expression, LessonError, LessonIssue, Question, Step, Text
from .tables import RenderedTable, build_table

PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)


@dataclass(frozen=True)
class Fill:
    """One filled placeholder: the expression, the engine's value and the text shown."""

    source: str
    value: Any
    text: str
    field: str
    line: int


@dataclass(frozen=True)
class FilledText:
    text: str
    fills: tuple[Fill, ...] = ()


@dataclass(frozen=True)
class RenderedDiagram:
    hand: str
    melds: list[str]
    kita: int
    dora: list[str]
    win: str | None
    caption: str


@dataclass(frozen=True)
class RenderedCompareRow:
    topic: str
    four_player: str
    sanma: str


@dataclass(frozen=True)
class RenderedQuestion:
    id: str
    kind: str
    prompt: str
    choices: list[tuple[str, str]]  # (id, text)
    explanation: str
    question: Question


@dataclass(frozen=True)
class RenderedStep:
    """A step ready to draw: every placeholder filled under one ruleset."""

    text: str
    title: str | None = None
    diagrams: list[RenderedDiagram] = field(default_factory=list)
    compare: list[RenderedCompareRow] = field(default_factory=list)
    table: RenderedTable | None = None
    questions: list[RenderedQuestion] = field(default_factory=list)
    drills: list[str] = field(default_factory=list)
    fills: list[Fill] = field(default_factory=list)
    lessons: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class CheckResult:
    """The outcome of checking one answer; ``expected`` in display form."""

    correct: bool
    expected: Any
    explanation: str
    error: str = ""


@functools.lru_cache(maxsize=8)
def wording(lang: str = DEFAULT_LANGUAGE) -> engine.Wording:
    """The words engine expressions write in ``lang`` (one per language, shared by every ruleset)."""
    return engine.Wording(translator(lang))


@functools.lru_cache(maxsize=32)
def _env(rules: Ruleset, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    return engine.environment(rules, wording(lang))


@functools.lru_cache(maxsize=8)
def _filters(lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    return engine.filters(wording(lang))


@functools.lru_cache(maxsize=4096)
def _parsed(source: str) -> Any:
    return parse(source)


def _issue(file: str, line: int, field_path: str, message: str) -> LessonError:
    return LessonError(LessonIssue(file, line, field_path, message))


def eval_source(source: str, rules: Ruleset, lang: str = DEFAULT_LANGUAGE) -> Any:
    """Evaluate one expression under a ruleset, its words in ``lang``."""
    return evaluate(_parsed(source.strip()), _env(rules, lang), _filters(lang))


def placeholder_line(text: str, start: int, line: int, block: bool) -> int:
    """The file line of a placeholder starting at ``start`` in a text written at ``line``."""
    return line + (1 if block else 0) + text.count("\n", 0, start)


def fill_text(text: str, rules: Ruleset, field_path: str = "", line: int = 0, file: str = "", block: bool = False,
              lang: str = DEFAULT_LANGUAGE) -> FilledText:
    """Replace every ``{{ expression }}`` with its value under ``rules``, written in ``lang``."""
    fills: list[Fill] = []
    out: list[str] = []
    pos = 0
    for m in PLACEHOLDER.finditer(text):
        source = m.group(1).strip()
        where = placeholder_line(text, m.start(), line, block)
        try:
            value = eval_source(source, rules, lang)
        except ExpressionError as exc:
            raise _issue(file, where, field_path, f"{{{{ {source} }}}} under ruleset {rules.name!r}: {exc}") from None
        shown = engine.format_value(value, wording(lang))
        out.append(text[pos : m.start()])
        out.append(shown)
        fills.append(Fill(source, value, shown, field_path, where))
        pos = m.end()
    out.append(text[pos:])
    return FilledText("".join(out), tuple(fills))


def _text(t: Text | None, rules: Ruleset, file: str, fills: list[Fill]) -> str:
    if t is None:
        return ""
    filled = fill_text(t.get(), rules, t.field, t.line, file, t.block, t.lang)
    fills.extend(filled.fills)
    return filled.text


def _eval_expression(expr: Expression, rules: Ruleset, file: str) -> Any:
    try:
        return evaluate(expr.tree, _env(rules), engine.FILTERS)
    except ExpressionError as exc:
        raise _issue(file, expr.line, expr.field, f"{expr.source} under ruleset {rules.name!r}: {exc}") from None


# ---- answers -----------------------------------------------------------------

def _kinds(value: Any) -> frozenset[str]:
    """A set of tile kinds (MPSZ names) from MPSZ text or a list of tiles."""
    if isinstance(value, str):
        tiles = parse_tiles(value)
    elif isinstance(value, Iterable):
        tiles = []
        for item in value:
            tiles += parse_tiles(item) if isinstance(item, str) else [item]
    else:
        raise NotationError(f"expected tiles, got {value!r}")
    return frozenset(kind_name(kind(t)) for t in tiles)


def normalise(kind_of_question: str, value: Any) -> Any:
    """Bring an answer (expected or given) into a comparable form; raises :class:`InputError` if it cannot be."""
    if kind_of_question == "single":
        if isinstance(value, bool):
            return "yes" if value else "no"
        if not isinstance(value, str | int):
            raise InputError(f"expected one choice, got {value!r}")
        return str(value).strip()
    if kind_of_question == "multiple":
        if isinstance(value, str):
            value = [v for v in re.split(r"[,\s]+", value) if v]
        if not isinstance(value, Iterable):
            raise InputError(f"expected a list of choices, got {value!r}")
        return frozenset(str(v).strip() for v in value)
    if kind_of_question == "number":
        if isinstance(value, str):
            cleaned = value.replace(",", "").replace("_", "").replace(" ", "").replace("−", "-")
            try:
                value = float(cleaned)
            except ValueError:
                raise InputError(f"not a number: {value!r}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError(f"expected a number, got {value!r}")
        return int(value) if float(value).is_integer() else float(value)
    if kind_of_question == "tiles":
        return _kinds(value)
    raise InputError(f"unknown question kind {kind_of_question!r}")


def expected_answer(question: Question, rules: Ruleset) -> Any:
    """The right answer under ``rules`` (normalised), after checking every ``verify``.

    Raises :class:`LessonError` if an expression fails, a ``verify`` is false, or the
    answer is not one of the choices.
    """
    file = question.file
    for check in question.verify:
        if _eval_expression(check, rules, file) is not True:
            raise _issue(file, check.line, check.field, f"verify {check.source!r} is not true under ruleset {rules.name!r}")
    raw = _eval_expression(question.answer, rules, file) if isinstance(question.answer, Expression) else question.answer
    line = question.answer.line if isinstance(question.answer, Expression) else question.line
    try:
        expected = normalise(question.kind, raw)
    except ValueError as exc:
        raise _issue(file, line, f"{question.field}.answer", f"under ruleset {rules.name!r}: {exc}") from None
    ids = {c.id for c in question.choices}
    if question.kind == "single" and expected not in ids:
        raise _issue(file, line, f"{question.field}.answer", f"{expected!r} is not a choice ({', '.join(sorted(ids))}) under ruleset {rules.name!r}")
    if question.kind == "multiple" and not expected <= ids:
        raise _issue(file, line, f"{question.field}.answer", f"{sorted(expected - ids)} are not choices under ruleset {rules.name!r}")
    return expected


def display_answer(kind_of_question: str, expected: Any) -> Any:
    if kind_of_question == "multiple":
        return sorted(expected)
    if kind_of_question == "tiles":
        return format_tiles(parse_tiles("".join(sorted(expected))))
    return expected


def check_answer(question: Question, answer: Any, rules: Ruleset | str | None = None) -> CheckResult:
    """Check a learner's answer under ``rules``.

    ``answer``: a choice id (single), ids (multiple), a number or numeric text
    (number), or MPSZ text / tile names (tiles).
    """
    rules = get_ruleset(rules)
    expected = expected_answer(question, rules)
    e = question.explanation
    explanation = fill_text(e.get(), rules, e.field, e.line, question.file, e.block, e.lang).text
    shown = display_answer(question.kind, expected)
    try:
        given = normalise(question.kind, answer)
    except ValueError as exc:
        return CheckResult(False, shown, explanation, error=str(exc))
    if question.kind == "number":
        correct = math.isclose(given, expected, rel_tol=0, abs_tol=1e-9)
    else:
        correct = given == expected
    return CheckResult(correct, shown, explanation)


# ---- steps -------------------------------------------------------------------

def render_step(step: Step, rules: Ruleset | str | None = None) -> RenderedStep:
    """Render one step: text, diagrams, comparison, table and questions under ``rules``.

    Raises :class:`LessonError` (file, line, field) when something cannot be filled.
    """
    rules = get_ruleset(rules)
    file = step.file
    fills: list[Fill] = []
    text = _text(step.text, rules, file, fills)
    title = _text(step.title, rules, file, fills) if step.title else None
    diagrams = [
        RenderedDiagram(d.hand, list(d.melds), d.kita, list(d.dora), d.win, _text(d.caption, rules, file, fills))
        for d in step.diagrams
    ]
    compare = [
        RenderedCompareRow(_text(r.topic, rules, file, fills), _text(r.four_player, rules, file, fills), _text(r.sanma, rules, file, fills))
        for r in step.compare
    ]
    table = None
    if step.table is not None:
        try:
            built = build_table(step.table.kind, step.table.options, rules, wording(step.text.lang))
        except (ExpressionError, ValueError) as exc:
            raise _issue(file, step.table.line, step.table.field, f"under ruleset {rules.name!r}: {exc}") from None
        caption = _text(step.table.caption, rules, file, fills)
        table = RenderedTable(built.kind, built.columns, built.rows, caption, built.highlight_column, built.values)
    questions = []
    for q in step.questions:
        expected_answer(q, rules)  # fails loudly if the engine disagrees with the question
        questions.append(
            RenderedQuestion(
                q.id,
                q.kind,
                _text(q.prompt, rules, file, fills),
                [(c.id, _text(c.text, rules, file, fills)) for c in q.choices],
                _text(q.explanation, rules, file, fills),
                q,
            )
        )
    return RenderedStep(text, title, diagrams, compare, table, questions, list(step.drills), fills, list(step.lessons))
