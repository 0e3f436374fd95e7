"""A readable, plain-text quiz form of a question (the CLI without ``--json``)."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext

from .explain import concept_name, explanation_sentences
from .model import Question

_DATA_LABELS = (
    ("hand", N_("Hand")),
    ("melds", N_("Melds")),
    ("kita", N_("Kita (Norths set aside)")),
    ("indicators", N_("Dora indicators")),
    ("dora", N_("Dora indicators")),
    ("ura", N_("Ura indicators")),
    ("discards", N_("Your discards")),
    ("seat", N_("Seat wind")),
    ("round", N_("Round wind")),
    ("situation", N_("Situation")),
)


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        sep = "; " if any(" " in str(v) for v in value) else " "
        return sep.join(map(str, value)) if value else gettext("none")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def render_question(q: Question) -> str:
    """The question without its concept title: the title names the answer ("Dama: the hand is already worth
    enough"), so :func:`render_answer` prints it after the answer."""
    lines = [q.prompt, ""]
    for key, label in _DATA_LABELS:
        if key in q.data and q.data[key] not in (None, "", [], 0, {}):
            lines.append(f"  {gettext(label)}: {_value(q.data[key])}")
    for part in q.parts:
        if part == "choices":
            lines.append("  " + (gettext("Choose every one that applies:") if q.is_multi(part) else gettext("Choose one:")))
            lines.extend(f"    - {label}" for _cid, label in q.choices)
        elif part == "numbers":
            lines.append("  " + gettext("Give: {fields}").format(fields=", ".join(label for _, label in q.number_fields)))
        else:
            lines.append("  " + (gettext("Answer with tiles (every one that applies)") if q.is_multi(part)
                                 else gettext("Answer with tiles (one tile)")))
    return "\n".join(lines)


def render_answer(q: Question) -> str:
    lines = [gettext("Answer:")]
    for part in q.parts:
        value = q.answer[part]
        if part == "numbers":
            labels = dict(q.number_fields)
            lines.extend(f"  {labels.get(k, k)}: {v:g}" if isinstance(v, float) else f"  {labels.get(k, k)}: {v}" for k, v in value.items())
        elif part == "choices":
            labels = dict(q.choices)
            lines.append("  " + (", ".join(labels.get(c, c) for c in value) or gettext("none")))
        else:
            kita = gettext("kita (set a North aside)")
            lines.append("  " + (" ".join(kita if v == "kita" else v for v in value) or gettext("none")))
    lines.append(gettext("Concept: {name}").format(name=concept_name(q.concept)))
    lines.append(gettext("Explanation:"))
    lines.extend(f"  {i}. {text}" for i, text in enumerate(explanation_sentences(q.explanation), 1))
    lines += ["", f"{gettext(SAME_QUESTION)} {same_question_command(q)}"]
    return "\n".join(lines)


SAME_QUESTION = N_("The same question again:")


def same_question_command(q: Question) -> str:
    """The command that prints this question again (the question id spelt as options)."""
    return f"sanma drill {q.drill_type} --seed {q.seed} --difficulty {q.difficulty} --ruleset {q.ruleset}"
