"""Sentences for the push-or-fold drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, listed, plural, seat_name, shanten_words


def _threat(s: dict[str, Any]) -> list[str]:
    passed = f"; after the riichi {listed(s['passed'])} passed without a ron" if s.get("passed") else ""
    return [f"{seat_name(s['seat'])}'s riichi: their own discards ({listed(s['pond'])}) and the tiles passed since are safe "
            f"against them{passed}."]


_CATEGORY = {"genbutsu": "safe (genbutsu)", "suji": "suji", "kabe": "no chance (kabe)", "one_chance": "one chance",
             "honour": "honour or sanma terminal", "other": "not covered"}


_WHY_SAFE = {
    "genbutsu": "the riichi player discarded it or let it pass, so they cannot ron it",
    "suji": "both two-sided waits on it are ruled out by tiles the riichi player cannot ron",
    "kabe": "every copy of its neighbours is visible, so no two-sided or closed wait can use it",
    "one_chance": "only one copy of a neighbour is left, so few shapes can still use it",
    "other": "a sequence could wait on it",
}


def _danger(s: dict[str, Any]) -> list[str]:
    why = _WHY_SAFE.get(s["category"]) or s["reason"].split(": ", 1)[-1]
    best = (" The safest that keeps tenpai." if s.get("keeps_tenpai") else " The safest.") if s.get("best") else ""
    return [f"{s['tile']}: {_CATEGORY.get(s['category'], s['category'])}, danger {s['value']:g} — {why}.{best}"]


def _decision(s: dict[str, Any]) -> list[str]:
    if s["mode"] == "push":
        return [f"Push, but with the safest discard that keeps tenpai ({listed(s['tiles'])})."]
    if s.get("weighed"):
        return [f"Fold: give up the tenpai and discard the safest tile ({listed(s['tiles'])})."]
    return [f"You are {shanten_words(s['shanten'])}, far from winning: fold with the safest tile ({listed(s['tiles'])})."]


_STATE = {"tenpai good": "tenpai on a good wait", "tenpai poor": "tenpai on a poor wait", "1-shanten": "1-shanten",
          "2+": "two or more steps from tenpai"}


def _trade(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    against = "the dealer's riichi" if s["dealer"] else "a non-dealer's riichi"
    norths = plural(s["riichi_kita"], "North") if s["riichi_kita"] else "no North"
    p, f = s["push"], s["fold"]
    better = "Push" if p["ev"] > f["ev"] else "Fold"
    return [f"Your hand waits on {listed(s['waits'])} ({plural(s['live'], 'live tile')}, a "
            f"{'good' if s['state'] == 'tenpai good' else 'poor'} wait) and wins about {s['value']} (the engine's "
            f"score of each wait, no riichi). {who} has set {norths} aside: in real play a ron of {against} with "
            f"that many Norths cost {s['cost']} on average.",
            f"In real play ({s['source']}), of {p['rate']['n']} players {_STATE.get(s['state'], s['state'])} against "
            f"{against} who pushed, {p['win']:.0%} won the hand and {p['deal_in']:.0%} dealt in to it; of "
            f"{f['rate']['n']} who folded, {f['win']:.0%} won and {f['deal_in']:.0%} dealt in.",
            f"Push: {p['win']:.0%} × {s['value']} − {p['deal_in']:.0%} × {s['cost']} = {p['ev']}; fold: "
            f"{f['win']:.0%} × {s['value']} − {f['deal_in']:.0%} × {s['cost']} = {f['ev']}. {better} is worth more."]


def _north_rule(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    if not s["ron_on_kita"]:
        return ["Safe: under this ruleset nobody may ron a North set aside, so kita is free even against a riichi."]
    if s["safe"]:
        return [f"Safe: a North set aside can be ronned under this ruleset, but {who} discarded a North, so a ron on "
                "North is furiten for them."]
    return [f"Dangerous: under this ruleset a North set aside can be ronned like a discard, so kita is as dangerous as "
            f"discarding the North ({_CATEGORY.get(s['category'], s['category'])}, danger {s['value']:g})."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "threat": _threat, "danger": _danger, "decision": _decision, "trade": _trade, "north_rule": _north_rule,
}
