"""The scores over a game as one SVG picture: a line per player, a point per hand end, one hand marked.

Play's game end and the Review page draw it. It is a plain picture (no chart
library to load in the browser): the SVG goes in an ``<img>`` (``st.html``
keeps no inline SVG), with the legend and a table of the scores by hand as
text beside it. Names are escaped; every point carries its hand, player and
score as data attributes.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence

from sanma_core.i18n import N_, gettext, number

from .blocks import rows_html

COLOURS = ("#b8322a", "#1f5fa8", "#2f7d32")  # one per seat, in seat order
WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 14, 26  # room for the score labels and the hand labels
TITLE = N_("Scores over the game")  # the chart's title unless a page gives its own
_LABEL = re.compile(r"^(East|South|West|North) (\d)(?:, (\d+) honba)?$")


def short_label(label: str) -> str:
    """A hand's label as the axis shows it.

    >>> short_label("South 2, 3 honba"), short_label("East 1"), short_label("start")
    ('S2-3', 'E1', 'start')
    """
    m = _LABEL.match(label)
    if m is None:
        return label
    return f"{m.group(1)[0]}{m.group(2)}" + (f"-{m.group(3)}" if m.group(3) else "")


def _step(span: int) -> int:
    """A round grid step giving about four to eight lines over ``span`` points.

    >>> _step(30000), _step(80000), _step(3000)
    (5000, 10000, 500)
    """
    for step in (500, 1000, 2000, 5000, 10000, 20000, 50000):
        if span / step <= 8:
            return step
    return 100000


def score_chart_svg(history: Sequence[tuple[str, Sequence[int]]], names: Sequence[str], mark: int | None = None,
                    title: str | None = None) -> str:
    """The chart as a standalone SVG document. ``history`` is ``(label, scores)`` from the start, one entry per
    hand end; ``mark`` is the index of an entry to mark with a dotted line (the hand under review). Its words and
    numbers are in the language spoken now."""
    title = gettext(TITLE) if title is None else title
    values = [v for _, scores in history for v in scores] or [0]
    step = _step(max(values) - min(values) or 1)
    low, high = (min(values) // step) * step, -(-max(values) // step) * step
    if high == low:
        high = low + step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = len(history)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: int) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    parts = [f'<line x1="{LEFT}" y1="{y(v):.1f}" x2="{WIDTH - RIGHT}" y2="{y(v):.1f}" class="grid{" zero" if v == 0 else ""}"/>'
             f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{number(v)}</text>'
             for v in range(low, high + 1, step)]
    every = max(1, -(-n // 14))  # at most about 14 hand labels, so they never overlap
    for i, (label, _) in enumerate(history):
        if i % every == 0 or i == n - 1:
            parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
                         f"{html.escape(short_label(label))}</text>")
    if mark is not None and 0 <= mark < n:
        parts.append(f'<line x1="{x(mark):.1f}" y1="{TOP}" x2="{x(mark):.1f}" y2="{TOP + plot_h}" class="mark" '
                     f'data-mark="{mark}"/>')
    for seat in range(len(names)):
        colour = COLOURS[seat % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(scores[seat]):.1f}" for i, (_, scores) in enumerate(history))
        parts.append(f'<polyline points="{points}" stroke="{colour}" data-seat="{seat}"/>')
        parts += [f'<circle cx="{x(i):.1f}" cy="{y(scores[seat]):.1f}" r="3.5" fill="{colour}" '
                  f'data-seat="{seat}" data-hand="{i}" data-score="{scores[seat]}"/>'
                  for i, (_, scores) in enumerate(history)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}">'
            f"<title>{html.escape(title)}</title><style>{_SVG_CSS}</style>" + "".join(parts) + "</svg>")


_SVG_CSS = ("text{font:12px sans-serif;fill:#555}.grid{stroke:#e3ded2;stroke-width:1}.grid.zero{stroke:#999}"
            ".mark{stroke:#888;stroke-dasharray:4 4}polyline{fill:none;stroke-width:2.2}")


def score_chart_html(history: Sequence[tuple[str, Sequence[int]]], names: Sequence[str], mark: int | None = None,
                     title: str | None = None) -> str:
    """The chart as a picture under its title and legend, then the scores by hand as a folded table."""
    if not history:
        return ""
    title = gettext(TITLE) if title is None else title
    svg = score_chart_svg(history, names, mark, title)
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    legend = "".join(f'<span><i style="background:{COLOURS[s % len(COLOURS)]}"></i>{html.escape(name)}</span>'
                     for s, name in enumerate(names))
    last = history[-1][1]
    ends = gettext("{name} ends on {points}")
    alt = f"{title}: " + ", ".join(ends.format(name=name, points=number(last[s])) for s, name in enumerate(names))
    seat = gettext("{name} (seat {seat})")
    columns = [name if list(names).count(name) == 1 else seat.format(name=name, seat=s) for s, name in enumerate(names)]
    hand = gettext("hand")
    table = rows_html([{hand: label, **{column: number(scores[s]) for s, column in enumerate(columns)}}
                       for label, scores in history])
    by_hand = gettext("Scores by hand")
    return (f'<figure class="sm-chart"><figcaption><b>{html.escape(title)}</b>{legend}</figcaption>'
            f'<img src="{uri}" alt="{html.escape(alt)}">'
            f'<details><summary>{html.escape(by_hand)}</summary><div class="sm-scroll">{table}</div></details></figure>')


CHART_CSS = """
.sm-chart{margin:.5rem 0 1rem;max-width:760px}
.sm-chart figcaption{display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center;font-size:.9rem;margin-bottom:.2rem}
.sm-chart figcaption i{display:inline-block;width:.9rem;height:.25rem;margin-right:.3rem;vertical-align:middle}
.sm-chart img{width:100%;height:auto;display:block}
.sm-chart summary{cursor:pointer;font-size:.85rem;color:#5b5b5b}
"""
