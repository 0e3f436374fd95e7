"""Call or pass: an opponent discards a tile you hold two (or three) of. Pon, open kan, or pass? (No chii in sanma.)

The position is a quiet game played to the discard; the decision model answers it as the game review grades
(:mod:`drills.model_answer`): call (a pon, or an open kan where three are held) or pass. Beside it, what real
Phoenix players did with the same kind of tile (a value honour, another honour, a number), the hand closed,
the same distance from tenpai and the same copies held (:func:`drills.real_decisions.call_rate`). The engine
gives the facts the explanation adds: the shanten before and after the call, and whether the pon is a yaku
by itself.
"""

from __future__ import annotations

import random

from sanma_core.analysis import shanten
from sanma_core.game.actions import Action
from sanma_core.i18n import N_, gettext
from sanma_core.review.graded import GradedDecision
from sanma_core.rules import Ruleset
from sanma_core.tiles import DRAGONS, EAST, NORTH, SANMA_KINDS, SOUTH, WEST, format_tiles, kind_name, tile_name
from sanma_core.words import letter_name

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..hands import WIND_LETTER, Retry
from ..model_answer import graded_decision, model_answer
from ..real_decisions import call_rate, source
from ..table import Move, far_kinds, play_script, quiet_moves

CASES = ("call_pass.value_pon", "call_pass.number", "call_pass.open_kan")
_POOLS: dict[int, dict[str, float]] = {
    1: {"call_pass.value_pon": 2, "call_pass.number": 2, "call_pass.open_kan": 1},
    2: dict.fromkeys(CASES, 1.0),
    3: {"call_pass.value_pon": 1, "call_pass.number": 1.5, "call_pass.open_kan": 1.5},
}
CHOICES = (("pon", N_("Pon")), ("minkan", N_("Open kan")), ("pass", N_("Pass")))
_NUMBERS = tuple(k for k in SANMA_KINDS if k < 27)


def value_tile(k: int, seat: int, rules: Ruleset) -> bool:
    """A dragon, the seat wind, the round wind (East here), or North where it is yakuhai."""
    return k in DRAGONS or k in (seat, EAST) or (k == NORTH and rules.north_is_yakuhai)


def _kind_of(k: int, seat: int, rules: Ruleset) -> str:
    if value_tile(k, seat, rules):
        return "value honour"
    return "other honour" if k >= 27 else "number"


def _tile_for(case: str, seat: int, rules: Ruleset, rng: random.Random) -> int:
    if case == "call_pass.value_pon":
        return rng.choice(sorted({*DRAGONS, seat, EAST}))
    if case == "call_pass.number":
        return rng.choice(_NUMBERS)
    return rng.choice([k for k in SANMA_KINDS if k != NORTH])


def _hand(tile: int, held: int, rng: random.Random) -> list[int]:
    wall = [k for k in SANMA_KINDS for _ in range(4) if k != tile]
    return sorted([tile] * held + rng.sample(wall, 13 - held))


def _position(rules: Ruleset, hand: list[int], tile: int, seat: int, discarder: int,
              rng: random.Random) -> tuple[GradedDecision, int]:
    """A quiet game where ``discarder`` throws ``tile`` at seat 0 (wind ``seat``) holding ``hand``, graded by the
    decision model: call or pass; (the decision, the dora indicator). Raises :class:`Retry` when it does not fit."""
    dealer = (EAST - seat) % 3
    by = (dealer + discarder - EAST) % 3
    far = far_kinds(hand)
    indicator = rng.choice([k for k in far if k != tile])
    moves = quiet_moves(rules, [*hand, tile, indicator], far, rng.randint(2, 8), rng, dealer=dealer)
    last = max(i for i, m in enumerate(moves) if m.seat == by)
    moves = [*moves[:last], Move(by, tile)]
    game = play_script(rules, hand, moves, seed=rng.randrange(2**31), dora=[indicator], dealer=dealer)
    d = graded_decision(game, 0, "call", Action.pass_(0))
    if d is None:
        raise Retry
    return d, indicator


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    held = 3 if case == "call_pass.open_kan" else 2
    for _ in range(MAX_ATTEMPTS):
        seat = rng.choice((EAST, SOUTH, WEST))
        tile = _tile_for(case, seat, rules, rng)
        hand = _hand(tile, held, rng)
        counts = [hand.count(k) for k in range(34)]
        if max(counts) > 4 or any(counts[k] > (2 if k != tile else held) for k in range(34)):
            continue  # one pair or triplet to call on, no other
        now = shanten(counts)
        if now < 1 or now > 3:
            continue
        after = list(counts)
        after[tile] -= 2
        outside = [0] * 34
        outside[tile] = 3
        pon_shanten = shanten(after, outside)
        what = _kind_of(tile, seat, rules)
        if case == "call_pass.number" and what != "number":
            continue
        real = call_rate(what, closed=True, shanten=now, held=held)
        shares = {"pon": real.share("pon"), "minkan": real.share("minkan")}
        shares["pass"] = 1 - shares["pon"] - shares["minkan"]
        answer = max(shares, key=shares.get)
        discarder = rng.choice([s for s in (EAST, SOUTH, WEST) if s != seat])
        try:
            graded, indicator = _position(rules, hand, tile, seat, discarder, rng)
        except Retry:
            continue
        break
    else:
        raise GenerationError(f"no call position for {case} under {rules.name}")
    decided = model_answer(graded, {"call": ["minkan", "pon"] if held == 3 else ["pon"], "pass": ["pass"]})
    choices = spoken(CHOICES if held == 3 else tuple(c for c in CHOICES if c[0] != "minkan"))
    steps = [
        step("call_shape", tile=kind_name(tile), held=held, shanten=now, pon_shanten=pon_shanten,
             value=what == "value honour", what=what),
        step("real_call", tile=kind_name(tile), what=what, shares={k: round(v, 4) for k, v in shares.items()},
             n=real.n, rate=real.as_data(), source=source(), answer=answer, held=held, model=True),
        decided.step,
    ]
    who = letter_name(WIND_LETTER[discarder])
    ask = (N_("You sit {seat}, East round, your hand closed. {who} discards {tile}. Pon, open kan or pass?") if held == 3
           else N_("You sit {seat}, East round, your hand closed. {who} discards {tile}. Pon or pass?"))
    return Draft(
        concept=case,
        prompt=gettext(ask).format(seat=letter_name(WIND_LETTER[seat]), who=who, tile=kind_name(tile))
        + ("" if decided.single else " " + gettext("Choose every play strong players find fine here.")),
        data={"hand": format_tiles(hand), "melds": [], "kita": 0, "indicators": [tile_name(indicator)],
              "seat": WIND_LETTER[seat], "round": "E",
              "offered": kind_name(tile), "discarder": WIND_LETTER[discarder], "shanten": now,
              "situation": gettext("{who} discards {tile}; you hold {n}").format(who=who, tile=kind_name(tile), n=held)},
        answer_kind="choices",
        answer={"choices": decided.answer},
        choices=choices,
        multi=not decided.single,
        credit=decided.credit,
        explanation=tuple(steps),
    )
