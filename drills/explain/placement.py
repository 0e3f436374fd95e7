"""Sentences for the placement drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, seat_name, signed


def _rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(signed(u) for u in s.get("uma", []))
    return [f"Placement points: (points − {s['return_points']}) / 1000, plus uma {uma} by rank"
            + (f", plus {s['oka']} oka to first (everyone started with {s['start_points']})." if s.get("oka") else ".")]


def _placement(s: dict[str, Any]) -> list[str]:
    return [f"{seat_name(s['seat'])}, rank {s['rank']} with {s['points']}: " + "; ".join(s.get("lines", [])) + "."]


def _tie_break(s: dict[str, Any]) -> list[str]:
    return ["Equal points rank by seat order from the first dealer, East first."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"rules": _rules, "placement": _placement, "tie_break": _tie_break}
