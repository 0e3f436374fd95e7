"""Explanations as sentences, built from a question's explanation data (the data itself stays in the JSON).

Every step becomes one or more sentences that say what happens and why; concepts
get names (:func:`concept_name`) instead of ids. The CLI and the app both use
:func:`explanation_sentences`. The renderers are written by drill family, one module each
(beside the generators of ``drills/gens``), each with its ``STEPS``; a yaku's "why" is its
catalogue entry's ``why``.

>>> step_sentences({"step": "indicator", "indicator": "1m", "indicator_kind": "1m", "dora": "9m", "red": False})
['Indicator 1m: the dora is the next tile in its order, 9m. Sanma has no 2m–8m, so 1m points to 9m (and 9m back to 1m).']
>>> concept_name("waits.ryanmen")
'Two-sided wait (ryanmen)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import (
    all_last,
    call_pass,
    dora_indicator,
    efficiency,
    kita,
    model,
    noten,
    payment,
    placement,
    push_fold,
    riichi_dama,
    scoring,
    waits,
)
from .common import LIMITS, SEAT_NAMES, WAIT_NAMES, Renderer, tidy
from .concepts import CONCEPTS, concept_name, yaku_name

#: The renderer modules, one per drill family.
_FAMILIES = (scoring, dora_indicator, waits, payment, noten, placement, efficiency, kita, push_fold, riichi_dama,
             call_pass, all_last, model)
_STEPS: dict[str, Renderer] = {kind: render for family in _FAMILIES for kind, render in family.STEPS.items()}


def step_sentences(s: dict[str, Any]) -> list[str]:
    """The sentences of one explanation step (an unknown step lists its values without key names)."""
    render = _STEPS.get(str(s.get("step")))
    if render is not None:
        return render(s)
    values = [v for k, v in s.items() if k != "step" and isinstance(v, str | int | float)]
    return [" ".join(str(v) for v in values)] if values else []


def explanation_sentences(steps: Sequence[dict[str, Any]]) -> list[str]:
    """Every step's sentences, in order."""
    out: list[str] = []
    for s in steps:
        if isinstance(s, dict):
            out.extend(step_sentences(s))
        else:
            out.append(str(s))
    return [tidy(text) for text in out]


__all__ = ["CONCEPTS", "LIMITS", "SEAT_NAMES", "WAIT_NAMES", "concept_name", "explanation_sentences", "step_sentences",
           "tidy", "yaku_name"]
