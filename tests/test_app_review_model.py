"""The Review page beside the decision model (Streamlit AppTest): the probability bars of the step on the table,
next and previous mistake across hands, the "mistakes only" filter, the chart of the player's choices with its
points going to their steps, and an observer's record."""

from __future__ import annotations

import gzip
import json
import re
from html import unescape
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_app_review import _paste, open_page

from sanma_core.review.graded import KIND_WORDS, option_text
from sanma_core.review.record import review_record
from tutor.review_model import chart_figure, point_target

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
PAGE = "tutor/pages/review.py"
DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="module")
def games() -> list[dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line, _ in zip(fh, range(10), strict=False)]


@pytest.fixture(scope="module")
def record(games) -> str:
    return json.dumps(games[0])


@pytest.fixture(scope="module")
def mistakes(record) -> list[tuple[int, int, object]]:
    """(hand, position, decision) of every mistake of seat 0, worked out from the engine's review."""
    review = review_record(record, "tenhou", [0], moments=False)
    return [(h.index, d.step - h.first_step, d) for h in review.hands for d in h.graded if d.mistake]


@pytest.fixture()
def page(tmp_path, monkeypatch):
    return open_page(tmp_path, monkeypatch, timeout=90)  # the decision model loads on the first review


def _bars(at: AppTest) -> str:
    found = [h.proto.body for h in at.get("html") if 'class="rv-model"' in h.proto.body]
    return found[0] if found else ""


def _rows(html: str) -> list[tuple[str, str, str]]:
    """(classes, label, percent) of each bar row."""
    rows = re.findall(r'<div class="(rv-row[^"]*)"><span class="rv-label">(.*?)</span>.*?<span class="rv-p">(.*?)</span>',
                      html)
    return [(c, unescape(re.sub(r"<[^>]+>", "", label)), p) for c, label, p in rows]


def _blocks(html: str) -> dict[str, str]:
    """Each decision's part of the bars, by its heading (``Discard``, ``Riichi or dama`` …)."""
    parts = html.split('<div class="rv-dec">')[1:]
    return {re.search(r"<b>(.*?)</b>", part).group(1): part for part in parts}


def _where(at: AppTest) -> tuple[int, int]:
    return int(at.session_state["review_hand"]), int(at.session_state["review_pos"])


def test_next_and_previous_mistake_walk_the_mistakes_in_game_order_with_their_bars(page, record, mistakes):
    at = _paste(page, record)
    assert len({h for h, _, _ in mistakes}) >= 2  # the walk crosses hands
    assert at.button(key="review_prev_mistake").disabled  # none before the deal of the first hand
    stops = list(dict.fromkeys((h, p) for h, p, _ in mistakes))  # two mistakes at one step are one stop
    for hand, position in stops[:6]:
        at.button(key="review_next_mistake").click().run()
        assert not at.exception
        assert _where(at) == (hand, position)
        blocks = _blocks(_bars(at))
        for d in (d for h, p, d in mistakes if (h, p) == (hand, position)):
            rows = _rows(blocks[KIND_WORDS[d.kind].capitalize()])
            player = [r for r in rows if "rv-player-pick" in r[0]]
            model = [r for r in rows if "rv-model-pick" in r[0]]
            assert (player[0][1].split(" ◀")[0], model[0][1].split(" ◀")[0]) == (option_text(d.player, d.tile),
                                                                                option_text(d.model, d.tile))
            assert player[0][2] == f"{100 * d.p_player:.0f}%" and model[0][2] == f"{100 * d.p_model:.0f}%"
            assert d.grade in blocks[KIND_WORDS[d.kind].capitalize()] and len(rows) <= 6
    for hand, position in reversed(stops[:5]):
        at.button(key="review_prev_mistake").click().run()
        assert _where(at) == (hand, position)


def test_bars_show_every_decision_of_the_step_and_their_probabilities(page, record):
    at = _paste(page, record)
    review = review_record(record, "tenhou", [0], moments=False)
    first = review.hands[0]
    steps = {}
    for d in first.graded:
        steps.setdefault(d.step - first.first_step, []).append(d)
    position, decisions = max(steps.items(), key=lambda kv: len(kv[1]))  # a step with the most decisions
    at.slider(key="review_pos").set_value(position).run()
    html = _bars(at)
    for d in decisions:
        assert d.grade in html
        for label, p in d.options[:5]:
            assert f"{option_text(label, d.tile)}" in unescape(html) and f"{100 * p:.1f}%" in html
    empty = next(p for p in range(1, int(at.slider(key="review_pos").max)) if p not in steps)
    at.slider(key="review_pos").set_value(empty).run()
    assert not _bars(at) and any("No decision of" in c.value for c in at.caption)


def _model_table(at: AppTest) -> list[dict]:
    (table,) = [t for t in at.table if "grade" in t.value.columns]
    return table.value.to_dict("records")


def test_mistakes_only_lists_the_hands_mistakes_and_the_selector_goes_to_a_decisions_step(page, record, mistakes):
    at = _paste(page, record)
    hand = mistakes[0][0]
    at.selectbox(key="review_hand").select_index(hand).run()
    every = _model_table(at)
    at.checkbox(key="review_mistakes_only").check().run()
    only = _model_table(at)
    expected = [(h, p) for h, p, _ in mistakes if h == hand]
    assert len(every) > len(only) == len(expected) > 0
    assert all(row["grade"].endswith("mistake") for row in only)
    assert [int(row["step"]) for row in only] == [p for _, p in expected]
    goto = at.selectbox(key=f"review_goto_{hand}_1")
    assert len(goto.options) == len(expected) and all(o.endswith("mistake") for o in goto.options)
    goto.select_index(len(expected) - 1).run()
    assert _where(at) == expected[-1]


def test_the_chart_has_a_point_per_decision_mistakes_marked_and_points_name_their_step(page, record, mistakes):
    at = _paste(page, record)
    (chart,) = at.get("plotly_chart")
    spec = json.loads(chart.proto.spec)
    points = {tuple(c) for trace in spec["data"] for c in trace["customdata"]}
    by_grade = {trace["name"]: len(trace["y"]) for trace in spec["data"]}
    review = review_record(record, "tenhou", [0], moments=False)
    assert sum(by_grade.values()) == len(review.graded)
    assert by_grade.get("mistake", 0) + by_grade.get("big mistake", 0) == len(mistakes)
    assert {(h, p) for h, p, _ in mistakes} <= points
    # a click on a point is a selection event carrying the point's customdata: it names the hand and position
    fig = chart_figure([], [], None)
    assert not fig.data
    hand, position, _ = mistakes[-1]
    event = {"selection": {"points": [{"customdata": [hand, position], "x": 3, "y": 0.01}]}}
    assert point_target(event) == (hand, position)
    assert point_target({"selection": {"points": []}}) is None and point_target(None) is None


def test_a_phone_gets_the_bars_in_the_page_flow_without_a_fixed_width(page, record):
    at = _paste(page, record)
    at.button(key="review_next_mistake").click().run()
    html = _bars(at)
    assert "rv-row" in html
    assert not re.search(r"min-width:\s*[1-9]", html) and "grid-template-columns:minmax(0," in html


@pytest.fixture(scope="module")
def aborted_hand(games) -> str:
    g = next(g for g in _all_games() if g["id"] == "phoenix-dev-010")
    (hand,) = [h for h in g["log"] if h[16][0] == "九種九牌" and not any(h[6 + 3 * s] for s in range(3))][:1]
    return json.dumps({**{k: v for k, v in g.items() if k != "sc"}, "log": [hand]})


def _all_games():
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        yield from map(json.loads, fh)


def test_an_observer_is_told_there_is_nothing_to_grade(page, aborted_hand):
    at = _paste(page, aborted_hand)
    dealer = json.loads(aborted_hand)["log"][0][0][0] % 4
    at.selectbox(key="review_player").set_value((dealer + 1) % 3).run()
    assert not at.exception
    notes = [i.value for i in at.info] + [c.value for c in at.caption]
    assert any("makes no decision in this record (an observer's record)" in n for n in notes)
    assert not at.get("plotly_chart")
