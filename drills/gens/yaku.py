"""Yaku: select every yaku of a winning hand built to show one of them, then give the han."""

from __future__ import annotations

import random

from sanma_core.i18n import gettext
from sanma_core.rules import Ruleset
from sanma_core.scoring import YAKU

from ..base import Draft
from ..hands import Extras, explanation_steps, hand_text, possible_yaku, prompt_data, winning_hand
from ..real_play import YAKU_WINS

_DISTRACTORS = {1: 4, 2: 6, 3: 8}


def yaku_label(yaku_id: str) -> str:
    y = YAKU[yaku_id]
    name = gettext(y.name)
    return f"{y.romaji} ({name})" if y.romaji.lower() != y.name.lower() else name


REAL_SHARE = 0.7  # the rest is spread evenly, so every yaku still comes up


def target_weights(rules: Ruleset, difficulty: int) -> dict[str, float]:
    """How often each yaku is the target: mostly as often as real wins show it (``drills.real_play``),
    the rest evenly over every possible yaku; yakuman less at difficulty 1."""
    targets = possible_yaku(rules)
    total = sum(YAKU_WINS.get(t, 0) for t in targets)
    out = {}
    for t in targets:
        w = REAL_SHARE * YAKU_WINS.get(t, 0) / total + (1 - REAL_SHARE) / len(targets)
        out[t] = w * (0.6 if difficulty == 1 and YAKU[t].yakuman else 1.0)
    return out


def pick_target(rules: Ruleset, rng: random.Random, difficulty: int) -> str:
    """Every possible yaku can be chosen at every difficulty, common ones (riichi, pinfu, yakuhai) most often."""
    weights = target_weights(rules, difficulty)
    return rng.choices(list(weights), list(weights.values()))[0]


def extras_for(difficulty: int, rng: random.Random) -> Extras:
    if difficulty == 1:
        return Extras(bonus="none", riichi=0.2)
    if difficulty == 2:
        return Extras(riichi=0.3, reds=0.4)
    return Extras(riichi=0.4, reds=0.6, honba=rng.choice((0, 0, 1, 2)), sticks=rng.choice((0, 0, 1)))


def yaku_choices(rules: Ruleset, rng: random.Random, answer: list[str], difficulty: int) -> tuple[tuple[str, str], ...]:
    """The right yaku among plausible wrong ones, in catalogue order."""
    yakuman = any(YAKU[y].yakuman for y in answer)
    pool = [y for y in possible_yaku(rules) if y not in answer and (YAKU[y].yakuman == yakuman or rng.random() < 0.2)]
    picked = set(answer) | set(rng.sample(pool, min(_DISTRACTORS[difficulty], len(pool))))
    return tuple((y, yaku_label(y)) for y in YAKU if y in picked)


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    target = pick_target(rules, rng, difficulty)
    request, result = winning_hand(rng, rules, target, extras_for(difficulty, rng))
    answer = [y for y, _ in result.yaku]
    data = prompt_data(request)
    return Draft(
        concept=f"yaku.{target}",
        prompt=gettext("Winning hand {hand} ({situation}). Select every yaku, then give the han.").format(
            hand=hand_text(request), situation=data["situation"]),
        data=data,
        answer_kind="choices",
        answer={"choices": sorted(answer), "numbers": {"han": result.han}},
        choices=yaku_choices(rules, rng, answer, difficulty),
        number_fields=(("han", gettext("Han (dora, red fives and kita included)")),),
        parts=("choices", "numbers"),
        explanation=explanation_steps(result),
        hand_input=request,
    )
