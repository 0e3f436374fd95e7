"""Sentences for the efficiency drill (discards and kita)."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext, ngettext

from .common import Renderer, listed, shanten_words


def _kita_rule(s: dict[str, Any]) -> list[str]:
    if not s.get("legal"):
        return [gettext("No kita here: a North cannot be set aside on the last draw of the live wall (no replacement "
                        "may be drawn), so the North is an ordinary tile to keep or discard.")]
    if s.get("north_needed"):
        return [gettext("Kita is legal, but the North is part of the shape: without it the hand is {after} instead of "
                        "{best}.").format(after=shanten_words(s["shanten_after_kita"]),
                                          best=shanten_words(s["best_discard_shanten"]))]
    n = s.get("han", 1)
    return [ngettext("Kita: setting the North aside leaves the same shape as discarding it, adds {n} han and draws a "
                     "replacement tile, and your discard is still to come. Discarding a North you could set aside "
                     "gives that away.",
                     "Kita: setting the North aside leaves the same shape as discarding it, adds {n} han and draws a "
                     "replacement tile, and your discard is still to come. Discarding a North you could set aside "
                     "gives that away.", n).format(n=n)]


def _option(s: dict[str, Any]) -> list[str]:
    what = gettext("Kita") if s["step"] == "kita" else gettext("Discard {tile}").format(tile=s["tile"])
    n = s["count"]
    text = (ngettext("{what}: {shanten}, {n} useful tile unseen ({useful}) — the best play.",
                     "{what}: {shanten}, {n} useful tiles unseen ({useful}) — the best play.", n) if s.get("best") else
            ngettext("{what}: {shanten}, {n} useful tile unseen ({useful}).",
                     "{what}: {shanten}, {n} useful tiles unseen ({useful}).", n))
    out = text.format(what=what, shanten=shanten_words(s["shanten"]), n=n, useful=listed(s.get("useful", [])))
    if s.get("han_lost"):
        lost = int(s["han_lost"])
        out += " " + ngettext("It throws away {n} han of dora.", "It throws away {n} han of dora.", lost).format(n=lost)
    return [out]


def _without_kita(s: dict[str, Any]) -> list[str]:
    n = s["count"]
    return [ngettext("Where a North cannot be set aside (four-player rules, or the last draw), the North is an ordinary "
                     "honour and the best discard would be {tiles} ({shanten}, {n} useful tile).",
                     "Where a North cannot be set aside (four-player rules, or the last draw), the North is an ordinary "
                     "honour and the best discard would be {tiles} ({shanten}, {n} useful tiles).", n)
            .format(tiles=listed(s["tiles"]), shanten=shanten_words(s["shanten"]), n=n)]


def _order(s: dict[str, Any]) -> list[str]:
    if s.get("counting"):
        out = gettext("Counting tiles ranks the discards by shanten, then by the useful tiles you cannot see; strong "
                      "players also weigh what each discard keeps in value (yaku, dora, red fives) and what the table "
                      "shows, which the decision model below puts into figures.")
        if s.get("dora"):
            out += " " + gettext("{dora} is dora, so discarding it throws away a han.").format(dora=listed(s["dora"]))
        return [out]
    if s.get("seen"):
        text = gettext("Order: the lowest shanten first, then the most useful tiles you cannot see (the dora indicator "
                       "{seen} is one of the tiles you see), then the value kept, then the tile order.")
    else:
        text = gettext("Order: the lowest shanten first, then the most useful tiles you cannot see, then the value "
                       "kept, then the tile order.")
    out = text.format(seen=listed(s.get("seen", [])))
    if s.get("dora"):
        out += " " + gettext("{dora} is dora, so discarding it throws away a han.").format(dora=listed(s["dora"]))
    return [out]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "kita_rule": _kita_rule, "kita": _option, "discard": _option, "without_kita": _without_kita, "order": _order,
}
