"""A riichi position played by the referee: seat 0 at its turn, an opponent in riichi, every pond a real discard.

Turns go round from the dealer; each player throws the tile it draws (tsumogiri), so your 13 tiles are the
dealt ones and the pond tiles are the case's. The riichi player is dealt a tenpai hand (no North), sets aside
the Norths it draws before its riichi and declares riichi on a drawn tile; nobody throws its waits, so no ron
is passed up. The case decides what the ponds hold (a tile of yours the riichi player threw, a suji, a wall of
visible neighbours). :func:`position` returns the public facts the drill reads (:data:`Position`);
:func:`played` plays it.
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis import shanten
from sanma_core.analysis import waits as engine_waits
from sanma_core.game import Game
from sanma_core.rules import Ruleset
from sanma_core.tiles import ISOLATED_KINDS, NORTH, SANMA_KINDS, to_counts

from ..hands import Plan, Retry, fill
from ..table import Move, play_script
from .riichi_dama import _hand as tenpai_plan

WINDS = ("E", "S", "W")
_NUMBERS = tuple(k for k in SANMA_KINDS if k not in ISOLATED_KINDS)  # 1p–9p, 1s–9s: the tiles sequences use
_ISOLATED = frozenset(ISOLATED_KINDS)
TENPAI_CASES = ("push_fold.push", "push_fold.fold_tenpai")
#: a Position: hand (14 kinds, the last one just drawn), riichi_pond, other_pond, own_pond, passed_from (the first
#: index of each of the other two ponds thrown after the riichi), riichi_at (the riichi tile's index), dora (the
#: indicator), riichi_kita, seat, riichi_seat, other_seat (wind letters), turn (yours), riichi_turn, play (plays
#: the script; :func:`played` keeps the game)
Position = dict[str, Any]


def suji_partners(k: int) -> list[int]:
    rank = k % 9
    return [k + d for d in (-3, 3) if 0 <= rank + d <= 8] if k not in _ISOLATED else []


def _hand(case: str, rng: random.Random) -> list[int]:
    """Fourteen kinds: a tenpai shape for the tenpai cases, a scattered hand (far from tenpai) otherwise."""
    plan = Plan()
    if case in TENPAI_CASES:
        # a push: a two-sided wait; a fold: a closed wait, the tile that keeps it a middle one
        fill(plan, rng, 3, trips=(), starts=tuple(s for s in range(9, 25) if s % 9 <= 6))
        fold = case == "push_fold.fold_tenpai"
        s = rng.choice([k for k in _NUMBERS if (0 <= k % 9 <= 6 if fold else 1 <= k % 9 <= 6)])
        for k in (s, s + 2) if fold else (s, s + 1):
            plan.take(k, 1)
            plan.singles.append(k)
        pair = rng.choice([k for k in _NUMBERS if plan.room(k, 2)])
        plan.pair(pair)
        extra = rng.choice([k for k in _NUMBERS if plan.room(k, 1) and (3 <= k % 9 <= 5 or not fold)])
        plan.take(extra, 1)
        plan.singles.append(extra)
        return plan.concealed_kinds()
    middle = [k for k in _NUMBERS if 1 <= k % 9 <= 7 for _ in range(3)]
    if case in ("push_fold.kabe", "push_fold.one_chance"):
        return rng.sample(middle, 13) + [rng.choice([k for k in _NUMBERS if k % 9 in (0, 8)])]
    if case == "push_fold.honour":
        return rng.sample(middle, 12) + rng.sample([k for k in ISOLATED_KINDS if k != NORTH], 2)
    return rng.sample([k for k in _NUMBERS for _ in range(3)], 14)


class _Supply:
    """The copies of each kind still free for the ponds and the indicator."""

    def __init__(self, rules: Ruleset, used: list[int], rng: random.Random):
        self.left = {k: 4 - rules.red_fives.get(k, 0) for k in SANMA_KINDS}
        for k in used:
            self.left[k] -= 1
        if min(self.left.values()) < 0:
            raise Retry
        self.rng = rng

    def take(self, kinds: list[int] | tuple[int, ...]) -> int:
        options = [k for k in kinds if self.left[k] > 0]
        if not options:
            raise Retry
        k = self.rng.choice(options)
        self.left[k] -= 1
        return k

    def claim(self, k: int, n: int = 1) -> None:
        if self.left.get(k, 0) < n:
            raise Retry
        self.left[k] -= n


def _timeline(rng: random.Random, you: int, riichi: int) -> tuple[list[int], int]:
    """The winds of the turns from the dealer up to your decision, and the index of the riichi turn."""
    declare = rng.randint(5, 8)  # the riichi player's turn of the riichi
    after = rng.choice((0, 0, 1)) if declare < 8 else 0  # its turns after the riichi
    order: list[int] = []
    done = [0, 0, 0]
    at = -1
    while not (len(order) % 3 == you and done[riichi] == declare + after):
        w = len(order) % 3
        done[w] += 1
        if w == riichi and done[w] == declare:
            at = len(order)
        order.append(w)
    return order, at


def _seats(rng: random.Random, case: str) -> tuple[int, int, int]:
    """Your wind, the riichi player's and the other's; a tenpai fold is more often against the dealer."""
    you = rng.randrange(3)
    others = [w for w in range(3) if w != you]
    riichi = 0 if case == "push_fold.fold_tenpai" and you != 0 and rng.random() < 0.5 else rng.choice(others)
    return you, riichi, next(w for w in others if w != riichi)


def _tenpai_waits(hand: list[int]) -> set[int]:
    """Every kind some discard of the 14-kind ``hand`` would leave it waiting on."""
    counts = to_counts(hand)
    out: set[int] = set()
    for k in set(hand):
        counts[k] -= 1
        if shanten(counts) == 0:
            out.update(engine_waits(counts))
        counts[k] += 1
    return out


def _riichi_hand(rules: Ruleset, hand: list[int], rng: random.Random) -> tuple[list[int], list[int], _Supply]:
    """The riichi player's 13 dealt tiles (tenpai, no North), its waits, and the copies left for the rest."""
    for _ in range(20):
        case = rng.choice(("riichi_dama.tsumo_loss", "riichi_dama.bad_wait", "riichi_dama.no_yaku"))
        try:
            rhand = tenpai_plan(case, rng).concealed_kinds()
            rwaits = engine_waits(to_counts(rhand))
            if len(rhand) != 13 or not rwaits or NORTH in rhand:
                continue
            return rhand, rwaits, _Supply(rules, hand + rhand, rng)
        except Retry:
            continue
    raise Retry


def position(case: str, rng: random.Random, rules: Ruleset, north_in_pond: bool | None = None) -> Position:
    """A riichi position for ``case`` (``north_in_pond``: whether the riichi player threw a North, by chance when
    None). Raises :class:`~drills.hands.Retry` when the draw does not fit."""
    hand = _hand(case, rng)
    if case == "push_fold.north":
        hand[rng.randrange(len(hand))] = NORTH
    if hand.count(NORTH) > (1 if case == "push_fold.north" else 0):
        raise Retry
    rhand, rwaits, supply = _riichi_hand(rules, hand, rng)
    you, riichi, other = _seats(rng, case)
    order, at = _timeline(rng, you, riichi)
    lengths = [order.count(w) for w in range(3)]
    held = set(hand)
    avoid = set(rwaits) | _tenpai_waits(hand) | {NORTH}
    partners = {p for k in held for p in suji_partners(k)}
    loose = [k for k in SANMA_KINDS if k not in held and k not in avoid and (k not in partners or case in TENPAI_CASES)]
    ponds: list[list[int | None]] = [[None] * n for n in lengths]
    rpond, opond, mpond = ponds[riichi], ponds[other], ponds[you]
    before = [sum(1 for w in order[:at] if w == x) for x in range(3)]  # each pond's tiles before the riichi tile
    riichi_at = before[riichi]
    if case in ("push_fold.genbutsu", "push_fold.fold_tenpai"):  # a tile of yours the riichi player threw
        options = [k for k in held if k not in _ISOLATED and k not in avoid and k != hand[-1]]
        if not options:
            raise Retry
        k = rng.choice(options)
        supply.claim(k)
        rpond[rng.randrange(len(rpond))] = k
    elif case == "push_fold.suji":
        options = sorted({p for k in held for p in suji_partners(k) if p not in held and p not in avoid})
        if not options:
            raise Retry
        partner = rng.choice(options)
        supply.claim(partner)
        rpond[rng.randrange(len(rpond))] = partner
    if case == "push_fold.north" and (rng.random() < 0.35 if north_in_pond is None else north_in_pond):
        supply.claim(NORTH)
        rpond[rng.randrange(riichi_at)] = NORTH  # furiten on it
    if case in ("push_fold.kabe", "push_fold.one_chance"):
        # the neighbour of your terminal: all four visible (no chance) or three (one chance), early in two ponds
        target = hand[-1]
        n = target + 1 if target % 9 == 0 else target - 1
        need = (4 if case == "push_fold.kabe" else 3) - hand.count(n)
        if need < 0 or n in avoid or need - need // 2 > before[other] or need // 2 > before[you]:
            raise Retry
        supply.claim(n, need)
        opond[:need - need // 2] = [n] * (need - need // 2)
        mpond[:need // 2] = [n] * (need // 2)
    norths = rng.choice((0, 0, 1, 1, 2, 3)) if case != "push_fold.fold_tenpai" else rng.choice((1, 2, 2, 3))
    if norths:
        supply.claim(NORTH, norths)
    kita_turns = set(rng.sample(range(riichi_at), min(norths, riichi_at)))
    for pond in ponds:
        for i, k in enumerate(pond):
            if k is None:
                pond[i] = supply.take(loose)
    indicator = supply.take([k for k in SANMA_KINDS if k != NORTH])
    drawn = hand[-1] if case not in ("push_fold.kabe", "push_fold.one_chance") else hand[0]
    dealt = list(hand)
    dealt.remove(drawn)
    dealer = (-you) % 3  # seat 0 sits ``you`` places after the dealer
    moves: list[Move] = []
    seen = [0, 0, 0]
    for i, w in enumerate(order):
        k = ponds[w][seen[w]]
        seat = (dealer + w) % 3
        if w == riichi and seen[w] in kita_turns:
            moves.append(Move(seat, NORTH, kita=True, replacement=k))
        else:
            moves.append(Move(seat, k, riichi=i == at))
        seen[w] += 1
    seed = rng.randrange(2**31)

    def play() -> Game:
        return play_script(rules, dealt, moves, seed=seed, dora=[indicator], then=(0, drawn), dealer=dealer,
                           others={(dealer + riichi) % 3: rhand})

    after = [sum(1 for w in order[at + 1:] if w == x) for x in range(3)]
    return {"hand": dealt + [drawn], "riichi_pond": rpond, "other_pond": opond, "own_pond": mpond,
            "passed_from": (lengths[other] - after[other], lengths[you] - after[you]), "riichi_at": riichi_at,
            "dora": indicator, "riichi_kita": len(kita_turns), "seat": WINDS[you], "riichi_seat": WINDS[riichi],
            "other_seat": WINDS[other], "turn": lengths[you] + 1, "riichi_turn": riichi_at + 1, "play": play}


def played(pos: Position) -> Game:
    """The game of ``pos``, played by the referee on first use (the checks on the public facts come first, so
    a position they reject is never played). Raises :class:`~drills.hands.Retry` when the script does not fit."""
    if "game" not in pos:
        pos["game"] = pos["play"]()
    return pos["game"]
