"""The teacher's figures for a group (no Streamlit): right answers per learner and concept, the concepts the group
misses most, and who has not practised in the last week.

>>> from datetime import UTC, datetime
>>> from tutor.club import MemberProgress
>>> from tutor.store import Answer, Profile
>>> t = datetime(2026, 3, 1, tzinfo=UTC)
>>> kim = MemberProgress(Profile(1, "Kim"), [Answer("drill", "fu", "fu.x", False, ts=t), Answer("drill", "fu", "fu.x", True, ts=t)], {})
>>> ann = MemberProgress(Profile(2, "Ann"), [], {})
>>> report = group_report([kim, ann], at=t)
>>> report.learners, report.concepts, report.right_share
(['Kim', 'Ann'], ['fu.x'], [[0.5], [None]])
>>> report.idle
['Ann']
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from sanma_core.i18n import current

from .club import MemberProgress
from .labels import concept_title, topic_title
from .stats import accuracy_by_concept
from .store import now_utc

IDLE_AFTER = timedelta(days=7)
MOST_MISSED = 10


@dataclass(frozen=True)
class Missed:
    concept: str
    label: str
    wrong: int
    answers: int
    learners: int  # how many members got it wrong at least once


@dataclass(frozen=True)
class GroupReport:
    learners: list[str]
    concepts: list[str]  # concept ids, the heat map's columns (most answered first)
    labels: list[str]  # the concepts in words
    right_share: list[list[float | None]]  # learner × concept: share right, None where never answered
    counts: list[list[int]]  # learner × concept: answers
    most_missed: list[Missed]
    idle: list[str]  # members with no drill or lesson answer in the last IDLE_AFTER
    lessons: dict[str, dict[str, tuple[int, int]]]  # learner -> lesson id -> (furthest step, steps)


def concept_label(concept: str, topic: str) -> str:
    """A concept in words, in the language spoken now; a lesson's question is named by its lesson."""
    if concept.startswith("lesson."):
        return f"{topic_title(topic, current())} · {concept.rsplit('.', 1)[-1]}"
    return concept_title(concept, current())


def group_report(members: list[MemberProgress], at: datetime | None = None) -> GroupReport:
    """The figures the teacher's page draws, from what the members share."""
    at = at or now_utc()
    per_member = [accuracy_by_concept(m.answers) for m in members]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # right, answers, learners who missed
    topics: dict[str, str] = {}
    for member, figures in zip(members, per_member, strict=True):
        for a in member.answers:
            topics.setdefault(a.concept, a.topic)
        for concept, (right, n) in figures.items():
            totals[concept][0] += right
            totals[concept][1] += n
            totals[concept][2] += int(right < n)
    concepts = sorted(totals, key=lambda c: (-totals[c][1], c))
    share = [[(f[c][0] / f[c][1]) if c in f else None for c in concepts] for f in per_member]
    counts = [[f[c][1] if c in f else 0 for c in concepts] for f in per_member]
    missed = sorted((c for c in concepts if totals[c][1] > totals[c][0]),
                    key=lambda c: (-(totals[c][1] - totals[c][0]), -(1 - totals[c][0] / totals[c][1]), c))
    return GroupReport(
        learners=[m.profile.name for m in members],
        concepts=concepts,
        labels=[concept_label(c, topics[c]) for c in concepts],
        right_share=share,
        counts=counts,
        most_missed=[Missed(c, concept_label(c, topics[c]), totals[c][1] - totals[c][0], totals[c][1], totals[c][2])
                     for c in missed[:MOST_MISSED]],
        idle=[m.profile.name for m in members
              if not any(a.ts is not None and a.ts > at - IDLE_AFTER for a in m.answers)],
        lessons={m.profile.name: dict(m.lessons) for m in members},
    )
