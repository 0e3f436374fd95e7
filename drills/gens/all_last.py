"""All-last placement: the last hand (South 3), you are second and tenpai. Riichi to reach first, or dama to
keep second?

The position is a quiet South 3 the referee played, with the scores in the game; the decision model answers it
as the game review grades (:mod:`drills.model_answer`), and a concept (push for first, keep second) is asked
only where the model's choice is the one it names. Beside it, the choice is judged in final placement points
under the preset's uma and oka, not in hand points.

Each outcome's final scores come from the engine (the hand scored on each wait by ron and by tsumo, with
and without riichi, and :func:`sanma_core.scoring.payments.placement_scores`); each outcome's chance comes
from real play (:func:`drills.real_decisions.riichi_dama_rate`: how real first closed tenpai hands that
declared riichi, or stayed dama, won by tsumo, by ron, dealt in, or neither). A ron or a deal-in is taken
as equally likely to involve either opponent; a hand that ends any other way leaves the scores as they are
(a riichi stick stays on the table and goes to first place at the end).
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
from sanma_core.scoring.payments import placement_scores
from sanma_core.tiles import SANMA_KINDS, SOUTH, WEST, format_tiles, kind, kind_name, tile_name, to_counts
from sanma_core.words import letter_name

from ..base import MAX_ATTEMPTS, SEAT_NAMES, SEATS, Draft, GenerationError, spoken, step
from ..explain.common import figure
from ..hands import WIND_LETTER, Retry
from ..model_answer import clear, graded_decision, model_answer
from ..real_decisions import riichi_dama_rate, source
from ..table import far_kinds, first_tenpai_position
from .riichi_dama import DRAWN
from .riichi_dama import _hand as tenpai_plan

CASES = ("all_last.push_first", "all_last.keep_second")
CHOICES = (("riichi", N_("Riichi: go for first")), ("dama", N_("Dama: keep second")))
#: placement points closer than this are too close to ask
CLOSE_CALL = 0.5


def _gains(hand: list[int], waits: list[int], seat: int, indicator: int, rules: Ruleset,
           riichi: bool) -> tuple[dict[str, int], dict[str, int]]:
    """The mean ron total and the mean tsumo payment of each payer (dealer, non-dealer) over the waits."""
    ron = tsumo_d = tsumo_n = 0.0
    for w in waits:
        tiles = tuple(sorted([*hand, w]))
        r = score_hand(WinInput(tiles, w, tsumo=False, riichi=riichi, seat=seat, round=SOUTH, dora=(indicator,)), rules)
        t = score_hand(WinInput(tiles, w, tsumo=True, riichi=riichi, seat=seat, round=SOUTH, dora=(indicator,)), rules)
        ron += r.total
        pay = t.payments
        tsumo_d += pay.get("dealer", pay.get("each", 0))
        tsumo_n += pay.get("non_dealer", pay.get("each", 0))
    n = len(waits)
    return {"ron": round(ron / n)}, {"dealer": round(tsumo_d / n), "non_dealer": round(tsumo_n / n)}


def _placement_score(rules: Ruleset, points: list[int], sticks: int, me: int) -> float:
    return placement_scores(rules, points, leftover_sticks=sticks, first_dealer=0)[me]


def _outcomes(rules: Ruleset, points: list[int], me: int, riichi: bool, ron: int, tsumo: dict[str, int],
              rate: Any, cost: float) -> list[dict[str, Any]]:
    """Each outcome: its chance, the final scores and your placement points."""
    others = [s for s in range(3) if s != me]
    stick = rules.riichi_stick if riichi else 0
    base = list(points)
    base[me] -= stick
    p_tsumo, p_win, p_deal = rate.share("tsumo"), rate.win, rate.share("deal_in")
    rows = []

    def add(what: str, chance: float, final: list[int], sticks: int) -> None:
        rows.append({"outcome": what, "chance": round(chance, 4), "points": final,
                     "score": _placement_score(rules, final, sticks, me)})

    for o in others:
        final = list(base)
        final[me] += ron + stick
        final[o] -= ron
        add(f"ron from {SEAT_NAMES[SEATS[o]]}", (p_win - p_tsumo) / 2, final, 0)
    final = list(base)
    for o in others:
        pay = tsumo["dealer"] if o == 0 else tsumo["non_dealer"]
        final[o] -= pay
        final[me] += pay
    final[me] += stick
    add("tsumo", p_tsumo, final, 0)
    for o in others:
        final = list(base)
        final[me] -= round(cost)
        final[o] += round(cost) + stick
        add(f"deal-in to {SEAT_NAMES[SEATS[o]]}", p_deal / 2, final, 0)
    add("no win, no deal-in", 1 - p_win - p_deal, list(base), 1 if riichi else 0)
    return rows


def _scores(rules: Ruleset, rng: random.Random, me: int) -> list[int]:
    total = 3 * rules.start_points
    for _ in range(MAX_ATTEMPTS):
        mine = rng.randrange(30, 42) * 1000 + rng.choice((0, 300, 500, 800))
        first = mine + rng.randrange(2, 17) * 1000 + rng.choice((0, 200, 500))
        third = total - mine - first
        if third < 1000 or third >= mine:
            continue
        top = rng.choice([s for s in range(3) if s != me])
        points = [0, 0, 0]
        points[me], points[top] = mine, first
        points[next(s for s in range(3) if s not in (me, top))] = third
        return points
    raise Retry


def _position(rules: Ruleset, hand: list[int], me: int, points: list[int], indicator: int, turn: int,
              rng: random.Random) -> tuple[GradedDecision, int, int]:
    """The tenpai ``hand`` at turn ``turn`` of South 3 (``points`` by wind, you the wind ``me``), reached with the tile
    just drawn (its first riichi chance), a tile nobody needs to throw, graded by the decision model: riichi or
    dama; (the decision, the kind drawn, the kind thrown). Raises :class:`Retry` when it does not fit."""
    far = [k for k in far_kinds(hand) if k != indicator]
    if not far:
        raise Retry
    dealer = (-me) % 3  # seat 0 sits ``me`` places after the dealer
    scores = [points[(seat - dealer) % 3] for seat in range(3)]
    game, drawn, tile = first_tenpai_position(rules, hand, rng.choice(far), turn, rng, dealer=dealer,
                                              dora=[indicator], round_wind=1, scores=scores)
    d = graded_decision(game, 0, "riichi", Action.riichi(0, tile))
    if d is None:
        raise Retry
    return d, drawn, kind(tile)


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    case = rng.choice(CASES)
    want = "riichi" if case == "all_last.push_first" else "dama"
    for _ in range(MAX_ATTEMPTS):
        try:
            plan = tenpai_plan("riichi_dama.tsumo_loss", rng)
            me = rng.choice((1, 2))
            points = _scores(rules, rng, me)
        except Retry:
            continue
        hand = plan.concealed_kinds()
        if len(hand) != 13:
            continue
        counts = to_counts(hand)
        waits = engine_waits(counts)
        if not waits:
            continue
        indicator = rng.choice([k for k in SANMA_KINDS if counts[k] < 4])
        seen = list(counts)
        seen[indicator] += 1
        live = sum(max(0, 4 - seen[w]) for w in waits)
        if not live:
            continue
        seat = (SOUTH, WEST)[me - 1]
        turn = rng.randint(4, 10)
        try:
            gains = {r: _gains(hand, waits, seat, indicator, rules, r) for r in (False, True)}
        except (ScoringError, ValueError):
            continue
        if not gains[False][0]["ron"]:
            continue  # no yaku by ron: not a real choice
        table = {}
        for riichi in (False, True):
            rate = riichi_dama_rate("riichi" if riichi else "dama", live, turn)
            cost = rate.mean("deal_in_value", "deal_in")
            rows = _outcomes(rules, points, me, riichi, gains[riichi][0]["ron"], gains[riichi][1], rate, cost)
            table["riichi" if riichi else "dama"] = {
                "rows": rows, "expected": round(sum(r["chance"] * r["score"] for r in rows), 2),
                "rate": rate.as_data(), "ron": gains[riichi][0]["ron"], "tsumo": gains[riichi][1],
                "cost": round(cost)}
        answer = "riichi" if table["riichi"]["expected"] > table["dama"]["expected"] else "dama"
        if answer != want or abs(table["riichi"]["expected"] - table["dama"]["expected"]) < CLOSE_CALL:
            continue
        try:
            graded, drawn, thrown = _position(rules, hand, me, points, indicator, turn, rng)
        except Retry:
            continue
        if not clear(graded, want):
            continue  # the concept names the answer: strong players must agree
        break
    else:
        raise GenerationError(f"no all-last position for {case} under {rules.name}")
    listing = ", ".join(f"{letter_name(s)} {figure(points[i])}" for i, s in enumerate(SEATS))
    steps = [
        step("all_last_rules", uma=list(rules.uma), oka=rules.oka, return_points=rules.return_points,
             stick=rules.riichi_stick),
        step("all_last_values", dama=table["dama"]["ron"], riichi=table["riichi"]["ron"],
             dama_tsumo=table["dama"]["tsumo"], riichi_tsumo=table["riichi"]["tsumo"]),
        step("all_last_outcomes", choice="dama", **table["dama"], source=source()),
        step("all_last_outcomes", choice="riichi", **table["riichi"], source=source()),
        step("all_last_choice", answer=answer, dama=table["dama"]["expected"], riichi=table["riichi"]["expected"]),
    ]
    decided = model_answer(graded, {"riichi": ["riichi"], "dama": ["dama"]})
    steps.append(decided.step)
    you = letter_name(WIND_LETTER[seat])
    return Draft(
        concept=case,
        prompt=gettext("South 3, the last hand. Scores: {scores}; East is the dealer. You are {you}, second, closed and "
                       "tenpai on {waits}, turn {turn}. Riichi or dama?").format(
            scores=listing, you=you, waits=" ".join(kind_name(w) for w in waits), turn=turn)
        + " " + gettext(DRAWN).format(tile=kind_name(drawn), discard=kind_name(thrown))
        + ("" if decided.single else " " + gettext("Choose every play strong players find fine here.")),
        data={"hand": format_tiles(sorted(hand)), "melds": [], "kita": 0, "indicators": [tile_name(indicator)],
              "seat": WIND_LETTER[seat], "round": "S", "turn": turn, "scores": dict(zip(SEATS, points, strict=True)),
              "waits": [kind_name(w) for w in waits], "live": live, "live_wall": graded.left, "drawn": kind_name(drawn),
              "discard": kind_name(thrown),
              "situation": gettext("all-last, you are second, turn {turn}").format(turn=turn)},
        answer_kind="choices",
        answer={"choices": decided.answer},
        choices=spoken(CHOICES),
        multi=not decided.single,
        credit=decided.credit,
        explanation=tuple(steps),
    )

