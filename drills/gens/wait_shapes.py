"""Wait shapes for generated hands: put one shape into a plan, then fill the hand around it.

Shared by the waits and furiten drills.
"""

from __future__ import annotations

import random

from sanma_core.rules import Ruleset
from sanma_core.tiles import SANMA_KINDS

from ..hands import ORPHANS, SEQ_STARTS, SUIT_BASES, Plan, add_pair, fill


def _suit(rng: random.Random) -> int:
    return rng.choice(SUIT_BASES)


def _singles(plan: Plan, kinds: list[int]) -> None:
    for k in kinds:
        plan.take(k, 1)
        plan.singles.append(k)


def build_shape(plan: Plan, rng: random.Random, concept: str) -> None:
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


def complete_hand(plan: Plan, rng: random.Random, concept: str, rules: Ruleset, difficulty: int) -> None:
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
