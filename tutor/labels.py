"""Learner-facing names for the ids answers are stored under: a drill's or lesson's topic, a concept.

Pages show these, never the ids themselves (``kita.riichi_hand``, ``dora_indicator``).

>>> topic_title("dora_indicator"), topic_title("kita-situations")
('Dora indicator', 'Lesson: Kita situations')
>>> concept_title("kita.riichi_hand"), concept_title("lesson.kita.q1")
('Kita in riichi: a North from the hand', 'Lesson question')
"""

from __future__ import annotations

from drills import DRILL_TYPES
from drills.explain import concept_name


def topic_title(topic: str) -> str:
    """A drill's title, else a lesson's id spoken as words."""
    drill = DRILL_TYPES.get(topic)
    if drill:
        return str(drill.get("title") or topic)
    words = topic.replace("-", " ").replace("_", " ").strip()
    return f"Lesson: {words[:1].upper()}{words[1:]}" if words else "Other"


def concept_title(concept: str) -> str:
    """What a concept is about, in words (a lesson's question is just that)."""
    if not concept:
        return ""
    if concept.startswith("lesson."):
        return "Lesson question"
    return concept_name(concept)


__all__ = ["concept_title", "topic_title"]
