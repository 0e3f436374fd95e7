"""Efficiency: from a 14-tile hand, the best play: a discard, or kita when the North is not needed.

The answer comes from :func:`sanma_core.analysis.efficiency.best_play` (lowest
shanten, then the most useful tiles unseen to the player, then value, then tile
order; kita whenever it is legal and the hand without the North keeps that
shanten). A North that could be set aside is never the answer's discard.
"""

from __future__ import annotations

import random

from sanma_core.analysis.efficiency import KITA, Option, Play, best_play, discard_values
from sanma_core.dora import dora_from_indicator
from sanma_core.game.actions import Action
from sanma_core.i18n import N_, gettext
from sanma_core.review.graded import GradedDecision
from sanma_core.rules import Ruleset
from sanma_core.tiles import (
    HONOURS,
    NORTH,
    SANMA_KINDS,
    WEST,
    format_tiles,
    kind_name,
    parse_tile,
    tile_name,
    to_counts,
)

from ..base import MAX_ATTEMPTS, Draft, GenerationError, step
from ..hands import SEQ_STARTS, Plan, Retry, add_pair, fill, physical_tiles
from ..model_answer import graded_decision, model_answer
from ..table import calm_position

# concept -> weight, per difficulty; the sanma case (a North to set aside) is drilled from the start
_POOLS: dict[int, dict[str, float]] = {
    1: {"efficiency.tenpai": 3, "efficiency.isolated": 3, "efficiency.kita": 3},
    2: {"efficiency.tenpai": 2, "efficiency.isolated": 2, "efficiency.one_shanten": 2, "efficiency.kita": 2,
        "efficiency.keep_north": 1, "efficiency.last_draw": 1},
    3: {"efficiency.tenpai": 2, "efficiency.one_shanten": 2, "efficiency.deal": 2, "efficiency.kita": 2,
        "efficiency.keep_north": 1, "efficiency.last_draw": 1},
}
_NORTH_CONCEPTS = ("efficiency.kita", "efficiency.keep_north", "efficiency.last_draw")
_OTHER = tuple(k for k in SANMA_KINDS if k != NORTH)


def _ryanmen(plan: Plan, rng: random.Random) -> None:
    for _ in range(20):
        s = rng.choice(SEQ_STARTS) + 1
        if s % 9 <= 6 and plan.room(s, 1) and plan.room(s + 1, 1):
            plan.take(s, 1)
            plan.take(s + 1, 1)
            plan.singles += [s, s + 1]
            return
    raise Retry


def _loose(plan: Plan, rng: random.Random, kinds: list[int] | tuple[int, ...]) -> None:
    options = [k for k in kinds if plan.room(k, 1)]
    if not options:
        raise Retry
    k = rng.choice(options)
    plan.take(k, 1)
    plan.singles.append(k)


def _north(plan: Plan) -> None:
    plan.take(NORTH, 1)
    plan.singles.append(NORTH)


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
        _ryanmen(plan, rng) if rng.random() < 0.7 else add_pair(plan, rng, _OTHER)
        add_pair(plan, rng, _OTHER)
        _loose(plan, rng, _OTHER)
    elif concept == "efficiency.isolated":
        fill(plan, rng, 2)
        _ryanmen(plan, rng)
        _ryanmen(plan, rng)
        add_pair(plan, rng, _OTHER)
        _loose(plan, rng, sorted(HONOURS - {NORTH}))
        _loose(plan, rng, _OTHER)
    elif concept in ("efficiency.kita", "efficiency.last_draw"):
        # a hand one North too many: tenpai or one step away, the North outside the shape
        fill(plan, rng, 3 if rng.random() < 0.5 else 2)
        while len(plan.concealed_kinds()) < 11:
            _ryanmen(plan, rng) if rng.random() < 0.6 else add_pair(plan, rng, _OTHER)
        if len(plan.concealed_kinds()) == 11:
            add_pair(plan, rng, _OTHER)
        else:
            _loose(plan, rng, _OTHER)
        _north(plan)
    elif concept == "efficiency.keep_north":
        # the North pair (or triplet) is part of the shape: setting one aside costs a step
        fill(plan, rng, 3)
        if rng.random() < 0.6:
            plan.pair(NORTH)
            add_pair(plan, rng, _OTHER) if rng.random() < 0.5 else _ryanmen(plan, rng)
        else:
            plan.take(NORTH, 3)
            plan.closed.append(("trip", NORTH))
            plan.closed.pop(0)
            fill(plan, rng, 1)
            add_pair(plan, rng, _OTHER)
            _loose(plan, rng, _OTHER)
            _loose(plan, rng, _OTHER)
            return plan
        _loose(plan, rng, _OTHER)
    else:  # one_shanten: two sets, three partial shapes, a pair or a floating tile
        fill(plan, rng, 2)
        for _ in range(2):
            _ryanmen(plan, rng) if rng.random() < 0.6 else _loose(plan, rng, list(SANMA_KINDS))
        add_pair(plan, rng)
        while len(plan.concealed_kinds()) < 14:
            _loose(plan, rng, list(SANMA_KINDS))
    return plan


def _wanted(concept: str, sh: int) -> bool:
    """Shanten after the best discard the concept asks for."""
    if concept in ("efficiency.tenpai", "efficiency.kita", "efficiency.keep_north", "efficiency.last_draw"):
        return sh in (0, 1)
    if concept == "efficiency.deal":
        return 0 <= sh <= 2
    return sh in (0, 1)


def _credit(play: Play) -> dict[str, float]:
    """Partial credit: a discard keeping the best shanten earns its share of the best useful tiles
    (below 1 when it loses value or is not the best); discarding the North instead of kita earns half."""
    best = play.best
    out: dict[str, float] = {}
    tied = {o.name for o in play.tied}
    for o in play.discards:
        if o.name in tied or o.shanten != best.shanten or not best.useful_count:
            out[o.name] = 1.0 if o.name in tied else 0.0
            continue
        share = min(o.useful_count / best.useful_count, 0.9)
        if o.useful_count == best.useful_count and o.value > best.value:
            share = 0.75  # the same shape, but han thrown away
        out[o.name] = round(share * (0.5 if play.kita_best else 1.0), 2)
    if play.kita_best:
        out[kind_name(NORTH)] = 0.5  # the same shape, but no han and no replacement draw
    elif play.kita is not None and play.kita_legal:
        out[KITA] = 0.0
    return out


def _option_step(o: Option, best: set[str]) -> dict:
    return step("kita" if o.kita else "discard", tile=o.name, shanten=o.shanten, useful=[kind_name(k) for k in o.useful],
                count=o.useful_count, han_lost=o.value if not o.kita else 0.0, best=o.name in best)


_SITUATIONS = {"own_turn": N_("your turn, the tile just drawn"),
               "last_draw": N_("the last draw of the live wall: no kita allowed")}


def _position(rules: Ruleset, tiles: list[int], kita: int, indicators: list[int],
              rng: random.Random) -> tuple[GradedDecision, int, int]:
    """The 14 ``tiles`` at a turn of a quiet game (one of them just drawn), graded by the decision model: which
    discard; (the decision, the turn, the tile drawn). Raises :class:`Retry` when it does not fit."""
    hand = list(tiles)
    drawn = hand.pop(rng.randrange(len(hand)))
    turn = rng.randint(max(2, kita + 1), 9)
    game = calm_position(rules, hand, drawn, turn, rng, norths=kita, dora=indicators)
    d = graded_decision(game, 0, "discard", Action.discard(0, drawn))
    if d is None:
        raise Retry
    return d, turn, drawn


def counted_play(tiles: list[int], outside: list[int], indicators: list[int],
                 kita_legal: bool) -> tuple[Play, list[int], list[int]]:
    """The counting answer where no model answers (a hand holding a North, the last draw): the lowest shanten,
    then the most useful tiles, value breaking ties; with the visible counts and the dora kinds it used."""
    counts = to_counts(tiles)
    seen = [counts[k] + outside[k] for k in range(34)]
    for t in indicators:
        seen[t] += 1
    dora = [dora_from_indicator(t) for t in indicators]
    play = best_play(counts, outside, seen=seen, value=discard_values(tiles, dora), kita_legal=kita_legal,
                     kita_han=1 + dora.count(NORTH))
    return play, seen, dora


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    concept = rng.choices(list(pool), list(pool.values()))[0]
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
        indicators: list[int] = []
        modelled = counts[NORTH] == 0 and concept != "efficiency.last_draw"  # a position the decision model answers
        if difficulty > 1 or modelled:
            spare = [k for k in SANMA_KINDS if counts[k] + outside[k] < 4]
            if concept in _NORTH_CONCEPTS and rng.random() < 0.3 and WEST in spare:
                indicators = [WEST]
            else:
                indicators = [rng.choice(spare)]
        situation = "last_draw" if concept == "efficiency.last_draw" else "own_turn"
        kita_legal = counts[NORTH] > 0 and situation != "last_draw"
        play, seen, dora = counted_play(tiles, outside, indicators, kita_legal)
        kita_han = 1 + dora.count(NORTH)
        best = play.best
        if best.shanten < 0 or not _wanted(concept, best.shanten):
            continue
        if concept == "efficiency.kita" and not play.kita_best:
            continue
        if concept == "efficiency.keep_north" and (play.kita_best or play.kita is None):
            continue
        if concept == "efficiency.last_draw" and (play.kita is None or play.kita.shanten > best.shanten):
            continue
        if concept not in _NORTH_CONCEPTS and play.kita_best and rng.random() < 0.5:
            continue  # other concepts keep some Norths, but kita is its own concept
        if not play.kita_best and len(play.tied) == len(play.discards):
            continue  # every discard equal: nothing to learn
        graded = None
        if modelled:
            try:
                graded, turn, drawn = _position(rules, tiles, kita, indicators, rng)
            except Retry:
                continue
        break
    else:
        raise GenerationError(f"no hand for {concept} under {rules.name}")
    if play.kita_best:
        concept = "efficiency.kita"
    names = [o.name for o in play.tied]
    decided = None
    if graded is not None:
        decided = model_answer(graded, {label: [label.split(":", 1)[1]] for label, _p in graded.options})
        names = decided.answer
    best_names = set() if decided else set(names)
    no_kita = best_play(counts, outside, seen=seen, value=discard_values(tiles, dora))
    steps: list[dict] = []
    if play.kita is not None:
        steps.append(step("kita_rule", legal=kita_legal, situation=situation, han=kita_han, north_needed=not play.kita_best
                          if kita_legal else play.kita.shanten > no_kita.best.shanten,
                          shanten_after_kita=play.kita.shanten, best_discard_shanten=play.discards[0].shanten,
                          ron_on_kita=rules.ron_on_kita))
        steps.append(_option_step(play.kita, best_names))
    shown = [o for o in play.discards if o.shanten == play.discards[0].shanten][:6]
    shown += [o for o in play.discards if o.tile == NORTH and o not in shown]
    steps += [_option_step(o, best_names) for o in shown]
    if play.kita is not None:
        alt = no_kita.tied
        steps.append(step("without_kita", tiles=[o.name for o in alt], count=alt[0].useful_count, shanten=alt[0].shanten))
    held_dora = sorted({k for k in dora if counts[k]})  # only a dora the hand holds can be thrown away
    steps.append(step("order", seen=[tile_name(t) for t in indicators], dora=[kind_name(k) for k in held_dora],
                      counting=decided is not None))
    prompt = gettext("Which play keeps the lowest shanten and the most useful tiles?")
    if decided is not None:
        steps.append(decided.step)
        prompt = (gettext("Which discard do strong players choose here?") if decided.single else
                  gettext("Which discards do strong players find fine here? Choose every one."))
    if situation == "last_draw":
        prompt = gettext("You drew the last tile of the live wall.") + " " + prompt
    elif kita_legal:
        prompt += " " + gettext("(Kita — setting a North aside — is a play too.)")
    return Draft(
        concept=concept,
        prompt=prompt,
        data={"hand": format_tiles(tiles), "melds": [], "kita": kita, "indicators": [tile_name(t) for t in indicators],
              "shanten_after": best.shanten, "kita_legal": kita_legal, "timing": situation,
              "situation": gettext(_SITUATIONS[situation]) if graded is None else
              gettext("your turn {turn}, {tile} just drawn, {n} tiles left in the live wall").format(
                  turn=turn, tile=tile_name(drawn), n=graded.left)},
        answer_kind="tiles",
        answer={"tiles": sorted(names, key=lambda n: 99 if n == KITA else SANMA_KINDS.index(_kind(n)))},
        multi=bool(decided and not decided.single),
        credit=decided.credit if decided else _credit(play),
        explanation=tuple(steps),
    )


def _kind(name: str) -> int:
    return parse_tile(name)
