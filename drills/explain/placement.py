"""Sentences for the placement drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext

from .common import Renderer, figure, seat_name, signed


def _rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(signed(u) for u in s.get("uma", []))
    if s.get("oka"):
        return [gettext("Placement points: (points − {ret}) / 1000, plus uma {uma} by rank, plus {oka} oka to first "
                        "(everyone started with {start}).")
                .format(ret=figure(s["return_points"]), uma=uma, oka=figure(s["oka"]), start=figure(s["start_points"]))]
    return [gettext("Placement points: (points − {ret}) / 1000, plus uma {uma} by rank.")
            .format(ret=figure(s["return_points"]), uma=uma)]


def _placement(s: dict[str, Any]) -> list[str]:
    return [gettext("{seat}, rank {rank} with {points}: {lines}.").format(
        seat=seat_name(s["seat"]), rank=s["rank"], points=figure(s["points"]), lines="; ".join(s.get("lines", [])))]


def _tie_break(s: dict[str, Any]) -> list[str]:
    return [gettext("Equal points rank by seat order from the first dealer, East first.")]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"rules": _rules, "placement": _placement, "tie_break": _tie_break}
