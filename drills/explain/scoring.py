"""Sentences for the steps of a scored hand (the yaku, fu and kita-dora drills, and every scored answer)."""

from __future__ import annotations

from typing import Any

from sanma_core.scoring import YAKU

from .common import LIMITS, WAIT_NAMES, Renderer, listed, plural
from .concepts import yaku_name

FU_WHY = {
    "base": "base fu of every hand", "closed_ron": "a closed hand won by ron", "tsumo": "a self-draw",
    "tanki": "a pair wait", "kanchan": "a closed wait", "penchan": "an edge wait",
    "open_pinfu": "an open hand with no fu is raised to 30", "chiitoitsu": "seven pairs are always 25 fu",
    "dragon_pair": "a dragon pair", "seat_wind_pair": "a seat-wind pair", "round_wind_pair": "a round-wind pair",
    "double_wind_pair": "a pair of the wind that is both seat and round", "north_pair": "a North pair (a value pair here)",
    "pair": "a pair",
}


def _fu_why(reason: str) -> str:
    if reason in FU_WHY:
        return FU_WHY[reason]
    parts = reason.split("_")  # open|closed, [terminal|honour], triplet|kan
    what = {"triplet": "triplet", "kan": "kan"}.get(parts[-1], parts[-1])
    kind = {"terminal": "terminal ", "honour": "honour "}.get(parts[1], "") if len(parts) == 3 else ""
    return f"{'an open' if parts[0] == 'open' else 'a closed'} {kind}{what}"


def _reading(s: dict[str, Any]) -> list[str]:
    form = s.get("form")
    if form == "chiitoitsu":
        return [f"The hand reads as seven pairs: {listed(s.get('pairs', []))}; the winning tile {s['winning_tile']} completed the last pair."]
    if form == "kokushi":
        return [f"The hand is thirteen orphans: one of each terminal and honour, completed by {s['winning_tile']}."]
    groups = []
    for g in s.get("groups", []):
        label = {"sequence": "sequence", "triplet": "triplet", "kan": "kan"}.get(g["shape"], g["shape"])
        how = "called" if not g.get("concealed", True) else "concealed"
        extra = ", completed by the winning tile" if g.get("completed_by_win") else ""
        groups.append(f"{g['tiles']} ({how} {label}{extra})")
    pair = f"pair {s.get('pair')}" + (" (completed by the winning tile)" if s.get("pair_completed_by_win") else "")
    wait = WAIT_NAMES.get(s.get("wait", ""), str(s.get("wait", "")).replace("_", " "))
    out = [f"The hand splits into {listed(groups + [pair])}.",
           f"The winning tile {s['winning_tile']} came on a {wait}; the hand is {'closed' if s.get('closed') else 'open'}"
           + (" (a North set aside does not open it)." if s.get("kita") and s.get("closed") else ".")]
    return out


def _yaku(s: dict[str, Any]) -> list[str]:
    yaku = s.get("yaku", [])
    if not yaku:
        return ["No yaku: the hand cannot win."]
    unit = "× yakuman" if s.get("yakuman") else "han"
    parts = [f"{yaku_name(y['id']) if y['id'] in YAKU else y['name']}, "
             f"{y['han'] // 13 if s.get('yakuman') else y['han']} {unit}: "
             f"{(YAKU[y['id']].why if y['id'] in YAKU else '') or 'a yaku'}" for y in yaku]
    return ["Yaku: " + "; ".join(parts) + "."]


def _fu(s: dict[str, Any]) -> list[str]:
    lines = s.get("lines", [])
    if not lines:
        return []
    if len(lines) == 1 and lines[0]["reason"] == "chiitoitsu":
        return ["Fu: seven pairs are always 25 fu."]
    parts = [f"{line['fu']} for {_fu_why(line['reason'])}" + (f" {line['tiles']}" if line.get("tiles") else "")
             for line in lines]
    rounded = s.get("rounded", s.get("raw"))
    tail = f"; {s['raw']} rounds up to {rounded} (fu round up to the next 10)" if s.get("raw") != rounded else ""
    return [f"Fu: {'; '.join(parts)}{tail}."]


_WRAPS = {"1m": " (no 2m–8m in sanma: 1m points to 9m)", "9m": " (9m wraps back to 1m)",
          "3z": " (West points to North)", "9p": " (9 wraps to 1)", "9s": " (9 wraps to 1)"}


def _dora(s: dict[str, Any]) -> list[str]:
    out = []
    for d in s.get("dora_indicators", []):
        wrap = _WRAPS.get(d["indicator"], "")
        out.append(f"Dora indicator {d['indicator']} makes {d['dora']} dora{wrap}: "
                   f"{plural(d['hits'], 'copy', 'copies')} in the hand and melds.")
    if s.get("aka"):
        out.append(f"Red fives: {plural(s['aka'], 'red five')}, one han each.")
    k = s.get("kita_detail", {})
    if k.get("set_aside"):
        extra = k.get("indicators_on_north", 0)
        out.append(f"Kita: {plural(k['set_aside'], 'North')} set aside, one han each"
                   + (f", and each West indicator makes North dora: {plural(k['han'], 'han')} from kita." if extra
                      else f": {plural(k['han'], 'han')}."))
    if s.get("ura_counted"):
        for d in s.get("ura_indicators", []):
            out.append(f"Ura indicator {d['indicator']} makes {d['dora']} ura dora: {plural(d['hits'], 'copy', 'copies')} "
                       "in the hand and melds.")
        if k.get("ura_han"):
            out.append(f"The ura indicator points to North, so the Norths set aside add {plural(k['ura_han'], 'han')} "
                       "of ura dora.")
    elif s.get("ura_indicators") == [] and not s.get("ura_counted"):
        pass
    if s.get("counted") is False:
        out.append("Dora do not count on a yakuman.")
    return out or ["No dora, red fives or kita."]


def _han(s: dict[str, Any]) -> list[str]:
    if s.get("bonus"):
        return [f"Han: {s['yaku']} from yaku plus {s['bonus']} from dora, red fives, ura and kita = {s['total']}."]
    return [f"Han: {s['total']}, all from yaku."]


def _payment(s: dict[str, Any]) -> list[str]:
    head = f"Base points {s['base']}" + (f" ({LIMITS.get(s.get('limit', ''), s.get('limit'))})" if s.get("limit") else "")
    return [head + ": " + "; ".join(s.get("text", [])) + "."]


def _fu_total(s: dict[str, Any]) -> list[str]:
    if s["raw"] == s["rounded"]:
        return [f"Total: {s['rounded']} fu."]
    return [f"Total: {s['raw']} fu, rounded up to {s['rounded']}."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {
    "reading": _reading, "yaku": _yaku, "fu": _fu, "dora": _dora, "han": _han, "payment": _payment,
    "fu_total": _fu_total,
}
