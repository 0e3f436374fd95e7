"""`sanma review`: every real game reviews with the record's figures agreeing, the text explains
settlements as computed by hand, and bad records fail with one clear line."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest

from sanma_core.commands.review import main as review_main
from sanma_core.commands.review import render_text
from sanma_core.game.mjai import RecordError, dumps
from sanma_core.game.records import read_record
from sanma_core.review.record import GamePositions, positions, replay_from_start, replay_to, review_record

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def games() -> dict[str, dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return {g["id"]: g for g in map(json.loads, fh)}


def text_of(games, game_id: str) -> str:
    return json.dumps(games[game_id], ensure_ascii=False)


def test_every_real_game_reviews_and_every_hand_agrees_with_the_record(games):
    hands = 0
    for g in games.values():
        review = review_record(json.dumps(g, ensure_ascii=False), "tenhou", decisions=False, moments=False)
        data = review.to_json()
        assert data["ok"] is True and not data["mismatches"], g["id"]
        assert len(data["hands"]) == len(g["log"]), g["id"]
        for h, row in zip(data["hands"], g["log"], strict=True):
            result = row[16]
            if result[0] == "和了":
                expected = [sum(d[s] for d in result[1::2]) for s in range(3)]
            else:
                expected = list(result[1][:3]) if len(result) > 1 else [0, 0, 0]
            assert h["log_deltas"] == expected and h["deltas"] == expected and h["agrees"] is True, g["id"]
        assert data["final_scores"] == g["sc"][0:6:2] and data["placement_points"] == g["sc"][1:6:2]
        hands += len(data["hands"])
    assert hands == 3610


def test_review_json_from_the_command_for_one_player(games, tmp_path, capsys):
    path = tmp_path / "g.json"
    path.write_text(text_of(games, "phoenix-dev-001"), encoding="utf-8")
    assert review_main([str(path), "--player", "B", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True and data["reviewed"] == [1] and data["players"] == ["A", "B", "C"]
    decisions = [d for h in data["hands"] for d in h["decisions"]]
    assert decisions and {d["seat"] for d in decisions} == {1}
    assert {d["verdict"] for d in decisions} <= {"same", "as good", "different"}
    first = data["hands"][0]
    assert set(first) >= {"round", "honba", "sticks", "result", "deltas", "log_deltas", "agrees", "settlement",
                          "moments", "decisions"}
    assert first["round"] == "E1" and first["result"] == "tsumo"


def test_a_tsumo_with_honba_is_explained_as_computed_by_hand(games):
    """phoenix-dev-001, South 3, 2 honba, 1 stick: a non-dealer 30 fu 2 han tsumo.
    Base 30 × 2^4 = 480; the dealer pays 2 × 480 = 960 → 1000, the other non-dealer 480 → 500;
    each payer adds 2 × 100 honba; the winner takes 1200 + 700 + the 1000 stick = 2900."""
    review = review_record(text_of(games, "phoenix-dev-001"), "tenhou", [0], decisions=False, moments=False)
    hand = next(h for h in review.hands if h.label == "South 3, 2 honba")
    text = render_text(review)
    block = text[text.index("South 3, 2 honba"):].split("\n\n")[0]
    assert "wins by tsumo" in block and "2 han 30 fu" in block
    assert "the dealer pays base × 2 = 960 → 1000" in block
    assert "the other non-dealer pays base × 1 = 480 → 500" in block
    assert "2 honba × 100 = 200 more from each payer" in block
    assert "total 2900" in block and "+2900 / -700 / -1200 (the record agrees)" in block
    assert hand.deltas == (2900, -700, -1200)


def test_kita_under_a_west_indicator_counts_double(games):
    """phoenix-dev-002, East 1: the dora indicator is West, so the one North set aside is worth 2 han:
    green dragon 1 + half flush 2 + red 1 + kita 2 = 6 han, haneman: a non-dealer ron pays 12,000."""
    review = review_record(text_of(games, "phoenix-dev-002"), "tenhou", [2], decisions=False, moments=False)
    text = render_text(review)
    block = text[text.index("East 1 "):].split("\n\n")[0]
    assert "dora indicators 3z" in block and "6 han 30 fu (haneman)" in block
    assert "kita: 1 North set aside = 2 han (+1 because 1 dora indicator is West: North is dora)" in block
    assert "non-dealer ron: base × 4 = 12000" in block and "+0 / -12000 / +12000 (the record agrees)" in block


def test_double_ron_and_nagashi_are_explained(games):
    """phoenix-dev-008, South 3, 1 honba: seat 0's 6p pays two wins. Seat 1 (next in turn) gets the honba
    and the stick: 40 fu 2 han = 640 × 4 = 2560 → 2600, + 200 + 1000 = 3800. Seat 2, the dealer:
    30 fu 3 han = 960 × 6 = 5760 → 5800. The discarder pays 2800 + 5800 = 8600."""
    review = review_record(text_of(games, "phoenix-dev-008"), "tenhou", decisions=False, moments=False)
    text = render_text(review)
    block = text[text.index("South 3, 1 honba"):].split("\n\n")[0]
    assert "double ron" in block and block.count("wins by ron on seat 0 (A)'s 6p") == 2
    assert "base × 4 = 2560 → 2600" in block and "total 3800" in block
    assert "dealer ron: base × 6 = 5760 → 5800" in block
    assert "-8600 / +3800 / +5800 (the record agrees)" in block
    # phoenix-dev-017, East 2: nagashi mangan by a non-dealer, 4000 from the dealer and 2000 from the other
    review = review_record(text_of(games, "phoenix-dev-017"), "tenhou", decisions=False, moments=False)
    text = render_text(review)
    block = text[text.index("\nEast 2 ") + 1:].split("\n\n")[0]
    assert "nagashi mangan by seat 0 (A): paid as a mangan tsumo without honba" in block
    assert "seat 1 (B) pays 4000, seat 2 (C) pays 2000" in block and "1 riichi stick (1000 points) stays on the table" in block


def test_a_record_whose_figures_differ_is_shown_not_hidden(games, tmp_path, capsys):
    g = copy.deepcopy(games["phoenix-dev-003"])
    n = next(n for n, h in enumerate(g["log"]) if h[16][0] == "和了")
    g["log"][n][16][1][0] += 300
    g["log"][n][16][1][1] -= 300
    review = review_record(json.dumps(g), "tenhou", decisions=False, moments=False)
    assert review.hands[n].agrees is False and all(h.agrees for i, h in enumerate(review.hands) if i != n)
    assert "THE RECORD SAYS" in render_text(review)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(g), encoding="utf-8")
    assert review_main([str(path), "--json", "--no-decisions"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"][n]["agrees"] is False and data["hands"][n]["log_deltas"] != data["hands"][n]["deltas"]


def test_mjai_and_xml_records_review_the_same(games):
    xml = (DATA / "tenhou-phoenix-dev-xml" / "phoenix-dev-004.xml").read_text(encoding="utf-8")
    a = review_record(xml, "tenhou", decisions=False, moments=False)
    b = review_record(text_of(games, "phoenix-dev-004"), "tenhou", decisions=False, moments=False)
    mjai = dumps(read_record(xml, "tenhou").game.events)
    c = review_record(mjai, "tenhou", decisions=False, moments=False)
    assert a.format == "mjlog" and b.format == "tenhou6" and c.format == "mjai"
    assert [h.deltas for h in a.hands] == [h.deltas for h in b.hands] == [h.deltas for h in c.hands]
    assert all(h.agrees and h.log_deltas is not None for h in c.hands)


def test_bad_records_and_players_give_one_clear_line(games, tmp_path, capsys):
    path = tmp_path / "bad.json"
    text = text_of(games, "phoenix-dev-005")
    path.write_text(text[:-200], encoding="utf-8")
    assert review_main([str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and "not valid tenhou.net/6 JSON" in data["error"] and "hand" in data
    path.write_text(text, encoding="utf-8")
    assert review_main([str(path), "--player", "Nobody", "--json"]) == 1
    assert "no player of that name" in json.loads(capsys.readouterr().out)["error"]
    assert review_main([str(path), "--player", "7"]) == 1
    assert "a seat is 0, 1 or 2" in capsys.readouterr().err
    g = copy.deepcopy(games["phoenix-dev-005"])
    g["log"][2][5][0] = 99
    path.write_text(json.dumps(g), encoding="utf-8")
    assert review_main([str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] and data["seat"] == 0 and data["error"].startswith(data["hand"])


def test_replay_to_steps_through_the_game(games):
    text = text_of(games, "phoenix-dev-006")
    review = review_record(text, "tenhou", decisions=False, moments=False)
    second = review.hands[1].first_step
    game = replay_to(text, "tenhou", second)
    assert game.hand_index == 1 and sum(len(p) for p in game.discards) == 0
    later = replay_to(text, "tenhou", second + 6)
    assert later.hand_index == 1 and len(later.history) == len(game.history) + 6
    assert replay_to(text, "tenhou", 10**6).is_over()
    with pytest.raises(RecordError):
        replay_to(text[:100], "tenhou", 5)


def _position(game) -> tuple:
    """Everything a position shows and decides: seats, table, wall, window, history, events, legal moves."""
    seats = tuple((sorted(game.hands[s]), list(game.counts[s]), repr(game.melds[s]), game.kita[s],
                   repr(game.discards[s]), game.riichi[s], game.double_riichi[s], game.ippatsu[s],
                   game.temp_furiten[s], game.riichi_furiten[s], game.first_turn[s]) for s in range(3))
    window = game.window
    return (game.phase, game.hand_index, game.turn, game.drawn, list(game.scores), game.dealer, game.round_wind,
            game.honba, game.sticks, seats, game.live_remaining, game.wall.replacements_remaining,
            game.dora_indicators(), None if window is None else (window.kind, window.seat, window.tile,
                                                                repr(window.options), repr(window.answers)),
            list(game.history), list(game.events), repr(game.results),
            [(s, repr(game.legal_actions(s))) for s in game.to_act()])


class _Positions:
    """The position before every action of a full re-play from the start (the game itself, not restored)."""

    def __init__(self) -> None:
        self.seen: list[tuple] = []

    def before(self, game, action) -> None:
        self.seen.append(_position(game))


@pytest.mark.parametrize("source", ["phoenix-dev-002", "phoenix-dev-017", "xml:phoenix-dev-003", "mjai:phoenix-dev-009"])
def test_a_snapshot_restores_the_position_a_full_replay_reaches_at_every_step(games, source):
    kind, _, game_id = source.rpartition(":")
    text = text_of(games, game_id)
    if kind == "xml":
        text = (DATA / "tenhou-phoenix-dev-xml" / f"{game_id}.xml").read_text(encoding="utf-8")
    elif kind == "mjai":
        text = dumps(read_record(text, "tenhou").game.events)
    full = _Positions()
    final = read_record(text, "tenhou", observers=[full], mismatches=[]).game
    positions = GamePositions.of(text, "tenhou")
    assert positions.steps == len(full.seen) > 200
    for step, expected in enumerate(full.seen):
        assert _position(positions.game_at(step)) == expected, (source, step)
    assert _position(positions.game_at(positions.steps)) == _position(final)
    assert positions.game_at(10**6).is_over()
    # and the same as re-playing from the start up to the step, where the page steps
    for step in (0, 1, 57, positions.steps // 2, positions.steps - 1):
        assert _position(replay_from_start(text, "tenhou", step)) == full.seen[step], (source, step)


def test_each_step_is_a_game_of_its_own(games):
    text = text_of(games, "phoenix-dev-006")
    positions = GamePositions.of(text, "tenhou")
    first = review_record(text, "tenhou", decisions=False, moments=False).hands[1].first_step
    last = first + 10
    game = positions.game_at(last)
    before = _position(positions.game_at(last))
    game.apply(positions.actions[last])  # playing on one step's game leaves the positions as they were
    assert _position(positions.game_at(last)) == before != _position(game)
    assert len(game.history) == len(positions.game_at(last).history) + 1


def test_a_review_with_positions_steps_without_another_replay(games):
    text = text_of(games, "phoenix-dev-011")
    review = review_record(text, "tenhou", decisions=False, moments=False, positions=True)
    assert review.positions is not None and review.positions.steps == review.steps
    assert replay_to(text, "tenhou", 40) is not None
    assert positions(text, "tenhou") is review.positions  # stepping this text restores the review's snapshots
    assert _position(replay_to(text, "tenhou", 40)) == _position(replay_from_start(text, "tenhou", 40))


@pytest.mark.parametrize("source", ["phoenix-dev-004", "xml:phoenix-dev-004"])
def test_a_hands_last_action_applies_to_its_restored_position(games, source):
    """The page shows a hand's end by applying its last action to the position before it."""
    kind, _, game_id = source.rpartition(":")
    text = text_of(games, game_id)
    if kind == "xml":
        text = (DATA / "tenhou-phoenix-dev-xml" / f"{game_id}.xml").read_text(encoding="utf-8")
    review = review_record(text, "tenhou", decisions=False, moments=False, positions=True)
    steps = review.positions
    ends = [h.first_step - 1 for h in review.hands[1:]] + [steps.steps - 1]
    for hand, last in enumerate(ends):
        restored, replayed = steps.game_at(last), replay_from_start(text, "tenhou", last)
        restored.apply(steps.actions[last])
        replayed.apply(steps.actions[last])
        assert _position(restored) == _position(replayed), (source, hand)
        assert restored.result is not None and restored.result.deltas == review.hands[hand].deltas
