"""Realisation: a finished plan becomes a ``sanma score`` input object (CONTRACTS.md) with physical tiles,
red fives, kita and indicators, scored by the engine; :func:`winning_hand` retries until the yaku shows."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sanma_core.dora import dora_from_indicator
from sanma_core.melds import format_meld, make_meld
from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoreResult, ScoringError, score_hand
from sanma_core.scoring.request import win_input_from_request
from sanma_core.tiles import (
    EAST,
    FIVE_P,
    FIVE_S,
    NORTH,
    NUM_KINDS,
    SANMA_KINDS,
    SOUTH,
    WEST,
    format_tiles,
    red_of,
    tile_name,
)

from ..base import MAX_ATTEMPTS, GenerationError
from .plans import FLAGS, WIND_LETTER, Plan, Retry, seat_and_round
from .recipes import RECIPES, Recipe


@dataclass(frozen=True)
class Extras:
    """What :func:`realise` adds around the shape: bonus tiles and table state."""

    bonus: str = "any"  # "none": no dora, red five or kita hits; "any": whatever the dice give
    kita: int | None = None  # exact kita, or None for random
    dora_kinds: tuple[int, ...] | None = None  # exact indicator kinds, or None for random
    ura_kinds: tuple[int, ...] | None = None
    reds: float = 0.5  # chance to make a five red (where the ruleset has red fives)
    honba: int = 0
    sticks: int = 0
    riichi: float = 0.0  # chance to add riichi to a closed hand that lacks it
    tsumo: bool | None = None  # force tsumo or ron where the recipe leaves it open
    dealer: bool | None = None  # force the winner's seat to East (or not) where the recipe leaves it open


def _indicators(plan: Plan, rng: random.Random, n: int, avoid: set[int], fixed: tuple[int, ...] | None) -> list[int]:
    out: list[int] = []
    kinds = list(fixed) if fixed is not None else []
    for i in range(n):
        if i < len(kinds):
            k = kinds[i]
        else:
            options = [k for k in SANMA_KINDS if plan.room(k, 1) and dora_from_indicator(k) not in avoid]
            if not options:
                raise Retry
            k = rng.choice(options)
        plan.take(k, 1)
        out.append(k)
    return out


def physical_tiles(plan: Plan, rules: Ruleset, rng: random.Random, red_rate: float) -> tuple[list[int], list[list[int]]]:
    """Concealed tiles and meld tiles, some fives made red."""
    concealed = plan.concealed_kinds()
    meld_tiles = [[k] * (3 if how == "pon" else 4) for how, k in plan.melds]
    for five in (FIVE_P, FIVE_S):
        reds = rules.red_fives[five]
        spots = [(None, i) for i, k in enumerate(concealed) if k == five]
        spots += [(m, i) for m, tiles in enumerate(meld_tiles) for i, k in enumerate(tiles) if k == five]
        rng.shuffle(spots)
        for m, i in spots[:reds]:
            if rng.random() >= red_rate:
                continue
            if m is None:
                concealed[i] = red_of(five)
            else:
                meld_tiles[m][i] = red_of(five)
    return concealed, meld_tiles


def realise(plan: Plan, rng: random.Random, rules: Ruleset, extras: Extras) -> dict[str, Any]:
    """The ``sanma score`` input object of a finished plan (raises :class:`Retry` on a supply clash)."""
    if plan.seat is None and extras.dealer is not None:
        plan.seat = EAST if extras.dealer else rng.choice((SOUTH, WEST))
    seat_and_round(plan, rng)
    flags = dict(plan.flags)
    kita_rinshan = flags.pop("kita_rinshan", False)
    closed = all(how == "ankan" for how, _ in plan.melds)
    if plan.tsumo is None and extras.tsumo is not None:
        plan.tsumo = extras.tsumo
    if plan.tsumo is None:
        plan.tsumo = rng.random() < 0.5 and not flags.get("houtei")
    if closed and not flags.get("double_riichi") and not flags.get("tenhou") and not flags.get("chiihou") \
            and not flags.get("riichi") and rng.random() < extras.riichi:
        flags["riichi"] = True
    first_draw = flags.get("tenhou") or flags.get("chiihou")
    norths = plan.counts[NORTH]
    if extras.kita is not None:
        kita = extras.kita
    elif extras.bonus == "none" or (first_draw and rules.kita_is_call):
        kita = 0
    else:
        kita = rng.choice((0, 0, 0, 1, 1, 2, 3))
    if kita_rinshan:
        if extras.bonus == "none":
            raise Retry  # the replacement for a North set aside: kita would add a han
        kita = max(kita, 1)
    kita = min(kita, 4 - norths)
    if kita_rinshan and kita < 1:
        raise Retry
    plan.take(NORTH, kita)
    n_kans = sum(1 for how, _ in plan.melds if how != "pon")
    n_ind = 1 + (n_kans if rules.kan_dora else 0)
    hand_kinds = set(plan.concealed_kinds()) | {k for _, k in plan.melds}
    if kita:
        hand_kinds.add(NORTH)
    avoid = hand_kinds if extras.bonus == "none" else set()
    dora = _indicators(plan, rng, n_ind, avoid, extras.dora_kinds)
    riichi = flags.get("riichi") or flags.get("double_riichi")
    ura = _indicators(plan, rng, n_ind, avoid, extras.ura_kinds) if riichi and rules.ura_dora else []
    concealed, meld_tiles = physical_tiles(plan, rules, rng, 0.0 if extras.bonus == "none" else extras.reds)
    win_kind = plan.win_kind if plan.win_kind is not None else rng.choice(plan.concealed_kinds())
    win_tiles = [t for t in concealed if (t if t < NUM_KINDS else (FIVE_P if t == 34 else FIVE_S)) == win_kind]
    if not win_tiles:
        raise Retry
    request: dict[str, Any] = {
        "hand": format_tiles(concealed),
        "win": tile_name(rng.choice(win_tiles)),
        "melds": [format_meld(make_meld(how, tiles)) for (how, _), tiles in zip(plan.melds, meld_tiles, strict=True)],
        "kita": kita,
        "tsumo": bool(plan.tsumo),
        "seat": WIND_LETTER[plan.seat],
        "round": WIND_LETTER[plan.round],
        "dora": [tile_name(k) for k in dora],
        "ura": [tile_name(k) for k in ura],
        "honba": extras.honba,
        "sticks": extras.sticks,
        "ruleset": rules.name,
    }
    for flag in FLAGS:
        if flags.get(flag):
            request[flag] = True
    return request


def score(request: dict[str, Any], rules: Ruleset) -> ScoreResult:
    """The engine's value of a ``sanma score`` input object."""
    return score_hand(win_input_from_request(request), rules)


def winning_hand(rng: random.Random, rules: Ruleset, target: str, extras: Extras = Extras(),
                 accept: Callable[[ScoreResult], bool] | None = None,
                 recipe: Recipe | None = None) -> tuple[dict[str, Any], ScoreResult]:
    """A hand built for ``target`` (a yaku id) that the engine scores with that yaku.

    With ``recipe`` given, ``target`` may be ``""``: any yaku will do, ``accept`` decides.
    """
    recipe = recipe or RECIPES[target]
    for _ in range(MAX_ATTEMPTS):
        plan = Plan()
        try:
            recipe(plan, rng, rules)
            request = realise(plan, rng, rules, extras)
            result = score(request, rules)
        except (Retry, ScoringError, ValueError):
            continue
        if (not target or target in {y for y, _ in result.yaku}) and (accept is None or accept(result)):
            return request, result
    raise GenerationError(f"no hand showing {target} under {rules.name} after {MAX_ATTEMPTS} tries")
