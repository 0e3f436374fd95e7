"""Sentences for the all-last drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, signed


def _all_last_rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(signed(u) for u in s.get("uma", []))
    oka = f", plus {s['oka']} oka to first" if s.get("oka") else ""
    return [f"At the end, placement points are (points − {s['return_points']}) / 1000 plus uma {uma} by rank{oka}: "
            "the rank is worth far more than a few thousand points."]


def _all_last_values(s: dict[str, Any]) -> list[str]:
    return [f"The hand wins {s['dama']} by ron dama and {s['riichi']} with riichi (the engine's mean over the waits); "
            f"by tsumo the dealer pays {s['dama_tsumo']['dealer']} dama or {s['riichi_tsumo']['dealer']} with riichi, "
            f"the other non-dealer {s['dama_tsumo']['non_dealer']} or {s['riichi_tsumo']['non_dealer']}."]


def _all_last_outcomes(s: dict[str, Any]) -> list[str]:
    rows = "; ".join(f"{r['outcome']} {r['chance']:.0%} → {r['score']:+g}" for r in s["rows"] if r["chance"] > 0)
    what = "Riichi" if s["choice"] == "riichi" else "Dama"
    rate = s["rate"]
    return [f"{what}: real first closed tenpai hands that {'declared riichi' if s['choice'] == 'riichi' else 'stayed dama'} "
            f"({rate['n']} of them, {s['source']}) won {rate['counts'].get('win', 0) / rate['n']:.0%} and dealt in "
            f"{rate['counts'].get('deal_in', 0) / rate['n']:.0%}, paying {s['cost']} on average. Your placement points "
            f"by outcome: {rows}. Expected: {s['expected']:+g}."]


def _all_last_choice(s: dict[str, Any]) -> list[str]:
    better = "Riichi" if s["answer"] == "riichi" else "Dama"
    return [f"{better} is worth more in placement points ({s['riichi']:+g} riichi against {s['dama']:+g} dama)."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "all_last_rules": _all_last_rules, "all_last_values": _all_last_values, "all_last_outcomes": _all_last_outcomes,
    "all_last_choice": _all_last_choice,
}
