"""Sentences for the dora-indicator drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer


def _indicator(s: dict[str, Any]) -> list[str]:
    ind, dora = s["indicator"], s["dora"]
    kind = s.get("indicator_kind", ind)
    why = {
        "1m": "Sanma has no 2m–8m, so 1m points to 9m (and 9m back to 1m).",
        "9m": "Sanma has no 2m–8m, so 9m wraps back to 1m.",
        "9p": "A 9 wraps around to the 1 of its suit.", "9s": "A 9 wraps around to the 1 of its suit.",
        "3z": "Winds go East, South, West, North: West points to North even though nobody sits North.",
        "4z": "After North the winds wrap back to East.",
        "7z": "Dragons go white, green, red and back to white.",
    }.get(kind, "Winds go East, South, West, North; dragons white, green, red." if kind.endswith("z") else "")
    red = " A red five as indicator points like a plain five (the red one itself is not dora by pointing)." if s.get("red") else ""
    return [" ".join(x for x in (f"Indicator {ind}: the dora is the next tile in its order, {dora}.", why, red.strip()) if x)]


def _west_makes_north(s: dict[str, Any]) -> list[str]:
    return ["With North as dora, each North set aside (kita) is worth 2 han: 1 for the kita and 1 as dora."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"indicator": _indicator, "west_makes_north": _west_makes_north}
