"""Sentences for the payment drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext

from .common import Renderer, figure, limit_name, listed


def _base_points(s: dict[str, Any]) -> list[str]:
    lines = "; ".join(s.get("lines", []))
    if s.get("limit"):
        return [gettext("Base points {base} ({limit}): {lines}.").format(
            base=figure(s["base"]), limit=limit_name(s["limit"]), lines=lines)]
    return [gettext("Base points {base}: {lines}.").format(base=figure(s["base"]), lines=lines)]


def _tsumo_loss(s: dict[str, Any]) -> list[str]:
    if s.get("tsumo_loss"):
        return [gettext("Tsumo loss: the tsumo brings {sanma} where four-player would bring {four}, because the "
                        "absent North's share is simply not paid.")
                .format(sanma=figure(s["sanma_total_before_honba"]), four=figure(s["four_player_total"]))]
    return [gettext("North bisection: the absent player's share is split between the two payers, so the tsumo still "
                    "brings {sanma}.").format(sanma=figure(s["sanma_total_before_honba"]))]


_PAYER = {"ron": N_("the discarder pays {points}"), "dealer": N_("the dealer pays {points}"),
          "non_dealer": N_("the other non-dealer pays {points}"), "each": N_("each non-dealer pays {points}")}


def _payments(s: dict[str, Any]) -> list[str]:
    parts = [gettext(_PAYER[k]).format(points=figure(v)) for k, v in s.items() if k in _PAYER]
    return [gettext("So {payments}; the winner gains {total} in total (honba and riichi sticks included).")
            .format(payments=listed(parts), total=figure(s["total"]))]


def _ron(s: dict[str, Any]) -> list[str]:
    return [gettext("By ron: {lines}, {total} in all.").format(lines="; ".join(s.get("lines", [])),
                                                              total=figure(s["total"]))]


def _compare(s: dict[str, Any]) -> list[str]:
    diff = s["difference"]
    if diff > 0:
        return [gettext("The ron brings {ron} and the tsumo {tsumo}: {diff} less by tsumo, the cost of tsumo loss.")
                .format(ron=figure(s["ron_total"]), tsumo=figure(s["tsumo_total"]), diff=figure(diff))]
    return [gettext("The ron and the tsumo both bring {ron}: a dealer's tsumo loses nothing here.")
            .format(ron=figure(s["ron_total"]))]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "base_points": _base_points, "tsumo_loss": _tsumo_loss, "payments": _payments, "ron": _ron, "compare": _compare,
}
