"""Riichi or dama: a closed tenpai hand; which has the higher expected value under tsumo loss?

Every value comes from the engine (the hand scored by ron and by tsumo, with and without riichi, on each
wait). Every chance comes from real play (:mod:`drills.real_decisions`): what became of real Phoenix
players' first closed tenpai hands that declared riichi at once, or did not, by the live copies of the
waits and the turn: how often they won by tsumo and by ron, how often they dealt in, and what a deal-in
cost them. A riichi that does not win loses its 1000 stick; a dama hand with no yaku by ron on a wait
keeps only its tsumo share there. Ura dora and ippatsu are left out (they only add to riichi).
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis import waits as engine_waits
from sanma_core.game.actions import Action
from sanma_core.i18n import N_, gettext
from sanma_core.review.graded import GradedDecision
from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoringError, WinInput, score_hand
from sanma_core.tiles import (
    DRAGONS,
    EAST,
    NORTH,
    SANMA_KINDS,
    SOUTH,
    WEST,
    format_tiles,
    kind,
    kind_name,
    tile_name,
    to_counts,
)

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..hands import SEQ_STARTS, SIMPLE_KINDS, WIND_LETTER, Plan, Retry, add_pair, fill
from ..model_answer import clear, graded_decision, model_answer
from ..real_decisions import Rate, riichi_dama_rate, source
from ..table import far_kinds, first_tenpai_position

CASES = ("riichi_dama.no_yaku", "riichi_dama.big_hand", "riichi_dama.tsumo_loss", "riichi_dama.bad_wait")
_POOLS: dict[int, dict[str, float]] = {
    1: {"riichi_dama.no_yaku": 2, "riichi_dama.big_hand": 1.5, "riichi_dama.tsumo_loss": 1.5, "riichi_dama.bad_wait": 1},
    2: dict.fromkeys(CASES, 1.0),
    3: {"riichi_dama.no_yaku": 1, "riichi_dama.big_hand": 1, "riichi_dama.tsumo_loss": 1.5, "riichi_dama.bad_wait": 1.5},
}
CHOICES = (("riichi", N_("Riichi")), ("dama", N_("Dama (stay silent)")))


def expected_value(values: dict[str, float], rate: Rate, ron_share: float, riichi: bool) -> dict[str, Any]:
    """Chances (from the measured ``rate``) and the expected points of riichi or dama.

    ``values``: the mean tsumo and ron gains; ``ron_share``: the part of the live waits a ron may take
    (a wait with no yaku by ron keeps only its tsumo)."""
    p_tsumo = rate.share("tsumo")
    p_ron = (rate.win - p_tsumo) * ron_share
    p_deal_in = rate.share("deal_in")
    cost = rate.mean("deal_in_value", "deal_in")
    ev = p_tsumo * values["tsumo"] + p_ron * values["ron"] - p_deal_in * cost
    if riichi:
        ev -= 1000 * (1 - p_tsumo - p_ron)
    return {"p_tsumo": round(p_tsumo, 4), "p_ron": round(p_ron, 4), "p_deal_in": round(p_deal_in, 4),
            "deal_in_cost": round(cost), "ev": round(ev), "rate": rate.as_data()}


def _hand(case: str, rng: random.Random) -> Plan:
    plan = Plan()
    if case == "riichi_dama.no_yaku":
        # a terminal or honour triplet kills tanyao and pinfu; no value triplet
        plan.trip(rng.choice([k for k in (0, 8, 9, 17, 18, 26, NORTH)]))
        fill(plan, rng, 2, trips=())
        s = rng.choice([k for k in SEQ_STARTS if 1 <= k % 9 <= 5]) + 1
        plan.take(s, 1)
        plan.take(s + 1, 1)
        plan.singles += [s, s + 1]
        add_pair(plan, rng, tuple(k for k in SIMPLE_KINDS))
    elif case == "riichi_dama.big_hand":
        # tanyao with a dora triplet (the indicator points to it) and Norths set aside: mangan or more already
        starts = tuple(s for s in SEQ_STARTS if 1 <= s % 9 <= 5)
        plan.trip(rng.choice(SIMPLE_KINDS))
        fill(plan, rng, 2, starts=starts, trips=SIMPLE_KINDS, seq_rate=0.7)
        s = rng.choice([k for k in SEQ_STARTS if 1 <= k % 9 <= 4]) + 1  # both waits simples: tanyao either way
        plan.take(s, 1)
        plan.take(s + 1, 1)
        plan.singles += [s, s + 1]
        add_pair(plan, rng, SIMPLE_KINDS)
    elif case == "riichi_dama.bad_wait":
        fill(plan, rng, 3)
        s = rng.choice(SEQ_STARTS)
        if rng.random() < 0.5:
            plan.take(s, 1)
            plan.take(s + 2, 1)
            plan.singles += [s, s + 2]  # closed wait
        else:
            k = rng.choice([k for k in SANMA_KINDS if plan.room(k, 1)])
            plan.take(k, 1)
            plan.singles.append(k)  # pair wait: four sets and a single
            fill(plan, rng, 1)
            return plan
        add_pair(plan, rng)
    else:  # tsumo_loss: a hand with a yaku (a dragon triplet or tanyao) worth a few han
        if rng.random() < 0.5:
            plan.trip(rng.choice(sorted(DRAGONS)))
            fill(plan, rng, 2)
        else:
            fill(plan, rng, 3, starts=tuple(s for s in SEQ_STARTS if 1 <= s % 9 <= 5), trips=SIMPLE_KINDS)
        s = rng.choice([k for k in SEQ_STARTS if 1 <= k % 9 <= 5]) + 1
        plan.take(s, 1)
        plan.take(s + 1, 1)
        plan.singles += [s, s + 1]
        add_pair(plan, rng, SIMPLE_KINDS)
    return plan


def wait_values(hand: list[int], waits: list[int], seat: int, indicator: int, kita: int,
                rules: Ruleset) -> list[dict[str, Any]]:
    """The engine's gain on each wait: by ron and by tsumo, dama and riichi (0 for a ron with no yaku)."""
    out = []
    for w in waits:
        row: dict[str, Any] = {"wait": kind_name(w)}
        tiles = tuple(sorted([*hand, w]))
        for riichi in (False, True):
            for tsumo in (False, True):
                key = f"{'tsumo' if tsumo else 'ron'}_{'riichi' if riichi else 'dama'}"
                try:
                    r = score_hand(WinInput(tiles, w, kita=kita, tsumo=tsumo, riichi=riichi, seat=seat,
                                            dora=(indicator,)), rules)
                    row[key], row[f"han_{key}"] = r.total, r.han
                except ScoringError:
                    row[key], row[f"han_{key}"] = 0, 0
        out.append(row)
    return out


def mean_values(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Gains averaged over the waits by their live copies (a dama ron only over the waits it can take)."""
    out = {}
    for key in ("ron_dama", "tsumo_dama", "ron_riichi", "tsumo_riichi"):
        use = [r for r in rows if key != "ron_dama" or r[key] > 0]
        n = sum(r["live"] for r in use)
        out[key] = sum(r[key] * r["live"] for r in use) / n if n else 0.0
    return out


#: the concepts that name their answer
_CONCEPT_ANSWER = {"riichi_dama.no_yaku": "riichi", "riichi_dama.big_hand": "dama"}


def _position(rules: Ruleset, hand: list[int], seat: int, kita: int, indicator: int, turn: int,
              rng: random.Random) -> tuple[GradedDecision, int, int]:
    """The tenpai ``hand`` at turn ``turn`` of a quiet game, reached with the tile just drawn (its first riichi
    chance), a tile nobody needs to throw, graded by the decision model: riichi or dama; (the decision, the kind
    drawn, the kind thrown). Raises :class:`Retry` when it does not fit."""
    far = [k for k in far_kinds(hand) if k != indicator]
    if not far:
        raise Retry
    game, drawn, tile = first_tenpai_position(rules, hand, rng.choice(far), turn, rng, dealer=(EAST - seat) % 3,
                                              norths=kita, dora=[indicator])
    d = graded_decision(game, 0, "riichi", Action.riichi(0, tile))
    if d is None:
        raise Retry
    return d, drawn, kind(tile)


#: the tile just drawn at a riichi-or-dama decision (the hand's first tenpai) and the tile thrown either way, which
#: the model's words name as the discard
DRAWN = N_("You just drew {tile}, which makes the hand ready; {discard}, a tile nobody needs, is discarded either way.")


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    for _ in range(MAX_ATTEMPTS):
        try:
            plan = _hand(case, rng)
        except Retry:
            continue
        hand = plan.concealed_kinds()
        if len(hand) != 13:
            continue
        counts = to_counts(hand)
        waits = engine_waits(counts)
        if not waits or (case == "riichi_dama.bad_wait") != (len(waits) == 1):
            continue
        seat = EAST if rng.random() < 0.35 and case != "riichi_dama.tsumo_loss" else rng.choice((SOUTH, WEST))
        kita = 0 if counts[NORTH] else rng.choice((0, 0, 1, 1, 2))
        if case == "riichi_dama.big_hand":
            kita = 2  # tanyao 1 + dora 3 + kita 2: a haneman that riichi would not raise
            indicator = plan.closed[0][1] - 1
        else:
            indicator = rng.choice([k for k in SANMA_KINDS if counts[k] + (kita if k == NORTH else 0) < 4])
        if indicator not in SANMA_KINDS or counts[indicator] >= 4:
            continue
        turn = rng.randint(3, 11)
        seen = list(counts)
        seen[indicator] += 1
        seen[NORTH] += kita
        live = sum(4 - seen[w] for w in waits)
        if live <= 0:
            continue
        try:
            rows = wait_values(hand, waits, seat, indicator, kita, rules)
        except ValueError:  # more plain fives than the ruleset has
            continue
        weights = [4 - seen[w] for w in waits]
        for r, n in zip(rows, weights, strict=True):
            r["live"] = n
        mean = mean_values(rows)
        ron_live = sum(r["live"] for r in rows if r["ron_dama"] > 0)
        ron_possible = ron_live == live
        dama = expected_value({"ron": mean["ron_dama"], "tsumo": mean["tsumo_dama"]},
                              riichi_dama_rate("dama", live, turn), ron_live / live, False)
        riichi = expected_value({"ron": mean["ron_riichi"], "tsumo": mean["tsumo_riichi"]},
                                riichi_dama_rate("riichi", live, turn), 1.0, True)
        answer = "riichi" if riichi["ev"] > dama["ev"] else "dama"
        if abs(riichi["ev"] - dama["ev"]) < 0.08 * max(riichi["ev"], dama["ev"], 1):
            continue  # too close to call
        if case == "riichi_dama.no_yaku" and (ron_live or answer != "riichi"):
            continue
        if case == "riichi_dama.big_hand" and (answer != "dama" or min(r["han_ron_dama"] for r in rows) < 5):
            continue
        if case == "riichi_dama.tsumo_loss" and (not ron_possible or seat == EAST):
            continue
        try:
            graded, drawn, thrown = _position(rules, hand, seat, kita, indicator, turn, rng)
        except Retry:
            continue
        if case in _CONCEPT_ANSWER and not clear(graded, _CONCEPT_ANSWER[case]):
            continue  # the concept names the answer: strong players must agree
        break
    else:
        raise GenerationError(f"no tenpai hand for {case} under {rules.name}")
    ask, situation = ((N_("You are the dealer ({seat} seat), turn {turn}, {n} tiles left in the live wall; closed and "
                          "tenpai on {waits}. Riichi or dama?"), N_("dealer, turn {turn}, {n} live tiles left"))
                      if seat == EAST else
                      (N_("You are the non-dealer ({seat} seat), turn {turn}, {n} tiles left in the live wall; closed "
                          "and tenpai on {waits}. Riichi or dama?"), N_("non-dealer, turn {turn}, {n} live tiles left")))
    decided = model_answer(graded, {"riichi": ["riichi"], "dama": ["dama"]})
    live_wall = graded.left
    steps = [
        step("wait_values", rows=rows, ron_possible=ron_possible, tsumo_loss=rules.tsumo_loss),
        step("win_chance", live=live, ron_live=ron_live, turn=turn, dama=dama, riichi=riichi, source=source()),
        step("expected_value", dama=dama["ev"], riichi=riichi["ev"], answer=answer, deal_in_cost=riichi["deal_in_cost"],
             mean={k: round(v) for k, v in mean.items()}),
        decided.step,
    ]
    return Draft(
        concept=case,
        prompt=gettext(ask).format(seat=WIND_LETTER[seat], turn=turn, n=live_wall,
                                   waits=" ".join(kind_name(w) for w in waits))
        + " " + gettext(DRAWN).format(tile=kind_name(drawn), discard=kind_name(thrown))
        + ("" if decided.single else " " + gettext("Choose every play strong players find fine here.")),
        data={"hand": format_tiles(sorted(hand)), "melds": [], "kita": kita, "indicators": [tile_name(indicator)],
              "seat": WIND_LETTER[seat], "round": "E", "turn": turn, "live_wall": live_wall,
              "waits": [kind_name(w) for w in waits], "drawn": kind_name(drawn), "discard": kind_name(thrown),
              "situation": gettext(situation).format(turn=turn, n=live_wall)},
        answer_kind="choices",
        answer={"choices": decided.answer},
        choices=spoken(CHOICES),
        multi=not decided.single,
        credit=decided.credit,
        explanation=tuple(steps),
    )
