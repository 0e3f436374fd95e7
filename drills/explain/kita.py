"""Sentences for the kita drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext, ngettext
from sanma_core.scoring import YAKU

from .common import Renderer, figure, listed, percent, seat_name, shanten_words, source_words
from .concepts import yaku_name


def _kokushi(s: dict[str, Any], form: str) -> str:
    if s.get("set_aside"):
        return gettext("Thirteen orphans is close ({form}), but you hold a second North: one can go aside and the "
                       "other still serves thirteen orphans.").format(form=form)
    return gettext("Keep it: thirteen orphans is your closest hand ({form}), and it needs a North; setting it aside "
                   "would take that chance away.").format(form=form)


def _chiitoitsu(s: dict[str, Any], form: str, keep: str, kita: str) -> str:
    if s.get("set_aside"):
        return gettext("Seven pairs is close ({form}) and the North pair is one of its pairs, but the regular shape is "
                       "as close ({keep}; {kita} without the North). Set it aside: a sure han and a replacement draw "
                       "beat one pair of a tile that makes no yaku.").format(form=form, keep=keep, kita=kita)
    return gettext("Keep it: the North pair counts as one of seven pairs ({form} for seven pairs); one han of kita "
                   "does not pay for breaking it.").format(form=form)


def _honours(s: dict[str, Any], keep: str, kita: str, costs: bool) -> str:
    n = s["honours"]
    if s.get("set_aside"):
        text = (gettext("{n} honours lean towards an honour hand, and the North pair is one of its pieces: without it "
                        "the hand is {kita} instead of {keep}. Set it aside anyway: a North pair only ever waits as a "
                        "pair and is no yaku, while kita is a sure han and a fresh draw.") if costs else
                gettext("{n} honours lean towards an honour hand, and the North pair is one of its pieces. Set it "
                        "aside anyway: a North pair only ever waits as a pair and is no yaku, while kita is a sure han "
                        "and a fresh draw."))
    else:
        text = (gettext("Keep it: {n} honours make an honour hand (all triplets, or one suit with honours), and the "
                        "North pair is one of its pieces: without it the hand is {kita} instead of {keep}.") if costs else
                gettext("Keep it: {n} honours make an honour hand (all triplets, or one suit with honours), and the "
                        "North pair is one of its pieces."))
    return text.format(n=n, keep=keep, kita=kita)


def _shape(s: dict[str, Any], keep: str, kita: str) -> str:
    if s.get("set_aside") and s["shanten_keep"] <= 1:
        return gettext("Set it aside even though the shape uses it: the hand is {keep} with the North and {kita} "
                       "without. A North pair can only wait as a pair or a two-pair wait and makes no yaku, while kita "
                       "is a sure han and a replacement draw.").format(keep=keep, kita=kita)
    if s.get("set_aside"):
        return gettext("Set it aside even though the shape uses it: the hand is {keep} with the North and {kita} "
                       "without, still far from tenpai. A North pair can only wait as a pair or a two-pair wait and "
                       "makes no yaku, while kita is a sure han and the replacement draw is a fresh chance to rebuild "
                       "the step.").format(keep=keep, kita=kita)
    if s["shanten_keep"] > 1:
        return gettext("Keep it: the North is part of the shape: {keep} with it, {kita} without. Setting it aside "
                        "costs a step the han does not pay for here.").format(keep=keep, kita=kita)
    return gettext("Keep it: the North is part of the shape and the hand is close: {keep} with it, {kita} without. So "
                   "near tenpai the step is worth more than the han.").format(keep=keep, kita=kita)


def _kita_verdict(s: dict[str, Any]) -> list[str]:
    keep, kita, reason = shanten_words(s["shanten_keep"]), shanten_words(s["shanten_kita"]), s["reason"]
    form = shanten_words(s["form_shanten"]) if s.get("form_shanten") is not None else ""
    if reason == "free":
        return [gettext("Set it aside: the hand does not need the North ({keep} either way), and kita adds a han and "
                        "draws a replacement tile before your discard.").format(keep=keep)]
    if reason == "kokushi":
        return [_kokushi(s, form)]
    if reason == "chiitoitsu":
        return [_chiitoitsu(s, form, keep, kita)]
    if reason == "honours":
        return [_honours(s, keep, kita, s["shanten_kita"] > s["shanten_keep"])]
    if reason == "shape":
        return [_shape(s, keep, kita)]
    return [gettext("Kita is not allowed here.")]


def _real_kita(s: dict[str, Any]) -> list[str]:
    text = (gettext("Phoenix players set the North aside facing a riichi in {share} of {n} cases ({source}).")
            if s.get("threat") else
            gettext("Phoenix players set the North aside in similar positions in {share} of {n} cases ({source})."))
    return [text.format(share=percent(s["share"]), n=s["n"], source=source_words(s["source"]))]


def _safe_tile(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["seat"])
    ron = (gettext("Under this ruleset nobody may ron a North set aside, so the kita itself is safe")
           if not s["ron_on_kita"] else
           gettext("{who} discarded a North, so the kita itself is safe (furiten for them)").format(who=who))
    if not s.get("keep"):
        return [gettext("{ron}. Set it aside.").format(ron=ron)]
    return [gettext("You are {shanten} and folding against {who}'s riichi, and the North is your only safe tile. {ron}, "
                    "but a kita is not a discard: after the replacement draw you must still discard, and the safest "
                    "other tile, {safest}, has danger {danger}. Discard the North instead (or keep it for a later "
                    "turn): it ends this turn safely.")
            .format(shanten=shanten_words(s["shanten"]), who=who, ron=ron, safest=s["safest"],
                    danger=figure(float(s["safest_value"])))]


def _riichi_kita(s: dict[str, Any]) -> list[str]:
    if s["legal"]:
        return [gettext("In riichi a North you have just drawn may be set aside: it is not one of your waits ({waits}), "
                        "so the waits stay the same and the kita adds a han and a replacement draw.")
                .format(waits=listed(s["waits"]))]
    rule = (gettext("in riichi only a North just drawn may be set aside (this ruleset)") if s.get("drawn_only")
            else gettext("setting it aside would change your waits"))
    text = (gettext("Not allowed: {rule}. You drew {drawn}, so the North stays in the hand as part of your wait.")
            if s.get("north_in_waits") else
            gettext("Not allowed: {rule}. You drew {drawn}, so the North stays in the hand."))
    return [text.format(rule=rule, drawn=s["drawn"])]


def _ippatsu(s: dict[str, Any]) -> list[str]:
    if not s.get("before") or s.get("after") is None:
        return []
    if s["after"]:
        return [gettext("Your ippatsu chance survives the kita here: under this ruleset a kita is not a call.")]
    return [gettext("The kita ends your ippatsu chance (under this ruleset it counts as a call, except for a ron on "
                    "that very North); the sure han of kita is worth more than the small chance of ippatsu.")]


def _first_turn_kita(s: dict[str, Any]) -> list[str]:
    names = listed([yaku_name(y) for y in s.get("yaku", []) if y in YAKU])
    if "tenhou" in s.get("yaku", []):
        return [gettext("Tenhou: under this ruleset a kita is not a call, so the first go-around is unbroken and the "
                        "replacement tile still counts as the dealer's first draw ({names}).").format(names=names)]
    n = s["han"]
    return [ngettext("No tenhou: under this ruleset a kita counts as a call and ends the first go-around, so the win on "
                     "its replacement tile is rinshan kaihou ({names}, {n} han).",
                     "No tenhou: under this ruleset a kita counts as a call and ends the first go-around, so the win on "
                     "its replacement tile is rinshan kaihou ({names}, {n} han).", n).format(names=names, n=n)]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "kita_verdict": _kita_verdict, "real_kita": _real_kita, "safe_tile": _safe_tile, "riichi_kita": _riichi_kita,
    "ippatsu": _ippatsu, "first_turn_kita": _first_turn_kita,
}
