"""The Review page's model parts, without Streamlit: probability bars for a step, the chart of the game.

The bars show, for each decision taken at the step on the table, the model's
most probable options (five, and the player's when it is not among them) as
bars of their probability, the player's choice and the model's marked. The
chart (Plotly) puts the probability of every choice of the player across the
game, mistakes marked; each point carries its hand and position, so a click on
it can go there (:func:`point_target`).

>>> from sanma_core.review.graded import GradedDecision
>>> d = GradedDecision(0, 5, 0, 40, "discard", (("discard:1m", 0.9), ("discard:5p", 0.1)), "discard:5p",
...                    "discard:1m", "discard 1m: …")
>>> html = bars_html([d], "Ann")
>>> html.count('class="rv-bar"'), "Ann" in html, "big mistake" in html
(2, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import plotly.graph_objects as go

from sanma_core.i18n import gettext
from sanma_core.review.graded import GradedDecision, kind_words, option_text
from sanma_core.review.graded_words import grade_name, grade_words, percent

from .review_data import DecisionPoint

SHOWN = 5  # options shown per decision (and the player's, when it is not among them)
GRADE_COLOURS = {"agrees": "#2e7d32", "fine": "#607d8b", "mistake": "#ef6c00", "big mistake": "#c62828"}

BARS_CSS = """
.rv-model{font-size:.9rem;line-height:1.25}
.rv-dec{margin:0 0 .6rem 0}
.rv-head{display:flex;flex-wrap:wrap;gap:.3rem .6rem;align-items:baseline;margin-bottom:.2rem}
.rv-grade{font-weight:600;padding:0 .35rem;border-radius:.25rem;color:#fff}
.rv-row{display:grid;grid-template-columns:minmax(0,9rem) minmax(0,1fr) 2.8rem;gap:.4rem;align-items:center;
 margin:.1rem 0}
.rv-label{overflow-wrap:anywhere}
.rv-track{background:#eee8da;border-radius:.2rem;height:.8rem;min-width:0}
.rv-bar{height:100%;border-radius:.2rem;background:#9e9688}
.rv-row.rv-model-pick .rv-bar{background:#2e7d32}
.rv-row.rv-player-pick .rv-bar{background:#1565c0}
.rv-row.rv-model-pick.rv-player-pick .rv-bar{background:#2e7d32}
.rv-p{text-align:right;font-variant-numeric:tabular-nums}
.rv-why{color:#555;font-size:.85rem;margin-top:.15rem}
"""


def shown_options(d: GradedDecision, top: int = SHOWN) -> list[tuple[str, float]]:
    """The ``top`` most probable options, and the player's after them when it is not among them."""
    shown = list(d.options[:top])
    if d.player not in dict(shown):
        shown.append((d.player, d.p_player))
    return shown


def bars_html(decisions: Sequence[GradedDecision], who: str, reason: Any = None) -> str:
    """The bars of the decisions taken at one step (``who`` names the player; ``reason`` words a reason)."""
    parts = [f"<style>{BARS_CSS}</style>", '<div class="rv-model">']
    meanings = grade_words()
    for d in decisions:
        g = d.grade
        kind = kind_words(d.kind)
        parts.append('<div class="rv-dec">')
        parts.append(f'<div class="rv-head"><b>{escape(kind[:1].upper() + kind[1:])}</b>'
                     f'<span class="rv-grade" style="background:{GRADE_COLOURS[g]}" title="{escape(meanings[g])}">'
                     f"{escape(grade_name(g))}</span></div>")
        for label, p in shown_options(d):
            classes = ["rv-row"]
            model, player = label == d.model, label == d.player
            if model:
                classes.append("rv-model-pick")
            if player:
                classes.append("rv-player-pick")
            marks = (gettext("model and {player}").format(player=who) if model and player else
                     gettext("model") if model else who if player else "")
            mark = f" <small>◀ {escape(marks)}</small>" if marks else ""
            parts.append(f'<div class="{" ".join(classes)}"><span class="rv-label">'
                         f"{escape(option_text(label, d.tile))}{mark}</span>"
                         f'<div class="rv-track"><div class="rv-bar" style="width:{100 * p:.1f}%"></div></div>'
                         f'<span class="rv-p">{percent(p)}</span></div>')
        why = reason(d.reason) if reason is not None else d.reason
        said = escape(gettext("The model: {reason}").format(reason=why))
        parts.append(f'<div class="rv-why">{said}</div></div>')
    parts.append("</div>")
    return "".join(parts)


def chart_figure(points: Sequence[DecisionPoint], hand_labels: Sequence[str], current: int | None = None) -> go.Figure:
    """p(the player's choice) at each graded decision across the game; mistakes marked; ``current`` hand shaded.

    Each point's ``customdata`` is ``[hand, position]``.
    """
    fig = go.Figure()
    for g in ("agrees", "fine", "mistake", "big mistake"):
        chosen = [p for p in points if p.decision.grade == g]
        if not chosen:
            continue
        big = g in ("mistake", "big mistake")
        fig.add_trace(go.Scatter(
            x=[p.index + 1 for p in chosen], y=[round(p.decision.p_player, 4) for p in chosen], mode="markers",
            name=grade_name(g), customdata=[[p.hand, p.position] for p in chosen],
            marker={"color": GRADE_COLOURS[g], "size": 11 if big else 6,
                    "symbol": "x" if g == "big mistake" else "diamond" if g == "mistake" else "circle"},
            text=[gettext("{hand}, step {step}: {kind}, {choice} {p_choice} (model: {model} {p_model})").format(
                hand=hand_labels[p.hand], step=p.position, kind=gettext(p.decision.kind),
                choice=option_text(p.decision.player, p.decision.tile), p_choice=percent(p.decision.p_player),
                model=option_text(p.decision.model, p.decision.tile), p_model=percent(p.decision.p_model))
                for p in chosen],
            hovertemplate="%{text}<extra>" + grade_name(g) + "</extra>"))
    starts: dict[int, int] = {}
    for p in points:
        starts.setdefault(p.hand, p.index + 1)
    for x in starts.values():
        fig.add_vline(x=x - 0.5, line_width=1, line_color="#d8d0bf")
    if current is not None and current in starts:
        ends = [x for h, x in starts.items() if h > current]
        fig.add_vrect(x0=starts[current] - 0.5, x1=(min(ends) if ends else len(points) + 1) - 0.5,
                      fillcolor="#f3e9c6", opacity=0.5, line_width=0, layer="below")
    fig.update_layout(height=260, margin={"l": 10, "r": 10, "t": 10, "b": 10}, legend={"orientation": "h", "y": -0.25},
                      xaxis={"title": gettext("decision (in game order)"), "tickvals": list(starts.values()),
                             "ticktext": [hand_labels[h].split(",")[0] for h in starts]},
                      yaxis={"title": gettext("p(choice)"), "range": [0, 1.02], "tickformat": ".0%"},
                      clickmode="event+select", dragmode=False)
    return fig


def point_target(selection: Any) -> tuple[int, int] | None:
    """The (hand, position) of the first point of a Plotly selection event (None when nothing usable is selected).

    >>> point_target({"selection": {"points": [{"customdata": [2, "7"]}]}}), point_target({"selection": None})
    ((2, 7), None)
    """
    inner = selection.get("selection") if isinstance(selection, dict) else getattr(selection, "selection", None)
    points = inner.get("points") if isinstance(inner, dict) else getattr(inner, "points", None)
    for point in points or ():
        data = point.get("customdata") if isinstance(point, dict) else None
        if isinstance(data, (list, tuple)) and len(data) >= 2 and all(_whole(x) for x in data[:2]):
            return int(data[0]), int(data[1])
    return None


def _whole(x: Any) -> bool:
    """A whole number, or its digits (Plotly may send custom data back as text)."""
    return (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer()) or \
        (isinstance(x, str) and x.strip().lstrip("-").isdigit())


__all__ = ["BARS_CSS", "GRADE_COLOURS", "SHOWN", "bars_html", "chart_figure", "point_target", "shown_options"]
