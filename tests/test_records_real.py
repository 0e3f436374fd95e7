"""Real Tenhou Phoenix-room games: every one re-plays under `tenhou`, exports back to the same log,
reads the same from Tenhou's XML, and survives the trip through mjai; bad records fail clearly."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest

from sanma_core.commands.replay import main as replay_main
from sanma_core.game.mjai import RecordError, dumps
from sanma_core.game.mjlog import mjlog_to_tenhou6
from sanma_core.game.records import read_record
from sanma_core.game.replay import replay_events
from sanma_core.game.tenhou6 import from_tenhou6, to_tenhou6
from sanma_core.game.tenhou6_results import hand_name
from sanma_core.rules import get_ruleset

#: the module's tests share one worker, so the games of its module fixture are replayed once per run
pytestmark = pytest.mark.xdist_group("real_records")
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def games() -> list[dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


@pytest.fixture(scope="module")
def replayed(games) -> dict[str, object]:
    """Each game's id → the engine's game, re-played from the log's text under the tenhou preset
    (``read_record`` is what ``sanma replay`` runs)."""
    out = {}
    for g in games:
        result = read_record(json.dumps(g, ensure_ascii=False), "tenhou")
        assert result.kyoku == len(g["log"]) and result.scores == g["sc"][0:6:2], g["id"]
        out[g["id"]] = result.game
    return out


def by_id(games: list[dict], game_id: str) -> dict:
    return copy.deepcopy(next(g for g in games if g["id"] == game_id))


def test_all_400_games_replay_with_every_score_and_export_the_same_log(games, replayed):
    assert len(games) == 400
    hands = 0
    for g in games:
        game = replayed[g["id"]]
        assert game.is_over(), g["id"]
        assert [p.points for p in game.placement] == g["sc"][0:6:2], g["id"]
        assert [p.score for p in game.placement] == g["sc"][1:6:2], g["id"]
        exported = to_tenhou6(game.events, "tenhou")
        assert exported["log"] == g["log"], g["id"]
        assert exported["sc"] == g["sc"], g["id"]
        hands += len(g["log"])
    assert hands == 3610


def test_tenhou_marks_survive_the_round_trip(games, replayed):
    """Discards of a hand tile equal to the one just drawn, kita and calls from every seat occur and stay."""
    from_hand = sum(1 for game in replayed.values() for i, e in enumerate(game.events)
                    if e["type"] == "dahai" and e["tsumogiri"] is False and game.events[i - 1]["type"] == "tsumo"
                    and game.events[i - 1]["pai"] == e["pai"])
    written = sum(1 for g in games for h in g["log"] for s in range(3)
                  for k, x in enumerate(h[6 + 3 * s]) if isinstance(x, int) and x not in (0, 60))
    assert from_hand > 100 and written > from_hand
    slots = {(s, text.index("p") // 2) for g in games for h in g["log"] for s in range(3)
             for text in h[5 + 3 * s] if isinstance(text, str) and "p" in text}
    assert slots == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}


def test_sanma_replay_prints_the_summary_and_writes_the_same_log(games, tmp_path, capsys):
    for g in games[:12]:
        path, out = tmp_path / f"{g['id']}.json", tmp_path / f"{g['id']}.out.json"
        path.write_text(json.dumps(g, ensure_ascii=False), encoding="utf-8")
        assert replay_main([str(path), "--tenhou6", str(out)]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["ok"] is True and answer["kyoku"] == len(g["log"])
        assert answer["scores"] == g["sc"][0:6:2]
        assert json.loads(out.read_text(encoding="utf-8"))["log"] == g["log"]


def test_the_xml_games_import_to_the_same_events_and_scores(games, replayed):
    files = sorted((DATA / "tenhou-phoenix-dev-xml").glob("*.xml"))
    assert len(files) == 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        result = read_record(text, "tenhou")
        from_json = replayed[path.stem]
        assert result.game.events == from_json.events, path.name
        assert result.scores == from_json.events[-1]["scores"], path.name
        assert mjlog_to_tenhou6(text)["log"] == by_id(games, path.stem)["log"], path.name


def test_ippatsu_is_kept_on_a_ron_of_a_kita_as_tenhou_pays_it(games):
    """phoenix-dev-106, hand 7: riichi, ippatsu, chiitoitsu on a North just set aside: 6,400, not 3,200."""
    g = by_id(games, "phoenix-dev-106")
    hand = g["log"][6]
    result = hand[16]
    assert result[2][3:6] == ["25符4飜6400点", "立直(1飜)", "一発(1飜)"] and hand[6 + 3 * result[2][1]][-1] == "f44"
    from_tenhou6(g, "tenhou")
    name = hand_name(hand[0][0], hand[0][1])
    rules = get_ruleset("tenhou").replace(ron_on_kita_keeps_ippatsu=False)
    with pytest.raises(RecordError, match=rf"^{name}: seat \d's score change is") as info:
        from_tenhou6(g, rules)
    assert info.value.hand == name and info.value.index == 6


def test_the_mjai_form_of_real_games_replays_in_other_engines_spellings(replayed):
    spelled = {"exhaustive_draw": "ryukyoku", "nine_terminals": "kyushu_kyuhai", "four_kans": "suukaikan"}
    for game_id in ("phoenix-dev-001", "phoenix-dev-106", "phoenix-dev-367"):
        events = copy.deepcopy(replayed[game_id].events)
        for e in events:
            if e["type"] == "nukidora":
                e["type"] = "kita"
            if e["type"] == "ryukyoku":
                e["reason"] = spelled.get(e["reason"], e["reason"])
        assert any(e["type"] == "dahai" and e["tsumogiri"] is False for e in events)
        result = replay_events(events, "tenhou")
        assert result.scores == replayed[game_id].events[-1]["scores"]
        assert read_record(dumps(events), "tenhou").scores == result.scores


def test_mjai_reason_spellings_and_a_wrong_tsumogiri_flag(replayed):
    game = next(g for g in replayed.values() if any(r.kind == "nine_terminals" for r in g.results))
    events = copy.deepcopy(game.events)
    abort = next(e for e in events if e["type"] == "ryukyoku" and e["reason"] == "nine_terminals")
    for spelling in ("kyushu_kyuhai", "yao9", "KyuushuKyuuhai", "nine_terminal_abort"):
        abort["reason"] = spelling
        replay_events(events, "tenhou")
    abort["reason"] = "pao"
    with pytest.raises(RecordError, match="reason 'pao' is not one the engine knows"):
        replay_events(events, "tenhou")
    events = copy.deepcopy(game.events)
    i = next(i for i, e in enumerate(events) if e["type"] == "dahai" and e["tsumogiri"] is True
             and events[i - 1]["type"] == "tsumo")
    events[i]["tsumogiri"] = False  # the drawn tile is the only one of its kind in the hand
    hand_tiles = [e for e in events[:i] if e["type"] == "start_kyoku"][-1]
    assert hand_tiles
    with pytest.raises(RecordError):
        replay_events(events, "tenhou")


def test_a_kan_indicator_revealed_at_the_kita_or_at_the_discard_both_replay(replayed):
    """After an added or open kan, the engine reveals the new indicator at a kita made before the discard
    (Tenhou's order); a record that shows it later, at the discard, is read as the same game."""
    cases = 0
    for game in replayed.values():
        events = game.events
        for i, e in enumerate(events):
            if e["type"] in ("nukidora", "kita") and i + 1 < len(events) and events[i + 1]["type"] == "dora" \
                    and events[i - 1]["type"] == "tsumo" and events[i - 2]["type"] in ("kakan", "daiminkan"):
                moved = copy.deepcopy(events)
                dora = moved.pop(i + 1)
                k = next(k for k in range(i + 1, len(moved)) if moved[k]["type"] in ("dahai", "hora", "ryukyoku"))
                moved.insert(k, dora)
                assert replay_events(moved, "tenhou").scores == events[-1]["scores"]
                cases += 1
    assert cases >= 3


# ---- bad records --------------------------------------------------------------------------------


def failure(doc: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        from_tenhou6(doc, "tenhou")
    return info.value


def test_a_call_that_matches_no_discard_names_hand_seat_and_call(games):
    g = by_id(games, "phoenix-dev-001")
    n, k = next((n, k) for n, h in enumerate(g["log"]) for k, x in enumerate(h[5 + 3 * 2])
                if isinstance(x, str) and x.startswith("p"))
    text = g["log"][n][5 + 3 * 2][k]  # seat 2's pon from seat 1 (letter first)
    moved = text[3:5] + "p" + text[1:3] + text[5:]  # the letter in the middle: from seat 0 instead
    g["log"][n][5 + 3 * 2][k] = moved
    e = failure(g)
    assert e.seat == 2 and e.index == n and e.hand and str(e).startswith(e.hand)
    assert "matches no discard" in str(e) and moved in str(e) and "from seat 0" in str(e)
    g["log"][n][5 + 3 * 2][k] = text[3:] + "p" + text[1:3]  # last: the empty fourth seat
    assert "points at the empty fourth seat" in str(failure(g))


def _wrong_score_change(g: dict, consistent: bool) -> int:
    """Add 100 to seat 2's change in the first win; ``consistent``: the later starts and ``sc`` follow it."""
    n = next(n for n, h in enumerate(g["log"]) if h[16][0] == "和了")
    g["log"][n][16][1][2] += 100
    if consistent:
        for later in g["log"][n + 1:]:
            later[1][2] += 100
        g["sc"][4] += 100
    return n


def test_a_wrong_score_change_names_both_values(games):
    g = by_id(games, "phoenix-dev-002")
    n = _wrong_score_change(g, consistent=True)
    e = failure(g)
    assert e.seat == 2 and e.index == n and "in the record but" in str(e) and "by the engine" in str(e)


def test_a_fifth_copy_of_a_tile_is_refused(games):
    g = by_id(games, "phoenix-dev-003")
    h = g["log"][0]
    tiles = [c for s in range(3) for c in h[4 + 3 * s]] + [c for s in range(3) for c in h[5 + 3 * s] if isinstance(c, int)]
    four = next(c for c in tiles if tiles.count(c) == 4 and c not in (52, 53))
    draws = h[5 + 3 * 1]
    k = next(k for k, c in enumerate(draws) if isinstance(c, int) and c != four)
    draws[k] = four
    e = failure(g)
    assert "fifth" in str(e) and e.hand == "East 1"


def test_a_record_that_goes_on_after_the_game_or_stops_early(games):
    g = by_id(games, "phoenix-dev-004")
    g["log"].append(copy.deepcopy(g["log"][-1]))
    assert "the game is over after" in str(failure(g))
    g = by_id(games, "phoenix-dev-004")
    g["log"].pop()
    assert "the game is not over" in str(failure(g))


def test_truncated_and_foreign_records_give_one_clear_line(games, tmp_path, capsys):
    text = json.dumps(games[0], ensure_ascii=False)
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert replay_main([str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False and "not valid tenhou.net/6 JSON: line 1, column" in answer["error"]
    g = by_id(games, "phoenix-dev-005")
    g["rule"]["disp"] = "四鳳南喰赤"
    assert "not a three-player game" in str(failure(g))
    g = by_id(games, "phoenix-dev-005")
    g["log"][1][4].pop()
    e = failure(g)
    assert "seat 0's starting hand has 12 tiles" in str(e) and e.index == 1


def test_replay_errors_carry_hand_and_seat_in_the_json(games, tmp_path, capsys):
    g = by_id(games, "phoenix-dev-002")
    n = _wrong_score_change(g, consistent=True)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(g, ensure_ascii=False), encoding="utf-8")
    assert replay_main([str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False and answer["event"] == n and answer["seat"] == 2
    assert answer["error"].startswith(answer["hand"])


def test_a_record_contradicting_itself_verifies_by_its_later_figures(games, tmp_path, capsys):
    g = by_id(games, "phoenix-dev-002")
    _wrong_score_change(g, consistent=False)  # the next hand starts from the engine's scores
    path = tmp_path / "inconsistent.json"
    path.write_text(json.dumps(g, ensure_ascii=False), encoding="utf-8")
    assert replay_main([str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["ok"] is True
    notes = [line for line in captured.err.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and "seat 2's score change is" in notes[0] and "decide" in notes[0]


def _mutations(rng, doc, count):
    """Places in a nested list, each set to a value of a wrong kind or a wrong number."""
    places = []

    def walk(node, path):
        if isinstance(node, list):
            for i, child in enumerate(node):
                places.append((*path, i))
                walk(child, (*path, i))

    walk(doc, ())
    for _ in range(count):
        yield rng.choice(places), rng.choice([0, 60, 99, -1, "x", "p414141", "f44", "r60", None, [], [1, 2], 1.5,
                                              True, 52, "4141k4141", "r99", 11, 44, {"a": 1}])


def test_corrupted_tenhou_logs_only_ever_raise_record_errors(games):
    import random

    rng = random.Random(11)
    for _ in range(250):
        g = by_id(games, rng.choice(games[:20])["id"])
        for path, value in _mutations(rng, g["log"], rng.randint(1, 3)):
            node = g["log"]
            try:
                for k in path[:-1]:
                    node = node[k]
                node[path[-1]] = value
            except (TypeError, IndexError):
                continue
        try:
            from_tenhou6(g, "tenhou")
        except RecordError as exc:
            assert str(exc)


def test_corrupted_mjai_records_only_ever_raise_record_errors(replayed):
    import random

    rng = random.Random(12)
    sources = [replayed[f"phoenix-dev-00{i}"].events for i in range(1, 5)]
    for _ in range(250):
        events = copy.deepcopy(rng.choice(sources))
        i = rng.randrange(len(events))
        if rng.random() < 0.2:
            events.pop(i)
        else:
            key = rng.choice(list(events[i]))
            events[i][key] = rng.choice([0, -1, "x", "5pr", "N", None, [], [1], True, 99, "?", {"a": 1}])
        try:
            replay_events(events, "tenhou")
        except RecordError as exc:
            assert str(exc)
