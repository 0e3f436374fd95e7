"""The review's decisions beside the decision model: probabilities of every option, grades recomputed from their
definition, the figures per hand and game, the JSON and text of ``sanma review``, and an observer's record.

A handful of development games run here; ``benchmarks/bench_review.py --grades`` checks the same on all 400."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import pytest

from sanma_core.bots.agreement import AgreementCounter
from sanma_core.commands.review import main as review_main
from sanma_core.commands.review import render_text
from sanma_core.game import Game
from sanma_core.game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, PASS, RIICHI
from sanma_core.game.records import read_record
from sanma_core.review.graded import (
    GRADES,
    MODEL_KINDS,
    UNMODELLED,
    Asker,
    DecisionGrader,
    Figures,
    GradedDecision,
    grade,
)
from sanma_core.review.record import review_record
from sanma_core.tiles import kind, kind_name

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
GAMES = ("phoenix-dev-001", "phoenix-dev-002", "phoenix-dev-003")


@pytest.fixture(scope="module")
def games() -> dict[str, dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return {g["id"]: g for g in map(json.loads, fh)}


@pytest.fixture(scope="module")
def reviews(games):
    """Each of GAMES reviewed for one seat (game number mod 3), with its JSON."""
    out = []
    for n, gid in enumerate(GAMES):
        r = review_record(json.dumps(games[gid]), "tenhou", [n % 3])
        out.append((r, r.to_json()))
    return out


def by_definition(p_player: float, p_top: float, same: bool) -> str:
    """The grade as the issue defines it, written out again here."""
    if same:
        return "agrees"
    if p_player < 0.05 and p_top >= 0.5:
        return "big mistake"
    return "fine" if p_player >= p_top / 5 else "mistake"


def test_every_decision_has_probabilities_summing_to_one_and_the_players_choice_among_them(reviews):
    kinds = set()
    for r, data in reviews:
        graded = r.graded
        assert len(graded) > 60
        for d in graded:
            kinds.add(d.kind)
            probs = dict(d.options)
            assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-3), d
            assert len(probs) == len(d.options) >= 2 and all(0.0 <= p <= 1.0 for p in probs.values())
            assert d.player in probs and d.model in probs
            assert probs[d.model] == max(probs.values())
            assert [p for _, p in d.options] == sorted(probs.values(), reverse=True)
            assert d.seat in r.seats and d.reason
        for h in data["hands"]:
            for j in h["graded"]:
                assert math.isclose(sum(o["p"] for o in j["options"]), 1.0, abs_tol=1e-3)
                assert j["player"] in {o["action"] for o in j["options"]}
    assert {"discard", "riichi", "kita", "call"} <= kinds <= set(MODEL_KINDS)


def test_grades_and_figures_follow_their_definitions(reviews):
    for _, data in reviews:
        rows = [j for h in data["hands"] for j in h["graded"]]
        for j in rows:
            probs = {o["action"]: o["p"] for o in j["options"]}
            top = max(probs.values())
            assert probs[j["model"]] == top
            assert j["grade"] == by_definition(probs[j["player"]], top, j["player"] == j["model"]), j
        n = len(rows)
        grades = [j["grade"] for j in rows]
        assert data["graded_count"] == n
        assert data["match"] == round(grades.count("agrees") / n, 4)
        assert data["mistakes_per_100"] == round(100 * (grades.count("mistake") + grades.count("big mistake")) / n, 2)
        assert data["big_mistakes_per_100"] == round(100 * grades.count("big mistake") / n, 2)
        mean = sum({o["action"]: o["p"] for o in j["options"]}[j["player"]] for j in rows) / n
        assert data["mean_p"] == pytest.approx(mean, abs=1e-4)
        for h in data["hands"]:
            if h["graded"]:
                hg = [j["grade"] for j in h["graded"]]
                assert h["match"] == round(hg.count("agrees") / len(hg), 4)
            else:
                assert h["match"] is None and h["mean_p"] is None


def test_the_player_choice_is_the_recorded_action(games):
    """Each graded choice is what the record shows the player doing at that step."""
    text = json.dumps(games["phoenix-dev-001"])
    review = review_record(text, "tenhou", [1], moments=False)
    actions = []

    class Keep:
        def before(self, game, action):
            actions.append(action)

    read_record(text, "tenhou", observers=[Keep()])
    for d in review.graded:
        a = actions[d.step]
        assert a.seat == d.seat == 1
        if d.kind == "discard":
            assert a.kind in (DISCARD, RIICHI) and d.player == f"discard:{kind_name(kind(a.tile))}"
        elif d.kind == "riichi":
            assert d.player == ("riichi" if a.kind == RIICHI else "dama")
        elif d.kind == "kita":
            assert d.player == ("kita" if a.kind == KITA else "keep")
        elif d.kind == "kan":
            assert d.player == ("kan" if a.kind in (ANKAN, KAKAN) else "no_kan")
        elif d.kind == "abort":
            assert d.player == ("abort" if a.kind == ABORT else "play_on")
        else:
            assert d.player == ("pass" if a.kind == PASS else "call")


def test_the_decisions_graded_are_those_sanma_agree_counts(games):
    """Reviewing every seat grades exactly the decisions ``sanma agree`` measures the model on."""
    text = json.dumps(games["phoenix-dev-002"])
    review = review_record(text, "tenhou", None, moments=False)
    counter = AgreementCounter("hard")
    read_record(text, "tenhou", observers=[counter])
    graded = [d.kind for d in review.graded]
    counts = {k: graded.count(k) for k in ("discard", "riichi", "kita", "call")}
    assert counts == {"discard": counter.total["discard"], "riichi": counter.total["riichi_all"],
                      "kita": counter.total["kita"], "call": counter.total["call"]}


def _decision(options: dict[str, float], player: str) -> GradedDecision:
    ordered = tuple(sorted(options.items(), key=lambda kv: -kv[1]))
    return GradedDecision(0, 0, 0, 40, "discard", ordered, player, ordered[0][0], "reason")


@pytest.mark.parametrize(("p_player", "p_top", "expected"), [
    (0.0499, 0.50, "big mistake"),  # under 5% with the top at exactly 50%
    (0.0499, 0.4999, "mistake"),  # the top under 50%: not big, and under a fifth of it
    (0.05, 0.60, "mistake"),  # 5% is not under 5%; under a fifth of 60%
    (0.10, 0.50, "fine"),  # exactly a fifth of the top
    (0.0999, 0.50, "mistake"),
    (0.04, 0.15, "fine"),  # a flat position: under 5% but at least a fifth of the top
    (0.01, 0.99, "big mistake"),
])
def test_grade_boundaries(p_player, p_top, expected):
    options = {"discard:1m": p_top, "discard:5p": p_player}
    rest = 1.0 - p_player - p_top
    n = math.ceil(rest / p_top - 1e-9)  # the rest spread over options below the top one
    options.update({f"discard:{k + 1}s": rest / n for k in range(n)})
    assert max(options.values()) == p_top and math.isclose(sum(options.values()), 1.0)
    d = _decision(options, "discard:5p")
    assert d.model == "discard:1m" and d.grade == expected == grade(p_player, p_top, False)
    assert _decision(options, "discard:1m").grade == "agrees"


def test_figures_of_constructed_decisions():
    ds = [_decision({"a": 0.6, "b": 0.4}, "a"), _decision({"a": 0.6, "b": 0.4}, "b"),
          _decision({"a": 0.96, "b": 0.04}, "b"), _decision({"a": 0.7, "b": 0.3}, "a")]
    f = Figures.of(ds)
    assert [f.count(g) for g in GRADES] == [2, 1, 0, 1]
    assert (f.match, f.mistakes_per_100, f.big_mistakes_per_100) == (0.5, 25.0, 25.0)
    assert f.mean_p == pytest.approx((0.6 + 0.4 + 0.04 + 0.7) / 4)


def _first_turn_choices(seed: int):
    """A constructed position: the dealer's first turn of a seeded game, graded for each discard kind."""
    game = Game("tenhou", seed=seed)
    discards = [a for a in game.legal_actions(0) if a.kind == DISCARD]
    out = []
    for a in {kind(a.tile): a for a in discards}.values():
        grader = DecisionGrader({0}, Asker())
        grader.before(game, a)
        (d,) = [d for d in grader.decisions if d.kind == "discard"]
        out.append(d)
    return out


def test_each_choice_in_a_constructed_position_is_graded_by_its_own_probability():
    graded = _first_turn_choices(7)
    assert len({d.player for d in graded}) == len(graded) > 5
    options = graded[0].options
    assert all(d.options == options for d in graded)  # the same position, the same probabilities
    top = options[0]
    for d in graded:
        assert d.grade == by_definition(dict(options)[d.player], top[1], d.player == top[0])
    assert sum(d.grade == "agrees" for d in graded) == 1


def test_review_json_adds_keys_and_keeps_the_old_ones(games, tmp_path, capsys):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(games["phoenix-dev-001"]), encoding="utf-8")
    assert review_main([str(path), "--player", "B", "--json", "--no-decisions"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert review_main([str(path), "--player", "B", "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert set(plain) <= set(full)
    assert {"match", "mistakes_per_100", "big_mistakes_per_100", "mean_p", "unmodelled", "by_seat"} <= set(full)
    assert set(full["unmodelled"]) <= set(UNMODELLED) and full["model_kinds"] == list(MODEL_KINDS)
    for a, b in zip(plain["hands"], full["hands"], strict=True):
        assert {k: b[k] for k in a if k != "decisions"} == {k: v for k, v in a.items() if k != "decisions"}
        assert {"graded", "match", "mistakes_per_100", "big_mistakes_per_100", "mean_p"} <= set(b)
        for j in b["graded"]:
            assert set(j) >= {"kind", "step", "options", "player", "model", "grade", "reason"}
            assert all(set(o) == {"action", "p"} for o in j["options"])
    assert [s["seat"] for s in full["by_seat"]] == [1] and full["by_seat"][0]["observer"] is False


def test_review_text_prints_the_mistakes_with_their_probabilities(reviews):
    review, data = reviews[1]
    text = render_text(review)
    mistakes = [d for d in review.graded if d.mistake]
    assert mistakes
    for d in mistakes:
        assert f"step {d.step}, " in text
    assert f"{round(100 * mistakes[0].p_player)}%" in text
    assert f"match {round(100 * data['match'])}%" in text
    assert "mistakes, big ones included, per 100 decisions" in text


@pytest.fixture(scope="module")
def aborted_hand(games) -> str:
    """One real hand alone: the dealer aborts at the first draw (nine terminals), nobody else acts."""
    g = games["phoenix-dev-010"]
    (hand,) = [h for h in g["log"] if h[16][0] == "九種九牌" and not any(h[6 + 3 * s] for s in range(3))][:1]
    return json.dumps({**{k: v for k, v in g.items() if k != "sc"}, "log": [hand]})


def test_an_observer_record_says_the_player_made_no_decision(aborted_hand, tmp_path, capsys):
    dealer = json.loads(aborted_hand)["log"][0][0][0] % 4  # tenhou.net/6 counts four hands per wind
    other = (dealer + 1) % 3
    review = review_record(aborted_hand, "tenhou", [other])
    assert review.graded == () and review.observer(other)
    assert "makes no decision in this record (an observer's record)" in render_text(review)
    path = tmp_path / "one.json"
    path.write_text(aborted_hand, encoding="utf-8")
    assert review_main([str(path), "--player", str(other), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["match"] is None and data["by_seat"][0]["observer"] is True
    dealer_review = review_record(aborted_hand, "tenhou", [dealer])
    assert not dealer_review.observer(dealer) and dealer_review.unmodelled() == {}
    (d,) = dealer_review.graded
    assert d.kind == "abort" and d.player == "abort" and {o for o, _ in d.options} == {"abort", "play_on"}


def _kan_game(games) -> tuple[str, dict]:
    """The first development game where a seat makes a closed or added kan (tenhou.net/6 writes "a" or "k")."""
    for gid, g in games.items():
        if any(isinstance(t, str) and ("a" in t or "k" in t) for h in g["log"] for s in range(3)
               for t in h[6 + 3 * s]):
            return gid, g
    raise AssertionError("no kan in the development games")


def test_kans_at_the_turn_are_graded_with_the_players_choice(games):
    gid, g = _kan_game(games)
    text = json.dumps(g)
    review = review_record(text, "tenhou", None, moments=False)
    actions = []

    class Keep:
        def before(self, game, action):
            actions.append(action)

    read_record(text, "tenhou", observers=[Keep()])
    kans = [d for d in review.graded if d.kind == "kan"]
    assert any(d.player == "kan" for d in kans), gid
    for d in kans:
        assert {o for o, _ in d.options} == {"kan", "no_kan"} and d.tile is not None
        assert d.player == ("kan" if actions[d.step].kind in (ANKAN, KAKAN) else "no_kan")
        assert d.reason and ("kan" in d.reason)
    assert "kan" not in review.unmodelled()
