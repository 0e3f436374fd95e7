"""Sentences for a decision answered by the decision model: the distribution, the grades and the model's reason."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.review.graded import option_text
from sanma_core.review.graded_words import grade_name
from sanma_core.words import Cast, speak
from sanma_core.words.seats import YOU

from .common import Renderer, listed, percent

_OTHERS = (N_("the player after you"), N_("the player before you"))
SHOWN_FROM = 0.005  # options less probable than this (and graded a mistake) are counted, not named


def _options(s: dict[str, Any]) -> list[tuple[str, float]]:
    return [(str(label), float(p)) for label, p in s.get("options", [])]


def _model_decision(s: dict[str, Any]) -> list[str]:
    options = _options(s)
    if not options:
        return []
    tile = s.get("tile")
    grades = s.get("grades") or {}
    rest = [label for label, p in options[1:] if p < SHOWN_FROM and grades.get(label) not in ("agrees", "fine")]
    options = [o for o in options if o[0] not in rest]
    words = [f"{option_text(label, tile)} {percent(p)}" for label, p in options]
    if rest:
        words.append(ngettext("{n} other option under 1%", "{n} other options under 1%", len(rest)).format(n=len(rest)))
    out = [gettext("The decision model, fitted on Phoenix players' choices, gives: {options}.").format(
        options=listed(words))]
    needed = float(s.get("single_from", 0.5))
    if s.get("single"):
        said = (gettext("Its choice, {option}, is at least half the probability: that is the answer.")
                if needed <= 0.5 else
                gettext("Its choice, {option}, has at least {share}, a clear majority: that is the answer."))
        out.append(said.format(option=option_text(str(s["model"]), tile), share=percent(needed)))
    else:
        fine = [option_text(label, tile) for label, _p in options if grades.get(label) in ("agrees", "fine")]
        said = (gettext("No option reaches half the probability, so every option graded fine is an answer: "
                        "{options}.") if needed <= 0.5 else
                gettext("No option reaches {share}: a close call, so every option graded fine is an answer: "
                        "{options}."))
        out.append(said.format(options=listed(fine), share=percent(needed)))
    graded = [gettext("{option}: {grade}").format(option=option_text(label, tile), grade=grade_name(grades[label]))
              for label, _p in options if label in grades]
    if rest:
        graded.append(gettext("every other option: {grade}").format(
            grade=listed(sorted({grade_name(grades[label]) for label in rest if label in grades}))))
    if graded:
        out.append(gettext("Graded as the game review grades (fine: at least a fifth of the model's option's "
                           "probability): {grades}.").format(grades="; ".join(graded)))
    reason = str(s.get("reason") or "")
    if reason:
        out.append(gettext("In the model's words: “{reason}”.").format(reason=spoken_reason(reason)))
    return out


def spoken_reason(reason: str) -> str:
    """The model's reason (as the bots write it) in the language spoken now, seat 0 as "you"."""
    return speak(reason, Cast((gettext(YOU), gettext(_OTHERS[0]), gettext(_OTHERS[1])), you=0))


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"model_decision": _model_decision}
