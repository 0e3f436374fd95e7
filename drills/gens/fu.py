"""Fu: count the fu of a winning hand built to show one fu rule (pinfu, seven pairs, waits, kans …)."""

from __future__ import annotations

import random
from collections.abc import Callable

from sanma_core.i18n import gettext
from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoreResult

from ..base import Draft
from ..hands import (
    RECIPES,
    Extras,
    Plan,
    add_pair,
    explanation_steps,
    fill,
    hand_text,
    prompt_data,
    seat_and_round,
    winning_hand,
    yakuhai_kinds,
)


def _riichi_closed(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    plan.flags["riichi"] = True
    fill(plan, rng, 4, seq_rate=0.55)
    add_pair(plan, rng)


def _yakuhai_pair(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    plan.flags["riichi"] = True
    seat_and_round(plan, rng)
    add_pair(plan, rng, tuple(sorted(yakuhai_kinds(plan, rules))))
    fill(plan, rng, 4, seq_rate=0.6)


def _reasons(result: ScoreResult) -> set[str]:
    return {line.reason for line in result.fu_lines}


def _yaku(result: ScoreResult) -> set[str]:
    return {y for y, _ in result.yaku}


# concept -> (yaku targets or a recipe, forced tsumo/ron, acceptance test)
Case = tuple[tuple[str, ...] | Callable, bool | None, Callable[[ScoreResult], bool]]
CASES: dict[str, Case] = {
    "fu.pinfu_tsumo": (("pinfu",), True, lambda r: r.fu == 20),
    "fu.pinfu_ron": (("pinfu",), False, lambda r: r.fu == 30 and "pinfu" in _yaku(r)),
    "fu.chiitoitsu": (("chiitoitsu",), None, lambda r: r.fu == 25),
    "fu.closed_ron": (_riichi_closed, False, lambda r: "closed_ron" in _reasons(r) and "pinfu" not in _yaku(r)),
    "fu.open_hand": (("haku", "hatsu", "chun", "toitoi", "honitsu"), None, lambda r: not r.reading.closed),
    "fu.triplets": (("sanankou", "toitoi", "sanshoku_doukou", "honroutou"), None, lambda r: r.reading.form == "regular"),
    "fu.wait": (_riichi_closed, None, lambda r: bool(_reasons(r) & {"kanchan", "penchan", "tanki"})),
    "fu.yakuhai_pair": (_yakuhai_pair, None, lambda r: any(x.endswith("_pair") and x != "pair" for x in _reasons(r))),
    "fu.kan": (("sankantsu", "rinshan_kaihou", "seat_wind"), None, lambda r: any("kan" in x for x in _reasons(r))),
}
_POOLS = {
    1: ["fu.pinfu_tsumo", "fu.pinfu_ron", "fu.chiitoitsu", "fu.closed_ron", "fu.open_hand"],
    2: ["fu.pinfu_tsumo", "fu.chiitoitsu", "fu.closed_ron", "fu.open_hand", "fu.triplets", "fu.wait", "fu.yakuhai_pair"],
    3: ["fu.closed_ron", "fu.open_hand", "fu.triplets", "fu.wait", "fu.yakuhai_pair", "fu.kan"],
}


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    concept = rng.choice(_POOLS[difficulty])
    how, tsumo, test = CASES[concept]
    extras = Extras(bonus="none" if difficulty == 1 else "any", tsumo=tsumo, riichi=0.3)

    def accept(r: ScoreResult) -> bool:
        return r.yakuman == 0 and test(r)

    if callable(how):
        request, result = winning_hand(rng, rules, "", extras, accept, recipe=how)
    else:
        target = rng.choice(how)
        request, result = winning_hand(rng, rules, target, extras, accept, recipe=RECIPES[target])
    data = prompt_data(request)
    raw = sum(line.fu for line in result.fu_lines)
    return Draft(
        concept=concept,
        prompt=gettext("Winning hand {hand} ({situation}). How many fu does it score?").format(
            hand=hand_text(request), situation=data["situation"]),
        data=data,
        answer_kind="numbers",
        answer={"numbers": {"fu": result.fu}},
        number_fields=(("fu", gettext("Fu")),),
        explanation=explanation_steps(result) + ({"step": "fu_total", "raw": raw, "rounded": result.fu},),
        hand_input=request,
    )
