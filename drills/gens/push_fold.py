"""Push or fold: an opponent is in riichi; pick your discard.

The position is a game the referee played (:mod:`drills.gens.push_fold_table`); the decision model answers it
as the game review grades (:mod:`drills.model_answer`). The options are the discards themselves, each with the
model's own probability (no regrouping, no renormalising): a push is a discard that keeps tenpai, a fold the
safest one. A concept names its answer, so a position is asked only where the model's discard is that one (a
tile that keeps tenpai for a push, one of the safest tiles for a fold).

Every tile's danger comes from the engine's defence logic (:func:`sanma_core.bots.safety.danger`, the same the
hints and bots use). Tenpai, the explanation weighs the trade measured on real play
(:func:`drills.real_decisions.push_fold_rate`): how often real Phoenix players in the same spot (a good or a
poor wait, against a dealer or not, the riichi player's Norths set aside, the turn of the riichi) won and dealt
in when they pushed and when they folded, times what the hand is worth (the engine's score of its waits) and
what a deal-in costs (the measured value of such a riichi's ron); the model's summed probability of the
discards that keep tenpai is set beside it. The North question asks whether setting a North aside is safe: a
rule, answered by the ruleset (only where nobody may ron a North set aside, or the riichi player cannot).
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis import shanten
from sanma_core.analysis import waits as engine_waits
from sanma_core.analysis.efficiency import rank_discards
from sanma_core.bots.safety import Danger, Threat, danger
from sanma_core.game.actions import Action
from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.review.graded import GradedDecision
from sanma_core.rules import Ruleset
from sanma_core.tiles import (
    EAST,
    ISOLATED_KINDS,
    NORTH,
    SANMA_KINDS,
    SOUTH,
    WEST,
    format_tiles,
    kind_name,
    parse_tile,
    to_counts,
)
from sanma_core.words import letter_name, shanten_text

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..explain.common import figure
from ..hands import Retry
from ..model_answer import graded_decision, model_answer
from ..real_decisions import first_solid, kita_bucket, push_fold_rate, push_fold_state, source
from .push_fold_table import WINDS, Position, played, position
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
_ISOLATED = frozenset(ISOLATED_KINDS)
NORTH_CHOICES = (("safe", N_("Safe: nobody can ron this North")),
                 ("dangerous", N_("As dangerous as discarding the North")))


def one_chance(k: int, visible: list[int]) -> bool:
    """A number tile next to a kind with three copies visible: only one copy is left for the shapes that take it."""
    if k in _ISOLATED:
        return False
    rank = k % 9
    return any(visible[k - rank + r] == 3 for r in (rank - 1, rank + 1) if 0 <= r <= 8)


def _dangers(pos: Position) -> tuple[dict[int, Danger], list[int], Threat]:
    hand = pos["hand"]
    other_from, own_from = pos["passed_from"]
    passed = frozenset(pos["other_pond"][other_from:] + pos["own_pond"][own_from:])
    threat = Threat(discards=frozenset(pos["riichi_pond"]), passed=passed)
    visible = to_counts(hand)
    for k in pos["riichi_pond"] + pos["other_pond"] + pos["own_pond"] + [pos["dora"]]:
        visible[k] += 1
    visible[NORTH] += pos.get("riichi_kita", 0)  # the riichi player's Norths set aside
    visible = [min(4, v) for v in visible]
    return {k: danger(k, threat, visible) for k in sorted(set(hand))}, visible, threat


def _category(d: Danger, visible: list[int]) -> str:
    if d.category == "other" and one_chance(d.tile, visible):
        return "one_chance"
    return {"no_chance": "kabe"}.get(d.category, d.category)


def _label_kind(label: str) -> int:
    return parse_tile(label.split(":", 1)[1])


def _agrees(case: str, top: int, safest: list[int], keep: list[int]) -> bool:
    """Whether the model's discard ``top`` is the one the concept names: a tile that keeps tenpai for a push, one
    that gives it up for a fold in tenpai, one of the safest tiles for any other fold."""
    if case in _TENPAI_CASES:
        return (top in keep) == (case == "push_fold.push")
    return top in safest


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    want = case.split(".")[1]
    graded: GradedDecision | None = None
    for _ in range(MAX_ATTEMPTS):
        try:
            pos = position(case, rng, rules)
        except Retry:
            continue
        counts = to_counts(pos["hand"])
        shanten_now = shanten(counts)  # of a 14-tile hand: the shanten after the best discard
        tenpai_case = case in _TENPAI_CASES
        if tenpai_case != (shanten_now == 0) or (not tenpai_case and shanten_now < 2):
            continue
        dangers, visible, threat = _dangers(pos)
        low = min(d.value for d in dangers.values())
        safest = [k for k, d in dangers.items() if d.value == low]
        keep: list[int] = []
        trade: dict[str, Any] | None = None
        if tenpai_case:
            keep = [o.tile for o in rank_discards(counts) if o.shanten == 0 and len(o.useful) >= 1]
            if not keep:
                continue
            top = min(dangers[k].value for k in keep)
            if top <= low:
                continue  # the safest tile keeps tenpai anyway: nothing to weigh
            try:
                trade = _trade(pos, min(keep, key=lambda k: (dangers[k].value, k)), rules)
            except ValueError:  # more plain fives than the ruleset has
                continue
            pushed = trade["push"]["ev"] > trade["fold"]["ev"]
            if pushed != (case == "push_fold.push") or abs(trade["push"]["ev"] - trade["fold"]["ev"]) < CLOSE_CALL:
                continue
            if not pushed and len(safest) > 2:
                continue
        elif case == "push_fold.north":
            if NORTH not in dangers:
                continue
        else:
            cats = {_category(dangers[k], visible) for k in safest}
            if cats != {want} or len(safest) > 2 or case != "push_fold.genbutsu" and any(
                    d.category == "genbutsu" for d in dangers.values()):
                continue
        try:
            game = played(pos)
        except Retry:
            continue
        if case != "push_fold.north":
            graded = graded_decision(game, 0, "discard", Action.discard(0, game.drawn))
            if graded is None or not _agrees(case, _label_kind(graded.model), safest, keep):
                continue  # the concept names the answer: strong players must agree
        break
    else:
        raise GenerationError(f"no position for {case} under {rules.name}")
    mode = "push" if tenpai_case and graded is not None and _label_kind(graded.model) in keep else "fold"
    best = [k for k in keep if dangers[k].value == min(dangers[j].value for j in keep)] if mode == "push" else safest
    steps: list[dict[str, Any]] = [
        step("threat", seat=pos["riichi_seat"], pond=[kind_name(k) for k in pos["riichi_pond"]],
             riichi_tile=kind_name(pos["riichi_pond"][pos["riichi_at"]]), passed=sorted(kind_name(k) for k in threat.passed)),
    ]
    for k, d in sorted(dangers.items(), key=lambda kv: (kv[1].value, kv[0])):
        steps.append(step("danger", tile=kind_name(k), value=d.value, category=_category(d, visible), reason=d.reason,
                          best=k in best, keeps_tenpai=mode == "push"))
    live_wall = game.live_remaining
    data = {"hand": format_tiles(sorted(pos["hand"])), "melds": [], "kita": 0, "riichi_seat": pos["riichi_seat"],
            "riichi_pond": [kind_name(k) for k in pos["riichi_pond"]], "riichi_at": pos["riichi_at"],
            "other_pond": [kind_name(k) for k in pos["other_pond"]], "own_pond": [kind_name(k) for k in pos["own_pond"]],
            "passed": sorted(kind_name(k) for k in threat.passed), "passed_from": list(pos["passed_from"]),
            "indicators": [kind_name(pos["dora"])], "drawn": kind_name(game.drawn),
            "ron_on_kita": rules.ron_on_kita, "seat": pos["seat"], "riichi_kita": pos["riichi_kita"],
            "riichi_dealer": pos["riichi_seat"] == "E", "turn": pos["turn"], "live_wall": live_wall,
            "scores": {w: game.scores[(game.dealer + i) % 3] for i, w in enumerate(WINDS)},
            "situation": gettext("{name} is in riichi; you are {shanten}").format(
                name=letter_name(pos["riichi_seat"]), shanten=shanten_text(shanten_now))}
    ponds = ponds_text(data, pos["other_seat"])
    if case == "push_fold.north":
        d = dangers[NORTH]
        safe = not rules.ron_on_kita or d.category == "genbutsu"
        steps.append(step("north_rule", ron_on_kita=rules.ron_on_kita, category=d.category, value=d.value, safe=safe,
                          seat=pos["riichi_seat"]))
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
    assert graded is not None
    decided = model_answer(graded, {label: [label.split(":", 1)[1]] for label, _p in graded.options})
    if trade is not None:
        steps.append(step("trade", seat=pos["riichi_seat"], source=source(), **trade))
    push_share = sum(p for label, p in graded.options if _label_kind(label) in keep)
    steps.append(step("decision", mode=mode, shanten=shanten_now, tiles=[kind_name(k) for k in sorted(best)],
                      weighed=trade is not None, push_share=round(push_share, 4) if keep else None,
                      keep=[kind_name(k) for k in sorted(keep)]))
    steps.append(decided.step)
    question = (gettext("Which tile do you discard?") if decided.single else
                gettext("Which discards do strong players find fine here? Choose every one."))
    return Draft(
        concept=case,
        prompt=f"{ponds} {context_text(data)} {question}",
        data={**data, "question": question},
        answer_kind="tiles",
        answer={"tiles": sorted(decided.answer, key=lambda n: SANMA_KINDS.index(parse_tile(n)))},
        multi=not decided.single,
        credit=decided.credit,
        explanation=tuple(steps),
    )


_WIND = {"E": EAST, "S": SOUTH, "W": WEST}


def _trade(pos: Position, discard: int, rules: Ruleset) -> dict[str, Any]:
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
    seat, riichi_kita = pos["seat"], pos["riichi_kita"]
    rows = wait_values(hand, wait_kinds, _WIND[seat], pos["dora"], 0, rules)
    value = sum((r["ron_dama"] or r["tsumo_dama"]) * live_by[w] for r, w in zip(rows, wait_kinds, strict=True)) / live
    state = push_fold_state(0, live)
    dealer = pos["riichi_seat"] == "E"
    turn = pos["riichi_turn"]
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
    """Who is dealer, the riichi player's Norths set aside, the tiles left and the scores, in words."""
    n = data["riichi_kita"]
    norths = ngettext("{n} North", "{n} Norths", n).format(n=n) if n else gettext("no North")
    you = (gettext("You are the dealer; {riichi} has set {norths} aside.") if data["seat"] == "E"
           else gettext("You are {name}, a non-dealer; {riichi} has set {norths} aside."))
    out = (you.format(name=letter_name(data["seat"]), riichi=letter_name(data["riichi_seat"]), norths=norths) + " "
           + gettext("{n} tiles are left in the live wall.").format(n=data["live_wall"]))
    if data.get("scores"):
        scores = ", ".join(f"{letter_name(w)} {figure(p)}" for w, p in data["scores"].items())
        out += " " + gettext("Scores: {scores}.").format(scores=scores)
    return out


def ponds_text(data: dict[str, Any], other_seat: str) -> str:
    """The riichi and the three ponds in words, from a question's data: each pond, then the tiles passed after it."""
    other_from, own_from = data["passed_from"]
    return gettext("{seat} declared riichi with {tile}. {seat}'s discards: {pond}; {other}'s: {other_pond}; yours: "
                   "{own_pond}. Passed after the riichi: {other}'s {other_passed}, yours {own_passed}.").format(
        seat=letter_name(data["riichi_seat"]), tile=data["riichi_pond"][data.get("riichi_at", -1)], pond=" ".join(data["riichi_pond"]),
        other=letter_name(other_seat), other_pond=" ".join(data["other_pond"]), own_pond=" ".join(data["own_pond"]),
        other_passed=" ".join(data["other_pond"][other_from:]) or gettext("nothing"),
        own_passed=" ".join(data["own_pond"][own_from:]) or gettext("nothing"))


def dangers(pos: Position) -> tuple[dict[int, Danger], list[int], Threat]:
    """Each held kind's danger against the riichi of ``pos``, the visible counts, and the threat."""
    return _dangers(pos)


