"""Sentences for the dora-indicator drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext

from .common import Renderer

_WHY = {
    "1m": N_("Sanma has no 2m–8m, so 1m points to 9m (and 9m back to 1m)."),
    "9m": N_("Sanma has no 2m–8m, so 9m wraps back to 1m."),
    "9p": N_("A 9 wraps around to the 1 of its suit."), "9s": N_("A 9 wraps around to the 1 of its suit."),
    "3z": N_("Winds go East, South, West, North: West points to North even though nobody sits North."),
    "4z": N_("After North the winds wrap back to East."),
    "7z": N_("Dragons go white, green, red and back to white."),
}
_HONOURS = N_("Winds go East, South, West, North; dragons white, green, red.")


def _indicator(s: dict[str, Any]) -> list[str]:
    ind, dora = s["indicator"], s["dora"]
    kind = s.get("indicator_kind", ind)
    why = _WHY.get(kind, _HONOURS if kind.endswith("z") else "")
    parts = [gettext("Indicator {indicator}: the dora is the next tile in its order, {dora}.")
             .format(indicator=ind, dora=dora), gettext(why) if why else ""]
    if s.get("red"):
        parts.append(gettext("A red five as indicator points like a plain five (the red one itself is not dora by "
                             "pointing)."))
    return [" ".join(x for x in parts if x)]


def _west_makes_north(s: dict[str, Any]) -> list[str]:
    return [gettext("With North as dora, each North set aside (kita) is worth 2 han: 1 for the kita and 1 as dora.")]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"indicator": _indicator, "west_makes_north": _west_makes_north}
