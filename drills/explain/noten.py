"""Sentences for the noten-payment drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext, ngettext

from .common import Renderer, figure, seat_name, signed


def _noten_pool(s: dict[str, Any]) -> list[str]:
    return [ngettext("At an exhaustive draw the noten players pay {pool} in all to the tenpai players: here {n} player "
                     "tenpai and {noten} noten.",
                     "At an exhaustive draw the noten players pay {pool} in all to the tenpai players: here {n} players "
                     "tenpai and {noten} noten.", s["tenpai"])
            .format(pool=figure(s["pool"]), n=s["tenpai"], noten=s["noten"])]


def _split(s: dict[str, Any]) -> list[str]:
    return [gettext("Each tenpai player receives {gets} and each noten player pays {pays}.")
            .format(gets=figure(s["each_tenpai_gets"]), pays=figure(s["each_noten_pays"]))]


def _no_payment(s: dict[str, Any]) -> list[str]:
    if "tenpai" in s.get("reason", ""):
        return [gettext("Nobody pays: everyone is tenpai, so there is nobody to pay or to be paid.")]
    return [gettext("Nobody pays: everyone is noten, so there is nobody to pay or to be paid.")]


def _deltas(s: dict[str, Any]) -> list[str]:
    return [gettext("Score changes: {changes}.").format(
        changes=", ".join(f"{seat_name(k)} {signed(v)}" for k, v in s.items() if k != "step"))]


def _final_scores(s: dict[str, Any]) -> list[str]:
    return [gettext("Scores after the payments: {scores}.").format(
        scores=", ".join(f"{seat_name(k)} {figure(v)}" for k, v in s.items() if k != "step"))]


def _nagashi(s: dict[str, Any]) -> list[str]:
    who = seat_name(s["winner"])
    text = (gettext("{who} (the dealer) is paid as for a mangan tsumo under tsumo loss, instead of any noten "
                    "payments: every discard was a terminal or honour and none was called.") if s.get("dealer") else
            gettext("{who} (a non-dealer) is paid as for a mangan tsumo under tsumo loss, instead of any noten "
                    "payments: every discard was a terminal or honour and none was called."))
    return [text.format(who=who)]


def _no_honba(s: dict[str, Any]) -> list[str]:
    return [ngettext("The {n} honba are not paid: nagashi mangan settles a draw, and the honba stay for the next hand.",
                     "The {n} honba are not paid: nagashi mangan settles a draw, and the honba stay for the next hand.",
                     s["honba"]).format(n=s["honba"])]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "noten_pool": _noten_pool, "split": _split, "no_payment": _no_payment, "deltas": _deltas,
    "final_scores": _final_scores, "nagashi": _nagashi, "no_honba": _no_honba,
}
