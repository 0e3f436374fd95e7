"""Efficiency: from a 14-tile hand, the discard that keeps the lowest shanten and the most useful tiles."""

from __future__ import annotations

import random

from sanma_core.analysis import discard_options, shanten
from sanma_core.rules import Ruleset
from sanma_core.tiles import HONOURS, NORTH, SANMA_KINDS, format_tiles, kind_name, to_counts

from ..base import MAX_ATTEMPTS, Draft, GenerationError, step
from ..hands import SEQ_STARTS, Plan, Retry, add_pair, fill, physical_tiles

_POOLS = {
    1: ["efficiency.tenpai", "efficiency.isolated"],
    2: ["efficiency.tenpai", "efficiency.isolated", "efficiency.one_shanten"],
    3: ["efficiency.tenpai", "efficiency.one_shanten", "efficiency.deal"],
}


def _ryanmen(plan: Plan, rng: random.Random) -> None:
    for _ in range(20):
        s = rng.choice(SEQ_STARTS) + 1
        if s % 9 <= 6 and plan.room(s, 1) and plan.room(s + 1, 1):
            plan.take(s, 1)
            plan.take(s + 1, 1)
            plan.singles += [s, s + 1]
            return
    raise Retry


def _loose(plan: Plan, rng: random.Random, kinds: list[int]) -> None:
    k = rng.choice([k for k in kinds if plan.room(k, 1)])
    plan.take(k, 1)
    plan.singles.append(k)


def _build(concept: str, rng: random.Random) -> Plan:
    plan = Plan()
    if concept == "efficiency.deal":
        wall = [k for k in SANMA_KINDS for _ in range(4)]
        for k in rng.sample(wall, 14):
            plan.take(k, 1)
            plan.singles.append(k)
        return plan
    if concept == "efficiency.tenpai":
        fill(plan, rng, 3)
        _ryanmen(plan, rng) if rng.random() < 0.7 else add_pair(plan, rng)
        add_pair(plan, rng)
        _loose(plan, rng, list(SANMA_KINDS))
    elif concept == "efficiency.isolated":
        fill(plan, rng, 2)
        _ryanmen(plan, rng)
        _ryanmen(plan, rng)
        add_pair(plan, rng)
        _loose(plan, rng, sorted(HONOURS))
        _loose(plan, rng, list(SANMA_KINDS))
    else:  # one_shanten: two sets, three partial shapes, a pair or a floating tile
        fill(plan, rng, 2)
        for _ in range(2):
            _ryanmen(plan, rng) if rng.random() < 0.6 else _loose(plan, rng, list(SANMA_KINDS))
        add_pair(plan, rng)
        while len(plan.concealed_kinds()) < 14:
            _loose(plan, rng, list(SANMA_KINDS))
    return plan


def _wanted(concept: str, sh: int) -> bool:
    return {"efficiency.tenpai": sh == 1 or sh == 0, "efficiency.isolated": sh in (1, 2),
            "efficiency.one_shanten": sh in (1, 2), "efficiency.deal": 1 <= sh <= 3}[concept]


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    concept = rng.choice(_POOLS[difficulty])
    for _ in range(MAX_ATTEMPTS):
        try:
            plan = _build(concept, rng)
        except Retry:
            continue
        if len(plan.concealed_kinds()) != 14:
            continue
        tiles, _ = physical_tiles(plan, rules, rng, 0.3)
        counts = to_counts(tiles)
        outside = [0] * 34
        kita = 0
        if difficulty > 1 and counts[NORTH] < 4 and rng.random() < 0.25:
            kita = rng.randint(1, 4 - counts[NORTH])
            outside[NORTH] = kita
        options = discard_options(counts, outside)
        best_sh = min(o.shanten for o in options)
        if not _wanted(concept, best_sh + 1 if best_sh >= 0 else 0) or shanten(counts, outside) < 0:
            continue
        best_count = max(o.ukeire.count for o in options if o.shanten == best_sh)
        best = [o for o in options if o.shanten == best_sh and o.ukeire.count == best_count]
        if len(best) == len(options):
            continue  # every discard equal: nothing to learn
        break
    else:
        raise GenerationError(f"no hand for {concept} under {rules.name}")
    credit = {kind_name(o.tile): round(o.ukeire.count / best_count, 2) if o.shanten == best_sh and best_count else 0.0
              for o in options}
    steps = [step("discard", tile=kind_name(o.tile), shanten=o.shanten, ukeire=[kind_name(k) for k in o.ukeire.tiles],
                  count=o.ukeire.count, best=o in best)
             for o in sorted(options, key=lambda o: (o.shanten, -o.ukeire.count, o.tile))]
    steps.append(step("rule", rule="first keep the lowest shanten, then the most live useful tiles"))
    return Draft(
        concept=concept,
        prompt="Which discard keeps the lowest shanten and the most useful tiles?" + (f" (kita {kita})" if kita else ""),
        data={"hand": format_tiles(tiles), "melds": [], "kita": kita, "shanten_after": best_sh},
        answer_kind="tiles",
        answer={"tiles": sorted((kind_name(o.tile) for o in best), key=lambda n: SANMA_KINDS.index(_kind(n)))},
        multi=False,
        credit=credit,
        explanation=tuple(steps),
    )


def _kind(name: str) -> int:
    from sanma_core.tiles import parse_tile

    return parse_tile(name)
