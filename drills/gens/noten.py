"""Exhaustive draws: noten payments (who pays whom) and, harder, nagashi mangan."""

from __future__ import annotations

import random

from sanma_core.i18n import gettext
from sanma_core.rules import Ruleset
from sanma_core.scoring.payments import nagashi_payments, noten_payments
from sanma_core.words import letter_name

from ..base import SEATS, Draft, step
from ..explain.common import figure

_TENPAI_PATTERNS = {
    "noten.one_tenpai": [(True, False, False), (False, True, False), (False, False, True)],
    "noten.two_tenpai": [(True, True, False), (True, False, True), (False, True, True)],
    "noten.all_tenpai": [(True, True, True)],
    "noten.all_noten": [(False, False, False)],
}
# concept -> weight: most draws have someone to pay (the no-payment cases stay, but rarer)
_POOLS: dict[int, dict[str, float]] = {
    1: {"noten.one_tenpai": 2, "noten.two_tenpai": 2, "noten.all_tenpai": 0.5, "noten.all_noten": 0.5},
    2: {"noten.one_tenpai": 2, "noten.two_tenpai": 2, "noten.all_tenpai": 0.5, "noten.all_noten": 0.5},
    3: {"noten.one_tenpai": 1.5, "noten.two_tenpai": 1.5, "noten.all_tenpai": 0.25, "noten.all_noten": 0.25,
        "noten.nagashi": 2},
}


def _start_scores(rules: Ruleset, rng: random.Random) -> list[int]:
    total = 3 * rules.start_points
    a = rng.randrange(10, 60) * 1000 + rng.choice((0, 0, 500, 300, 800))
    b = rng.randrange(10, 50) * 1000 + rng.choice((0, 0, 200, 700))
    return [a, b, total - a - b]


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    concept = rng.choices(list(pool), list(pool.values()))[0]
    data: dict[str, object] = {"dealer": "E", "pool": rules.noten_pool}
    if concept == "noten.nagashi":
        winner = rng.randrange(3)
        honba = rng.choice((0, 1, 2))
        tenpai = [rng.random() < 0.5 for _ in SEATS]
        deltas = nagashi_payments(rules, winner, dealer=0, honba=0)  # as the game settles it: no honba
        data.update(nagashi=SEATS[winner], honba=honba, tenpai=dict(zip(SEATS, tenpai, strict=True)))
        concept = "noten.nagashi.dealer" if winner == 0 else "noten.nagashi.non_dealer"
        prompt = gettext("Exhaustive draw with {honba} honba. {name} has nagashi mangan (every discard a terminal or "
                         "honour, none called). What is each player's score change?").format(
            honba=honba, name=letter_name(SEATS[winner]))
        steps = [
            step("nagashi", winner=SEATS[winner], dealer=winner == 0, honba=honba,
                 note="paid as a mangan tsumo under the ruleset's tsumo rule, instead of noten payments"),
            step("no_honba", honba=honba, note="nagashi mangan is a draw: the honba are not paid, they stay for the next hand"),
        ]
    else:
        tenpai = list(rng.choice(_TENPAI_PATTERNS[concept]))
        deltas = noten_payments(rules, tenpai)
        data["tenpai"] = dict(zip(SEATS, tenpai, strict=True))
        status = ", ".join((gettext("{name} tenpai") if t else gettext("{name} noten")).format(name=letter_name(s))
                           for s, t in zip(SEATS, tenpai, strict=True))
        prompt = gettext("Exhaustive draw: {status}. What is each player's score change?").format(status=status)
        n = sum(tenpai)
        steps = [step("noten_pool", pool=rules.noten_pool, tenpai=n, noten=3 - n)]
        if 0 < n < 3:
            steps.append(step("split", each_tenpai_gets=rules.noten_pool // n, each_noten_pays=rules.noten_pool // (3 - n)))
        else:
            steps.append(step("no_payment", reason="everyone tenpai" if n == 3 else "everyone noten"))
    steps.append(step("deltas", **dict(zip(SEATS, deltas, strict=True))))
    answer = dict(zip(SEATS, deltas, strict=True))
    if difficulty >= 2 and concept.startswith("noten.") and not concept.startswith("noten.nagashi"):
        scores = _start_scores(rules, rng)
        data["scores"] = dict(zip(SEATS, scores, strict=True))
        answer = {s: scores[i] + deltas[i] for i, s in enumerate(SEATS)}
        prompt = gettext("Exhaustive draw: {status}. What is each player's score after the payments? Scores before: "
                         "{scores}").format(status=status, scores=", ".join(
                             f"{letter_name(s)} {figure(scores[i])}" for i, s in enumerate(SEATS)))
        steps.append(step("final_scores", **answer))
    return Draft(
        concept=concept,
        prompt=prompt,
        data=data,
        answer_kind="numbers",
        answer={"numbers": answer},
        number_fields=tuple((seat, letter_name(seat)) for seat in SEATS),
        explanation=tuple(steps),
    )
