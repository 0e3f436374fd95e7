"""Concept-first winning hands: a recipe per yaku builds a hand that shows it; the engine confirms it.

A recipe fills a :class:`Plan` (sets, melds, pair, the winning kind and the
situation); :func:`realise` turns the plan into a ``sanma score`` input object
(CONTRACTS.md) with physical tiles, red fives, kita and indicators, and scores
it with the engine. :func:`winning_hand` retries until the engine's answer
shows the concept (the target yaku is in the engine's yaku list).

>>> import random
>>> from sanma_core.rules import load_preset
>>> hand, result = winning_hand(random.Random(1), load_preset(), "ittsu")
>>> "ittsu" in [y for y, _ in result.yaku]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sanma_core.dora import dora_from_indicator
from sanma_core.melds import format_meld, make_meld
from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoreResult, ScoringError, score_hand
from sanma_core.scoring.request import win_input_from_request
from sanma_core.scoring.shapes import SEQ, is_chiitoitsu_shape, is_kokushi_shape, regular_decompositions
from sanma_core.tiles import (
    CHUN,
    DRAGONS,
    EAST,
    FIVE_P,
    FIVE_S,
    HAKU,
    HATSU,
    NORTH,
    NUM_KINDS,
    SANMA_KINDS,
    SOUTH,
    TERMINALS,
    WEST,
    format_tiles,
    kind_name,
    red_of,
    tile_name,
)

from .base import MAX_ATTEMPTS, GenerationError

WIND_LETTER = {EAST: "E", SOUTH: "S", WEST: "W"}
LETTER_WIND = {v: k for k, v in WIND_LETTER.items()}
SUIT_BASES = (9, 18)  # dots, bamboo: the suits with sequences
SEQ_STARTS = tuple(b + i for b in SUIT_BASES for i in range(7))
SIMPLE_KINDS = tuple(b + i for b in SUIT_BASES for i in range(1, 8))
HONOUR_KINDS = tuple(range(27, 34))
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
TERMINAL_KINDS = tuple(sorted(TERMINALS))
ORPHANS = (*TERMINAL_KINDS, *HONOUR_KINDS)
GREEN_KINDS = (19, 20, 21, 23, 25, HATSU)
FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


class Retry(Exception):
    """The random choices of a recipe ran into the tile supply; try again."""


@dataclass
class Plan:
    """A hand being built: kinds only (physical tiles, red fives and indicators come in :func:`realise`)."""

    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)  # every kind used so far
    closed: list[tuple[str, int]] = field(default_factory=list)  # ("seq", start) or ("trip", kind)
    melds: list[tuple[str, int]] = field(default_factory=list)  # ("pon" | "minkan" | "ankan", kind)
    pairs: list[int] = field(default_factory=list)  # one pair, or seven for chiitoitsu
    singles: list[int] = field(default_factory=list)  # thirteen orphans
    win_kind: int | None = None
    tsumo: bool | None = None
    flags: dict[str, bool] = field(default_factory=dict)
    seat: int | None = None
    round: int | None = None
    reserved: list[int] = field(default_factory=list)  # copies held elsewhere (a robbed kan's pon)

    # -- supply ------------------------------------------------------------
    def room(self, k: int, n: int) -> bool:
        return k in _SANMA and self.counts[k] + n <= 4

    def take(self, k: int, n: int) -> None:
        if not self.room(k, n):
            raise Retry
        self.counts[k] += n

    # -- building blocks ---------------------------------------------------
    def seq(self, start: int) -> None:
        for k in range(start, start + 3):
            self.take(k, 1)
        self.closed.append(("seq", start))

    def trip(self, k: int, how: str = "trip") -> None:
        self.take(k, 4 if how in ("minkan", "ankan") else 3)
        if how == "trip":
            self.closed.append(("trip", k))
        else:
            self.melds.append((how, k))

    def pair(self, k: int) -> None:
        self.take(k, 2)
        self.pairs.append(k)

    @property
    def n_sets(self) -> int:
        return len(self.closed) + len(self.melds)

    def concealed_kinds(self) -> list[int]:
        out: list[int] = []
        for shape, k in self.closed:
            out += [k, k + 1, k + 2] if shape == "seq" else [k] * 3
        for k in self.pairs:
            out += [k, k]
        return out + self.singles


_SANMA = frozenset(SANMA_KINDS)


# ---- random helpers ------------------------------------------------------------------


def set_how(rng: random.Random, open_rate: float, kan_rate: float = 0.0) -> str:
    """How a triplet is held: closed, pon, open kan or closed kan."""
    if rng.random() < kan_rate:
        return rng.choice(("minkan", "ankan"))
    return "pon" if rng.random() < open_rate else "trip"


def fill(plan: Plan, rng: random.Random, n: int, starts: tuple[int, ...] = SEQ_STARTS,
         trips: tuple[int, ...] = tuple(SANMA_KINDS), seq_rate: float = 0.6, open_rate: float = 0.0) -> None:
    """Add ``n`` random sets from the allowed sequence starts and triplet kinds."""
    for _ in range(n):
        for _attempt in range(30):
            try:
                if starts and (not trips or rng.random() < seq_rate):
                    start = rng.choice(starts)
                    if all(plan.room(k, 1) for k in range(start, start + 3)):
                        plan.seq(start)
                        break
                else:
                    k = rng.choice(trips)
                    if plan.room(k, 3):
                        plan.trip(k, set_how(rng, open_rate))
                        break
            except Retry:
                continue
        else:
            raise Retry


def add_pair(plan: Plan, rng: random.Random, kinds: tuple[int, ...] = tuple(SANMA_KINDS)) -> None:
    options = [k for k in kinds if plan.room(k, 2)]
    if not options:
        raise Retry
    plan.pair(rng.choice(options))


def seat_and_round(plan: Plan, rng: random.Random) -> None:
    if plan.seat is None:
        plan.seat = rng.choice((EAST, SOUTH, WEST))
    if plan.round is None:
        plan.round = EAST if rng.random() < 0.6 else SOUTH


def yakuhai_kinds(plan: Plan, rules: Ruleset) -> set[int]:
    """Kinds whose pair gives fu and whose triplet is a yaku for this seat and round."""
    kinds = set(DRAGONS) | {plan.seat, plan.round}
    if rules.north_is_yakuhai:
        kinds.add(NORTH)
    return kinds


def win_from_sequence_side(plan: Plan, rng: random.Random, two_sided: bool) -> None:
    """Choose a winning kind that completes a sequence two-sidedly (pinfu) or any way."""
    options = []
    for shape, s in plan.closed:
        if shape != "seq":
            continue
        pos = s % 9
        if pos <= 5:
            options.append(s)  # wait on the low end of s+1 s+2 (two-sided when s+3 exists)
        if pos >= 1:
            options.append(s + 2)  # wait on the high end of s s+1
        if not two_sided:
            options += [s, s + 1, s + 2]
    if not options:
        raise Retry
    plan.win_kind = rng.choice(options)


# ---- recipes: one per yaku -------------------------------------------------------------

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


# ---- from a plan to a scored hand ----------------------------------------------------------


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


def hand_text(request: dict[str, Any]) -> str:
    """``123p456p789s11z55s + pon 777z, winning tile 5s``."""
    text = request["hand"]
    if request["melds"]:
        text += " + " + ", ".join(m.replace(":", " ") for m in request["melds"])
    return f"{text}, winning tile {request['win']}"


def situation_words(request: dict[str, Any]) -> list[str]:
    """The situation of a hand in words, for a prompt: ``["tsumo", "riichi", "seat South", …]``."""
    names = {"E": "East", "S": "South", "W": "West"}
    words = ["tsumo" if request.get("tsumo") else "ron"]
    words += [f.replace("_", " ") for f in FLAGS if request.get(f)]
    words += [f"seat {names[request['seat']]}", f"round {names[request['round']]}"]
    return words


def prompt_data(request: dict[str, Any]) -> dict[str, Any]:
    """The prompt data of a hand question (the tiles, situation and table state)."""
    return {
        "hand": request["hand"],
        "win": request["win"],
        "melds": list(request["melds"]),
        "kita": request["kita"],
        "dora": list(request["dora"]),
        "ura": list(request["ura"]),
        "seat": request["seat"],
        "round": request["round"],
        "tsumo": request["tsumo"],
        "flags": [f for f in FLAGS if request.get(f)],
        "situation": ", ".join(situation_words(request)),
        "honba": request["honba"],
        "sticks": request["sticks"],
    }


def explanation_steps(result: ScoreResult) -> tuple[dict[str, Any], ...]:
    """The engine's structured explanation as drill steps."""
    e = result.explanation
    return (
        {"step": "reading", **e["reading"]},
        {"step": "yaku", "yaku": e["yaku"], "yakuman": e["yakuman"]},
        {"step": "fu", **e["fu"]},
        {"step": "dora", **e["dora"]},
        {"step": "han", **e["han"]},
        {"step": "payment", **e["payment"]},
    )


def wait_splits(counts: list[int], waits: list[int]) -> list[dict[str, Any]]:
    """For each wait, one way the completed concealed hand splits (sets and pair, seven pairs or thirteen orphans).

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> wait_splits(to_counts(parse_tiles("123p456p789s555s1z")), [27])[0]
    {'wait': '1z', 'form': 'regular', 'sets': ['123p', '456p', '555s', '789s'], 'pair': '11z'}
    """
    out: list[dict[str, Any]] = []
    for w in waits:
        c = list(counts)
        c[w] += 1
        decs = regular_decompositions(c)
        if decs:
            pair, sets = min(decs, key=lambda d: (d[0] != w, d))  # a tanki wait shows as the pair
            out.append({"wait": kind_name(w), "form": "regular",
                        "sets": [format_tiles([s, s + 1, s + 2] if shape == SEQ else [s] * 3)
                                 for shape, s in sorted(sets, key=lambda x: (x[1], x[0]))],
                        "pair": format_tiles([pair, pair])})
        elif is_chiitoitsu_shape(c):
            out.append({"wait": kind_name(w), "form": "chiitoitsu",
                        "pairs": [format_tiles([k, k]) for k in range(NUM_KINDS) if c[k] == 2]})
        elif is_kokushi_shape(c):
            out.append({"wait": kind_name(w), "form": "kokushi", "pair": format_tiles([w, w] if c[w] == 2 else
                                                                                    [k for k in range(NUM_KINDS) if c[k] == 2] * 2)})
    return out
