"""Payments: what each loser pays for a stated hand value (ron, tsumo, dealer, honba, sticks).

Tsumo loss is front and centre: every tsumo explanation shows the absent
fourth player's share, and the ``payment.tsumo_loss`` questions compare the
ron and the tsumo of the same hand.
"""

from __future__ import annotations

import random

from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.rules import Ruleset
from sanma_core.scoring.payments import LIMIT_NAMES, base_points, four_player_settlement, settle_win
from sanma_core.words.results import role_win_text

from ..base import Draft, step
from ..hands import Extras, explanation_steps, hand_text, prompt_data, winning_hand
from ..real_play import HAN_FU
from .yaku import pick_target

LIMIT_CASES = ("", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
_HAN_BY_LIMIT = {"haneman": (6, 7), "baiman": (8, 9, 10), "sanbaiman": (11, 12), "kazoe_yakuman": (13, 14, 15)}


_MANGAN = ((5, 30, 6.0), (5, 40, 3.0), (4, 40, 2.0), (4, 50, 0.6), (3, 70, 0.3), (4, 60, 0.3), (5, 25, 0.5))


def real_values(tsumo: bool | None) -> dict[tuple[int, int], float]:
    """(han, fu) below mangan that real wins reach by ron, by tsumo or both (``None``), weighted by how often
    (``drills.real_play``, flattened a little so 50 and 60 fu still come up)."""
    ways = ("ron", "tsumo") if tsumo is None else ("tsumo" if tsumo else "ron",)
    out: dict[tuple[int, int], float] = {}
    for key, n in HAN_FU.items():
        han, fu, how = key.split(",")
        value = (int(han), int(fu))
        if how in ways:
            out[value] = out.get(value, 0.0) + n ** 0.75
    if tsumo is None:  # both ways must exist
        both = {v for v in out if f"{v[0]},{v[1]},ron" in HAN_FU and f"{v[0]},{v[1]},tsumo" in HAN_FU}
        out = {v: w for v, w in out.items() if v in both}
    return out


def _value_for(limit: str, tsumo: bool | None, rules: Ruleset, rng: random.Random) -> tuple[int, int, int]:
    """(han, fu, yakuman) of a hand at the given limit, as real hands reach it by ron, by tsumo, or both."""
    if limit == "yakuman":
        mult = 2 if rules.double_yakuman_special and rng.random() < 0.25 else 1
        return 13 * mult, 0, mult
    if limit in _HAN_BY_LIMIT:
        return rng.choice(_HAN_BY_LIMIT[limit]), rng.choices((30, 40, 50, 25), (5, 4, 1, 1))[0], 0
    if limit == "mangan":
        options = [(h, f) for h, f, _ in _MANGAN if not (f == 25 and tsumo is not False and h < 3)]
        han, fu = rng.choices(options, [w for h, f, w in _MANGAN if (h, f) in options])[0]
        return han, fu, 0
    table = {v: w for v, w in real_values(tsumo).items() if base_points(rules, *v).limit == ""}
    han, fu = rng.choices(list(table), list(table.values()))[0]
    return han, fu, 0


def _fields(payments: dict[str, int]) -> tuple[tuple[str, str], ...]:
    fields = tuple((key, gettext(_FIELD_LABELS[key])) for key in payments)
    return (*fields, ("total", gettext("Winner gains in total")))


_FIELD_LABELS = {"ron": N_("Discarder pays"), "dealer": N_("Dealer pays"), "non_dealer": N_("Other non-dealer pays"),
                 "each": N_("Each player pays")}
_ASK = N_("What does each loser pay, and what does the winner gain?")


def _value_text(han: int, fu: int, yakuman: int) -> str:
    if yakuman:
        return gettext("a yakuman") if yakuman == 1 else gettext("a {n}× yakuman").format(n=yakuman)
    return gettext("{han} han {fu} fu").format(han=han, fu=fu)


def _settlement_steps(rules: Ruleset, han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int, honba: int, sticks: int):
    s = settle_win(rules, han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman, honba=honba, sticks=sticks)
    steps = [step("base_points", base=s.base, limit=s.limit, lines=list(s.steps))]
    if tsumo:
        four = four_player_settlement(han, fu, dealer=dealer, tsumo=True, yakuman=yakuman)
        steps.append(step("tsumo_loss", tsumo_loss=rules.tsumo_loss, four_player_total=four.total,
                          sanma_total_before_honba=sum(a for _, a in settle_win(rules, han, fu, dealer, True, yakuman).payers)))
    return s, steps


def _sticks_text(sticks: int) -> str:
    return ngettext("{n} riichi stick on the table", "{n} riichi sticks on the table", sticks).format(n=sticks)


def pick_case(rng: random.Random, difficulty: int) -> tuple[bool, bool, str]:
    """(tsumo, dealer, limit) for a payment concept; every combination is reachable at every difficulty."""
    tsumo = rng.random() < (0.6 if difficulty == 1 else 0.5)
    dealer = rng.random() < 0.4
    limit = rng.choice(LIMIT_CASES) if rng.random() < (0.4 if difficulty == 1 else 0.7) else ""
    return tsumo, dealer, limit


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    if difficulty >= 2 and rng.random() < 0.25:
        return _tsumo_loss_question(rules, rng, difficulty)
    if difficulty == 3 and rng.random() < 0.5:
        return _hand_question(rules, rng)
    tsumo, dealer, limit = pick_case(rng, difficulty)
    han, fu, yakuman = _value_for(limit, tsumo, rules, rng)
    honba = rng.choice((0, 0, 1, 2)) if difficulty == 1 else rng.choice((0, 1, 2, 3, 4))
    sticks = 0 if difficulty == 1 else rng.choice((0, 0, 1, 2))
    s, steps = _settlement_steps(rules, han, fu, dealer, tsumo, yakuman, honba, sticks)
    answer = {**s.payments, "total": s.total}
    how = "tsumo" if tsumo else "ron"
    prompt = gettext("{win} with {value}").format(win=role_win_text(dealer, tsumo), value=_value_text(han, fu, yakuman))
    extras = []
    if honba:
        extras.append(gettext("{n} honba").format(n=honba))
    if sticks:
        extras.append(_sticks_text(sticks))
    if extras:
        prompt += " (" + ", ".join(extras) + ")"
    prompt += ". " + gettext(_ASK)
    return Draft(
        concept=f"payment.{how}.{'dealer' if dealer else 'non_dealer'}",
        prompt=prompt,
        data={"han": han, "fu": fu, "yakuman": yakuman, "dealer": dealer, "tsumo": tsumo, "honba": honba,
              "sticks": sticks, "limit": s.limit, "limit_name": LIMIT_NAMES[s.limit]},
        answer_kind="numbers",
        answer={"numbers": answer},
        number_fields=_fields(s.payments),
        explanation=tuple(steps) + (step("payments", **s.payments, total=s.total),),
    )


def _tsumo_loss_question(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    dealer = rng.random() < 0.4
    limit = rng.choice(("", "", "mangan", "haneman"))
    han, fu, yakuman = _value_for(limit, None, rules, rng)
    ron = settle_win(rules, han, fu, dealer=dealer, tsumo=False, yakuman=yakuman)
    tsumo, steps = _settlement_steps(rules, han, fu, dealer, True, yakuman, 0, 0)
    ask = (N_("The dealer wins with {value}. How much does the winner gain by ron, and how much by tsumo?") if dealer
           else N_("The non-dealer wins with {value}. How much does the winner gain by ron, and how much by tsumo?"))
    return Draft(
        concept="payment.tsumo_loss",
        prompt=gettext(ask).format(value=_value_text(han, fu, yakuman)),
        data={"han": han, "fu": fu, "yakuman": yakuman, "dealer": dealer, "honba": 0, "sticks": 0, "limit": ron.limit,
              "limit_name": LIMIT_NAMES[ron.limit]},
        answer_kind="numbers",
        answer={"numbers": {"ron_total": ron.total, "tsumo_total": tsumo.total}},
        number_fields=(("ron_total", gettext("Gain by ron")), ("tsumo_total", gettext("Gain by tsumo"))),
        explanation=(step("ron", lines=list(ron.steps), total=ron.total), *steps,
                     step("compare", ron_total=ron.total, tsumo_total=tsumo.total, difference=ron.total - tsumo.total)),
    )


def _hand_question(rules: Ruleset, rng: random.Random) -> Draft:
    """Payments of a real winning hand: the value comes from the engine, the question is who pays what."""
    tsumo, dealer, _ = pick_case(rng, 3)
    extras = Extras(tsumo=tsumo, dealer=dealer, honba=rng.choice((0, 1, 2, 3)), sticks=rng.choice((0, 0, 1, 2)), riichi=0.4)

    def accept(r) -> bool:
        return r.win.tsumo == tsumo and (r.win.dealer == dealer)

    target = pick_target(rules, rng, 2)
    if target in ("tenhou", "chiihou", "houtei", "haitei", "rinshan_kaihou", "chankan", "menzen_tsumo", "suuankou"):
        target = "riichi"  # these fix tsumo/ron or the seat themselves
    request, result = winning_hand(rng, rules, target, extras, accept)
    data = prompt_data(request)
    wins = (N_("The dealer wins with {hand} ({situation}; {value}; {honba} honba, {sticks}).") if result.win.dealer
            else N_("The non-dealer wins with {hand} ({situation}; {value}; {honba} honba, {sticks})."))
    return Draft(
        concept=f"payment.{'tsumo' if tsumo else 'ron'}.{'dealer' if dealer else 'non_dealer'}",
        prompt=gettext(wins).format(hand=hand_text(request), situation=data["situation"],
                                    value=_value_text(result.han, result.fu, result.yakuman), honba=request["honba"],
                                    sticks=_sticks_text(request["sticks"])) + " " + gettext(_ASK),
        data={**data, "han": result.han, "fu": result.fu, "yakuman": result.yakuman, "limit": result.limit,
              "dealer": result.win.dealer},
        answer_kind="numbers",
        answer={"numbers": {**result.payments, "total": result.total}},
        number_fields=_fields(result.payments),
        explanation=explanation_steps(result),
        hand_input=request,
    )
