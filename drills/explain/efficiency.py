"""Sentences for the efficiency drill (discards and kita)."""

from __future__ import annotations

from typing import Any

from .common import Renderer, listed, plural, shanten_words


def _kita_rule(s: dict[str, Any]) -> list[str]:
    han = plural(s.get("han", 1), "han")
    if not s.get("legal"):
        return ["No kita here: a North cannot be set aside on the last draw of the live wall (no replacement may be "
                "drawn), so the North is an ordinary tile to keep or discard."]
    if s.get("north_needed"):
        return [f"Kita is legal, but the North is part of the shape: without it the hand is {shanten_words(s['shanten_after_kita'])} "
                f"instead of {shanten_words(s['best_discard_shanten'])}."]
    return [f"Kita: setting the North aside leaves the same shape as discarding it, adds {han} and draws a replacement "
            "tile, and your discard is still to come. Discarding a North you could set aside gives that away."]


def _option(s: dict[str, Any]) -> list[str]:
    what = "Kita" if s["step"] == "kita" else f"Discard {s['tile']}"
    useful = listed(s.get("useful", []))
    verdict = " — the best play." if s.get("best") else "."
    lost = f" It throws away {plural(int(s['han_lost']), 'han')} of dora." if s.get("han_lost") else ""
    return [f"{what}: {shanten_words(s['shanten'])}, {plural(s['count'], 'useful tile')} unseen ({useful}){verdict}{lost}"]


def _without_kita(s: dict[str, Any]) -> list[str]:
    return [f"Where a North cannot be set aside (four-player rules, or the last draw), the North is an ordinary honour "
            f"and the best discard would be {listed(s['tiles'], 'none')} ({shanten_words(s['shanten'])}, "
            f"{plural(s['count'], 'useful tile')})."]


def _order(s: dict[str, Any]) -> list[str]:
    seen = f" (the dora indicator {listed(s['seen'])} is one of the tiles you see)" if s.get("seen") else ""
    dora = f" {listed(s['dora'])} is dora, so discarding it throws away a han." if s.get("dora") else ""
    return [f"Order: the lowest shanten first, then the most useful tiles you cannot see{seen}, then the value "
            f"kept, then the tile order.{dora}"]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "kita_rule": _kita_rule, "kita": _option, "discard": _option, "without_kita": _without_kita, "order": _order,
}
