"""Recipes, one per yaku: each fills a :class:`~drills.hands.plans.Plan` so that the hand shows its yaku."""

from __future__ import annotations

import random
from collections.abc import Callable

from sanma_core.rules import Ruleset
from sanma_core.tiles import CHUN, EAST, HAKU, HATSU, NORTH, SANMA_KINDS, SOUTH, WEST

from .plans import (
    GREEN_KINDS,
    HONOUR_KINDS,
    ORPHANS,
    SEQ_STARTS,
    SIMPLE_KINDS,
    SUIT_BASES,
    TERMINAL_KINDS,
    WIND_KINDS,
    Plan,
    Retry,
    add_pair,
    fill,
    seat_and_round,
    set_how,
    win_from_sequence_side,
    yakuhai_kinds,
)

Recipe = Callable[[Plan, random.Random, Ruleset], None]


def _random_closed(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    fill(plan, rng, 4 - plan.n_sets)
    add_pair(plan, rng)


def _random_any(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    fill(plan, rng, 4 - plan.n_sets, open_rate=0.3)
    add_pair(plan, rng)


def _situation(closed: bool, **flags: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        plan.flags.update({k: v for k, v in flags.items() if k != "tsumo"})
        if "tsumo" in flags:
            plan.tsumo = flags["tsumo"]
        if flags.get("tenhou"):
            plan.seat = EAST
        if flags.get("chiihou"):
            plan.seat = rng.choice((SOUTH, WEST))
        (_random_closed if closed else _random_any)(plan, rng, rules)

    return recipe


def _pinfu(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    seat_and_round(plan, rng)
    fill(plan, rng, 4, trips=())
    add_pair(plan, rng, tuple(k for k in SANMA_KINDS if k not in yakuhai_kinds(plan, rules)))
    win_from_sequence_side(plan, rng, two_sided=True)
    if rng.random() < 0.5:
        plan.flags["riichi"] = True


def _tanyao(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    starts = tuple(s for s in SEQ_STARTS if s % 9 in range(1, 6))
    fill(plan, rng, 4, starts=starts, trips=SIMPLE_KINDS, open_rate=0.4 if rules.open_tanyao else 0.0)
    add_pair(plan, rng, SIMPLE_KINDS)


def _iipeikou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    s = rng.choice(SEQ_STARTS)
    plan.seq(s)
    plan.seq(s)
    fill(plan, rng, 2)
    add_pair(plan, rng)


def _yakuhai(which: str) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        if which == "seat_wind":
            plan.seat = rng.choice((EAST, SOUTH, WEST))
            k = plan.seat
        elif which == "round_wind":
            plan.round = rng.choice((EAST, SOUTH))
            k = plan.round
        else:
            k = {"haku": HAKU, "hatsu": HATSU, "chun": CHUN, "north_wind": NORTH}[which]
        plan.trip(k, set_how(rng, 0.5, 0.1))
        fill(plan, rng, 3, open_rate=0.3)
        add_pair(plan, rng)

    return recipe


def _rinshan(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    plan.tsumo = True
    plan.flags["rinshan"] = True
    if rng.random() < 0.3:
        plan.flags["kita_rinshan"] = True  # the winning tile replaced a North set aside
    else:
        plan.trip(rng.choice(tuple(SANMA_KINDS)), rng.choice(("minkan", "ankan")))
    fill(plan, rng, 4 - plan.n_sets, open_rate=0.2)
    add_pair(plan, rng)


def _chankan(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    plan.tsumo = False
    plan.flags["chankan"] = True
    fill(plan, rng, 4, open_rate=0.2)
    add_pair(plan, rng)
    options = [k for shape, s in plan.closed if shape == "seq" for k in (s, s + 1, s + 2) if plan.counts[k] == 1]
    if not options:
        raise Retry
    plan.win_kind = rng.choice(options)
    plan.reserved += [plan.win_kind] * 3  # the pon being added to
    plan.counts[plan.win_kind] += 3


def _chiitoitsu(plan: Plan, rng: random.Random, rules: Ruleset, kinds: tuple[int, ...] = tuple(SANMA_KINDS)) -> None:
    for k in rng.sample([k for k in kinds if plan.room(k, 2)], 7):
        plan.pair(k)


def _toitoi(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    fill(plan, rng, 4, starts=(), open_rate=0.5)
    if not plan.melds:
        k = plan.closed.pop()[1]
        plan.melds.append(("pon", k))
    add_pair(plan, rng)


def _sanankou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    for k in rng.sample(tuple(SANMA_KINDS), 3):
        plan.trip(k, "ankan" if rng.random() < 0.1 else "trip")
    fill(plan, rng, 1, seq_rate=0.7, open_rate=0.5)
    add_pair(plan, rng)
    fourth = [kk for shape, s in plan.closed if shape == "seq" for kk in (s, s + 1, s + 2)]
    plan.win_kind = rng.choice(fourth + plan.pairs)


def _sanshoku_doukou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    base = rng.choice((0, 8))
    for k in (base, 9 + base, 18 + base):
        plan.trip(k, set_how(rng, 0.3, 0.1))
    fill(plan, rng, 1, open_rate=0.3)
    add_pair(plan, rng)


def _kans(n: int) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        for k in rng.sample(tuple(SANMA_KINDS), n):
            plan.trip(k, rng.choice(("minkan", "ankan")))
        fill(plan, rng, 4 - n, open_rate=0.3)
        add_pair(plan, rng)

    return recipe


def _honroutou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    if rng.random() < 0.3:
        _chiitoitsu(plan, rng, rules, ORPHANS)
    else:
        fill(plan, rng, 4, starts=(), trips=ORPHANS, open_rate=0.4)
        add_pair(plan, rng, ORPHANS)
    used = set(plan.concealed_kinds()) | {k for _, k in plan.melds}
    if not (used & set(TERMINAL_KINDS) and used & set(HONOUR_KINDS)):
        raise Retry


def _shousangen(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    dragons = rng.sample((HAKU, HATSU, CHUN), 3)
    plan.trip(dragons[0], set_how(rng, 0.4))
    plan.trip(dragons[1], set_how(rng, 0.4))
    plan.pair(dragons[2])
    fill(plan, rng, 2, open_rate=0.3)


def _outside(honours: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        starts = tuple(s for s in SEQ_STARTS if s % 9 in (0, 6))
        trips = ORPHANS if honours else TERMINAL_KINDS
        plan.seq(rng.choice(starts))
        fill(plan, rng, 3, starts=starts, trips=trips, seq_rate=0.5, open_rate=0.3)
        add_pair(plan, rng, trips)
        if honours and not set(plan.concealed_kinds() + [k for _, k in plan.melds]) & set(HONOUR_KINDS):
            raise Retry

    return recipe


def _ittsu(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    base = rng.choice(SUIT_BASES)
    for s in (base, base + 3, base + 6):
        plan.seq(s)
    fill(plan, rng, 1, open_rate=0.3)
    add_pair(plan, rng)


def _flush(with_honours: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        base = rng.choice(SUIT_BASES)
        suit = tuple(range(base, base + 9))
        starts = tuple(range(base, base + 7))
        kinds = suit + HONOUR_KINDS if with_honours else suit
        if with_honours:
            plan.trip(rng.choice(HONOUR_KINDS), set_how(rng, 0.4))
        fill(plan, rng, 4 - plan.n_sets, starts=starts, trips=kinds, seq_rate=0.65, open_rate=0.2)
        add_pair(plan, rng, kinds)

    return recipe


def _ryanpeikou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    a, b = rng.sample(SEQ_STARTS, 2)
    for s in (a, a, b, b):
        plan.seq(s)
    add_pair(plan, rng)


# ---- yakuman recipes ---------------------------------------------------------------


def _kokushi(thirteen: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        extra = rng.choice(ORPHANS)
        for k in ORPHANS:
            plan.take(k, 1)
            plan.singles.append(k)
        plan.take(extra, 1)
        plan.singles.append(extra)
        plan.win_kind = extra if thirteen else rng.choice([k for k in ORPHANS if k != extra])

    return recipe


def _suuankou(tanki: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        for k in rng.sample(tuple(SANMA_KINDS), 4):
            plan.trip(k, "ankan" if rng.random() < 0.1 else "trip")
        add_pair(plan, rng)
        if tanki:
            plan.win_kind = plan.pairs[0]
        else:
            plan.tsumo = True
            plan.win_kind = rng.choice([k for shape, k in plan.closed])

    return recipe


def _daisangen(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    for k in (HAKU, HATSU, CHUN):
        plan.trip(k, set_how(rng, 0.4))
    fill(plan, rng, 1, open_rate=0.3)
    add_pair(plan, rng)


def _winds(big: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        winds = list(WIND_KINDS)
        rng.shuffle(winds)
        for k in winds[: 4 if big else 3]:
            plan.trip(k, set_how(rng, 0.4))
        if big:
            add_pair(plan, rng)
        else:
            plan.pair(winds[3])
            fill(plan, rng, 1, open_rate=0.3)

    return recipe


def _tsuuiisou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    if rng.random() < 0.3:
        _chiitoitsu(plan, rng, rules, HONOUR_KINDS)
        return
    fill(plan, rng, 4, starts=(), trips=HONOUR_KINDS, open_rate=0.4)
    add_pair(plan, rng, HONOUR_KINDS)


def _ryuuiisou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    fill(plan, rng, 4, starts=(19,), trips=GREEN_KINDS, seq_rate=0.4, open_rate=0.3)
    add_pair(plan, rng, GREEN_KINDS)


def _chinroutou(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
    fill(plan, rng, 4, starts=(), trips=TERMINAL_KINDS, open_rate=0.4)
    add_pair(plan, rng, TERMINAL_KINDS)


def _chuuren(pure: bool) -> Recipe:
    def recipe(plan: Plan, rng: random.Random, rules: Ruleset) -> None:
        base = rng.choice(SUIT_BASES)
        shape = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        extra = base + rng.randrange(9)
        for i, n in enumerate(shape):
            plan.take(base + i, n)
            plan.singles += [base + i] * n
        plan.take(extra, 1)
        plan.singles.append(extra)
        plan.win_kind = extra if pure else base + rng.choice([i for i in range(9) if base + i != extra])

    return recipe


RECIPES: dict[str, Recipe] = {
    "riichi": _situation(True, riichi=True),
    "double_riichi": _situation(True, double_riichi=True),
    "ippatsu": _situation(True, riichi=True, ippatsu=True),
    "menzen_tsumo": _situation(True, tsumo=True),
    "pinfu": _pinfu,
    "tanyao": _tanyao,
    "iipeikou": _iipeikou,
    "haku": _yakuhai("haku"),
    "hatsu": _yakuhai("hatsu"),
    "chun": _yakuhai("chun"),
    "seat_wind": _yakuhai("seat_wind"),
    "round_wind": _yakuhai("round_wind"),
    "north_wind": _yakuhai("north_wind"),
    "rinshan_kaihou": _rinshan,
    "chankan": _chankan,
    "haitei": _situation(False, tsumo=True, haitei=True),
    "houtei": _situation(False, tsumo=False, houtei=True),
    "chiitoitsu": _chiitoitsu,
    "toitoi": _toitoi,
    "sanankou": _sanankou,
    "sanshoku_doukou": _sanshoku_doukou,
    "sankantsu": _kans(3),
    "honroutou": _honroutou,
    "shousangen": _shousangen,
    "chanta": _outside(honours=True),
    "ittsu": _ittsu,
    "honitsu": _flush(with_honours=True),
    "junchan": _outside(honours=False),
    "ryanpeikou": _ryanpeikou,
    "chinitsu": _flush(with_honours=False),
    "kokushi": _kokushi(thirteen=False),
    "kokushi_13": _kokushi(thirteen=True),
    "suuankou": _suuankou(tanki=False),
    "suuankou_tanki": _suuankou(tanki=True),
    "daisangen": _daisangen,
    "shousuushii": _winds(big=False),
    "daisuushii": _winds(big=True),
    "tsuuiisou": _tsuuiisou,
    "ryuuiisou": _ryuuiisou,
    "chinroutou": _chinroutou,
    "chuuren": _chuuren(pure=False),
    "junsei_chuuren": _chuuren(pure=True),
    "suukantsu": _kans(4),
    "tenhou": _situation(True, tsumo=True, tenhou=True),
    "chiihou": _situation(True, tsumo=True, chiihou=True),
}


def possible_yaku(rules: Ruleset) -> list[str]:
    """Yaku ids a hand can show under the ruleset (north_wind only where North is yakuhai)."""
    return [y for y in RECIPES if y != "north_wind" or rules.north_is_yakuhai]
