"""Waits: select every tile that completes a tenpai hand built around one wait shape.

Four-copy hands hold all four of a tile the shape seems to wait on (it cannot
be drawn, so it is no wait); furiten hands add the player's discards and ask
whether a ron is allowed.
"""

from __future__ import annotations

import random

from sanma_core.analysis import is_furiten, ukeire, waits
from sanma_core.melds import format_meld, make_meld
from sanma_core.rules import Ruleset
from sanma_core.tiles import NORTH, SANMA_KINDS, format_tiles, kind_name, to_counts

from ..base import MAX_ATTEMPTS, Draft, GenerationError, step
from ..hands import ORPHANS, SEQ_STARTS, SUIT_BASES, Plan, Retry, add_pair, fill, physical_tiles, wait_splits

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
_FURITEN_CHOICES = (("furiten", "Furiten: no ron, only tsumo"), ("not_furiten", "Not furiten: ron is allowed"))


def _suit(rng: random.Random) -> int:
    return rng.choice(SUIT_BASES)


def _singles(plan: Plan, kinds: list[int]) -> None:
    for k in kinds:
        plan.take(k, 1)
        plan.singles.append(k)


def _shape(plan: Plan, rng: random.Random, concept: str) -> None:
    """Put the concept's shape into the plan; the rest is filled with sets and a pair."""
    b = _suit(rng)
    if concept == "waits.ryanmen":
        s = b + rng.randrange(1, 7)
        _singles(plan, [s, s + 1])
    elif concept == "waits.kanchan":
        s = b + rng.randrange(0, 7)
        _singles(plan, [s, s + 2])
    elif concept == "waits.penchan":
        s = b + rng.choice((0, 7))
        _singles(plan, [s, s + 1])
    elif concept == "waits.tanki":
        _singles(plan, [rng.choice(SANMA_KINDS)])
    elif concept == "waits.shanpon":
        add_pair(plan, rng)
    elif concept == "waits.nobetan":
        s = b + rng.randrange(0, 6)
        _singles(plan, [s, s + 1, s + 2, s + 3])
    elif concept == "waits.sanmenchan":
        s = b + rng.randrange(1, 4)
        _singles(plan, [s, s + 1, s + 2, s + 3, s + 4])
    elif concept == "waits.aryanmen":
        s = b + rng.randrange(1, 7)
        lo = rng.random() < 0.5
        _singles(plan, [s, s, s, s + 1] if lo else [s, s + 1, s + 1, s + 1])
    elif concept == "waits.four_copy":
        s = b + rng.randrange(0, 6)
        x = s if rng.random() < 0.5 else s + 3  # hold all four of one end of a four-tile run
        _singles(plan, [s, s + 1, s + 2, s + 3, x, x, x])
    elif concept == "waits.multi":
        suit = list(range(b, b + 9))
        fill(plan, rng, 4, starts=tuple(range(b, b + 7)), trips=tuple(suit), seq_rate=0.6)
        add_pair(plan, rng, tuple(suit))
        drop = rng.choice(plan.concealed_kinds())
        _remove(plan, drop)
    elif concept in ("waits.kokushi", "waits.kokushi_13"):
        kinds = list(ORPHANS)
        if concept == "waits.kokushi":
            missing = rng.choice(kinds)
            kinds.remove(missing)
            kinds.append(rng.choice(kinds))
        _singles(plan, kinds)
    elif concept == "waits.chuuren":
        _singles(plan, [b + i for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)])
    elif concept == "waits.chiitoitsu":
        for k in rng.sample([k for k in SANMA_KINDS], 7):
            plan.pair(k)
        single = plan.pairs.pop()
        plan.counts[single] -= 1
        plan.singles.append(single)


def _remove(plan: Plan, k: int) -> None:
    """Take one tile of kind ``k`` out of the concealed sets (the set becomes loose tiles)."""
    loose: list[int] = []
    for i, (shape, s) in enumerate(plan.closed):
        kinds = [s, s + 1, s + 2] if shape == "seq" else [s] * 3
        if k in kinds:
            del plan.closed[i]
            kinds.remove(k)
            loose = kinds
            break
    else:
        plan.pairs.remove(k)
        loose = [k]
    plan.counts[k] -= 1
    plan.singles += loose


def _far_kinds(plan: Plan) -> tuple[int, ...]:
    """Kinds that cannot join the shape: other suits, honours, or at least three steps away."""
    shape = set(plan.concealed_kinds())
    def far(k: int) -> bool:
        return all(k >= 27 or j >= 27 or k // 9 != j // 9 or abs(k - j) > 2 for j in shape) and k not in shape
    return tuple(k for k in SANMA_KINDS if far(k))


def _complete(plan: Plan, rng: random.Random, concept: str, rules: Ruleset, difficulty: int) -> None:
    """Fill the hand up to 13 tiles with sets (some called at higher difficulty) and a pair, away from the shape."""
    if concept in ("waits.kokushi", "waits.kokushi_13", "waits.chuuren", "waits.chiitoitsu", "waits.multi"):
        return
    far = _far_kinds(plan)
    starts = tuple(s for s in SEQ_STARTS if s in far and s + 1 in far and s + 2 in far)
    remaining = 13 - len(plan.concealed_kinds())
    if remaining % 3 == 2:
        add_pair(plan, rng, far)
    sets = remaining // 3
    dragons = [k for k in (31, 32, 33) if k in far and plan.room(k, 3)]
    if difficulty > 1 and sets and dragons and rng.random() < 0.3:
        plan.trip(rng.choice(dragons), "pon")  # a called hand keeps a yaku: a dragon pon
        sets -= 1
    fill(plan, rng, sets, starts=starts, trips=far)


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
        from .furiten import furiten_question

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
            _shape(plan, rng, shape)
            shape_kinds = plan.concealed_kinds()
            _complete(plan, rng, shape, rules, difficulty)
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
            prompt="Which tiles complete this hand? Select every wait." + (" (Melds and kita are shown.)" if melds or kita else ""),
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
        prompt="Which tiles complete this hand, and can you win on them by ron given your discards?",
        data=data,
        answer_kind="tiles",
        answer={"tiles": names, "choices": ["furiten" if is_f else "not_furiten"]},
        choices=_FURITEN_CHOICES,
        parts=("tiles", "choices"),
        pick_one=("choices",),
        explanation=tuple(steps),
    )
