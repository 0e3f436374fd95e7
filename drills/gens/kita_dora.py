"""Kita and dora: han from Norths set aside, indicators (1m wraps to 9m, West makes North dora), red fives, ura."""

from __future__ import annotations

import random

from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.rules import Ruleset
from sanma_core.tiles import WEST

from ..base import Draft
from ..hands import Extras, explanation_steps, hand_text, prompt_data, winning_hand

_FIELDS = (("dora", N_("Dora (indicator hits in hand and melds)")), ("aka", N_("Red fives")),
           ("ura", N_("Ura dora (hits in hand and melds)")),
           ("kita", N_("Han from kita (1 per North set aside, +1 per West indicator, dora or ura)")))
_POOLS = {
    1: ["kita_dora.kita", "kita_dora.kita", "kita_dora.red", "kita_dora.wrap_1m"],
    2: ["kita_dora.kita", "kita_dora.west_indicator", "kita_dora.wrap_1m", "kita_dora.red", "kita_dora.ura"],
    3: ["kita_dora.west_indicator", "kita_dora.ura", "kita_dora.kan_dora", "kita_dora.wrap_1m", "kita_dora.ura_west"],
}


def _setup(concept: str, rules: Ruleset, rng: random.Random) -> tuple[str, Extras]:
    """The yaku the hand is built on and the bonus tiles the concept needs."""
    if concept == "kita_dora.kita":
        return "riichi", Extras(kita=rng.choice((1, 2, 3)), reds=0.2, riichi=1.0)
    if concept == "kita_dora.west_indicator":
        return "riichi", Extras(kita=rng.choice((1, 2)), dora_kinds=(WEST,), reds=0.3)
    if concept == "kita_dora.wrap_1m":
        # an indicator 1m makes 9m dora (and 9m makes 1m): the hand holds the character it points to
        return rng.choice(("junchan", "chanta", "honroutou", "sanshoku_doukou")), Extras(dora_kinds=(rng.choice((0, 8)),), reds=0.3)
    if concept == "kita_dora.red":
        return rng.choice(("tanyao", "pinfu", "riichi")), Extras(reds=1.0, kita=0)
    if concept == "kita_dora.ura":
        return "riichi", Extras(reds=0.4)
    if concept == "kita_dora.ura_west":
        return "riichi", Extras(kita=rng.choice((1, 2)), ura_kinds=(WEST,), reds=0.3)
    return rng.choice(("sankantsu", "rinshan_kaihou", "seat_wind")), Extras(reds=0.4)


def _shows(concept: str, rules: Ruleset):
    def accept(r) -> bool:
        if r.yakuman:
            return False
        if concept in ("kita_dora.kita", "kita_dora.west_indicator", "kita_dora.ura_west"):
            return r.kita > 0
        if concept == "kita_dora.wrap_1m":
            return r.dora > 0
        if concept == "kita_dora.red":
            return r.aka > 0 or not (rules.red_five_p or rules.red_five_s)
        if concept == "kita_dora.ura":
            return r.ura > 0 or not rules.ura_dora
        return len(r.win.dora) > 1 or not rules.kan_dora
    return accept


def generate(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    concept = rng.choice(_POOLS[difficulty])
    target, extras = _setup(concept, rules, rng)
    request, result = winning_hand(rng, rules, target, extras, _shows(concept, rules))
    data = prompt_data(request)
    # every han a North set aside brings is one answer field, ura from a West ura indicator included
    kita_ura = result.explanation["dora"]["kita_detail"]["ura_han"]
    answer = {"dora": result.dora, "aka": result.aka, "ura": result.ura - kita_ura, "kita": result.kita + kita_ura}
    fields = tuple((key, gettext(label)) for key, label in _FIELDS)
    if difficulty == 3:
        answer["han"] = result.han
        fields = (*fields, ("han", gettext("Total han")))
    dora = ngettext("dora indicator {tiles}", "dora indicators {tiles}", len(request["dora"])).format(
        tiles=" ".join(request["dora"]))
    if request["ura"]:
        dora += ", " + ngettext("ura indicator {tiles}", "ura indicators {tiles}", len(request["ura"])).format(
            tiles=" ".join(request["ura"]))
    return Draft(
        concept=concept,
        prompt=gettext("Winning hand {hand} ({situation}), kita {kita}, {indicators}. Count the dora, red fives, "
                       "ura dora and the han the Norths set aside bring.").format(
            hand=hand_text(request), situation=data["situation"], kita=request["kita"], indicators=dora),
        data=data,
        answer_kind="numbers",
        answer={"numbers": answer},
        number_fields=fields,
        explanation=explanation_steps(result),
        hand_input=request,
    )
