"""Push or fold: an opponent is in riichi; pick your discard. Every tile's danger comes from the engine's
defence logic (:func:`sanma_core.bots.safety.danger`, the same the hints and bots use).

Far from tenpai, fold with the safest tile. Tenpai, the choice is a trade measured on real play
(:func:`drills.real_decisions.push_fold_rate`): how often real Phoenix players in the same spot (a good or a
poor wait, against a dealer or not, the riichi player's Norths set aside, the turn) won and dealt in when
they pushed and when they folded, times what the hand is worth (the engine's score of its waits) and what
a deal-in costs (the measured value of such a riichi's ron). Push with the safest discard that keeps
tenpai (:func:`sanma_core.analysis.efficiency.rank_discards` gives the shape), or fold with the safest
tile. The North question asks whether setting a North aside is safe: only where nobody may ron a North
set aside, or when the riichi player cannot ron a North at all.
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis import shanten
from sanma_core.analysis import waits as engine_waits
from sanma_core.analysis.efficiency import rank_discards
from sanma_core.bots.safety import Danger, Threat, danger
from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.rules import Ruleset
from sanma_core.tiles import EAST, ISOLATED_KINDS, NORTH, SANMA_KINDS, SOUTH, WEST, format_tiles, kind_name, to_counts
from sanma_core.words import letter_name, shanten_text

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..hands import Plan, Retry, fill
from ..real_decisions import first_solid, kita_bucket, push_fold_rate, push_fold_state, source
from .riichi_dama import wait_values

CASES = ("push_fold.genbutsu", "push_fold.suji", "push_fold.kabe", "push_fold.one_chance", "push_fold.honour",
         "push_fold.north", "push_fold.push", "push_fold.fold_tenpai")
_POOLS: dict[int, dict[str, float]] = {
    1: {"push_fold.genbutsu": 2, "push_fold.suji": 2, "push_fold.honour": 1.5, "push_fold.north": 1.5,
        "push_fold.kabe": 1, "push_fold.one_chance": 1, "push_fold.push": 1, "push_fold.fold_tenpai": 1},
    2: dict.fromkeys(CASES, 1.0),
    3: {"push_fold.genbutsu": 0.5, "push_fold.suji": 1, "push_fold.kabe": 1.5, "push_fold.one_chance": 1.5,
        "push_fold.honour": 1, "push_fold.north": 1, "push_fold.push": 1.5, "push_fold.fold_tenpai": 1.5},
}
_TENPAI_CASES = ("push_fold.push", "push_fold.fold_tenpai")
#: a push and a fold closer than this in expected points are too close to ask
CLOSE_CALL = 300
_NUMBERS = tuple(k for k in SANMA_KINDS if k not in ISOLATED_KINDS)  # 1p–9p, 1s–9s: the tiles sequences use
_ISOLATED = frozenset(ISOLATED_KINDS)
NORTH_CHOICES = (("safe", N_("Safe: nobody can ron this North")),
                 ("dangerous", N_("As dangerous as discarding the North")))


def one_chance(k: int, visible: list[int]) -> bool:
    """A number tile next to a kind with three copies visible: only one copy is left for the shapes that take it."""
    if k in _ISOLATED:
        return False
    rank = k % 9
    return any(visible[k - rank + r] == 3 for r in (rank - 1, rank + 1) if 0 <= r <= 8)


class _Table:
    """The public tiles: the riichi player's pond, the others' ponds (the part after the riichi passed), a dora indicator."""

    def __init__(self, rng: random.Random, avoid: set[int]):
        self.left = {k: 4 for k in SANMA_KINDS}
        for k in avoid:
            self.left[k] -= 1
        self.rng = rng

    def take(self, kinds: list[int] | tuple[int, ...], n: int = 1) -> list[int]:
        out = []
        for _ in range(n):
            options = [k for k in kinds if self.left[k] > 0]
            if not options:
                raise Retry
            k = self.rng.choice(options)
            self.left[k] -= 1
            out.append(k)
        return out


def _hand(case: str, rng: random.Random) -> list[int]:
    """Fourteen kinds: a tenpai shape for the push case, a scattered hand (far from tenpai) otherwise."""
    plan = Plan()
    if case in _TENPAI_CASES:
        fill(plan, rng, 3, trips=(), starts=tuple(s for s in range(9, 25) if s % 9 <= 6))
        s = rng.choice([k for k in _NUMBERS if 1 <= k % 9 <= 6])
        for k in (s, s + 1):
            plan.take(k, 1)
            plan.singles.append(k)
        pair = rng.choice([k for k in _NUMBERS if plan.room(k, 2)])
        plan.pair(pair)
        extra = rng.choice([k for k in _NUMBERS if plan.room(k, 1)])
        plan.take(extra, 1)
        plan.singles.append(extra)
        return plan.concealed_kinds()
    middle = [k for k in _NUMBERS if 1 <= k % 9 <= 7 for _ in range(3)]
    if case in ("push_fold.kabe", "push_fold.one_chance"):
        return rng.sample(middle, 13) + [rng.choice([k for k in _NUMBERS if k % 9 in (0, 8)])]
    if case == "push_fold.honour":
        return rng.sample(middle, 12) + rng.sample(ISOLATED_KINDS, 2)
    return rng.sample([k for k in _NUMBERS for _ in range(3)], 14)


def _suji_partners(k: int) -> list[int]:
    rank = k % 9
    return [k + d for d in (-3, 3) if 0 <= rank + d <= 8] if k not in _ISOLATED else []


def _position(case: str, rng: random.Random, rules: Ruleset) -> dict[str, Any]:
    hand = _hand(case, rng)
    if case == "push_fold.north":
        hand[rng.randrange(len(hand))] = NORTH
    table = _Table(rng, set())
    for k in hand:
        table.left[k] -= 1
    if min(table.left.values()) < 0:
        raise Retry
    held = set(hand)
    # ponds from tiles that make none of yours safe (not held, not suji of yours); the cases add what they need
    partners = {p for k in held for p in _suji_partners(k)}
    loose = [k for k in SANMA_KINDS if k not in held and (k not in partners or case in _TENPAI_CASES)]
    riichi_pond = table.take(loose, rng.randint(6, 9))
    if case == "push_fold.genbutsu":
        riichi_pond[rng.randrange(len(riichi_pond) - 1)] = rng.choice([k for k in hand if k not in _ISOLATED])
    elif case == "push_fold.suji":
        k = rng.choice([k for k in hand if k not in _ISOLATED])
        partner = rng.choice(_suji_partners(k))
        if table.left.get(partner, 0) <= 0 or partner in held:
            raise Retry
        table.left[partner] -= 1
        riichi_pond[rng.randrange(len(riichi_pond))] = partner
    if case == "push_fold.north" and rng.random() < 0.35 and table.left[NORTH] > 0:
        table.left[NORTH] -= 1
        riichi_pond[rng.randrange(len(riichi_pond) - 1)] = NORTH  # the riichi player threw a North: furiten on it
    other_pond = table.take(loose, rng.randint(5, 8))
    own_pond = table.take(loose, rng.randint(5, 8))
    if case in ("push_fold.kabe", "push_fold.one_chance"):
        # the neighbour of your terminal: all four visible (no chance) or three (one chance), early in a pond
        target = hand[-1]
        n = target + 1 if target % 9 == 0 else target - 1
        need = (4 if case == "push_fold.kabe" else 3) - hand.count(n)
        if need < 0 or table.left[n] < need:
            raise Retry
        table.left[n] -= need
        other_pond = [n] * (need - need // 2) + other_pond  # early in two ponds: seen before the riichi
        own_pond = [n] * (need // 2) + own_pond
    dora_indicator = table.take(SANMA_KINDS)[0]
    passed_count = rng.randint(1, min(3, len(other_pond) - 1))
    return {"hand": hand, "riichi_pond": riichi_pond, "other_pond": other_pond, "own_pond": own_pond,
            "dora": dora_indicator, "passed_from": (len(other_pond) - passed_count, len(own_pond) - 1)}


def _dangers(pos: dict[str, Any]) -> tuple[dict[int, Danger], list[int], Threat]:
    hand = pos["hand"]
    other_from, own_from = pos["passed_from"]
    passed = frozenset(pos["other_pond"][other_from:] + pos["own_pond"][own_from:])
    threat = Threat(discards=frozenset(pos["riichi_pond"]), passed=passed)
    visible = to_counts(hand)
    for k in pos["riichi_pond"] + pos["other_pond"] + pos["own_pond"] + [pos["dora"]]:
        visible[k] += 1
    visible = [min(4, v) for v in visible]
    return {k: danger(k, threat, visible) for k in sorted(set(hand))}, visible, threat


def _category(d: Danger, visible: list[int]) -> str:
    if d.category == "other" and one_chance(d.tile, visible):
        return "one_chance"
    return {"no_chance": "kabe"}.get(d.category, d.category)


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    want = case.split(".")[1]
    for _ in range(MAX_ATTEMPTS):
        try:
            pos = _position(case, rng, rules)
        except Retry:
            continue
        counts = to_counts(pos["hand"])
        shanten_now = shanten(counts)  # of a 14-tile hand: the shanten after the best discard
        tenpai_case = case in _TENPAI_CASES
        if tenpai_case != (shanten_now == 0) or (not tenpai_case and shanten_now < 2):
            continue
        dangers, visible, threat = _dangers(pos)
        options = rank_discards(counts) if tenpai_case else []
        low = min(d.value for d in dangers.values())
        seat, riichi_seat, other_seat = _seats(rng, case)
        riichi_kita = rng.choice((0, 0, 1, 1, 2, 3)) if case != "push_fold.fold_tenpai" else rng.choice((1, 2, 2, 3))
        trade: dict[str, Any] | None = None
        if tenpai_case:
            tenpai = [o for o in options if o.shanten == 0 and len(o.useful) >= 1]
            if not tenpai:
                continue
            top = min(dangers[o.tile].value for o in tenpai)
            keep = [o.tile for o in tenpai if dangers[o.tile].value == top]
            if top <= low:
                continue  # the safest tile keeps tenpai anyway: nothing to weigh
            try:
                trade = _trade(pos, keep[0], seat, riichi_seat, riichi_kita, rules)
            except ValueError:  # more plain fives than the ruleset has
                continue
            mode = "push" if trade["push"]["ev"] > trade["fold"]["ev"] else "fold"
            if mode != ("push" if case == "push_fold.push" else "fold"):
                continue
            if abs(trade["push"]["ev"] - trade["fold"]["ev"]) < CLOSE_CALL:
                continue
            best = keep if mode == "push" else [k for k, d in dangers.items() if d.value == low]
            if mode == "fold" and len(best) > 2:
                continue
        else:
            if shanten_now < 2:
                continue
            best = [k for k, d in dangers.items() if d.value == low]
            cats = {_category(dangers[k], visible) for k in best}
            if case == "push_fold.north":
                if NORTH not in dangers:
                    continue
            elif cats != {want} or len(best) > 2 or case != "push_fold.genbutsu" and any(d.category == "genbutsu" for d in dangers.values()):
                continue
            mode = "fold"
        break
    else:
        raise GenerationError(f"no position for {case} under {rules.name}")
    steps: list[dict[str, Any]] = [
        step("threat", seat=riichi_seat, pond=[kind_name(k) for k in pos["riichi_pond"]],
             riichi_tile=kind_name(pos["riichi_pond"][-1]), passed=sorted(kind_name(k) for k in threat.passed)),
    ]
    for k, d in sorted(dangers.items(), key=lambda kv: (kv[1].value, kv[0])):
        steps.append(step("danger", tile=kind_name(k), value=d.value, category=_category(d, visible), reason=d.reason,
                          best=k in best, keeps_tenpai=mode == "push"))
    data = {"hand": format_tiles(sorted(pos["hand"])), "melds": [], "kita": 0, "riichi_seat": riichi_seat,
            "riichi_pond": [kind_name(k) for k in pos["riichi_pond"]],
            "other_pond": [kind_name(k) for k in pos["other_pond"]], "own_pond": [kind_name(k) for k in pos["own_pond"]],
            "passed": sorted(kind_name(k) for k in threat.passed), "passed_from": list(pos["passed_from"]),
            "indicators": [kind_name(pos["dora"])],
            "ron_on_kita": rules.ron_on_kita, "seat": seat, "riichi_kita": riichi_kita,
            "riichi_dealer": riichi_seat == "E", "turn": len(pos["riichi_pond"]),
            "live_wall": _live_wall(pos),
            "situation": gettext("{name} is in riichi; you are {shanten}").format(
                name=letter_name(riichi_seat), shanten=shanten_text(shanten_now))}
    ponds = ponds_text(data, other_seat)
    if case == "push_fold.north":
        d = dangers[NORTH]
        safe = not rules.ron_on_kita or d.category == "genbutsu"
        steps.append(step("north_rule", ron_on_kita=rules.ron_on_kita, category=d.category, value=d.value, safe=safe,
                          seat=riichi_seat))
        return Draft(
            concept=case,
            prompt=ponds + " " + gettext(_NORTH_QUESTION),
            data={**data, "question": gettext(_NORTH_QUESTION)},
            answer_kind="choices",
            answer={"choices": ["safe" if safe else "dangerous"]},
            choices=spoken(NORTH_CHOICES),
            multi=False,
            explanation=tuple(steps),
        )
    if trade is not None:
        steps.append(step("trade", seat=riichi_seat, source=source(), **trade))
    steps.append(step("decision", mode=mode, shanten=shanten_now, tiles=[kind_name(k) for k in best],
                      weighed=trade is not None))
    credit = {}
    for k, d in dangers.items():
        if k in best:
            continue
        keeps = mode == "fold" or any(o.tile == k and o.shanten == 0 for o in options)
        credit[kind_name(k)] = round(max(0.0, 0.9 - (d.value - min(dangers[b].value for b in best)) / 12), 2) if keeps else 0.0
    question = gettext("Which tile do you discard?")
    return Draft(
        concept=case,
        prompt=f"{ponds} {context_text(data)} {question}",
        data={**data, "question": question},
        answer_kind="tiles",
        answer={"tiles": [kind_name(k) for k in sorted(best)]},
        multi=False,
        credit=credit,
        explanation=tuple(steps),
    )


_WIND = {"E": EAST, "S": SOUTH, "W": WEST}


def _seats(rng: random.Random, case: str) -> tuple[str, str, str]:
    """Your seat, the riichi player's and the other's; a tenpai fold is more often against the dealer."""
    seat = rng.choice(("E", "S", "W"))
    others = [x for x in ("E", "S", "W") if x != seat]
    riichi = "E" if case == "push_fold.fold_tenpai" and seat != "E" and rng.random() < 0.5 else rng.choice(others)
    return seat, riichi, next(x for x in others if x != riichi)


def _live_wall(pos: dict[str, Any]) -> int:
    """Live tiles left: 55 at the start, one fewer for every discard so far and for your draw."""
    return max(0, 55 - len(pos["riichi_pond"]) - len(pos["other_pond"]) - len(pos["own_pond"]) - 1)


def _trade(pos: dict[str, Any], discard: int, seat: str, riichi_seat: str, riichi_kita: int,
           rules: Ruleset) -> dict[str, Any]:
    """Push against fold in expected points: what the hand is worth (the engine's score of each wait) and what
    real players in the same spot won and dealt in, pushing and folding, times a measured deal-in cost."""
    hand = list(pos["hand"])
    hand.remove(discard)
    counts = to_counts(hand)
    wait_kinds = engine_waits(counts)
    seen = list(counts)
    seen[pos["dora"]] += 1
    live_by = {w: max(0, 4 - seen[w]) for w in wait_kinds}
    live = sum(live_by.values())
    if not live:
        raise ValueError("no live wait")
    rows = wait_values(hand, wait_kinds, _WIND[seat], pos["dora"], 0, rules)
    value = sum((r["ron_dama"] or r["tsumo_dama"]) * live_by[w] for r, w in zip(rows, wait_kinds, strict=True)) / live
    state = push_fold_state(0, live)
    dealer = riichi_seat == "E"
    turn = len(pos["riichi_pond"])
    cost_rate = first_solid("push_fold", [f"*|{'dealer' if dealer else 'non-dealer'}|{kita_bucket(riichi_kita)}|*|*",
                                          f"*|{'dealer' if dealer else 'non-dealer'}|*|*|*"])
    cost = cost_rate.mean("riichi_ron_value", "riichi_ron")
    out: dict[str, Any] = {"state": state, "live": live, "waits": [kind_name(w) for w in wait_kinds],
                           "value": round(value), "cost": round(cost), "cost_rate": cost_rate.as_data(),
                           "dealer": dealer, "riichi_kita": riichi_kita}
    for way in ("push", "fold"):
        r = push_fold_rate(state, dealer, riichi_kita, turn, way == "push")
        win, deal = r.share("own_win"), r.share("deal_in")
        out[way] = {"win": round(win, 4), "deal_in": round(deal, 4), "ev": round(win * value - deal * cost),
                    "rate": r.as_data()}
    return out


_NORTH_QUESTION = N_("You hold a North. Is setting it aside (kita) safe against the riichi?")


def context_text(data: dict[str, Any]) -> str:
    """Who is dealer, the riichi player's Norths set aside and the tiles left, in words."""
    n = data["riichi_kita"]
    norths = ngettext("{n} North", "{n} Norths", n).format(n=n) if n else gettext("no North")
    you = (gettext("You are the dealer; {riichi} has set {norths} aside.") if data["seat"] == "E"
           else gettext("You are {name}, a non-dealer; {riichi} has set {norths} aside."))
    return (you.format(name=letter_name(data["seat"]), riichi=letter_name(data["riichi_seat"]), norths=norths) + " "
            + gettext("{n} tiles are left in the live wall.").format(n=data["live_wall"]))


def ponds_text(data: dict[str, Any], other_seat: str) -> str:
    """The riichi and the three ponds in words, from a question's data: each pond, then the tiles passed after it."""
    other_from, own_from = data["passed_from"]
    return gettext("{seat} declared riichi with {tile}. {seat}'s discards: {pond}; {other}'s: {other_pond}; yours: "
                   "{own_pond}. Passed after the riichi: {other}'s {other_passed}, yours {own_passed}.").format(
        seat=letter_name(data["riichi_seat"]), tile=data["riichi_pond"][-1], pond=" ".join(data["riichi_pond"]),
        other=letter_name(other_seat), other_pond=" ".join(data["other_pond"]), own_pond=" ".join(data["own_pond"]),
        other_passed=" ".join(data["other_pond"][other_from:]) or gettext("nothing"),
        own_passed=" ".join(data["own_pond"][own_from:]) or gettext("nothing"))


def position(case: str, rng: random.Random, rules: Ruleset) -> dict[str, Any]:
    """A riichi position for ``case`` (raises :class:`drills.hands.Retry` when the draw fails)."""
    return _position(case, rng, rules)


def dangers(pos: dict[str, Any]) -> tuple[dict[int, Danger], list[int], Threat]:
    """Each held kind's danger against the riichi of ``pos``, the visible counts, and the threat."""
    return _dangers(pos)


