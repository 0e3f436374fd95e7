"""The sanma course: lessons as validated YAML, filled in from the engine.

Public API (the app and the ``sanma lessons`` command use these names):

- :func:`load_course` ``(rules=None, directory=None) -> Course`` — every lesson
  in ``lessons/*.yaml``, validated and ordered; ``Course.lessons`` (list of
  :class:`Lesson`) and ``Course.errors`` (list of :class:`LessonIssue`, each with
  ``file``, ``line``, ``field``, ``message``). A broken file never stops the others.
- :func:`render_step` ``(step, rules) -> RenderedStep`` — text, tile
  diagrams, comparison rows, a generated table and questions with every
  ``{{ placeholder }}`` filled from the engine under ``rules``.
- :func:`check_answer` ``(question, answer, rules) -> CheckResult`` with
  ``correct``, ``expected`` and ``explanation``.
- :func:`fill_text` ``(text, rules) -> FilledText`` — fill placeholders in any text.

Lesson YAML (one lesson per file)::

    id: tsumo-loss                 # lower-case id, used by prerequisites
    title: Tsumo loss              # text: one string (placeholders allowed)
    order: 90                      # position in the course
    summary: Why a self-draw pays less.
    prerequisites: [han-fu-points]
    steps:
      - title: The missing payer   # optional
        text: |                    # Markdown; placeholders allowed
          A non-dealer mangan tsumo brings in {{ pay(han=5, tsumo=true).total }}.
        diagrams:                  # optional tile pictures
          - hand: 234p567p11s      # MPSZ, validated (no 2m–8m, no fifth copy)
            melds: [pon:777z]      # pon:/minkan:/ankan:
            kita: 1                # Norths set aside
            dora: [3z]             # indicators
            win: 4p                # optional winning tile (must be in hand)
            caption: ...
        compare:                   # optional four-player vs sanma rows
          - {topic: ..., four_player: ..., sanma: ...}
        table: payments            # optional generated table (see course.tables)
        questions:
          - kind: number           # single | multiple | number | tiles
            prompt: ...
            choices: [{id: a, text: ...}, ...]   # single/multiple; or the word yesno
            answer: "{{ pay(han=5, tsumo=true).total }}"   # computed, or a literal with verify
            verify: ["dora('1m') == '9m'"]                  # engine checks that must be true
            explanation: ...
        drills: [payment]          # waits, yaku, fu, payment, kita_dora, dora_indicator,
                                   # noten, placement, efficiency, mixed

Placeholders use a small safe expression language (:mod:`course.expr`); the
names available are in :mod:`course.engine` (``rule.<field>``, ``pay(...)``,
``four(...)``, ``base(...)``, ``noten([...])``, ``nagashi(...)``,
``placement([...])``, ``dora('1m')``, ``kita_han(...)``, ``others('field')`` …)
and the filters ``yesno``, ``signed``, ``percent``, ``pts``, ``tiles``,
``join``, ``lower``, ``round``.
"""

from .loader import DEFAULT_DIRECTORY, load_course, load_lesson_text
from .render import CheckResult, Fill, FilledText, RenderedStep, check_answer, expected_answer, fill_text, render_step
from .schema import (
    DRILL_IDS,
    QUESTION_KINDS,
    Course,
    Diagram,
    Lesson,
    LessonError,
    LessonIssue,
    Question,
    Step,
    Text,
)
from .tables import RenderedTable

__all__ = [
    "DEFAULT_DIRECTORY",
    "DRILL_IDS",
    "QUESTION_KINDS",
    "CheckResult",
    "Course",
    "Diagram",
    "Fill",
    "FilledText",
    "Lesson",
    "LessonError",
    "LessonIssue",
    "Question",
    "RenderedStep",
    "RenderedTable",
    "Step",
    "Text",
    "check_answer",
    "expected_answer",
    "fill_text",
    "load_course",
    "load_lesson_text",
    "render_step",
]
