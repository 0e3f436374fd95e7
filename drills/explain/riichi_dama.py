"""Sentences for the riichi-or-dama drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import gettext, ngettext

from .common import Renderer, figure, percent, source_words


def _wait_values(s: dict[str, Any]) -> list[str]:
    out = []
    for r in s.get("rows", []):
        values = dict(wait=r["wait"], ron_dama=figure(r["ron_dama"]), tsumo_dama=figure(r["tsumo_dama"]),
                      ron_riichi=figure(r["ron_riichi"]), tsumo_riichi=figure(r["tsumo_riichi"]))
        text = (gettext("On {wait}: dama ron {ron_dama}, tsumo {tsumo_dama}; riichi ron {ron_riichi}, tsumo "
                        "{tsumo_riichi}.") if r["ron_dama"] else
                gettext("On {wait}: dama no ron (no yaku without riichi), tsumo {tsumo_dama}; riichi ron {ron_riichi}, "
                        "tsumo {tsumo_riichi}."))
        out.append(text.format(**values))
    if s.get("tsumo_loss"):
        out.append(gettext("Under tsumo loss a tsumo brings less than a ron of the same hand, so the ron chance counts "
                           "for more."))
    return out


def _bucket_words(key: str) -> str:
    """``"riichi|3-4|7-10"`` → ``"3-4 live winning tiles, turns 7-10"`` (a ``*`` part is left out)."""
    parts = key.split("|")[1:]
    words = []
    if parts and parts[0] != "*":
        words.append(gettext("{n} live winning tiles").format(n=parts[0]))
    if len(parts) > 1 and parts[1] != "*":
        words.append(gettext("turn {n}").format(n=parts[1]))
    return ", ".join(words) or gettext("any wait and turn")


def _win_chance(s: dict[str, Any]) -> list[str]:
    d, r = s["dama"], s["riichi"]
    live = s["live"]
    head = ngettext("You have {live} live winning tile on turn {turn}.",
                    "You have {live} live winning tiles on turn {turn}.", live).format(live=live, turn=s["turn"])
    body = gettext("In real play ({source}), of {n_dama} first closed tenpai hands like this ({dama_bucket}) that "
                   "stayed dama, {dama_win} won and {dama_deal} dealt in; of {n_riichi} that declared riichi "
                   "({riichi_bucket}), {riichi_win} won ({riichi_tsumo} by tsumo) and {riichi_deal} dealt in.").format(
        source=source_words(s.get("source") or gettext("real games")), n_dama=d["rate"]["n"], dama_bucket=_bucket_words(d["rate"]["key"]),
        dama_win=percent(d["rate"]["counts"].get("win", 0) / d["rate"]["n"]), dama_deal=percent(d["p_deal_in"]),
        n_riichi=r["rate"]["n"], riichi_bucket=_bucket_words(r["rate"]["key"]),
        riichi_win=percent(r["p_tsumo"] + r["p_ron"]), riichi_tsumo=percent(r["p_tsumo"]),
        riichi_deal=percent(r["p_deal_in"]))
    out = [f"{head} {body}"]
    if not s["ron_live"]:
        out.append(gettext("Dama has no yaku for a ron, so it can only win by tsumo: about {share} here.")
                   .format(share=percent(d["p_tsumo"])))
    elif s["ron_live"] < live:
        out.append(gettext("Dama has no yaku for a ron on some of its waits, so only {ron_live} of the {live} live tiles "
                           "win by ron: dama wins about {share} here.")
                   .format(ron_live=s["ron_live"], live=live, share=percent(d["p_tsumo"] + d["p_ron"])))
    return out


def _expected_value(s: dict[str, Any]) -> list[str]:
    text = (gettext("Expected gain: riichi {riichi} (a riichi that does not win loses its 1000 stick), dama {dama}, "
                    "each after the deal-ins.") + "{cost} " +
            (gettext("Riichi is worth more.") if s["answer"] == "riichi" else gettext("Dama is worth more.")))
    cost = (" " + gettext("A deal-in cost those players {cost} on average.").format(cost=figure(s["deal_in_cost"]))
            if s.get("deal_in_cost") else "")
    return [text.format(riichi=figure(s["riichi"]), dama=figure(s["dama"]), cost=cost)]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "wait_values": _wait_values, "win_chance": _win_chance, "expected_value": _expected_value,
}
