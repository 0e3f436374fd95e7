"""Mixed review: one question of any other drill type, chosen by the seed.

The registry (:mod:`drills.registry`) picks the source type from its ``MIXED_SOURCES`` (every other drill
type), makes that question and hands it to :func:`draft_from`, which files it as a mixed question.
"""

from __future__ import annotations

from ..base import Draft
from ..model import Question


def draft_from(source: str, q: Question) -> Draft:
    """The mixed question showing ``q``, a question of drill type ``source``."""
    return Draft(
        concept=q.concept,
        prompt=q.prompt,
        data={**q.data, "drill": source, "source_id": q.id},
        answer_kind=q.answer_kind,
        answer=q.answer,
        choices=q.choices,
        number_fields=q.number_fields,
        parts=q.parts,
        multi=q.multi,
        pick_one=q.pick_one,
        credit=q.credit,
        explanation=q.explanation,
        hand_input=q.hand_input,
    )
