"""Mixed review: one question of any other drill type, chosen by the seed."""

from __future__ import annotations

import random

from sanma_core.rules import Ruleset

from ..base import Draft

SOURCES = ("waits", "yaku", "fu", "payment", "kita_dora", "dora_indicator", "noten", "placement", "efficiency", "kita",
           "push_fold", "riichi_dama", "furiten")


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    from ..registry import generate as generate_question

    source = rng.choice(SOURCES)
    q = generate_question(source, rules, rng.randrange(2**31), difficulty)
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
