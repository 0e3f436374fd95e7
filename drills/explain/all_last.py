"""Sentences for the all-last drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext
from sanma_core.words import LETTER_NAMES

from .common import Renderer, figure, percent, seat_name, signed, source_words


def _all_last_rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(signed(u) for u in s.get("uma", []))
    text = (gettext("At the end, placement points are (points − {ret}) / 1000 plus uma {uma} by rank, plus {oka} oka "
                    "to first: the rank is worth far more than a few thousand points.") if s.get("oka") else
            gettext("At the end, placement points are (points − {ret}) / 1000 plus uma {uma} by rank: the rank is worth "
                    "far more than a few thousand points."))
    return [text.format(ret=figure(s["return_points"]), uma=uma, oka=figure(s.get("oka") or 0))]


def _all_last_values(s: dict[str, Any]) -> list[str]:
    return [gettext("The hand wins {dama} by ron dama and {riichi} with riichi (the engine's mean over the waits); by "
                    "tsumo the dealer pays {dama_dealer} dama or {riichi_dealer} with riichi, the other non-dealer "
                    "{dama_other} or {riichi_other}.").format(
        dama=figure(s["dama"]), riichi=figure(s["riichi"]), dama_dealer=figure(s["dama_tsumo"]["dealer"]),
        riichi_dealer=figure(s["riichi_tsumo"]["dealer"]), dama_other=figure(s["dama_tsumo"]["non_dealer"]),
        riichi_other=figure(s["riichi_tsumo"]["non_dealer"]))]


#: The outcomes of a row, by their data text (``ron from South``): ``(prefix, message)``.
_OUTCOMES = (("ron from ", N_("ron from {seat}")), ("tsumo", N_("tsumo")), ("deal-in to ", N_("deal-in to {seat}")),
             ("no win, no deal-in", N_("no win, no deal-in")))


#: The seats' letters by their English names, as the data writes them.
_LETTERS = {name: letter for letter, name in LETTER_NAMES.items()}


def _outcome(text: str) -> str:
    for prefix, message in _OUTCOMES:
        if text.startswith(prefix):
            rest = text[len(prefix):]
            return gettext(message).format(seat=seat_name(_LETTERS.get(rest, rest)))
    return text


def _all_last_outcomes(s: dict[str, Any]) -> list[str]:
    rows = "; ".join(f"{_outcome(r['outcome'])} {percent(r['chance'])} → {signed(float(r['score']))}"
                     for r in s["rows"] if r["chance"] > 0)
    rate = s["rate"]
    text = (gettext("Riichi: real first closed tenpai hands that declared riichi ({n} of them, {source}) won {win} and "
                    "dealt in {deal}, paying {cost} on average. Your placement points by outcome: {rows}. Expected: "
                    "{expected}.") if s["choice"] == "riichi" else
            gettext("Dama: real first closed tenpai hands that stayed dama ({n} of them, {source}) won {win} and dealt "
                    "in {deal}, paying {cost} on average. Your placement points by outcome: {rows}. Expected: "
                    "{expected}."))
    return [text.format(n=rate["n"], source=source_words(s["source"]), win=percent(rate["counts"].get("win", 0) / rate["n"]),
                        deal=percent(rate["counts"].get("deal_in", 0) / rate["n"]), cost=figure(s["cost"]), rows=rows,
                        expected=signed(float(s["expected"])))]


def _all_last_choice(s: dict[str, Any]) -> list[str]:
    text = (gettext("Riichi is worth more in placement points ({riichi} riichi against {dama} dama).")
            if s["answer"] == "riichi" else
            gettext("Dama is worth more in placement points ({riichi} riichi against {dama} dama)."))
    return [text.format(riichi=signed(float(s["riichi"])), dama=signed(float(s["dama"])))]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "all_last_rules": _all_last_rules, "all_last_values": _all_last_values, "all_last_outcomes": _all_last_outcomes,
    "all_last_choice": _all_last_choice,
}
