"""`sanma simulate`: summary, determinism across --jobs, records, bad arguments; a seeded soak of bot games."""

import json

import pytest

from sanma_core.bots import make_bot
from sanma_core.bots.arena import play_bot_game
from sanma_core.commands.simulate import main
from sanma_core.game import Game, GameMode
from sanma_core.game.mjai import loads
from sanma_core.tiles import to_mjai

TIMING = ("seconds", "games_per_second", "jobs")


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_summary_fields_and_same_results_for_any_jobs(capsys):
    args = ["--games", "3", "--seed", "5", "--bots", "normal,easy,hard", "--length", "tonpuusen"]
    code, out, err = run(capsys, *args)
    assert code == 0 and "Traceback" not in err
    one = json.loads(out)
    wins = one["wins"]["ron"] + one["wins"]["tsumo"]
    assert one["games"] == 3 and one["draws"] + wins / 2 <= one["hands"] <= one["draws"] + wins
    assert [b["level"] for b in one["per_bot"]] == ["normal", "easy", "hard"]
    assert sum(b["games"] for b in one["per_bot"]) == 9 and all(b["games"] == 3 for b in one["per_seat"])
    placements = [b["average_placement"] for b in one["per_bot"]]
    assert abs(sum(placements) - 6.0) < 1e-3  # ranks 1+2+3 in every game
    for b in one["per_bot"]:
        lo, hi = b["average_placement_ci95"]
        assert lo <= b["average_placement"] <= hi and abs((hi - b["average_placement"]) - (b["average_placement"] - lo)) < 1e-3
    assert set(one["per_level"]) == {"normal", "easy", "hard"}
    code, out, _ = run(capsys, *args, "--jobs", "2")
    two = json.loads(out)
    assert {k: v for k, v in one.items() if k not in TIMING} == {k: v for k, v in two.items() if k not in TIMING}


def test_records_are_written_in_both_formats(capsys, tmp_path):
    code, _, _ = run(capsys, "--games", "1", "--length", "tonpuusen", "--bots", "easy", "--out", str(tmp_path / "r"))
    assert code == 0
    events = loads((tmp_path / "r" / "game-00000.mjson").read_text())
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    record = json.loads((tmp_path / "r" / "game-00000.tenhou6.json").read_text())
    assert len(record["log"]) == sum(1 for e in events if e["type"] == "start_kyoku")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bots", "normal,expert,easy"], "'expert'"),
        (["--bots", "normal,easy"], "three levels"),
        (["--ruleset", "nosuch"], "'nosuch'"),
        (["--games", "0"], "--games"),
        (["--games", "many"], "many"),
        (["--jobs", "0"], "--jobs"),
        (["--length", "marathon"], "marathon"),
    ],
)
def test_bad_arguments_are_one_clear_line(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("sanma simulate: error:") and needle in err and "Traceback" not in err


class Checked:
    """Wraps a bot and checks every answer is one of the legal actions with a reason."""

    def __init__(self, bot):
        self.bot = bot
        self.level = bot.level
        self.calls = 0

    def decide(self, view, legal):
        d = self.bot.decide(view, legal)
        assert d.action in legal and d.reason
        assert view.legal_actions == tuple(legal)
        self.calls += 1
        return d


@pytest.mark.parametrize("ruleset", ["tenhou", "club", "wrc"])
def test_seeded_soak_every_action_legal_and_games_finish(ruleset):
    for i in range(4):
        levels = [("easy", "normal", "hard")[(s + i) % 3] for s in range(3)]
        bots = [Checked(make_bot(lv, seed=f"{ruleset}/{i}/{s}")) for s, lv in enumerate(levels)]
        report = play_bot_game(levels, ruleset, GameMode("tonpuusen"), seed=f"soak/{ruleset}/{i}", bots=bots)
        assert report.game.is_over() and sorted(report.ranks) == [1, 2, 3]
        assert sum(report.points) == 3 * report.game.rules.start_points
        assert all(b.calls > 0 for b in bots)


def test_normal_defends_better_than_easy_over_seeded_games():
    """A reduced strength check (the full 300-hanchan figures are measured by `sanma simulate`)."""
    from sanma_core.commands.simulate import parse_plan, run, summarise

    plan = parse_plan(["--games", "18", "--seed", "strength", "--bots", "normal,easy,easy", "--length", "tonpuusen"])
    summary = summarise(plan, list(run(plan)), 1.0)
    normal, easy = summary["per_level"]["normal"], summary["per_level"]["easy"]
    assert normal["deal_in_rate"] < 0.8 * easy["deal_in_rate"]
    assert normal["average_placement"] <= 2.0 <= easy["average_placement"]


def test_play_bot_game_finishes_a_game_already_under_way():
    game = Game("tenhou", GameMode("tonpuusen"), seed="resume")
    seat = game.to_act()[0]
    first = next(a for a in game.legal_actions(seat) if a.kind == "discard" and a.tile == max(game.hands[seat]))
    game.apply(first)  # the bots take over after this discard
    before = len(game.events)
    report = play_bot_game(["easy"] * 3, game=game)
    assert report.game is game and game.is_over() and len(game.events) > before
    dahai = next(e for e in game.events if e["type"] == "dahai")
    assert dahai["actor"] == seat and dahai["pai"] == to_mjai(first.tile)
    assert report.hands == len(game.results) and sorted(report.ranks) == [1, 2, 3]


def test_the_placement_interval_is_the_mean_plus_or_minus_two_standard_errors():
    from sanma_core.commands.simulate import mean_interval

    ranks = [1] * 40 + [2] * 30 + [3] * 30  # mean 1.9, sample sd √(69 / 99) = 0.834847
    lo, hi = mean_interval(ranks)
    assert (lo, hi) == (round(1.9 - 1.96 * 0.834847 / 10, 4), round(1.9 + 1.96 * 0.834847 / 10, 4))
    assert mean_interval([2]) is None
