"""Sentences for the push-or-fold drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext, ngettext

from .common import Renderer, figure, listed, percent, seat_name, shanten_words, source_words


def _threat(s: dict[str, Any]) -> list[str]:
    who, pond = seat_name(s["seat"]), listed(s["pond"])
    if s.get("passed"):
        return [gettext("{who}'s riichi: their own discards ({pond}) and the tiles passed since are safe against them; "
                        "after the riichi {passed} passed without a ron.")
                .format(who=who, pond=pond, passed=listed(s["passed"]))]
    return [gettext("{who}'s riichi: their own discards ({pond}) and the tiles passed since are safe against them.")
            .format(who=who, pond=pond)]


_CATEGORY = {"genbutsu": N_("safe (genbutsu)"), "suji": N_("suji"), "kabe": N_("no chance (kabe)"),
             "one_chance": N_("one chance"), "honour": N_("honour or sanma terminal"), "other": N_("not covered")}


_WHY_SAFE = {
    "genbutsu": N_("the riichi player discarded it or let it pass, so they cannot ron it"),
    "suji": N_("every two-sided wait on it is ruled out by tiles the riichi player cannot ron"),
    "kabe": N_("every copy of its neighbours is visible, so no two-sided or closed wait can use it"),
    "one_chance": N_("only one copy of a neighbour is left, so few shapes can still use it"),
    "other": N_("a sequence could wait on it"),
}


def _category(category: str) -> str:
    return gettext(_CATEGORY[category]) if category in _CATEGORY else category


def _danger(s: dict[str, Any]) -> list[str]:
    why = gettext(_WHY_SAFE[s["category"]]) if s["category"] in _WHY_SAFE else s["reason"].split(": ", 1)[-1]
    text = gettext("{tile}: {category}, danger {danger} — {why}.").format(
        tile=s["tile"], category=_category(s["category"]), danger=figure(float(s["value"])), why=why)
    if s.get("best"):
        text += " " + (gettext("The safest that keeps tenpai.") if s.get("keeps_tenpai") else gettext("The safest."))
    return [text]


def _decision(s: dict[str, Any]) -> list[str]:
    tiles = listed(s["tiles"])
    share = s.get("push_share")
    if share is not None and s.get("keep"):
        values = dict(tiles=tiles, share=percent(share), keep=listed(s["keep"]))
        if s["mode"] == "push":
            return [gettext("Push: the decision model puts {share} on the discards that keep tenpai ({keep}); the "
                            "safest of them is {tiles}.").format(**values)]
        return [gettext("Fold: the decision model puts only {share} on the discards that keep tenpai ({keep}); the "
                        "safest tile is {tiles}.").format(**values)]
    if s["mode"] == "push":
        return [gettext("Push, but with the safest discard that keeps tenpai ({tiles}).").format(tiles=tiles)]
    if s.get("weighed"):
        return [gettext("Fold: give up the tenpai and discard the safest tile ({tiles}).").format(tiles=tiles)]
    return [gettext("You are {shanten}, far from winning: fold with the safest tile ({tiles}).")
            .format(shanten=shanten_words(s["shanten"]), tiles=tiles)]


_STATE = {"tenpai good": N_("tenpai on a good wait"), "tenpai poor": N_("tenpai on a poor wait"),
          "1-shanten": N_("1-shanten"), "2+": N_("two or more steps from tenpai")}


def _trade_value(s: dict[str, Any], who: str) -> str:
    live, n = s["live"], s["riichi_kita"]
    wait = (ngettext("Your hand waits on {waits} ({live} live tile, a good wait) and wins about {value} (the engine's "
                     "score of each wait, no riichi).",
                     "Your hand waits on {waits} ({live} live tiles, a good wait) and wins about {value} (the engine's "
                     "score of each wait, no riichi).", live) if s["state"] == "tenpai good" else
            ngettext("Your hand waits on {waits} ({live} live tile, a poor wait) and wins about {value} (the engine's "
                     "score of each wait, no riichi).",
                     "Your hand waits on {waits} ({live} live tiles, a poor wait) and wins about {value} (the engine's "
                     "score of each wait, no riichi).", live))
    if s["dealer"]:
        cost = (ngettext("{who} has set {n} North aside: in real play a ron of the dealer's riichi with that many "
                         "Norths cost {cost} on average.",
                         "{who} has set {n} Norths aside: in real play a ron of the dealer's riichi with that many "
                         "Norths cost {cost} on average.", n) if n else
                gettext("{who} has set no North aside: in real play a ron of the dealer's riichi with that many Norths "
                        "cost {cost} on average."))
    else:
        cost = (ngettext("{who} has set {n} North aside: in real play a ron of a non-dealer's riichi with that many "
                         "Norths cost {cost} on average.",
                         "{who} has set {n} Norths aside: in real play a ron of a non-dealer's riichi with that many "
                         "Norths cost {cost} on average.", n) if n else
                gettext("{who} has set no North aside: in real play a ron of a non-dealer's riichi with that many "
                        "Norths cost {cost} on average."))
    return (wait.format(waits=listed(s["waits"]), live=live, value=figure(s["value"])) + " "
            + cost.format(who=who, n=n, cost=figure(s["cost"])))


def _trade(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    p, f = s["push"], s["fold"]
    state = gettext(_STATE[s["state"]]) if s["state"] in _STATE else s["state"]
    rates = (gettext("In real play ({source}), of {n_push} players {state} against the dealer's riichi who pushed, "
                     "{push_win} won the hand and {push_deal} dealt in to it; of {n_fold} who folded, {fold_win} won "
                     "and {fold_deal} dealt in.") if s["dealer"] else
             gettext("In real play ({source}), of {n_push} players {state} against a non-dealer's riichi who pushed, "
                     "{push_win} won the hand and {push_deal} dealt in to it; of {n_fold} who folded, {fold_win} won "
                     "and {fold_deal} dealt in."))
    values = dict(value=figure(s["value"]), cost=figure(s["cost"]), push_win=percent(p["win"]),
                  push_deal=percent(p["deal_in"]), fold_win=percent(f["win"]), fold_deal=percent(f["deal_in"]),
                  push_ev=figure(p["ev"]), fold_ev=figure(f["ev"]))
    sums = (gettext("Push: {push_win} × {value} − {push_deal} × {cost} = {push_ev}; fold: {fold_win} × {value} − "
                    "{fold_deal} × {cost} = {fold_ev}. Push is worth more.") if p["ev"] > f["ev"] else
            gettext("Push: {push_win} × {value} − {push_deal} × {cost} = {push_ev}; fold: {fold_win} × {value} − "
                    "{fold_deal} × {cost} = {fold_ev}. Fold is worth more."))
    return [_trade_value(s, who),
            rates.format(source=source_words(s["source"]), n_push=p["rate"]["n"], state=state, n_fold=f["rate"]["n"], **values),
            sums.format(**values)]


def _north_rule(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    if not s["ron_on_kita"]:
        return [gettext("Safe: under this ruleset nobody may ron a North set aside, so kita is free even against a "
                        "riichi.")]
    if s["safe"]:
        return [gettext("Safe: a North set aside can be ronned under this ruleset, but {who} discarded a North, so a "
                        "ron on North is furiten for them.").format(who=who)]
    return [gettext("Dangerous: under this ruleset a North set aside can be ronned like a discard, so kita is as "
                    "dangerous as discarding the North ({category}, danger {danger}).")
            .format(category=_category(s["category"]), danger=figure(float(s["value"])))]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "threat": _threat, "danger": _danger, "decision": _decision, "trade": _trade, "north_rule": _north_rule,
}
