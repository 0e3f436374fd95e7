"""Sentences for the noten-payment drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, plural, seat_name, signed


def _noten_pool(s: dict[str, Any]) -> list[str]:
    return [f"At an exhaustive draw the noten players pay {s['pool']} in all to the tenpai players: here "
            f"{plural(s['tenpai'], 'player')} tenpai and {s['noten']} noten."]


def _split(s: dict[str, Any]) -> list[str]:
    return [f"Each tenpai player receives {s['each_tenpai_gets']} and each noten player pays {s['each_noten_pays']}."]


def _no_payment(s: dict[str, Any]) -> list[str]:
    who = "everyone is tenpai" if "tenpai" in s.get("reason", "") else "everyone is noten"
    return [f"Nobody pays: {who}, so there is nobody to pay or to be paid."]


def _deltas(s: dict[str, Any]) -> list[str]:
    return ["Score changes: " + ", ".join(f"{seat_name(k)} {signed(v)}" for k, v in s.items() if k != "step") + "."]


def _final_scores(s: dict[str, Any]) -> list[str]:
    return ["Scores after the payments: " + ", ".join(f"{seat_name(k)} {v}" for k, v in s.items() if k != "step") + "."]


def _nagashi(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["winner"])
    role = "the dealer" if s.get("dealer") else "a non-dealer"
    return [f"{who} ({role}) is paid as for a mangan tsumo under tsumo loss, instead of any noten payments: every "
            "discard was a terminal or honour and none was called."]


def _no_honba(s: dict[str, Any]) -> list[str]:
    return [f"The {plural(s['honba'], 'honba', 'honba')} are not paid: nagashi mangan settles a draw, and the honba "
            "stay for the next hand."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "noten_pool": _noten_pool, "split": _split, "no_payment": _no_payment, "deltas": _deltas,
    "final_scores": _final_scores, "nagashi": _nagashi, "no_honba": _no_honba,
}
