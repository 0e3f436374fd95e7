"""Sentences for the waits and furiten drills."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext, ngettext

from .common import WAIT_NAMES, Renderer, listed, seat_name, wait_name


def _waits_head(s: dict[str, Any]) -> str:
    waits = listed(s.get("waits", []))
    shape = wait_name(s["shape"]) if s.get("shape", "") in WAIT_NAMES else ""
    if "live_tiles" in s:
        n = s["live_tiles"]
        text = (ngettext("The hand waits on {waits}, a {shape}: {n} copy not in your hand, melds or kita.",
                         "The hand waits on {waits}, a {shape}: {n} copies not in your hand, melds or kita.", n)
                if shape else
                ngettext("The hand waits on {waits}: {n} copy not in your hand, melds or kita.",
                         "The hand waits on {waits}: {n} copies not in your hand, melds or kita.", n))
        return text.format(waits=waits, shape=shape, n=n)
    text = gettext("The hand waits on {waits}, a {shape}.") if shape else gettext("The hand waits on {waits}.")
    return text.format(waits=waits, shape=shape)


def _waits(s: dict[str, Any]) -> list[str]:
    out = [_waits_head(s)]
    for sp in s.get("splits", []):
        if sp["form"] == "regular":
            out.append(gettext("With {wait}: {sets} and the pair {pair}.")
                       .format(wait=sp["wait"], sets=" ".join(sp["sets"]), pair=sp["pair"]))
        elif sp["form"] == "chiitoitsu":
            out.append(gettext("With {wait}: seven pairs {pairs}.").format(wait=sp["wait"], pairs=" ".join(sp["pairs"])))
        else:
            out.append(gettext("With {wait}: one of each terminal and honour, the pair {pair}.")
                       .format(wait=sp["wait"], pair=sp["pair"]))
    if s.get("kita"):
        out.append(ngettext("The {n} North set aside stay out of the hand: the waits come from the tiles in it.",
                            "The {n} Norths set aside stay out of the hand: the waits come from the tiles in it.",
                            s["kita"]).format(n=s["kita"]))
    return out


def _furiten_text(reason: str, s: dict[str, Any]) -> str | None:
    hit = s.get("discarded_waits", [])
    passed = s.get("passed") or gettext("a wait")
    if reason == "own_discard":
        return gettext("Furiten: you discarded {tiles}, one of your waits, so you may not ron on any wait; a tsumo is "
                       "still allowed.").format(tiles=listed(hit or [s.get("early_discard", "")]))
    if reason == "no_wait_discarded":
        if s.get("early_discard"):
            return gettext("Not furiten: none of your waits is among your discards ({tile} only looks close to "
                           "them).").format(tile=s["early_discard"])
        return gettext("Not furiten: none of your waits is among your discards.")
    texts = {
        "passed_ron": gettext("Furiten for now: you let a ron on {tile} pass, so no ron until your next discard."),
        "cleared_by_discard": gettext("Not furiten: you let {tile} pass, but your own discard since then ended that "
                                      "furiten."),
        "riichi_passed": gettext("Furiten: in riichi, letting a ron on {tile} pass is furiten for the rest of the hand, "
                                 "whatever you discard later."),
        "kita_not_discard": gettext("Not furiten: a North you set aside (kita) is not a discard, so it never makes you "
                                    "furiten."),
        "kita_declined": gettext("Furiten for now: a North another player sets aside can be ronned under this ruleset, "
                                 "so letting it pass is like letting a discard pass: no ron until your next discard."),
        "no_ron_on_kita": gettext("Not furiten: under this ruleset nobody can ron a North set aside, so letting it go "
                                  "is not furiten."),
    }
    return texts[reason].format(tile=passed) if reason in texts else None


def _furiten(s: dict[str, Any]) -> list[str]:
    text = _furiten_text(s.get("reason", ""), s)
    if text is None:
        text = gettext("Furiten.") if s.get("furiten") else gettext("Not furiten.")
    return [text]


def _ron_now(s: dict[str, Any]) -> list[str]:
    who = seat_name(s.get("by", ""))
    if s.get("furiten"):
        return [gettext("So {who}'s {tile} cannot be ronned now.").format(who=who, tile=s["tile"])]
    if s.get("can_ron"):
        return [gettext("So you may ron {who}'s {tile} (your dragon triplet is the yaku).").format(who=who, tile=s["tile"])]
    return [gettext("{who}'s {tile} is not a wait you can ron now.").format(who=who, tile=s["tile"])]


def _four_copies(s: dict[str, Any]) -> list[str]:
    return [gettext("You hold all four {tiles}: no copy is left to draw, so the shape cannot wait on it.")
            .format(tiles=listed(s.get("tiles", [])))]


def _all_copies_yours(s: dict[str, Any]) -> list[str]:
    where = [gettext("{n} in the hand").format(n=s["in_hand"])]
    if s.get("in_melds"):
        where.append(gettext("{n} in melds").format(n=s["in_melds"]))
    if s.get("kita"):
        where.append(gettext("{n} set aside as kita").format(n=s["kita"]))
    return [gettext("{tile} is no wait even though the shape needs it: all four are yours ({where}).")
            .format(tile=s["tile"], where=listed(where))]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "waits": _waits, "furiten": _furiten, "ron_now": _ron_now, "four_copies": _four_copies,
    "all_copies_yours": _all_copies_yours,
}
