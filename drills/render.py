"""A readable, plain-text quiz form of a question (the CLI without ``--json``)."""

from __future__ import annotations

from typing import Any

from .explain import concept_name, explanation_sentences
from .model import Question

_DATA_LABELS = (
    ("hand", "Hand"),
    ("melds", "Melds"),
    ("kita", "Kita (Norths set aside)"),
    ("indicators", "Dora indicators"),
    ("dora", "Dora indicators"),
    ("ura", "Ura indicators"),
    ("discards", "Your discards"),
    ("seat", "Seat wind"),
    ("round", "Round wind"),
    ("situation", "Situation"),
)


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        sep = "; " if any(" " in str(v) for v in value) else " "
        return sep.join(map(str, value)) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def render_question(q: Question) -> str:
    """The question without its concept title: the title names the answer ("Dama: the hand is already worth
    enough"), so :func:`render_answer` prints it after the answer."""
    lines = [q.prompt, ""]
    for key, label in _DATA_LABELS:
        if key in q.data and q.data[key] not in (None, "", [], 0, {}):
            lines.append(f"  {label}: {_value(q.data[key])}")
    for part in q.parts:
        if part == "choices":
            lines.append("  Choose " + ("every one that applies:" if q.is_multi(part) else "one:"))
            lines.extend(f"    - {label}" for _cid, label in q.choices)
        elif part == "numbers":
            lines.append("  Give: " + ", ".join(label for _, label in q.number_fields))
        else:
            lines.append("  Answer with tiles" + (" (every one that applies)" if q.is_multi(part) else " (one tile)"))
    return "\n".join(lines)


def render_answer(q: Question) -> str:
    lines = ["Answer:"]
    for part in q.parts:
        value = q.answer[part]
        if part == "numbers":
            labels = dict(q.number_fields)
            lines.extend(f"  {labels.get(k, k)}: {v:g}" if isinstance(v, float) else f"  {labels.get(k, k)}: {v}" for k, v in value.items())
        elif part == "choices":
            labels = dict(q.choices)
            lines.append("  " + (", ".join(labels.get(c, c) for c in value) or "none"))
        else:
            lines.append("  " + (" ".join("kita (set a North aside)" if v == "kita" else v for v in value) or "none"))
    lines.append(f"Concept: {concept_name(q.concept)}")
    lines.append("Explanation:")
    lines.extend(f"  {i}. {text}" for i, text in enumerate(explanation_sentences(q.explanation), 1))
    lines += ["", f"{SAME_QUESTION} {same_question_command(q)}"]
    return "\n".join(lines)


SAME_QUESTION = "The same question again:"


def same_question_command(q: Question) -> str:
    """The command that prints this question again (the question id spelt as options)."""
    return f"sanma drill {q.drill_type} --seed {q.seed} --difficulty {q.difficulty} --ruleset {q.ruleset}"
