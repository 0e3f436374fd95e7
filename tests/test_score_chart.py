"""The scores-over-the-game chart (tutor.score_chart): one point per hand end and player, placed by score."""

from __future__ import annotations

import base64
import html as html_lib
import re

from tutor.score_chart import HEIGHT, score_chart_html, score_chart_svg, short_label

HISTORY = [("start", (35000, 35000, 35000)), ("East 1", (31000, 41000, 33000)),
           ("East 1, 1 honba", (23000, 49000, 33000)), ("South 3", (-3900, 79100, 29800))]
NAMES = ["You", "Bot <b>A</b>", "Bot B"]
POINT = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*data-seat="(\d)" data-hand="(\d+)" data-score="(-?\d+)"')


def svg_of(html: str) -> str:
    """The SVG document inside the chart's picture."""
    (data,) = re.findall(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return base64.b64decode(data).decode()


def points(svg: str) -> list[tuple[float, float, int, int, int]]:
    """(x, y, seat, hand, score) of every point the chart draws."""
    return [(float(x), float(y), int(s), int(h), int(v)) for x, y, s, h, v in POINT.findall(svg)]


def chart_points(html: str) -> dict[int, list[int]]:
    """Each seat's scores in hand order, as the chart's points carry them (shared with the app tests)."""
    out: dict[int, list[int]] = {}
    for _, _, seat, _, score in sorted(points(svg_of(html)), key=lambda p: (p[2], p[3])):
        out.setdefault(seat, []).append(score)
    return out


def test_every_hand_end_of_every_player_is_a_point_with_its_score() -> None:
    html = score_chart_html(HISTORY, NAMES)
    assert chart_points(html) == {s: [scores[s] for _, scores in HISTORY] for s in range(3)}
    assert len(re.findall(r"<polyline", svg_of(html))) == 3


def test_a_higher_score_is_drawn_higher_and_a_later_hand_further_right() -> None:
    pts = points(score_chart_svg(HISTORY, NAMES))
    for a in pts:
        for b in pts:
            if a[4] > b[4]:
                assert a[1] < b[1]  # SVG's y grows downwards
            if a[3] > b[3]:
                assert a[0] > b[0]
    assert all(0 <= y <= HEIGHT for _, y, *_ in pts)


def test_negative_scores_get_a_zero_line_and_round_even_steps() -> None:
    svg = score_chart_svg(HISTORY, NAMES)
    assert 'class="grid zero"' in svg
    grid = [int(v.replace(",", "")) for v in re.findall(r'text-anchor="end">([^<]*)<', svg)]
    steps = {b - a for a, b in zip(grid, grid[1:], strict=False)}
    assert len(steps) == 1 and 4 <= len(grid) <= 9
    assert grid[0] <= -3900 < grid[0] + steps.pop() and grid[-1] >= 79100


def test_names_are_text_and_the_marked_hand_is_drawn() -> None:
    html = score_chart_html(HISTORY, NAMES, mark=2)
    assert "<b>A</b>" not in html and "Bot &lt;b&gt;A&lt;/b&gt;" in html  # legend, picture text and table
    assert "<b>A</b>" not in svg_of(html)
    assert 'data-mark="2"' in svg_of(html)
    assert "data-mark" not in score_chart_svg(HISTORY, NAMES)
    assert ">E1-1<" in svg_of(html) and ">S3<" in svg_of(html)
    assert "You ends on -3,900" in html_lib.unescape(html)  # the picture's text alternative


def test_the_scores_by_hand_are_also_a_table() -> None:
    html = score_chart_html(HISTORY, NAMES)
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    assert len(rows) == len(HISTORY) + 1
    assert re.findall(r"<td>(.*?)</td>", rows[-1]) == ["South 3", "-3,900", "79,100", "29,800"]
    same = score_chart_html(HISTORY, ["Bot", "Bot", "You"])  # two players of one name keep two columns
    assert "<th>Bot (seat 0)</th><th>Bot (seat 1)</th><th>You</th>" in same


def test_a_long_game_thins_its_hand_labels_and_an_empty_one_draws_nothing() -> None:
    long = [(f"East {i % 3 + 1}, {i} honba", (35000, 35000, 35000)) for i in range(40)]
    labels = re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="middle">', score_chart_svg(long, NAMES))
    assert 14 <= len(labels) <= 16
    assert score_chart_html([], NAMES) == ""
    assert short_label("North 1") == "N1" and short_label("odd label") == "odd label"
