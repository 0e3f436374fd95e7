"""Sentences for the steps of a scored hand (the yaku, fu and kita-dora drills, and every scored answer)."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.scoring import YAKU

from .common import Renderer, figure, limit_name, listed, wait_name
from .concepts import yaku_name

FU_WHY = {
    "base": N_("base fu of every hand"), "closed_ron": N_("a closed hand won by ron"), "tsumo": N_("a self-draw"),
    "tanki": N_("a pair wait"), "kanchan": N_("a closed wait"), "penchan": N_("an edge wait"),
    "open_pinfu": N_("an open hand with no fu is raised to 30"), "chiitoitsu": N_("seven pairs are always 25 fu"),
    "dragon_pair": N_("a dragon pair"), "seat_wind_pair": N_("a seat-wind pair"),
    "round_wind_pair": N_("a round-wind pair"),
    "double_wind_pair": N_("a pair of the wind that is both seat and round"),
    "north_pair": N_("a North pair (a value pair here)"), "pair": N_("a pair"),
}
#: ``open|closed`` × ``triplet|terminal triplet|honour triplet|kan|…``: one whole phrase each.
_MELD_FU = {
    ("open", "", "triplet"): N_("an open triplet"), ("closed", "", "triplet"): N_("a closed triplet"),
    ("open", "terminal", "triplet"): N_("an open terminal triplet"),
    ("closed", "terminal", "triplet"): N_("a closed terminal triplet"),
    ("open", "honour", "triplet"): N_("an open honour triplet"),
    ("closed", "honour", "triplet"): N_("a closed honour triplet"),
    ("open", "", "kan"): N_("an open kan"), ("closed", "", "kan"): N_("a closed kan"),
    ("open", "terminal", "kan"): N_("an open terminal kan"), ("closed", "terminal", "kan"): N_("a closed terminal kan"),
    ("open", "honour", "kan"): N_("an open honour kan"), ("closed", "honour", "kan"): N_("a closed honour kan"),
}


def _fu_why(reason: str) -> str:
    if reason in FU_WHY:
        return gettext(FU_WHY[reason])
    parts = reason.split("_")  # open|closed, [terminal|honour], triplet|kan
    kind = parts[1] if len(parts) == 3 and parts[1] in ("terminal", "honour") else ""
    key = ("open" if parts[0] == "open" else "closed", kind, parts[-1])
    if key in _MELD_FU:
        return gettext(_MELD_FU[key])
    return reason.replace("_", " ")


_SHAPES = {"sequence": N_("sequence"), "triplet": N_("triplet"), "kan": N_("kan")}


def _group(g: dict[str, Any]) -> str:
    label = gettext(_SHAPES[g["shape"]]) if g["shape"] in _SHAPES else g["shape"]
    if g.get("concealed", True):
        text = gettext("{tiles} (concealed {shape}, completed by the winning tile)") if g.get("completed_by_win") \
            else gettext("{tiles} (concealed {shape})")
    else:
        text = gettext("{tiles} (called {shape}, completed by the winning tile)") if g.get("completed_by_win") \
            else gettext("{tiles} (called {shape})")
    return text.format(tiles=g["tiles"], shape=label)


def _reading(s: dict[str, Any]) -> list[str]:
    form = s.get("form")
    if form == "chiitoitsu":
        return [gettext("The hand reads as seven pairs: {pairs}; the winning tile {tile} completed the last pair.")
                .format(pairs=listed(s.get("pairs", [])), tile=s["winning_tile"])]
    if form == "kokushi":
        return [gettext("The hand is thirteen orphans: one of each terminal and honour, completed by {tile}.")
                .format(tile=s["winning_tile"])]
    groups = [_group(g) for g in s.get("groups", [])]
    pair = (gettext("pair {pair} (completed by the winning tile)") if s.get("pair_completed_by_win")
            else gettext("pair {pair}")).format(pair=s.get("pair"))
    wait = wait_name(s.get("wait", ""))
    if not s.get("closed"):
        state = gettext("The winning tile {tile} came on a {wait}; the hand is open.")
    elif s.get("kita"):
        state = gettext("The winning tile {tile} came on a {wait}; the hand is closed (a North set aside does not "
                        "open it).")
    else:
        state = gettext("The winning tile {tile} came on a {wait}; the hand is closed.")
    return [gettext("The hand splits into {parts}.").format(parts=listed(groups + [pair])),
            state.format(tile=s["winning_tile"], wait=wait)]


def _yaku_part(y: dict[str, Any], yakuman: bool) -> str:
    known = y["id"] in YAKU
    name = yaku_name(y["id"]) if known else y["name"]
    why = (gettext(YAKU[y["id"]].why) if known and YAKU[y["id"]].why else "") or gettext("a yaku")
    if yakuman:
        return gettext("{name}, {n} × yakuman: {why}").format(name=name, n=y["han"] // 13, why=why)
    return gettext("{name}, {n} han: {why}").format(name=name, n=y["han"], why=why)


def _yaku(s: dict[str, Any]) -> list[str]:
    yaku = s.get("yaku", [])
    if not yaku:
        return [gettext("No yaku: the hand cannot win.")]
    return [gettext("Yaku: {list}.").format(list="; ".join(_yaku_part(y, bool(s.get("yakuman"))) for y in yaku))]


def _fu_line(line: dict[str, Any]) -> str:
    why = _fu_why(line["reason"])
    if line.get("tiles"):
        return gettext("{fu} for {why} {tiles}").format(fu=line["fu"], why=why, tiles=line["tiles"])
    return gettext("{fu} for {why}").format(fu=line["fu"], why=why)


def _fu(s: dict[str, Any]) -> list[str]:
    lines = s.get("lines", [])
    if not lines:
        return []
    if len(lines) == 1 and lines[0]["reason"] == "chiitoitsu":
        return [gettext("Fu: seven pairs are always 25 fu.")]
    parts = "; ".join(_fu_line(line) for line in lines)
    rounded = s.get("rounded", s.get("raw"))
    if s.get("raw") != rounded:
        return [gettext("Fu: {parts}; {raw} rounds up to {rounded} (fu round up to the next 10).")
                .format(parts=parts, raw=s["raw"], rounded=rounded)]
    return [gettext("Fu: {parts}.").format(parts=parts)]


_WRAPS = {"1m": N_(" (no 2m–8m in sanma: 1m points to 9m)"), "9m": N_(" (9m wraps back to 1m)"),
          "3z": N_(" (West points to North)"), "9p": N_(" (9 wraps to 1)"), "9s": N_(" (9 wraps to 1)")}


def _copies(n: int) -> str:
    return ngettext("{n} copy", "{n} copies", n).format(n=n)


def _hans(n: int) -> str:
    return ngettext("{n} han", "{n} han", n).format(n=n)


def _kita_sentence(k: dict[str, Any]) -> str:
    n = k["set_aside"]
    if k.get("indicators_on_north", 0):
        text = ngettext("Kita: {n} North set aside, one han each, and each West indicator makes North dora: {han} "
                        "from kita.",
                        "Kita: {n} Norths set aside, one han each, and each West indicator makes North dora: {han} "
                        "from kita.", n)
    else:
        text = ngettext("Kita: {n} North set aside, one han each: {han}.",
                        "Kita: {n} Norths set aside, one han each: {han}.", n)
    return text.format(n=n, han=_hans(k["han"]))


def _dora(s: dict[str, Any]) -> list[str]:
    out = []
    for d in s.get("dora_indicators", []):
        wrap = gettext(_WRAPS[d["indicator"]]) if d["indicator"] in _WRAPS else ""
        out.append(gettext("Dora indicator {indicator} makes {dora} dora{wrap}: {copies} in the hand and melds.")
                   .format(indicator=d["indicator"], dora=d["dora"], wrap=wrap, copies=_copies(d["hits"])))
    if s.get("aka"):
        out.append(ngettext("Red fives: {n} red five, one han each.", "Red fives: {n} red fives, one han each.",
                            s["aka"]).format(n=s["aka"]))
    k = s.get("kita_detail", {})
    if k.get("set_aside"):
        out.append(_kita_sentence(k))
    if s.get("ura_counted"):
        for d in s.get("ura_indicators", []):
            out.append(gettext("Ura indicator {indicator} makes {dora} ura dora: {copies} in the hand and melds.")
                       .format(indicator=d["indicator"], dora=d["dora"], copies=_copies(d["hits"])))
        if k.get("ura_han"):
            out.append(gettext("The ura indicator points to North, so the Norths set aside add {han} of ura dora.")
                       .format(han=_hans(k["ura_han"])))
    if s.get("counted") is False:
        out.append(gettext("Dora do not count on a yakuman."))
    return out or [gettext("No dora, red fives or kita.")]


def _han(s: dict[str, Any]) -> list[str]:
    if s.get("bonus"):
        return [gettext("Han: {yaku} from yaku plus {bonus} from dora, red fives, ura and kita = {total}.")
                .format(yaku=s["yaku"], bonus=s["bonus"], total=s["total"])]
    return [gettext("Han: {total}, all from yaku.").format(total=s["total"])]


def _payment(s: dict[str, Any]) -> list[str]:
    lines = "; ".join(s.get("text", []))
    if s.get("limit"):
        return [gettext("Base points {base} ({limit}): {lines}.").format(
            base=figure(s["base"]), limit=limit_name(s["limit"]), lines=lines)]
    return [gettext("Base points {base}: {lines}.").format(base=figure(s["base"]), lines=lines)]


def _fu_total(s: dict[str, Any]) -> list[str]:
    if s["raw"] == s["rounded"]:
        return [gettext("Total: {fu} fu.").format(fu=s["rounded"])]
    return [gettext("Total: {raw} fu, rounded up to {rounded}.").format(raw=s["raw"], rounded=s["rounded"])]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "reading": _reading, "yaku": _yaku, "fu": _fu, "dora": _dora, "han": _han, "payment": _payment,
    "fu_total": _fu_total,
}
