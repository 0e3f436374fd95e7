"""Dora indicator → dora: the sanma wraps (1m ↔ 9m, 9 → 1, West → North) front and centre."""

from __future__ import annotations

import random

from sanma_core.dora import dora_from_indicator
from sanma_core.i18n import ngettext
from sanma_core.rules import Ruleset
from sanma_core.tiles import FIVE_P, FIVE_S, RED_5P, RED_5S, WEST, kind, kind_name, tile_name

from ..base import Draft, step

_SIMPLE = [k for base in (9, 18) for k in range(base + 1, base + 8)]  # 2–8 of dots and bamboo
_CONCEPT_TILES: dict[str, list[int]] = {
    "dora.number": _SIMPLE,
    "dora.wrap_nine": [17, 26],
    "dora.characters": [0, 8],
    "dora.wind": [27, 28, 30],
    "dora.west_north": [WEST],
    "dora.dragon": [31, 32, 33],
}
# concept -> weight; the sanma wraps (1m -> 9m, 9m -> 1m, West -> North) are drilled from difficulty 1
_POOLS: dict[int, dict[str, float]] = {
    1: {"dora.number": 2, "dora.characters": 2, "dora.west_north": 1.5, "dora.wrap_nine": 1, "dora.wind": 1,
        "dora.dragon": 1},
    2: {"dora.number": 1, "dora.wrap_nine": 1, "dora.characters": 1.5, "dora.wind": 1, "dora.west_north": 1,
        "dora.dragon": 1, "dora.red_indicator": 1},
    3: {"dora.characters": 1, "dora.west_north": 1, "dora.wrap_nine": 1, "dora.multiple": 2, "dora.red_indicator": 1},
}


def _indicator_for(concept: str, rules: Ruleset, rng: random.Random) -> int:
    if concept == "dora.red_indicator":
        reds = [t for t, k in ((RED_5P, FIVE_P), (RED_5S, FIVE_S)) if rules.red_fives[k]]
        return rng.choice(reds) if reds else rng.choice(_SIMPLE)
    return rng.choice(_CONCEPT_TILES[concept])


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    concept = rng.choices(list(pool), list(pool.values()))[0]
    if concept == "dora.multiple":
        n = rng.choice((2, 3))
        pool = [0, 8, 17, 26, WEST, 30, 33, *rng.sample(_SIMPLE, 3)]
        indicators = rng.sample(pool, n)
    else:
        indicators = [_indicator_for(concept, rules, rng)]
    if concept == "dora.red_indicator" and not any(t in (RED_5P, RED_5S) for t in indicators):
        concept = "dora.number"
    names = [tile_name(t) for t in indicators]
    dora = [dora_from_indicator(t) for t in indicators]
    kinds = sorted(set(dora))
    steps = [
        step("indicator", indicator=tile_name(t), indicator_kind=kind_name(kind(t)), dora=kind_name(d), red=t >= 34)
        for t, d in zip(indicators, dora, strict=True)
    ]
    if WEST in [kind(t) for t in indicators]:
        steps.append(step("west_makes_north", note="each North set aside (kita) is then worth 2 han"))
    return Draft(
        concept=concept,
        prompt=ngettext("Dora indicator {tiles}: which tile is dora?", "Dora indicators {tiles}: which tiles are dora?",
                        len(indicators)).format(tiles=", ".join(names)),
        data={"indicators": names},
        answer_kind="tiles",
        answer={"tiles": [kind_name(k) for k in kinds]},
        explanation=tuple(steps),
    )
