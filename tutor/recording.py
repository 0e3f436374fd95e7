"""Saving one answer: the answer row and the concept's next FSRS review, in one transaction (no Streamlit).

>>> import os, tempfile
>>> from tutor.store import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"))
>>> pid = store.create_profile("Ann").id
>>> record_answer(store, pid, source="drill", topic="noten", concept="noten.one_tenpai", correct=True,
...               question={"id": "noten:tenhou:1:1"}, response={"numbers": {}})
>>> store.card(pid, "noten.one_tenpai").topic
'noten'
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .scheduler import review
from .store import Answer, ProgressStore


def record_answer(
    store: ProgressStore,
    profile_id: int,
    *,
    source: str,
    topic: str,
    concept: str,
    correct: bool,
    score: float | None = None,
    question: dict[str, Any] | None = None,
    response: Any = None,
    ruleset: str = "",
    seed: int | None = None,
    difficulty: int | None = None,
    seconds: float | None = None,
    at: datetime | None = None,
    schedule: bool = True,
) -> None:
    """Store the answer; with ``schedule`` also move the concept's card (raises StoreError on a bad database)."""
    card = None
    if schedule:
        card = review(store.card(profile_id, concept), concept, topic, correct, seconds, at)
    answer = Answer(
        source=source, topic=topic, concept=concept, correct=correct,
        score=float(score if score is not None else (1.0 if correct else 0.0)), ruleset=ruleset, seed=seed,
        difficulty=difficulty, question=question or {}, response=response, seconds=seconds, ts=at,
    )
    store.record_answer(profile_id, answer, card)
