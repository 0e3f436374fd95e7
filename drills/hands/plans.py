"""Plans: a hand being built from kinds (sets, melds, pair, winning kind, situation), and the random helpers
that fill one; :class:`Retry` when the tile supply runs out."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sanma_core.rules import Ruleset
from sanma_core.tiles import DRAGONS, EAST, HATSU, NORTH, NUM_KINDS, SANMA_KINDS, SOUTH, TERMINALS, WEST

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
