"""Furiten: a tenpai hand and what happened since the deal; are you furiten? The referee decides.

Each case is played out by the engine's referee (:mod:`drills.table`): your own
discards, a ron you let pass (temporary furiten, or for the rest of the hand in
riichi), and the sanma cases: a North you set aside is not a discard, and a
North another player sets aside can be ronned where the ruleset allows it, so
letting it pass is furiten there too.
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis import waits as engine_waits
from sanma_core.i18n import N_, gettext
from sanma_core.rules import Ruleset
from sanma_core.tiles import DRAGONS, NORTH, SANMA_KINDS, format_tiles, kind_name, to_counts
from sanma_core.words import letter_name

from ..base import MAX_ATTEMPTS, SEATS, Draft, GenerationError, spoken, step
from ..hands import Plan, Retry, add_pair, wait_splits
from ..table import Move, can_ron, far_kinds, play_script
from .wait_shapes import build_shape, complete_hand

CASES = ("furiten.own_discard", "furiten.clean", "furiten.temporary", "furiten.temporary_cleared", "furiten.riichi",
         "furiten.kita_not_discard", "furiten.kita_declined")
_POOLS: dict[int, dict[str, float]] = {
    1: {"furiten.own_discard": 2, "furiten.clean": 2, "furiten.temporary": 1, "furiten.kita_not_discard": 2,
        "furiten.kita_declined": 2, "furiten.temporary_cleared": 1, "furiten.riichi": 1},
    2: dict.fromkeys(CASES, 1.0),
    3: {"furiten.own_discard": 1, "furiten.clean": 1, "furiten.temporary": 1, "furiten.temporary_cleared": 1,
        "furiten.riichi": 2, "furiten.kita_not_discard": 1.5, "furiten.kita_declined": 2},
}
CHOICES = (("furiten", N_("Furiten: no ron on any wait (tsumo only)")), ("not_furiten", N_("Not furiten: ron is allowed")))
_NORTH_CASES = ("furiten.kita_not_discard", "furiten.kita_declined")
_SHAPES = {1: ("ryanmen", "shanpon", "kanchan"), 2: ("ryanmen", "shanpon", "kanchan", "nobetan", "tanki"),
           3: ("ryanmen", "shanpon", "nobetan", "sanmenchan", "tanki")}


def tenpai_hand(rng: random.Random, shape: str, north_wait: bool = False) -> list[int]:
    """Thirteen kinds: a dragon triplet (a yaku for any ron), one wait shape, sets and a pair away from it."""
    plan = Plan()
    plan.trip(rng.choice(sorted(DRAGONS)))
    if north_wait:
        if rng.random() < 0.6:
            plan.pair(NORTH)
            add_pair(plan, rng, tuple(k for k in SANMA_KINDS if k != NORTH and k not in DRAGONS))
            shape = "shanpon"
        else:
            plan.take(NORTH, 1)
            plan.singles.append(NORTH)
            shape = "tanki"
    else:
        build_shape(plan, rng, f"waits.{shape}")
    complete_hand(plan, rng, f"waits.{shape}", None, 1)  # type: ignore[arg-type]
    return plan.concealed_kinds()


class _Supply:
    """Copies left of each kind for the scripted draws (plain copies only: the hand holds no red five)."""

    def __init__(self, rules: Ruleset, used: list[int]):
        self.left = [0] * 34
        for k in SANMA_KINDS:
            self.left[k] = 4 - rules.red_fives.get(k, 0)
        for k in used:
            self.left[k] -= 1
        if min(self.left[k] for k in SANMA_KINDS) < 0:
            raise Retry

    def take(self, rng: random.Random, kinds: list[int] | tuple[int, ...]) -> int:
        options = [k for k in kinds if self.left[k] > 0]
        if not options:
            raise Retry
        k = rng.choice(options)
        self.left[k] -= 1
        return k


def build(case: str, rules: Ruleset, rng: random.Random, difficulty: int) -> tuple[list[int], list[Move], dict[str, Any]]:
    """(your starting 13 kinds, the moves, facts for the prompt) of one case; raises Retry when it does not fit."""
    north = case in _NORTH_CASES
    hand = tenpai_hand(rng, rng.choice(_SHAPES[difficulty]), north_wait=north)
    waits = engine_waits(to_counts(hand))
    if not waits or (north and NORTH not in waits):
        raise Retry
    supply = _Supply(rules, hand)
    far = far_kinds([*hand, *waits])
    if len(far) < 3:
        raise Retry
    filler = lambda: supply.take(rng, far)  # noqa: E731
    others = [w for w in waits if w != NORTH]
    facts: dict[str, Any] = {}
    start = list(hand)
    if case in ("furiten.own_discard", "furiten.clean"):
        # you held e earlier and threw it: e is a wait (furiten) or only looks close to one (not furiten)
        if case == "furiten.own_discard":
            e = rng.choice(waits)
        else:
            near = [k for w in waits for k in (w - 3, w - 1, w + 1, w + 3)
                    if k in SANMA_KINDS and k not in waits and k // 9 == w // 9 and w < 27 and k not in hand]
            near = near or [k for k in far if k not in waits]
            e = rng.choice(near)
        a = rng.choice([k for k in hand if k not in DRAGONS])
        start.remove(a)
        start.append(e)
        supply.left[e] -= 1
        x = filler()
        supply.left[a] -= 1
        moves = [Move(0, x, discard=e), Move(1, filler()), Move(2, filler()), Move(0, a, discard=x)]
        final = Move(1, supply.take(rng, waits))
        facts["early_discard"] = e
    elif case in ("furiten.temporary", "furiten.temporary_cleared"):
        moves = [Move(0, filler()), Move(1, supply.take(rng, waits))]
        if case == "furiten.temporary_cleared":
            moves += [Move(2, filler()), Move(0, filler())]
            final = Move(1, supply.take(rng, waits))
        else:
            final = Move(2, supply.take(rng, waits))
        facts["passed"] = moves[1].draw
    elif case == "furiten.riichi":
        moves = [Move(0, filler(), riichi=True), Move(1, supply.take(rng, waits)), Move(2, filler()),
                 Move(0, filler()), Move(1, filler())]
        final = Move(2, supply.take(rng, waits))
        facts["passed"] = moves[1].draw
    elif case == "furiten.kita_not_discard":
        a = rng.choice([k for k in hand if k not in DRAGONS and k != NORTH])
        start.remove(a)
        start.append(NORTH)
        supply.left[NORTH] -= 1
        x = filler()
        supply.left[a] -= 1
        moves = [Move(0, x, kita=True, replacement=a, discard=x), Move(1, filler())]
        final = Move(2, supply.take(rng, waits))
        facts["own_kita"] = 1
    else:  # kita_declined: another player sets a North aside while you wait on North
        supply.left[NORTH] -= 1
        r = filler()
        moves = [Move(0, filler()), Move(1, NORTH, kita=True, replacement=r)]
        final = Move(2, supply.take(rng, others or waits))
        facts["kita_by"] = 1
    if max(to_counts(start)) > 4:
        raise Retry
    return start, [*moves, final], facts


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    return furiten_question(case, rules, rng, difficulty)


def furiten_question(case: str, rules: Ruleset, rng: random.Random, difficulty: int,
                     prompt_head: str = "") -> Draft:
    """The question of one case (the waits drill asks the kita cases too)."""
    for _ in range(MAX_ATTEMPTS):
        try:
            start, moves, facts = build(case, rules, rng, difficulty)
            game = play_script(rules, start, moves, seed=rng.randrange(2**31))
        except Retry:
            continue
        view = game.view(0)
        if not view.waits:
            continue
        break
    else:
        raise GenerationError(f"no furiten position for {case} under {rules.name}")
    hand = list(view.hand)
    if game.turn == 0 and game.drawn is not None and len(hand) % 3 == 2:
        hand.remove(game.drawn)  # nobody could answer the last tile: play went on to your draw
    hand = sorted(hand)
    waits = list(view.waits)
    furiten = game.is_furiten(0)
    ron_now = can_ron(game, 0)
    final = moves[-1]
    last_tile = final.draw
    discards = [d.tile for d in view.seats[0].discards]
    kita = view.seats[0].kita
    riichi = view.seats[0].riichi
    events = _timeline(moves)
    reason = _reason(case, rules, furiten)
    data = {"hand": format_tiles(hand), "melds": [], "kita": kita, "discards": [kind_name(t) for t in discards],
            "riichi": riichi, "events": events, "last_tile": kind_name(last_tile),
            "last_by": SEATS[final.seat], "ron_on_kita": rules.ron_on_kita}
    steps = [step("waits", waits=[kind_name(k) for k in waits], hand=format_tiles(hand), kita=kita,
                  splits=wait_splits(to_counts(hand), waits)),
             step("furiten", furiten=furiten, reason=reason, **_reason_facts(case, facts, waits, discards)),
             step("ron_now", tile=kind_name(last_tile), by=SEATS[final.seat], can_ron=ron_now, furiten=furiten)]
    story = "; ".join(_event_words(e) for e in events)
    ask = (N_("You are East in riichi. Since the deal: {story}. Which tiles complete your hand, and are you furiten now?")
           if riichi else
           N_("You are East. Since the deal: {story}. Which tiles complete your hand, and are you furiten now?"))
    prompt = (prompt_head or "") + gettext(ask).format(story=story)
    return Draft(
        concept=case,
        prompt=prompt,
        data=data,
        answer_kind="tiles",
        answer={"tiles": [kind_name(k) for k in waits], "choices": ["furiten" if furiten else "not_furiten"]},
        choices=spoken(CHOICES),
        parts=("tiles", "choices"),
        pick_one=("choices",),
        explanation=tuple(steps),
    )


def _timeline(moves: list[Move]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in moves:
        who = SEATS[m.seat]
        if m.kita:
            out.append({"seat": who, "action": "kita"})
        tile = m.discard if m.discard is not None else (m.replacement if m.kita else m.draw)
        out.append({"seat": who, "action": "riichi" if m.riichi else "discard", "tile": kind_name(tile)})
    return out


def _event_words(e: dict[str, Any]) -> str:
    if e["seat"] == "E":
        words = {"kita": N_("you set a North aside (kita)"), "riichi": N_("you declared riichi discarding {tile}"),
                 "discard": N_("you discarded {tile}")}
    else:
        words = {"kita": N_("{name} sets a North aside (kita)"), "riichi": N_("{name} declared riichi discarding {tile}"),
                 "discard": N_("{name} discarded {tile}")}
    return gettext(words[e["action"]]).format(name=letter_name(e["seat"]), tile=e.get("tile", ""))


def _reason(case: str, rules: Ruleset, furiten: bool) -> str:
    if case == "furiten.kita_declined" and not rules.ron_on_kita:
        return "no_ron_on_kita"
    return {"furiten.own_discard": "own_discard", "furiten.clean": "no_wait_discarded", "furiten.temporary": "passed_ron",
            "furiten.temporary_cleared": "cleared_by_discard", "furiten.riichi": "riichi_passed",
            "furiten.kita_not_discard": "kita_not_discard", "furiten.kita_declined": "kita_declined"}[case]


def _reason_facts(case: str, facts: dict[str, Any], waits: list[int], discards: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {"discarded_waits": [kind_name(k) for k in waits if k in discards]}
    if "early_discard" in facts:
        out["early_discard"] = kind_name(facts["early_discard"])
    if "passed" in facts:
        out["passed"] = kind_name(facts["passed"])
    return out
