"""Final placement: (points − return) / 1000, uma by rank, oka to first, leftover sticks."""

from __future__ import annotations

import random

from sanma_core.i18n import gettext, ngettext
from sanma_core.rules import Ruleset
from sanma_core.scoring.payments import final_placement
from sanma_core.words import letter_name

from ..base import MAX_ATTEMPTS, SEATS, Draft, GenerationError, step
from ..explain.common import figure

_POOLS = {
    1: ["placement.basic"],
    2: ["placement.basic", "placement.leftover_sticks", "placement.below_return"],
    3: ["placement.leftover_sticks", "placement.tie", "placement.negative", "placement.below_return"],
}


def _points(rules: Ruleset, rng: random.Random, concept: str, sticks: int) -> list[int]:
    total = 3 * rules.start_points - sticks * rules.riichi_stick
    for _ in range(MAX_ATTEMPTS):
        if concept == "placement.tie":
            a = rng.randrange(20, 45) * 1000 + rng.choice((0, 100, 500))
            rest = total - a
            if rest % 200:
                continue
            pts = [a, rest // 2, rest // 2]
            rng.shuffle(pts)
        elif concept == "placement.negative":
            low = -rng.randrange(1, 12) * 1000 - rng.choice((0, 300, 700))
            a = rng.randrange(40, 70) * 1000 + rng.choice((0, 200, 500))
            pts = [a, total - a - low, low]
            rng.shuffle(pts)
        elif concept == "placement.below_return":
            # nobody reaches the return points: first place still scores below zero before uma and oka
            a = rules.return_points - rng.randrange(1, 4) * 1000 - rng.choice((0, 200, 500))
            b = rng.randrange(20, 30) * 1000 + rng.choice((0, 100, 400))
            pts = [a, b, total - a - b]
            rng.shuffle(pts)
        else:
            a = rng.randrange(35, 65) * 1000 + rng.choice((0, 100, 200, 500, 800))
            b = rng.randrange(15, 40) * 1000 + rng.choice((0, 300, 600))
            pts = [a, b, total - a - b]
            rng.shuffle(pts)
        distinct = len(set(pts)) == 3
        if concept == "placement.tie" or distinct:
            if concept == "placement.below_return" and max(pts) >= rules.return_points:
                continue
            if concept != "placement.negative" and min(pts) < 0:
                continue
            return pts
    raise GenerationError(f"no final scores for {concept} under {rules.name}")


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    concept = rng.choice(_POOLS[difficulty])
    if concept == "placement.below_return" and rules.return_points - rules.start_points < 2000:
        concept = "placement.basic"  # everyone below the return needs a return well above the start
    sticks = rng.choice((1, 2, 3)) if concept == "placement.leftover_sticks" else 0
    points = _points(rules, rng, concept, sticks)
    result = final_placement(rules, points, leftover_sticks=sticks, first_dealer=0)
    answer = {SEATS[p.seat]: p.score for p in result}
    steps = [
        step("rules", return_points=rules.return_points, uma=list(rules.uma), oka=rules.oka, start_points=rules.start_points),
    ]
    for p in sorted(result, key=lambda p: p.rank):
        steps.append(step("placement", seat=SEATS[p.seat], rank=p.rank, points=p.points, score=p.score, lines=list(p.steps)))
    if concept == "placement.tie":
        steps.append(step("tie_break", rule="equal points rank by seat order from the first dealer (East first)"))
    listing = ", ".join(f"{letter_name(s)} {figure(points[i])}" for i, s in enumerate(SEATS))
    prompt = gettext("Final scores: {scores}.").format(scores=listing)
    if sticks:
        prompt += " " + ngettext("{n} riichi stick left on the table.", "{n} riichi sticks left on the table.",
                                 sticks).format(n=sticks)
    prompt += " " + gettext("What are the placement points of each player?")
    return Draft(
        concept=concept,
        prompt=prompt,
        data={"points": dict(zip(SEATS, points, strict=True)), "leftover_sticks": sticks, "first_dealer": "E"},
        answer_kind="numbers",
        answer={"numbers": answer},
        number_fields=tuple((s, letter_name(s)) for s in SEATS),
        explanation=tuple(steps),
    )
