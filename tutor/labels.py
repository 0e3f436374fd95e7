"""Learner-facing names for the ids answers are stored under: a drill's or lesson's topic, a concept.

Pages show these, never the ids themselves (``kita.riichi_hand``, ``dora_indicator``), in the
learner's language when a translator is given.

>>> topic_title("dora_indicator"), topic_title("kita-situations")
('Dora indicator', 'Lesson: Kita situations')
>>> concept_title("kita.riichi_hand"), concept_title("lesson.kita.q1")
('Kita in riichi: a North from the hand', 'Lesson question')
>>> from sanma_core.i18n import translator
>>> topic_title("kita-situations", translator("de")), concept_title("lesson.kita.q1", translator("es"))
('Lektion: Kita situations', 'Pregunta de la lección')
"""

from __future__ import annotations

from drills import DRILL_TYPES
from drills.explain import concept_name
from sanma_core.i18n import Translator, translator
from tutor.kept import TOPIC as KEPT_TOPIC
from tutor.kept import is_kept_concept


def topic_title(topic: str, tr: Translator | None = None) -> str:
    """A drill's title, else a lesson's id spoken as words."""
    tr = tr or translator()
    if topic == KEPT_TOPIC:
        return tr.gettext("My positions")
    drill = DRILL_TYPES.get(topic)
    if drill:
        return tr.gettext(str(drill.get("title") or topic))
    words = topic.replace("-", " ").replace("_", " ").strip()
    if not words:
        return tr.gettext("Other")
    return tr.gettext("Lesson: {name}").format(name=f"{words[:1].upper()}{words[1:]}")


def concept_title(concept: str, tr: Translator | None = None) -> str:
    """What a concept is about, in words (a lesson's question is just that)."""
    if not concept:
        return ""
    if concept.startswith("lesson."):
        return (tr or translator()).gettext("Lesson question")
    if is_kept_concept(concept):
        return (tr or translator()).gettext("A position you kept")
    return concept_name(concept)


__all__ = ["concept_title", "topic_title"]
