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
from sanma_core.review.record import replay_to, review_record

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
    assert "double ron" in block and block.count("wins by ron from seat 0 (A) on 6p") == 2
    assert "base × 4 = 2560 → 2600" in block and "total 3800" in block
    assert "dealer ron: base × 6 = 5760 → 5800" in block
    assert "-8600 / +3800 / +5800 (the record agrees)" in block
    # phoenix-dev-017, East 2: nagashi mangan by a non-dealer, 4000 from the dealer and 2000 from the other
    review = review_record(text_of(games, "phoenix-dev-017"), "tenhou", decisions=False, moments=False)
    text = render_text(review)
    block = text[text.index("\nEast 2 ") + 1:].split("\n\n")[0]
    assert "nagashi mangan by seat 0 (A): paid as a mangan tsumo without honba" in block
    assert "seat 1 (B) pays 4000, seat 2 (C) pays 2000" in block and "1 riichi stick stays on the table" in block


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
