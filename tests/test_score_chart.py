"""The scores-over-the-game chart (tutor.score_chart): one point per hand end and player, placed by score."""

from __future__ import annotations

import re

from tutor.score_chart import HEIGHT, score_chart_html, short_label

HISTORY = [("start", (35000, 35000, 35000)), ("East 1", (31000, 41000, 33000)),
           ("East 1, 1 honba", (23000, 49000, 33000)), ("South 3", (-3900, 79100, 29800))]
NAMES = ["You", "Bot <b>A</b>", "Bot B"]
POINT = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*data-seat="(\d)" data-hand="(\d+)" data-score="(-?\d+)"')


def points(html: str) -> list[tuple[float, float, int, int, int]]:
    """(x, y, seat, hand, score) of every point the chart draws."""
    return [(float(x), float(y), int(s), int(h), int(v)) for x, y, s, h, v in POINT.findall(html)]


def chart_points(html: str) -> dict[int, list[int]]:
    """Each seat's scores in hand order, as the chart's points carry them (shared with the app tests)."""
    out: dict[int, list[int]] = {}
    for _, _, seat, _, score in sorted(points(html), key=lambda p: (p[2], p[3])):
        out.setdefault(seat, []).append(score)
    return out


def test_every_hand_end_of_every_player_is_a_point_with_its_score() -> None:
    html = score_chart_html(HISTORY, NAMES)
    assert chart_points(html) == {s: [scores[s] for _, scores in HISTORY] for s in range(3)}
    assert len(re.findall(r"<polyline", html)) == 3


def test_a_higher_score_is_drawn_higher_and_a_later_hand_further_right() -> None:
    pts = points(score_chart_html(HISTORY, NAMES))
    for a in pts:
        for b in pts:
            if a[4] > b[4]:
                assert a[1] < b[1]  # SVG's y grows downwards
            if a[3] > b[3]:
                assert a[0] > b[0]
    assert all(0 <= y <= HEIGHT for _, y, *_ in pts)


def test_negative_scores_get_a_zero_line() -> None:
    html = score_chart_html(HISTORY, NAMES)
    assert 'class="grid zero"' in html
    grid = [int(v.replace(",", "")) for v in re.findall(r'text-anchor="end">([^<]*)<', html)]
    steps = {b - a for a, b in zip(grid, grid[1:], strict=False)}
    assert len(steps) == 1 and 4 <= len(grid) <= 9  # round, even steps
    assert grid[0] <= -3900 < grid[0] + steps.pop() and grid[-1] >= 79100


def test_names_are_text_and_the_marked_hand_is_drawn() -> None:
    html = score_chart_html(HISTORY, NAMES, mark=2)
    assert "<b>A</b>" not in html and "Bot &lt;b&gt;A&lt;/b&gt;" in html
    assert 'data-mark="2"' in html
    assert "data-mark" not in score_chart_html(HISTORY, NAMES)
    assert ">E1-1<" in html and ">S3<" in html and "East 1, 1 honba: You 23,000" in html


def test_a_long_game_thins_its_hand_labels_and_an_empty_one_draws_nothing() -> None:
    long = [(f"East {i % 3 + 1}, {i} honba", (35000, 35000, 35000)) for i in range(40)]
    labels = re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="middle">', score_chart_html(long, NAMES))
    assert 14 <= len(labels) <= 16
    assert score_chart_html([], NAMES) == ""
    assert short_label("North 1") == "N1" and short_label("odd label") == "odd label"
