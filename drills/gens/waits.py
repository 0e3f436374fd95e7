"""Waits: select every tile that completes a tenpai hand built around one wait shape.

Four-copy hands hold all four of a tile the shape seems to wait on (it cannot
be drawn, so it is no wait); furiten hands add the player's discards and ask
whether a ron is allowed.
"""

from __future__ import annotations

import random

from sanma_core.analysis import is_furiten, ukeire, waits
from sanma_core.i18n import N_, gettext
from sanma_core.melds import format_meld, make_meld
from sanma_core.rules import Ruleset
from sanma_core.tiles import NORTH, SANMA_KINDS, format_tiles, kind_name, to_counts

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..hands import Plan, Retry, physical_tiles, wait_splits
from .furiten import furiten_question
from .wait_shapes import build_shape, complete_hand

_BASIC = ["waits.ryanmen", "waits.kanchan", "waits.penchan", "waits.tanki", "waits.shanpon"]
# concept -> weight; the kita cases (a North set aside, furiten around a kita) are drilled from difficulty 1
_POOLS: dict[int, dict[str, float]] = {
    1: {**dict.fromkeys(_BASIC, 1.0), "waits.kita_furiten": 1.5},
    2: {**dict.fromkeys(_BASIC, 1.0), "waits.nobetan": 1, "waits.sanmenchan": 1, "waits.aryanmen": 1,
        "waits.chiitoitsu": 1, "waits.kokushi": 0.7, "waits.four_copy": 1, "waits.furiten": 1, "waits.kita_furiten": 1},
    3: {"waits.nobetan": 1, "waits.sanmenchan": 1, "waits.aryanmen": 1, "waits.multi": 1.5, "waits.kokushi_13": 0.4,
        "waits.kokushi": 0.6, "waits.chuuren": 0.8, "waits.four_copy": 1, "waits.furiten": 1.5,
        "waits.kita_furiten": 1},
}
KITA_RATE = {1: 0.3, 2: 0.3, 3: 0.3}  # chance of Norths already set aside in a plain waits hand
_FURITEN_CHOICES = (("furiten", N_("Furiten: no ron, only tsumo")), ("not_furiten", N_("Not furiten: ron is allowed")))


def nominal_waits(concept: str, shape_kinds: list[int]) -> set[int] | None:
    """The waits a basic shape is known for (None for shapes left to the engine alone)."""
    s = min(shape_kinds) if shape_kinds else -1
    if concept == "waits.ryanmen":
        return {s - 1, s + 2}
    if concept == "waits.kanchan":
        return {s + 1}
    if concept == "waits.penchan":
        return {s + 2} if s % 9 == 0 else {s - 1}
    if concept == "waits.tanki":
        return {s}
    if concept == "waits.nobetan":
        return {s, s + 3}
    if concept == "waits.sanmenchan":
        return {s - 1, s + 2, s + 5}
    return None


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    concept = rng.choices(list(pool), list(pool.values()))[0]
    if concept == "waits.kita_furiten":
        case = rng.choice(("furiten.kita_not_discard", "furiten.kita_declined"))
        draft = furiten_question(case, rules, rng, difficulty)
        draft.concept = concept
        return draft
    furiten = concept == "waits.furiten"
    shapes = [*_BASIC, "waits.nobetan", "waits.sanmenchan", "waits.aryanmen"]
    for _ in range(MAX_ATTEMPTS):
        shape = rng.choice(shapes) if furiten else concept
        plan = Plan()
        try:
            build_shape(plan, rng, shape)
            shape_kinds = plan.concealed_kinds()
            complete_hand(plan, rng, shape, rules, difficulty)
            kita = 0
            if plan.counts[NORTH] < 4 and rng.random() < KITA_RATE[difficulty]:
                kita = rng.randint(1, 4 - plan.counts[NORTH])
                plan.take(NORTH, kita)
        except Retry:
            continue
        concealed, meld_tiles = physical_tiles(plan, rules, rng, 0.3)
        melds = [make_meld(how, tiles) for (how, _), tiles in zip(plan.melds, meld_tiles, strict=True)]
        outside = [0] * 34
        for m in melds:
            for t in m.tiles:
                outside[t if t < 34 else (13 if t == 34 else 22)] += 1
        outside[NORTH] += kita
        found = waits(to_counts(concealed), outside)
        if not found:
            continue
        expected = nominal_waits(shape, shape_kinds)
        if shape == "waits.shanpon":
            expected = {k for k in set(plan.pairs)}
        if expected is not None and difficulty < 3 and set(found) != expected:
            continue
        if concept == "waits.four_copy" and 4 not in to_counts(concealed):
            continue
        break
    else:
        raise GenerationError(f"no tenpai hand for {concept} under {rules.name}")
    names = [kind_name(k) for k in found]
    data = {"hand": format_tiles(concealed), "melds": [format_meld(m) for m in melds], "kita": kita}
    counts = to_counts(concealed)
    live = ukeire(counts, outside).count
    steps = [step("waits", shape=shape.split(".")[1], waits=names, live_tiles=live, splits=wait_splits(counts, found))]
    held4 = [kind_name(k) for k, n in enumerate(counts) if n == 4]
    if held4:
        steps.append(step("four_copies", tiles=held4))
    blocked = [k for k in waits(counts) if k not in found]  # the shape waits on it, but every copy is the player's
    for k in blocked:
        steps.append(step("all_copies_yours", tile=kind_name(k), in_hand=counts[k], in_melds=outside[k] - (kita if k == NORTH else 0),
                          kita=kita if k == NORTH else 0))
    if not furiten:
        return Draft(
            concept=concept,
            prompt=gettext("Which tiles complete this hand? Select every wait.")
            + (" " + gettext("(Melds and kita are shown.)") if melds or kita else ""),
            data=data,
            answer_kind="tiles",
            answer={"tiles": names},
            explanation=tuple(steps),
        )
    pool = [k for k in SANMA_KINDS if plan.counts[k] < 4]
    discards = rng.sample(pool, min(len(pool), rng.randint(4, 8)))
    if rng.random() < 0.55:
        discards[rng.randrange(len(discards))] = rng.choice(found)
    is_f = is_furiten(found, discards)
    data["discards"] = [kind_name(k) for k in discards]
    hit = [kind_name(k) for k in found if k in discards]
    steps.append(step("furiten", furiten=is_f, reason="own_discard" if is_f else "no_wait_discarded", discarded_waits=hit))
    return Draft(
        concept=concept,
        prompt=gettext("Which tiles complete this hand, and can you win on them by ron given your discards?"),
        data=data,
        answer_kind="tiles",
        answer={"tiles": names, "choices": ["furiten" if is_f else "not_furiten"]},
        choices=spoken(_FURITEN_CHOICES),
        parts=("tiles", "choices"),
        pick_one=("choices",),
        explanation=tuple(steps),
    )
