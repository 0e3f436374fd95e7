"""A readable, plain-text quiz form of a question (the CLI without ``--json``)."""

from __future__ import annotations

from typing import Any

from sanma_core.explain_text import explanation_text

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
    lines = [f"[{q.id}] {q.concept}", "", q.prompt, ""]
    for key, label in _DATA_LABELS:
        if key in q.data and q.data[key] not in (None, "", [], 0, {}):
            lines.append(f"  {label}: {_value(q.data[key])}")
    for part in q.parts:
        if part == "choices":
            lines.append("  Choose " + ("every one that applies:" if q.is_multi(part) else "one:"))
            lines.extend(f"    [{cid}] {label}" for cid, label in q.choices)
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
            lines.append("  " + (" ".join(value) or "none"))
    lines.append("Explanation:")
    for s in q.explanation:
        details = {k: v for k, v in s.items() if k != "step"}
        lines.append(f"  {s['step']}:")
        if details:
            lines.append(explanation_text(details, depth=2, markup=False))
    return "\n".join(lines)
