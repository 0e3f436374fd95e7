"""Kita: set the North aside or keep it? Decided as real Phoenix players decide, around riichi and the first
draw by the referee itself (what is legal, what happens to ippatsu, which yaku the win scores).

The engine's kita rule (:func:`sanma_core.analysis.efficiency.kita_verdict`) names the position (a free
North, thirteen orphans, seven pairs, an honour hand, a North the shape uses); the answer is what real
players did most often in such positions (:func:`drills.real_decisions.kita_rate`), and the explanation
quotes that share. Real players set most Norths aside, even one the shape uses; they keep one for thirteen
orphans, seven pairs or an honour hand, and, against a riichi, a North that is their only safe tile: a
kita is not a discard, so the replacement draw still has to be followed by one.
"""

from __future__ import annotations

import random

from sanma_core.analysis import shanten
from sanma_core.analysis import waits as engine_waits
from sanma_core.analysis.efficiency import KitaVerdict, kita_verdict
from sanma_core.game.actions import KITA, TSUMO, Action
from sanma_core.i18n import N_, gettext
from sanma_core.melds import format_meld, make_meld
from sanma_core.review.graded import GradedDecision
from sanma_core.rules import Ruleset
from sanma_core.scoring import YAKU
from sanma_core.tiles import DRAGONS, HONOURS, NORTH, SANMA_KINDS, format_tiles, kind, kind_name, tile_name, to_counts
from sanma_core.words import letter_name, shanten_count

from ..base import MAX_ATTEMPTS, Draft, GenerationError, spoken, step
from ..hands import ORPHANS, Plan, Retry, add_pair, fill, physical_tiles
from ..model_answer import clear, graded_decision, model_answer
from ..real_decisions import Rate, kita_rate, source
from ..table import Move, calm_position, far_kinds, play_script
from . import push_fold
from .efficiency import _build
from .furiten import tenpai_hand

CASES = ("kita.free", "kita.kokushi", "kita.chiitoitsu", "kita.honours", "kita.shape", "kita.safe_tile",
         "kita.riichi_drawn", "kita.riichi_hand", "kita.first_turn")
# more Norths are set aside than kept, as in real play (kita.free, kita.shape and kita.riichi_drawn set aside)
_POOLS: dict[int, dict[str, float]] = {
    1: {"kita.free": 4, "kita.kokushi": 1, "kita.chiitoitsu": 0.75, "kita.honours": 0.75, "kita.shape": 1,
        "kita.safe_tile": 1, "kita.riichi_drawn": 1.5, "kita.riichi_hand": 0.75, "kita.first_turn": 1},
    2: {"kita.free": 4, "kita.kokushi": 1, "kita.chiitoitsu": 1, "kita.honours": 1, "kita.shape": 1.25,
        "kita.safe_tile": 1, "kita.riichi_drawn": 1.25, "kita.riichi_hand": 0.75, "kita.first_turn": 1},
    3: {"kita.free": 4, "kita.kokushi": 1.25, "kita.chiitoitsu": 1, "kita.honours": 1, "kita.shape": 1.5,
        "kita.safe_tile": 1.25, "kita.riichi_drawn": 1.25, "kita.riichi_hand": 0.75, "kita.first_turn": 1},
}
DECIDE = (("kita", N_("Set the North aside (kita)")), ("keep", N_("Keep the North in the hand")))
_NON_ORPHANS = tuple(k for k in SANMA_KINDS if k not in ORPHANS)


def _singles(plan: Plan, kinds: list[int]) -> None:
    for k in kinds:
        plan.take(k, 1)
        plan.singles.append(k)


def _fill_to(plan: Plan, rng: random.Random, n: int, kinds: tuple[int, ...]) -> None:
    while len(plan.concealed_kinds()) < n:
        options = [k for k in kinds if plan.room(k, 1) and plan.counts[k] == 0]
        if not options:
            raise Retry
        _singles(plan, [rng.choice(options)])


def _hand(case: str, rng: random.Random) -> tuple[Plan, bool]:
    """A 14-tile plan for a decision case, and whether the hand is closed."""
    plan = Plan()
    if case == "kita.free":
        return _build("efficiency.kita", rng), True
    if case == "kita.shape":
        if rng.random() < 0.4:  # far from tenpai, the North pair one of few pieces: real players set it aside
            plan.pair(NORTH)
            _fill_to(plan, rng, 14, tuple(k for k in SANMA_KINDS if k != NORTH))
            return plan, True
        return _build("efficiency.keep_north", rng), True
    if case == "kita.kokushi":
        kinds = [NORTH] + rng.sample([k for k in ORPHANS if k != NORTH], rng.randint(8, 10))
        _singles(plan, kinds)
        if rng.random() < 0.5:
            _singles(plan, [rng.choice(kinds)])
        _fill_to(plan, rng, 14, _NON_ORPHANS)
        return plan, True
    if case == "kita.chiitoitsu":
        plan.pair(NORTH)
        for k in rng.sample([k for k in SANMA_KINDS if k != NORTH], rng.randint(3, 4)):
            plan.pair(k)
        _fill_to(plan, rng, 14, tuple(k for k in SANMA_KINDS if k != NORTH))
        return plan, True
    # honours: a dragon pon, the North pair and more honours
    dragon = rng.choice(sorted(DRAGONS))
    plan.trip(dragon, "pon")
    plan.pair(NORTH)
    others = [k for k in HONOURS if k not in (dragon, NORTH)]
    for k in rng.sample(others, 2):
        plan.pair(k) if rng.random() < 0.6 else plan.trip(k)
    if len(plan.concealed_kinds()) < 11:
        fill(plan, rng, 1)
    while len(plan.concealed_kinds()) < 11:
        add_pair(plan, rng, tuple(k for k in SANMA_KINDS if k < 27)) if len(plan.concealed_kinds()) <= 9 else \
            _fill_to(plan, rng, 11, tuple(k for k in SANMA_KINDS if k < 27))
    return plan, False


def _position(rules: Ruleset, concealed: list[int], rng: random.Random) -> tuple[GradedDecision, list[int], int]:
    """A quiet turn with ``concealed`` in hand, a North just drawn, graded by the decision model; (the decision,
    the dora indicators, the turn). Raises :class:`Retry` when it does not fit or the model gives no figures."""
    hand = list(concealed)
    hand.remove(next(t for t in hand if kind(t) == NORTH))
    counts = to_counts(concealed)
    indicator = rng.choice([k for k in SANMA_KINDS if counts[k] < 4 and k != NORTH - 1])
    turn = rng.randint(2, 9)
    game = calm_position(rules, hand, NORTH, turn, rng, dora=[indicator])
    d = graded_decision(game, 0, "kita", Action.kita(0))
    if d is None:
        raise Retry
    return d, [indicator], turn


def real_kita(verdict: KitaVerdict, norths: int) -> Rate:
    """What real players did, not facing a riichi, in positions the kita rule names as ``verdict`` does."""
    cost = max(0, verdict.shanten_kita - verdict.shanten_keep)
    return kita_rate(verdict.reason, threat=False, norths=norths, cost=cost, shanten=verdict.shanten_keep)


def majority_sets_aside(real: Rate) -> bool:
    """The answer where no model answers (an open hand): what most real players did."""
    return real.share("kita") >= 0.5


def in_riichi_answer(legal: bool, drawn: bool) -> str:
    """In riichi the waits are fixed: a North that may be set aside always should be (the same waits, one han
    more); else the drawn North is discarded, or the North in hand kept."""
    return "kita" if legal else ("discard" if drawn else "keep")


def _decision(case: str, rules: Ruleset, rng: random.Random) -> Draft:
    graded: GradedDecision | None = None
    indicators: list[int] = []
    turn = 0
    for _ in range(MAX_ATTEMPTS):
        try:
            plan, closed = _hand(case, rng)
        except Retry:
            continue
        concealed, meld_tiles = physical_tiles(plan, rules, rng, 0.3)
        if len(concealed) + 3 * len(plan.melds) != 14:
            continue
        melds = [make_meld(how, tiles) for (how, _), tiles in zip(plan.melds, meld_tiles, strict=True)]
        counts = to_counts(concealed)
        outside = [0] * 34
        for m in melds:
            for t in m.tiles:
                outside[kind(t)] += 1
        verdict = kita_verdict(counts, outside, closed=closed)
        if verdict.reason != case.split(".")[1]:
            continue
        if not melds:  # a closed hand: a real position the decision model answers
            try:
                graded, indicators, turn = _position(rules, concealed, rng)
            except Retry:
                continue
            if case == "kita.free" and not clear(graded, "kita"):
                continue  # the concept names the answer: strong players must agree
        break
    else:
        raise GenerationError(f"no hand for {case} under {rules.name}")
    real = real_kita(verdict, counts[NORTH])
    steps = [step("real_kita", share=round(real.share("kita"), 4), n=real.n, rate=real.as_data(), source=source())]
    multi = False
    credit: dict[str, float] = {}
    if graded is not None:
        decided = model_answer(graded, {"kita": ["kita"], "keep": ["keep"]})
        answer, multi, credit = decided.answer, not decided.single, decided.credit
        set_aside = graded.model == "kita"
        steps.append(decided.step)
    else:
        set_aside = majority_sets_aside(real)
        answer = ["kita" if set_aside else "keep"]
    steps.insert(0, step("kita_verdict", set_aside=set_aside, reason=verdict.reason,
                         shanten_keep=verdict.shanten_keep, shanten_kita=verdict.shanten_kita,
                         form_shanten=verdict.form_shanten, honours=verdict.honours))
    data = {"hand": format_tiles(concealed), "melds": [format_meld(m) for m in melds], "kita": 0, "kita_legal": True,
            "situation": gettext("your turn, not in riichi")}
    prompt = gettext("Your turn, a tile just drawn. Set a North aside (kita), or keep it in the hand?")
    if graded is not None:
        data.update(indicators=[tile_name(t) for t in indicators], turn=turn, live_wall=graded.left,
                    situation=gettext("your turn {turn}, not in riichi, {n} tiles left in the live wall").format(
                        turn=turn, n=graded.left))
        prompt = gettext("Your turn, a North just drawn. Set a North aside (kita), or keep it in the hand?")
        if multi:
            prompt += " " + gettext("Choose every play strong players find fine here.")
    return Draft(
        concept=case,
        prompt=prompt,
        data=data,
        answer_kind="choices",
        answer={"choices": answer},
        choices=spoken(DECIDE),
        multi=multi,
        credit=credit,
        explanation=tuple(steps),
    )


def _tenpai(rng: random.Random, rules: Ruleset, north_wait: bool) -> tuple[list[int], list[int]]:
    hand = tenpai_hand(rng, rng.choice(("ryanmen", "shanpon", "kanchan")), north_wait=north_wait)
    w = engine_waits(to_counts(hand))
    if not w or (NORTH in w) != north_wait:
        raise Retry
    return hand, w


def _far(hand: list[int], waits: list[int], rules: Ruleset) -> list[int]:
    return [k for k in far_kinds([*hand, *waits]) if k not in rules.red_fives or not rules.red_fives[k]]


def _riichi(case: str, rules: Ruleset, rng: random.Random) -> Draft:
    for _ in range(MAX_ATTEMPTS):
        try:
            hand, waits = _tenpai(rng, rules, north_wait=case == "kita.riichi_hand")
            far = rng.sample(_far(hand, waits, rules), 5)
            draw = NORTH if case == "kita.riichi_drawn" else far[4]
            if case == "kita.riichi_drawn" and hand.count(NORTH) > 2:
                raise Retry
            moves = [Move(0, far[0], riichi=True), Move(1, far[1]), Move(2, far[2])]
            game = play_script(rules, hand, moves, seed=rng.randrange(2**31), then=(0, draw),
                               replacements_after=[far[3]])
        except Retry:
            continue
        break
    else:
        raise GenerationError(f"no riichi position for {case} under {rules.name}")
    legal = any(a.kind == KITA for a in game.legal_actions(0))
    ippatsu_before = bool(game.ippatsu[0])
    tiles = sorted(game.hands[0])
    ippatsu_after = None
    if legal:
        game.apply(Action.kita(0))
        for s in list(game.to_act()):
            if s != 0:
                game.apply(Action.pass_(s))
        ippatsu_after = bool(game.ippatsu[0])
    answer = in_riichi_answer(legal, drawn=case == "kita.riichi_drawn")
    choices = spoken((("kita", N_("Set the drawn North aside (kita)")), ("discard", N_("Discard the drawn North")))
                     if case == "kita.riichi_drawn" else
                     (("kita", N_("Set a North from your hand aside (kita)")),
                      ("keep", N_("Keep it and discard the drawn tile"))))
    steps = [step("riichi_kita", legal=legal, drawn=kind_name(draw), drawn_only=rules.kita_under_riichi_drawn_only,
                  waits=[kind_name(k) for k in waits], north_in_waits=NORTH in waits),
             step("ippatsu", before=ippatsu_before, after=ippatsu_after, kita_is_call=rules.kita_is_call,
                  ron_on_kita=rules.ron_on_kita)]
    return Draft(
        concept=case,
        prompt=(gettext("You declared riichi on your first discard and now draw {tile}.").format(tile=kind_name(draw))
                + " " + (gettext("Set it aside (kita), or discard it?") if case == "kita.riichi_drawn"
                         else gettext("May you set a North from your hand aside now, and should you?"))),
        data={"hand": format_tiles(tiles), "melds": [],
              "kita": 0, "riichi": True, "drawn": kind_name(draw), "kita_legal": legal,
              "situation": gettext("in riichi, ippatsu still possible") if ippatsu_before else gettext("in riichi")},
        answer_kind="choices",
        answer={"choices": [answer]},
        choices=choices,
        multi=False,
        explanation=tuple(steps),
    )


def _first_turn(rules: Ruleset, rng: random.Random) -> Draft:
    for _ in range(MAX_ATTEMPTS):
        try:
            hand, waits = _tenpai(rng, rules, north_wait=False)
            if hand.count(NORTH) > 2:
                raise Retry
            win = rng.choice(waits)
            game = play_script(rules, hand, [], seed=rng.randrange(2**31), then=(0, NORTH), replacements_after=[win])
        except Retry:
            continue
        if not any(a.kind == KITA for a in game.legal_actions(0)):
            continue
        game.apply(Action.kita(0))
        for s in list(game.to_act()):
            if s != 0:
                game.apply(Action.pass_(s))
        if game.drawn != win or not any(a.kind == TSUMO for a in game.legal_actions(0)):
            continue
        game.apply(Action.tsumo(0))
        if any(y not in ("tenhou", "rinshan_kaihou", "menzen_tsumo") and YAKU[y].yakuman
               for y, _ in game.result.wins[0].score.yaku):
            continue  # another yakuman would hide the point
        break
    else:
        raise GenerationError(f"no first-draw kita under {rules.name}")
    yaku = [y for y, _ in game.result.wins[0].score.yaku]
    answer = "tenhou" if "tenhou" in yaku else "rinshan"
    steps = [step("first_turn_kita", yaku=yaku, kita_is_call=rules.kita_is_call, han=game.result.wins[0].score.han,
                  yakuman=game.result.wins[0].score.yakuman)]
    return Draft(
        concept="kita.first_turn",
        prompt=gettext("You are the dealer. Your first draw is a North: you set it aside (kita), and the replacement "
                       "tile {tile} completes your hand. What is the win?").format(tile=kind_name(win)),
        data={"hand": format_tiles(sorted(hand)), "melds": [], "kita": 1, "win": kind_name(win),
              "situation": gettext("dealer, first draw, a North set aside")},
        answer_kind="choices",
        answer={"choices": [answer]},
        choices=spoken((("tenhou", N_("Tenhou (blessing of heaven): a yakuman")),
                        ("rinshan", N_("No tenhou: rinshan kaihou, the kita ended the first go-around")))),
        multi=False,
        explanation=tuple(steps),
    )


SAFE_CHOICES = (("kita", N_("Set the North aside (kita)")), ("keep", N_("Do not set it aside: discard it, a safe tile")))


def _safe_tile(rules: Ruleset, rng: random.Random) -> Draft:
    """Folding against a riichi with a North as the only safe tile: a kita spends it, the discard is still due.
    The position is a played game (:func:`drills.gens.push_fold_table.position`), answered by the decision model."""
    for _ in range(MAX_ATTEMPTS):
        try:
            pos = push_fold.position("push_fold.north", rng, rules, north_in_pond=True)
        except Retry:
            continue
        counts = to_counts(pos["hand"])
        if counts[NORTH] != 1 or shanten(counts) < 2:
            continue
        dangers, _visible, threat = push_fold.dangers(pos)
        north = dangers[NORTH]
        others = {k: d for k, d in dangers.items() if k != NORTH}
        if north.category != "genbutsu" or min(d.value for d in others.values()) <= north.value:
            continue
        try:
            game = push_fold.played(pos)
        except Retry:
            continue
        graded = graded_decision(game, 0, "kita", Action.kita(0))
        if graded is None or not clear(graded, "keep"):
            continue  # the concept names the answer: strong players must agree
        break
    else:
        raise GenerationError(f"no folding position with a North under {rules.name}")
    verdict = kita_verdict(counts, [0] * 34, closed=True)
    real = kita_rate(verdict.reason, threat=True)
    decided = model_answer(graded, {"kita": ["kita"], "keep": ["keep"]})
    riichi_seat = pos["riichi_seat"]
    safest = min(others, key=lambda k: (others[k].value, k))
    pond = pos["riichi_pond"]
    data = {"hand": format_tiles(sorted(pos["hand"])), "melds": [], "kita": 0, "kita_legal": True,
            "seat": pos["seat"], "riichi_seat": riichi_seat, "riichi_pond": [kind_name(k) for k in pond],
            "riichi_at": pos["riichi_at"], "other_pond": [kind_name(k) for k in pos["other_pond"]],
            "own_pond": [kind_name(k) for k in pos["own_pond"]], "passed": sorted(kind_name(k) for k in threat.passed),
            "passed_from": list(pos["passed_from"]), "indicators": [kind_name(pos["dora"])],
            "riichi_kita": pos["riichi_kita"], "ron_on_kita": rules.ron_on_kita, "live_wall": graded.left,
            "situation": gettext("{name} is in riichi; you are {shanten} and folding").format(
                name=letter_name(riichi_seat), shanten=shanten_count(shanten(counts)))}
    steps = [step("safe_tile", seat=riichi_seat, shanten=shanten(counts), safest=kind_name(safest),
                  safest_value=others[safest].value, ron_on_kita=rules.ron_on_kita, keep=decided.answer == ["keep"]),
             step("real_kita", share=round(real.share("kita"), 4), n=real.n, rate=real.as_data(), source=source(),
                  threat=True),
             decided.step]
    prompt = (push_fold.ponds_text(data, pos["other_seat"]) + " "
              + gettext("You are folding and hold one North. Set it aside, or not?"))
    return Draft(
        concept="kita.safe_tile",
        prompt=prompt + ("" if decided.single else " " + gettext("Choose every play strong players find fine here.")),
        data=data,
        answer_kind="choices",
        answer={"choices": decided.answer},
        choices=spoken(SAFE_CHOICES),
        multi=not decided.single,
        credit=decided.credit,
        explanation=tuple(steps),
    )


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    pool = _POOLS[difficulty]
    case = rng.choices(list(pool), list(pool.values()))[0]
    if case in ("kita.riichi_drawn", "kita.riichi_hand"):
        return _riichi(case, rules, rng)
    if case == "kita.first_turn":
        return _first_turn(rules, rng)
    if case == "kita.safe_tile":
        return _safe_tile(rules, rng)
    return _decision(case, rules, rng)
