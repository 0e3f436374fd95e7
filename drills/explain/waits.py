"""Sentences for the waits and furiten drills."""

from __future__ import annotations

from typing import Any

from .common import WAIT_NAMES, Renderer, listed, plural, seat_name


def _waits(s: dict[str, Any]) -> list[str]:
    waits = s.get("waits", [])
    shape = WAIT_NAMES.get(s.get("shape", ""), "")
    out = [f"The hand waits on {listed(waits)}" + (f", a {shape}" if shape else "")
           + (f": {plural(s['live_tiles'], 'copy', 'copies')} not in your hand, melds or kita." if "live_tiles" in s else ".")]
    for sp in s.get("splits", []):
        if sp["form"] == "regular":
            out.append(f"With {sp['wait']}: {' '.join(sp['sets'])} and the pair {sp['pair']}.")
        elif sp["form"] == "chiitoitsu":
            out.append(f"With {sp['wait']}: seven pairs {' '.join(sp['pairs'])}.")
        else:
            out.append(f"With {sp['wait']}: one of each terminal and honour, the pair {sp['pair']}.")
    if s.get("kita"):
        out.append(f"The {plural(s['kita'], 'North')} set aside stay out of the hand: the waits come from the tiles in it.")
    return out


def _furiten(s: dict[str, Any]) -> list[str]:
    reason = s.get("reason", "")
    hit = s.get("discarded_waits", [])
    texts = {
        "own_discard": f"Furiten: you discarded {listed(hit or [s.get('early_discard', '')])}, one of your waits, so you "
                       "may not ron on any wait; a tsumo is still allowed.",
        "no_wait_discarded": "Not furiten: none of your waits is among your discards"
                             + (f" ({s['early_discard']} only looks close to them)" if s.get("early_discard") else "") + ".",
        "passed_ron": f"Furiten for now: you let a ron on {s.get('passed', 'a wait')} pass, so no ron until your next "
                      "discard.",
        "cleared_by_discard": f"Not furiten: you let {s.get('passed', 'a wait')} pass, but your own discard since then "
                              "ended that furiten.",
        "riichi_passed": f"Furiten: in riichi, letting a ron on {s.get('passed', 'a wait')} pass is furiten for the rest "
                         "of the hand, whatever you discard later.",
        "kita_not_discard": "Not furiten: a North you set aside (kita) is not a discard, so it never makes you furiten.",
        "kita_declined": "Furiten for now: a North another player sets aside can be ronned under this ruleset, so "
                         "letting it pass is like letting a discard pass: no ron until your next discard.",
        "no_ron_on_kita": "Not furiten: under this ruleset nobody can ron a North set aside, so letting it go is not "
                          "furiten.",
    }
    return [texts.get(reason, "Furiten." if s.get("furiten") else "Not furiten.")]


def _ron_now(s: dict[str, Any]) -> list[str]:
    who = seat_name(s.get("by", ""))
    if s.get("furiten"):
        return [f"So {who}'s {s['tile']} cannot be ronned now."]
    if s.get("can_ron"):
        return [f"So you may ron {who}'s {s['tile']} (your dragon triplet is the yaku)."]
    return [f"{who}'s {s['tile']} is not a wait you can ron now."]


def _four_copies(s: dict[str, Any]) -> list[str]:
    return [f"You hold all four {listed(s.get('tiles', []))}: no copy is left to draw, so the shape cannot wait on it."]


def _all_copies_yours(s: dict[str, Any]) -> list[str]:
    where = [f"{s['in_hand']} in the hand"] + ([f"{s['in_melds']} in melds"] if s.get("in_melds") else []) \
        + ([f"{s['kita']} set aside as kita"] if s.get("kita") else [])
    return [f"{s['tile']} is no wait even though the shape needs it: all four are yours ({listed(where)})."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "waits": _waits, "furiten": _furiten, "ron_now": _ron_now, "four_copies": _four_copies,
    "all_copies_yours": _all_copies_yours,
}
