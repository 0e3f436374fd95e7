"""Sentences for the payment drill."""

from __future__ import annotations

from typing import Any

from .common import LIMITS, Renderer, listed


def _base_points(s: dict[str, Any]) -> list[str]:
    head = f"Base points {s['base']}" + (f" ({LIMITS.get(s['limit'], s['limit'])})" if s.get("limit") else "")
    return [head + ": " + "; ".join(s.get("lines", [])) + "."]


def _tsumo_loss(s: dict[str, Any]) -> list[str]:
    if s.get("tsumo_loss"):
        return [f"Tsumo loss: the tsumo brings {s['sanma_total_before_honba']} where four-player would bring "
                f"{s['four_player_total']}, because the absent North's share is simply not paid."]
    return [f"North bisection: the absent player's share is split between the two payers, so the tsumo still brings "
            f"{s['sanma_total_before_honba']}."]


_PAYER = {"ron": "the discarder pays", "dealer": "the dealer pays", "non_dealer": "the other non-dealer pays",
          "each": "each non-dealer pays"}


def _payments(s: dict[str, Any]) -> list[str]:
    parts = [f"{_PAYER[k]} {v}" for k, v in s.items() if k in _PAYER]
    return [f"So {listed(parts)}; the winner gains {s['total']} in total (honba and riichi sticks included)."]


def _ron(s: dict[str, Any]) -> list[str]:
    return [f"By ron: {'; '.join(s.get('lines', []))}, {s['total']} in all."]


def _compare(s: dict[str, Any]) -> list[str]:
    diff = s["difference"]
    if diff > 0:
        return [f"The ron brings {s['ron_total']} and the tsumo {s['tsumo_total']}: {diff} less by tsumo, the cost of "
                "tsumo loss."]
    return [f"The ron and the tsumo both bring {s['ron_total']}: a dealer's tsumo loses nothing here."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "base_points": _base_points, "tsumo_loss": _tsumo_loss, "payments": _payments, "ron": _ron, "compare": _compare,
}
