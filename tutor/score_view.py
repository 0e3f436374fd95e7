"""Drawing a score explanation (the ``explanation`` of a ``sanma score`` answer) as tiles, tables and steps.

The explanation is data; unknown or missing parts fall back to the generic
rendering, so a richer engine explanation never breaks the page.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from sanma_core.errors import SanmaError
from sanma_core.tiles import parse_tiles

from .tiles_svg import tiles_html

FU_REASONS = {
    "base": "base fu", "closed_ron": "closed ron", "tsumo": "tsumo", "tanki": "pair wait (tanki)",
    "kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)", "chiitoitsu": "seven pairs (fixed 25)",
    "open_pinfu": "open pinfu shape (30 fu minimum)",
}


def _label(text: str) -> str:
    return FU_REASONS.get(text, text.replace("_", " "))


def _tiles(text: str) -> str:
    try:
        return tiles_html(parse_tiles(text)) if text else ""
    except SanmaError:
        return f"<code>{text}</code>"


def show_score_explanation(expl: dict[str, Any]) -> None:
    """Reading, yaku, fu lines, dora and kita, and the payment arithmetic, each as its own block."""
    _show(expl)


def _show(expl: dict[str, Any]) -> None:
    reading = expl.get("reading", {})
    st.markdown(f"**1. Reading** — {reading.get('form', '?')} form, {reading.get('wait', '?')} wait on "
                f"{reading.get('winning_tile', '?')}, {'closed' if reading.get('closed') else 'open'} hand")
    groups = reading.get("groups") or []
    if groups:
        cells = "".join(
            f'<div class="sm-group"><div class="sm-cap">{g["shape"]}'
            f'{" (called)" if not g.get("concealed", True) else ""}{" ← win" if g.get("completed_by_win") else ""}'
            f'</div>{_tiles(g["tiles"])}</div>'
            for g in groups
        )
        if reading.get("pair"):
            cells += (f'<div class="sm-group"><div class="sm-cap">pair{" ← win" if reading.get("pair_completed_by_win") else ""}'
                      f'</div>{_tiles(reading["pair"])}</div>')
        st.html(f'<div class="sm-strip">{cells}</div>')
    yaku = expl.get("yaku") or []
    st.markdown("**2. Yaku**")
    if yaku:
        st.markdown("\n".join(["| yaku | han |", "|---|---:|"]
                              + [f"| {y.get('name', y['id'])} ({y.get('romaji', '')}) | {y['han']} |" for y in yaku]))
    fu = expl.get("fu") or {}
    if fu.get("lines"):
        st.markdown("**3. Fu**")
        rows = ["| reason | tiles | fu |", "|---|---|---:|"]
        rows += [f"| {_label(line['reason'])} | {line.get('tiles') or ''} | {line['fu']} |" for line in fu["lines"]]
        rows.append(f"| **total** | {fu.get('raw')} rounded up | **{fu.get('rounded')}** |")
        st.markdown("\n".join(rows))
    dora = expl.get("dora") or {}
    if dora.get("counted") or dora.get("dora_indicators"):
        lines = [f"- indicator {d['indicator']} → dora {d['dora']}: {d['hits']} in the hand"
                 for d in dora.get("dora_indicators", [])]
        if dora.get("ura_counted"):
            lines += [f"- ura indicator {d['indicator']} → {d['dora']}: {d['hits']}" for d in dora.get("ura_indicators", [])]
        kita = dora.get("kita_detail") or {}
        if kita.get("set_aside"):
            extra = f", ×2 because an indicator points at North ({kita.get('indicators_on_north')})" \
                if kita.get("indicators_on_north") else ""
            lines.append(f"- kita: {kita['set_aside']} North{'s' if kita['set_aside'] != 1 else ''} set aside = {kita.get('han', 0)} han{extra}")
        lines.append(f"- totals: dora {dora.get('dora', 0)}, red fives {dora.get('aka', 0)}, ura {dora.get('ura', 0)}, "
                     f"kita {dora.get('kita', 0)}")
        st.markdown("**4. Dora and kita**\n" + "\n".join(lines))
    han = expl.get("han") or {}
    if han:
        st.markdown(f"**5. Han** — yaku {han.get('yaku')} + dora/kita {han.get('bonus')} = **{han.get('total')}**")
    payment = expl.get("payment") or {}
    if payment.get("text"):
        st.markdown("**6. Payment**\n" + "\n".join(f"- {line}" for line in payment["text"]))
