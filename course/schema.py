"""The lesson schema as data classes (what the loader builds from YAML).

Every object remembers the ``field`` path and the ``line`` it came from, so a
problem found later (say, a placeholder that fails under one ruleset) can
still be reported as ``file:line: field: message``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from drills.registry import DRILL_IDS as DRILL_IDS  # the drill types a lesson may link to (re-exported)
from sanma_core.errors import SanmaError

QUESTION_KINDS = ("single", "multiple", "number", "tiles")
TABLE_KINDS = ("payments", "tsumo_loss", "rulesets_compared", "noten", "placement")  # see course.tables


@dataclass(frozen=True)
class LessonIssue:
    """One problem in a lesson file."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class LessonError(SanmaError):
    """A lesson problem raised while rendering or checking; carries a :class:`LessonIssue`."""

    def __init__(self, issue: LessonIssue) -> None:
        super().__init__(str(issue))
        self.issue = issue


@dataclass(frozen=True)
class Text:
    """Lesson text in one language (``lang``); may hold ``{{ placeholders }}``."""

    value: str
    field: str
    line: int
    block: bool = False  # a YAML block scalar: its content starts on the line after ``line``
    lang: str = "en"

    def get(self) -> str:
        return self.value


@dataclass(frozen=True)
class Expression:
    """A parsed placeholder expression with where it was written."""

    source: str
    tree: Any
    field: str
    line: int


@dataclass(frozen=True)
class Diagram:
    """A hand drawn as tiles: concealed tiles, melds, kita and dora indicators."""

    hand: str  # canonical MPSZ, may be ""
    melds: tuple[str, ...]
    kita: int
    dora: tuple[str, ...]  # indicator tiles, MPSZ singles
    win: str | None  # the winning tile, if the diagram shows a win
    caption: Text | None
    field: str
    line: int


@dataclass(frozen=True)
class CompareRow:
    """One row of a four-player vs sanma comparison."""

    topic: Text
    four_player: Text
    sanma: Text
    line: int


@dataclass(frozen=True)
class Choice:
    id: str
    text: Text


@dataclass(frozen=True)
class Question:
    """A check question. ``answer`` is a literal or an :class:`Expression`;
    a literal answer comes with ``verify`` expressions the engine must make true."""

    id: str
    kind: str
    prompt: Text
    choices: tuple[Choice, ...]
    answer: Any
    verify: tuple[Expression, ...]
    explanation: Text
    field: str
    line: int
    file: str = ""


@dataclass(frozen=True)
class TableSpec:
    """A table generated from engine data when the step is rendered."""

    kind: str
    options: dict[str, Any]
    caption: Text | None
    field: str
    line: int


@dataclass(frozen=True)
class Step:
    text: Text
    diagrams: tuple[Diagram, ...] = ()
    compare: tuple[CompareRow, ...] = ()
    table: TableSpec | None = None
    questions: tuple[Question, ...] = ()
    drills: tuple[str, ...] = ()
    title: Text | None = None
    field: str = ""
    line: int = 0
    file: str = ""
    lessons: tuple[str, ...] = ()
    lesson_lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Text
    order: int
    summary: Text
    prerequisites: tuple[str, ...]
    steps: tuple[Step, ...]
    file: str
    line: int
    prerequisite_lines: tuple[int, ...] = ()

    @property
    def questions(self) -> list[Question]:
        return [q for s in self.steps for q in s.questions]

    @property
    def diagrams(self) -> list[Diagram]:
        return [d for s in self.steps for d in s.diagrams]

    @property
    def drills(self) -> list[str]:
        seen: list[str] = []
        for s in self.steps:
            seen += [d for d in s.drills if d not in seen]
        return seen

    @property
    def links(self) -> list[str]:
        """The other lessons this lesson's steps link to, in first-mention order."""
        seen: list[str] = []
        for s in self.steps:
            seen += [x for x in s.lessons if x not in seen]
        return seen


@dataclass
class Course:
    """Loaded lessons in order, plus every problem found (each with file, line, field)."""

    lessons: list[Lesson] = field(default_factory=list)
    errors: list[LessonIssue] = field(default_factory=list)
    translation_issues: list[LessonIssue] = field(default_factory=list)  # lessons shown in English instead

    def get(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(f"no lesson {lesson_id!r}")

    @property
    def ids(self) -> list[str]:
        return [lesson.id for lesson in self.lessons]
