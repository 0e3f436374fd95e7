"""Drawing a score explanation (the ``explanation`` of a ``sanma score`` answer) as tiles, tables and steps,
in the language spoken now.

The explanation is data; unknown or missing parts fall back to the generic
rendering, so a richer engine explanation never breaks the page.

>>> from sanma_core.i18n import speaking
>>> with speaking("de"):
...     in_figures("6100 + 6100 = 12200"), points_cell(12000), fu_reason("closed_honour_triplet")
('6.100 + 6.100 = 12.200', '12.000', 'geschlossener Ehren-Drilling')
>>> in_figures("6100 + 6100 = 12200"), points_cell(12000), fu_reason("closed_honour_triplet")
('6100 + 6100 = 12200', 12000, 'closed honour triplet')
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from drills.explain.common import figure
from sanma_core.errors import SanmaError
from sanma_core.i18n import DEFAULT_LANGUAGE, N_, current, gettext, ngettext, number
from sanma_core.tiles import parse_tiles

from .tiles_svg import tiles_html

#: What each fu line is for, by the engine's reason id (marked; :func:`fu_reason` translates).
FU_REASONS = {
    "base": N_("base fu"), "closed_ron": N_("closed ron"), "tsumo": N_("tsumo"), "tanki": N_("pair wait (tanki)"),
    "kanchan": N_("closed wait (kanchan)"), "penchan": N_("edge wait (penchan)"),
    "chiitoitsu": N_("seven pairs (fixed 25)"), "open_pinfu": N_("open pinfu shape (30 fu minimum)"),
    "open_triplet": N_("open triplet"), "closed_triplet": N_("closed triplet"),
    "open_terminal_triplet": N_("open terminal triplet"), "closed_terminal_triplet": N_("closed terminal triplet"),
    "open_honour_triplet": N_("open honour triplet"), "closed_honour_triplet": N_("closed honour triplet"),
    "open_kan": N_("open kan"), "closed_kan": N_("closed kan"),
    "open_terminal_kan": N_("open terminal kan"), "closed_terminal_kan": N_("closed terminal kan"),
    "open_honour_kan": N_("open honour kan"), "closed_honour_kan": N_("closed honour kan"),
    "dragon_pair": N_("dragon pair"), "seat_wind_pair": N_("seat wind pair"), "round_wind_pair": N_("round wind pair"),
    "double_wind_pair": N_("double wind pair"), "north_pair": N_("north pair"), "pair": N_("pair"),
}
#: The reading's form and the groups' shapes (marked; the Japanese names stay as they are).
FORMS = {"regular": N_("regular")}
SHAPES = {"sequence": N_("sequence"), "triplet": N_("triplet"), "kan": N_("kan")}
_FIGURE = re.compile(r"(?<![\w.,])\d{4,}(?![\w.,])")


def points_cell(value: int) -> int | str:
    """Points for a table cell: the bare number in English (as the tables always had), ``12.000`` in German and
    Spanish."""
    return value if current().lang == DEFAULT_LANGUAGE else number(value)


def in_figures(text: str) -> str:
    """Engine text with its points (four digits and more) written the reader's way: ``12200`` → ``12.200`` in
    German and Spanish; English text is returned as it is."""
    if current().lang == DEFAULT_LANGUAGE:
        return text
    return _FIGURE.sub(lambda m: number(int(m.group())), text)


def fu_reason(reason: str) -> str:
    """What a fu line is for: ``closed ron``, ``pair wait (tanki)``; an unknown id spoken as words."""
    return gettext(FU_REASONS[reason]) if reason in FU_REASONS else reason.replace("_", " ")


def _tiles(text: str) -> str:
    try:
        return tiles_html(parse_tiles(text)) if text else ""
    except SanmaError:
        return f"<code>{text}</code>"


def show_score_explanation(expl: dict[str, Any]) -> None:
    """Reading, yaku, fu lines, dora and kita, and the payment arithmetic, each as its own block."""
    _show(expl)


def _reading_line(reading: dict[str, Any]) -> str:
    form = reading.get("form", "?")
    names = {"form": gettext(FORMS[form]) if form in FORMS else form, "wait": reading.get("wait", "?"),
             "tile": reading.get("winning_tile", "?")}
    if reading.get("closed"):
        return gettext("**1. Reading** — {form} form, {wait} wait on {tile}, closed hand").format(**names)
    return gettext("**1. Reading** — {form} form, {wait} wait on {tile}, open hand").format(**names)


def _group_caption(shape: str, called: bool, win: bool) -> str:
    text = gettext(SHAPES[shape]) if shape in SHAPES else shape
    if called:
        text = gettext("{shape} (called)").format(shape=text)
    return gettext("{group} ← win").format(group=text) if win else text


def _dora_lines(dora: dict[str, Any]) -> list[str]:
    lines = [gettext("- indicator {indicator} → dora {dora}: {n} in the hand").format(
        indicator=d["indicator"], dora=d["dora"], n=d["hits"]) for d in dora.get("dora_indicators", [])]
    if dora.get("ura_counted"):
        lines += [gettext("- ura indicator {indicator} → {dora}: {n}").format(indicator=d["indicator"], dora=d["dora"],
                                                                              n=d["hits"])
                  for d in dora.get("ura_indicators", [])]
    kita = dora.get("kita_detail") or {}
    if kita.get("set_aside"):
        n, han = kita["set_aside"], kita.get("han", 0)
        if kita.get("indicators_on_north"):
            line = ngettext("- kita: {n} North set aside = {han} han, ×2 because an indicator points at North ({on})",
                            "- kita: {n} Norths set aside = {han} han, ×2 because an indicator points at North ({on})",
                            n)
        else:
            line = ngettext("- kita: {n} North set aside = {han} han", "- kita: {n} Norths set aside = {han} han", n)
        lines.append(line.format(n=n, han=han, on=kita.get("indicators_on_north")))
    lines.append(gettext("- totals: dora {dora}, red fives {aka}, ura {ura}, kita {kita}").format(
        dora=dora.get("dora", 0), aka=dora.get("aka", 0), ura=dora.get("ura", 0), kita=dora.get("kita", 0)))
    return lines


def _show(expl: dict[str, Any]) -> None:
    reading = expl.get("reading", {})
    st.markdown(_reading_line(reading))
    groups = reading.get("groups") or []
    if groups:
        cells = "".join(
            f'<div class="sm-group"><div class="sm-cap">'
            f'{_group_caption(g["shape"], not g.get("concealed", True), bool(g.get("completed_by_win")))}'
            f'</div>{_tiles(g["tiles"])}</div>'
            for g in groups
        )
        if reading.get("pair"):
            cells += (f'<div class="sm-group"><div class="sm-cap">'
                      f'{_group_caption("pair", False, bool(reading.get("pair_completed_by_win")))}'
                      f'</div>{_tiles(reading["pair"])}</div>')
        st.html(f'<div class="sm-strip">{cells}</div>')
    yaku = expl.get("yaku") or []
    st.markdown(gettext("**2. Yaku**"))
    if yaku:
        st.markdown("\n".join([gettext("| yaku | han |"), "|---|---:|"]
                              + [f"| {y.get('name', y['id'])} ({y.get('romaji', '')}) | {y['han']} |" for y in yaku]))
    fu = expl.get("fu") or {}
    if fu.get("lines"):
        st.markdown(gettext("**3. Fu**"))
        rows = [gettext("| reason | tiles | fu |"), "|---|---|---:|"]
        rows += [f"| {fu_reason(line['reason'])} | {line.get('tiles') or ''} | {line['fu']} |" for line in fu["lines"]]
        rows.append(gettext("| **total** | {raw} rounded up | **{rounded}** |").format(raw=fu.get("raw"),
                                                                                    rounded=fu.get("rounded")))
        st.markdown("\n".join(rows))
    dora = expl.get("dora") or {}
    if dora.get("counted") or dora.get("dora_indicators"):
        st.markdown(gettext("**4. Dora and kita**") + "\n" + "\n".join(_dora_lines(dora)))
    han = expl.get("han") or {}
    if han:
        st.markdown(gettext("**5. Han** — yaku {yaku} + dora/kita {bonus} = **{total}**").format(
            yaku=han.get("yaku"), bonus=han.get("bonus"), total=han.get("total")))
    payment = expl.get("payment") or {}
    if payment.get("text"):
        st.markdown(gettext("**6. Payment**") + "\n" + "\n".join(f"- {in_figures(line)}" for line in payment["text"]))


__all__ = ["FU_REASONS", "figure", "fu_reason", "in_figures", "points_cell", "show_score_explanation"]
