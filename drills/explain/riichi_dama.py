"""Sentences for the riichi-or-dama drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, plural


def _wait_values(s: dict[str, Any]) -> list[str]:
    out = []
    for r in s.get("rows", []):
        ron = f"ron {r['ron_dama']}" if r["ron_dama"] else "no ron (no yaku without riichi)"
        out.append(f"On {r['wait']}: dama {ron}, tsumo {r['tsumo_dama']}; riichi ron {r['ron_riichi']}, "
                   f"tsumo {r['tsumo_riichi']}.")
    if s.get("tsumo_loss"):
        out.append("Under tsumo loss a tsumo brings less than a ron of the same hand, so the ron chance counts for more.")
    return out


def _bucket_words(key: str) -> str:
    """``"riichi|3-4|7-10"`` → ``"3-4 live winning tiles, turns 7-10"`` (a ``*`` part is left out)."""
    parts = key.split("|")[1:]
    words = []
    if parts and parts[0] != "*":
        words.append(f"{parts[0]} live winning tiles")
    if len(parts) > 1 and parts[1] != "*":
        words.append(f"turn {parts[1]}")
    return ", ".join(words) or "any wait and turn"


def _win_chance(s: dict[str, Any]) -> list[str]:
    d, r = s["dama"], s["riichi"]
    out = [f"You have {plural(s['live'], 'live winning tile')} on turn {s['turn']}. In real play "
           f"({s.get('source', 'real games')}), of {d['rate']['n']} first closed tenpai hands like this "
           f"({_bucket_words(d['rate']['key'])}) that stayed dama, {d['rate']['counts'].get('win', 0) / d['rate']['n']:.0%} "
           f"won and {d['p_deal_in']:.0%} dealt in; of {r['rate']['n']} that declared riichi "
           f"({_bucket_words(r['rate']['key'])}), {r['p_tsumo'] + r['p_ron']:.0%} won "
           f"({r['p_tsumo']:.0%} by tsumo) and {r['p_deal_in']:.0%} dealt in."]
    if not s["ron_live"]:
        out.append(f"Dama has no yaku for a ron, so it can only win by tsumo: about {d['p_tsumo']:.0%} here.")
    elif s["ron_live"] < s["live"]:
        out.append(f"Dama has no yaku for a ron on some of its waits, so only {s['ron_live']} of the {s['live']} live "
                   f"tiles win by ron: dama wins about {d['p_tsumo'] + d['p_ron']:.0%} here.")
    return out


def _expected_value(s: dict[str, Any]) -> list[str]:
    better = "Riichi" if s["answer"] == "riichi" else "Dama"
    cost = f" A deal-in cost those players {s['deal_in_cost']} on average." if s.get("deal_in_cost") else ""
    return [f"Expected gain: riichi {s['riichi']} (a riichi that does not win loses its 1000 stick), dama {s['dama']}, "
            f"each after the deal-ins.{cost} {better} is worth more."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "wait_values": _wait_values, "win_chance": _win_chance, "expected_value": _expected_value,
}
