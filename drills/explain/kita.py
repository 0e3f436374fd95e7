"""Sentences for the kita drill."""

from __future__ import annotations

from typing import Any

from sanma_core.scoring import YAKU

from .common import Renderer, listed, plural, seat_name, shanten_words
from .concepts import yaku_name


def _kita_verdict(s: dict[str, Any]) -> list[str]:
    keep, kita, reason = shanten_words(s["shanten_keep"]), shanten_words(s["shanten_kita"]), s["reason"]
    costs = s["shanten_kita"] > s["shanten_keep"]
    if reason == "free":
        return [f"Set it aside: the hand does not need the North ({keep} either way), and kita adds a han and draws "
                "a replacement tile before your discard."]
    aside = s.get("set_aside")
    if reason == "kokushi":
        if aside:
            return [f"Thirteen orphans is close ({shanten_words(s['form_shanten'])}), but you hold a second North: one "
                    "can go aside and the other still serves thirteen orphans."]
        return [f"Keep it: thirteen orphans is your closest hand ({shanten_words(s['form_shanten'])}), and it needs a North; "
                "setting it aside would take that chance away."]
    if reason == "chiitoitsu":
        if aside:
            return [f"Seven pairs is close ({shanten_words(s['form_shanten'])}) and the North pair is one of its pairs, but "
                    f"the regular shape is as close ({keep}; {kita} without the North). Set it aside: a sure han and "
                    "a replacement draw beat one pair of a tile that makes no yaku."]
        return [f"Keep it: the North pair counts as one of seven pairs ({shanten_words(s['form_shanten'])} for seven "
                "pairs); one han of kita does not pay for breaking it."]
    if reason == "honours":
        piece = f": without it the hand is {kita} instead of {keep}" if costs else ""
        if aside:
            return [f"{s['honours']} honours lean towards an honour hand, and the North pair is one of its pieces"
                    f"{piece}. Set it aside anyway: a North pair only ever waits as a pair and is no yaku, while kita "
                    "is a sure han and a fresh draw."]
        return [f"Keep it: {s['honours']} honours make an honour hand (all triplets, or one suit with honours), and the "
                f"North pair is one of its pieces{piece}."]
    if reason == "shape":
        if s.get("set_aside"):
            return [f"Set it aside even though the shape uses it: the hand is {keep} with the North and {kita} without, "
                    "still far from tenpai. A North pair can only wait as a pair or a two-pair wait and makes no yaku, "
                    "while kita is a sure han and the replacement draw is a fresh chance to rebuild the step."]
        return [f"Keep it: the North is part of the shape and the hand is close: {keep} with it, {kita} without. So "
                "near tenpai the step is worth more than the han."]
    return ["Kita is not allowed here."]


def _real_kita(s: dict[str, Any]) -> list[str]:
    where = "facing a riichi" if s.get("threat") else "in similar positions"
    return [f"Phoenix players set the North aside {where} in {s['share']:.0%} of {s['n']} cases ({s['source']})."]


def _safe_tile(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    ron = ("Under this ruleset nobody may ron a North set aside, so the kita itself is safe"
           if not s["ron_on_kita"] else f"{who} discarded a North, so the kita itself is safe (furiten for them)")
    if not s.get("keep"):
        return [f"{ron}. Set it aside."]
    return [f"You are {shanten_words(s['shanten'])} and folding against {who}'s riichi, and the North is your only safe "
            f"tile. {ron}, but a kita is not a discard: after the replacement draw you must still discard, and the "
            f"safest other tile, {s['safest']}, has danger {s['safest_value']:g}. Discard the North instead (or keep "
            "it for a later turn): it ends this turn safely."]


def _riichi_kita(s: dict[str, Any]) -> list[str]:
    if s["legal"]:
        return [f"In riichi a North you have just drawn may be set aside: it is not one of your waits "
                f"({listed(s['waits'])}), so the waits stay the same and the kita adds a han and a replacement draw."]
    rule = ("in riichi only a North just drawn may be set aside (this ruleset)" if s.get("drawn_only")
            else "setting it aside would change your waits")
    return [f"Not allowed: {rule}. You drew {s['drawn']}, so the North stays in the hand"
            + (" as part of your wait." if s.get("north_in_waits") else ".")]


def _ippatsu(s: dict[str, Any]) -> list[str]:
    if not s.get("before"):
        return []
    if s.get("after") is None:
        return []
    if s["after"]:
        return ["Your ippatsu chance survives the kita here: under this ruleset a kita is not a call."]
    return ["The kita ends your ippatsu chance (under this ruleset it counts as a call, except for a ron on that very "
            "North); the sure han of kita is worth more than the small chance of ippatsu."]


def _first_turn_kita(s: dict[str, Any]) -> list[str]:
    names = listed([yaku_name(y) for y in s.get("yaku", []) if y in YAKU])
    if "tenhou" in s.get("yaku", []):
        return [f"Tenhou: under this ruleset a kita is not a call, so the first go-around is unbroken and the "
                f"replacement tile still counts as the dealer's first draw ({names})."]
    return [f"No tenhou: under this ruleset a kita counts as a call and ends the first go-around, so the win on its "
            f"replacement tile is rinshan kaihou ({names}, {plural(s['han'], 'han')})."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "kita_verdict": _kita_verdict, "real_kita": _real_kita, "safe_tile": _safe_tile, "riichi_kita": _riichi_kita,
    "ippatsu": _ippatsu, "first_turn_kita": _first_turn_kita,
}
