"""The Review page through its widgets (Streamlit AppTest): the three record formats, stepping, hands, moments,
bad records, figures that differ from the engine's, escaped names, and a game from the Play page."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_score_chart import chart_points, svg_of

from sanma_core.game import Phase
from sanma_core.game.mjai import RecordError, dumps
from sanma_core.game.records import MAX_RECORD_BYTES, read_record
from sanma_core.review.record import replay_from_start, replay_to
from sanma_core.rules import load_preset
from sanma_core.tiles import tile_name
from tutor.play import PlaySession, PlaySettings
from tutor.review_data import read_upload

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
PAGE = "tutor/pages/review.py"
DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="module")
def tenhou6() -> str:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return fh.readline()


@pytest.fixture(scope="module")
def records(tenhou6) -> dict[str, str]:
    """The same kind of real game in the three formats."""
    xml = (DATA / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml").read_text(encoding="utf-8")
    return {"tenhou6": tenhou6, "mjlog": xml, "mjai": dumps(read_record(tenhou6, "tenhou").game.events)}


def open_page(tmp_path, monkeypatch, timeout: float = 60) -> AppTest:
    """The Review page in a fresh app with its own progress database."""
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(APP, default_timeout=timeout).run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture()
def page(tmp_path, monkeypatch):
    return open_page(tmp_path, monkeypatch)


def _paste(at: AppTest, text: str) -> AppTest:
    at.text_area(key="review_paste").input(text)
    at.button(key="review_load").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _step_line(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("Step "))


def _html(at: AppTest) -> str:
    return " ".join(h.proto.body for h in at.get("html"))


def _chart(at: AppTest) -> str:
    """The scores chart's HTML (one on the page)."""
    (chart,) = [h.proto.body for h in at.get("html") if 'class="sm-chart"' in h.proto.body]
    return chart


def _component(at: AppTest):
    (table,) = at.get("component_instance")
    return table.proto


def _args(at: AppTest) -> dict:
    """The table component's arguments, as the browser receives them (``state``, ``big``, ``readonly``…)."""
    return json.loads(_component(at).json_args)


def _drawn(at: AppTest) -> dict:
    """The state the review table was last drawn with; checks it is read-only, seen from the reviewed seat."""
    args = _args(at)
    state = args["state"]
    seat = at.session_state["review_player"]
    assert args["readonly"] is True and state["actions"] == [] and state["offer"] is None
    assert state["viewer"] == seat and (state["seats"][0]["seat"], state["seats"][0]["position"]) == (seat, "bottom")
    return state


def _hidden(state: dict) -> list[int]:
    """The hand sizes of the other seats whose hands are not shown."""
    return [s["hand_size"] for s in state["seats"] if s["position"] != "bottom" and s["revealed"] is None]


def _pond_sizes(state: dict) -> list[int]:
    """Each seat's number of discards, by absolute seat."""
    return [sum(len(row) for row in s["pond"]) for s in sorted(state["seats"], key=lambda s: s["seat"])]


def _names(tiles) -> list[str]:
    return sorted(tile_name(t) for t in tiles)


def _own(state: dict) -> list[str]:
    """The own hand's tiles as drawn at the bottom (the drawn tile included)."""
    hand = state["hand"]
    return sorted(t["tile"] for t in hand["tiles"] + ([hand["drawn"]] if hand["drawn"] else []))


@pytest.mark.parametrize("fmt", ["tenhou6", "mjlog", "mjai"])
def test_each_format_loads_and_steps(page, records, fmt):
    at = _paste(page, records[fmt])
    assert not at.error, [e.value for e in at.error]
    assert any({"tenhou6": "tenhou.net/6", "mjlog": "XML", "mjai": "mjai"}[fmt] in c.value for c in at.caption)
    hands = at.selectbox(key="review_hand").options
    assert len(hands) >= 4 and hands[0].startswith("East 1")
    count = int(at.slider(key="review_pos").max)
    assert _step_line(at).startswith(f"Step 0 of {count}")
    before, frame = _drawn(at), _component(at).id
    # the two others' 13 tiles hidden; the reviewed player's hand (the dealer's 14) at the bottom
    assert _hidden(before) == [13, 13] and len(_own(before)) == 14
    assert _pond_sizes(before) == [0, 0, 0] and before["result"] is None
    at.button(key="review_next").click().run()
    assert at.slider(key="review_pos").value == 1 and _step_line(at).startswith(f"Step 1 of {count}")
    at.button(key="review_next").click().run()
    assert _step_line(at).startswith("Step 2 ")
    assert _drawn(at) != before and sum(_pond_sizes(_drawn(at))) > 0
    assert _component(at).id == frame  # one component for the page: stepping redraws it, never rebuilds it
    at.button(key="review_prev").click().run()
    at.button(key="review_prev").click().run()
    assert _step_line(at).startswith("Step 0 ") and _drawn(at) == before
    assert at.button(key="review_prev").disabled  # the very start of the game
    # a hand chosen in the selector starts at its deal; the slider runs over its actions
    at.selectbox(key="review_hand").select_index(2).run()
    assert at.slider(key="review_pos").value == 0
    label = hands[2].split(" — ")[0]
    # the settlement waits for the hand's end: nothing of the result before it
    assert not any(label in h.value for h in at.header) and at.button(key="review_to_end")
    count = int(at.slider(key="review_pos").max)
    assert any(c.value == f"The settlement shows when the hand ends, at step {count}." for c in at.caption)
    at.slider(key="review_pos").set_value(count - 1).run()
    assert len(_hidden(_drawn(at))) == 2 and _drawn(at)["result"] is None
    at.button(key="review_next").click().run()
    assert "the hand is over" in _step_line(at)
    end = _drawn(at)  # every hand shown at the hand's end, with the hand's result as Play shows it
    assert all(s["revealed"] and s["revealed"]["tiles"] for s in end["seats"])
    result = end["result"]
    assert result is not None and any(h.value == f"{result['title']} — {result['label']}" for h in at.header)
    won = any(t["win"] for s in end["seats"] for t in s["revealed"]["tiles"])
    assert won == (result["title"] == "Win")  # the winning tile is marked
    at.button(key="review_next").click().run()  # past the end: the next hand's deal
    assert at.selectbox(key="review_hand").value == 3 and at.slider(key="review_pos").value == 0
    assert 'data-mark="4"' in svg_of(_chart(at))  # stepping reruns only the table's part, but a new hand the page
    at.button(key="review_prev").click().run()  # and back to the end of the hand before
    assert at.selectbox(key="review_hand").value == 2 and at.slider(key="review_pos").value == count
    assert 'data-mark="3"' in svg_of(_chart(at))
    assert not at.exception


def test_table_follows_replay_to_and_show_all_hands(page, records):
    at = _paste(page, records["tenhou6"])
    at.slider(key="review_pos").set_value(10).run()
    game = replay_to(records["tenhou6"], "tenhou", 10)
    state = _drawn(at)
    # every seat's score and pond are the engine's game at that step, the reviewed hand at the bottom
    by_seat = sorted(state["seats"], key=lambda s: s["seat"])
    assert [s["score"] for s in by_seat] == list(game.scores)
    assert _pond_sizes(state) == [len(d) for d in game.discards]
    assert _own(state) == _names(game.hands[0])
    assert _hidden(state) == [len(game.hands[s["seat"]]) for s in state["seats"][1:]]
    assert not state["big"] and not _args(at)["big"]
    at.checkbox(key="review_show_all").check().run()
    shown = _drawn(at)
    assert _hidden(shown) == [] and shown["result"] is None
    for s in shown["seats"][1:]:  # the others' hands open, as the engine holds them
        assert sorted(t["tile"] for t in s["revealed"]["tiles"]) == _names(game.hands[s["seat"]])
    assert _pond_sizes(shown) == _pond_sizes(state) and _own(shown) == _own(state)
    assert _step_line(at).startswith("Step 10 ")
    at.toggle(key="big_tiles").set_value(True).run()  # the sidebar's projector setting reaches the table
    assert _args(at)["big"] is True and _drawn(at)["big"] is True


def test_review_is_computed_once_and_chart_has_a_point_per_hand(page, records, monkeypatch):
    import tutor.views.review as view

    calls = []
    real = view.load_review
    monkeypatch.setattr(view, "load_review", lambda *a: calls.append(a) or real(*a))
    at = _paste(page, records["mjai"])
    for _ in range(3):
        at.button(key="review_next").click().run()
    at.selectbox(key="review_hand").select_index(1).run()
    assert len(calls) == 1
    chart = _chart(at)
    hands = len(at.selectbox(key="review_hand").options)
    assert [len(v) for v in chart_points(chart).values()] == [hands + 1] * 3
    assert 'data-mark="2"' in svg_of(chart)  # the chosen hand (the second) is marked at its end
    at.selectbox(key="review_player").set_value(2).run()  # another player: reviewed anew, once
    assert len(calls) == 2 and calls[-1][2] == 2
    assert not at.error


def test_a_moment_button_jumps_to_its_step(page, records):
    at = _paste(page, records["tenhou6"])
    for n in range(len(at.selectbox(key="review_hand").options)):
        at.selectbox(key="review_hand").select_index(n).run()
        buttons = [b for b in at.button if b.key and b.key.startswith(f"review_moment_{n}_")]
        if buttons:
            break
    else:
        pytest.fail("no moment in any hand of a real game")
    from sanma_core.review.record import review_record

    review = review_record(records["tenhou6"], "tenhou", players=[0], decisions=False)
    moment = review.hands[n].moments[0]
    buttons[0].click().run()
    assert at.slider(key="review_pos").value == moment.step - review.hands[n].first_step
    assert _step_line(at).startswith(f"Step {moment.step - review.hands[n].first_step} ")


def test_a_truncated_record_gives_one_error_and_the_page_still_works(page, records):
    text = records["tenhou6"]
    at = _paste(page, text[: len(text) // 2])
    assert len(at.error) == 1 and "not valid tenhou.net/6 JSON" in at.error[0].value, [e.value for e in at.error]
    assert at.title[0].value == "Review" and at.text_area(key="review_paste") is not None
    assert at.selectbox(key="ruleset_select").value == "tenhou"
    # a move the engine refuses: the error names the hand and the seat
    doc = json.loads(text)
    doc["log"][1][6][2] = 60
    at = _paste(at, json.dumps(doc))
    assert len(at.error) == 1 and "East 1, 1 honba" in at.error[0].value and "seat 0" in at.error[0].value
    # a record over the limit, pasted
    at = _paste(at, "{\"log\": []}" + " " * MAX_RECORD_BYTES)
    assert len(at.error) == 1 and "larger than 5 MB" in at.error[0].value
    # and a good one afterwards works
    at = _paste(at, text)
    assert not at.error and _step_line(at).startswith("Step 0 ")


def test_the_upload_handler_reads_files_and_refuses_bad_ones(records):
    assert read_upload("game.xml", records["mjlog"].encode()) == records["mjlog"]
    assert read_upload("game.json", b"\xef\xbb\xbf" + records["tenhou6"].encode()) == records["tenhou6"]
    with pytest.raises(RecordError, match="larger than 5 MB"):
        read_upload("big.json", b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="not UTF-8"):
        read_upload("game.json", b"\xff\xfe{")
    with pytest.raises(RecordError, match="empty"):
        read_upload("game.json", b"  \n")


def test_scores_that_differ_from_the_engine_are_shown(page, records):
    doc = json.loads(records["tenhou6"])
    result = doc["log"][0][16]
    result[1][0] += 1000
    result[1][1] -= 1000
    at = _paste(page, json.dumps(doc))
    assert not at.error
    warnings = [w.value for w in at.warning]
    assert any("differ from the engine" in w and "+18000" in w and "+17000" in w for w in warnings), warnings
    assert not any("score changes differ" in w for w in warnings)  # the hand's own figures wait for its end
    at.button(key="review_to_end").click().run()
    warnings = [w.value for w in at.warning]
    assert any("score changes differ" in w for w in warnings)
    table = next(t.value for t in at.table if "difference" in t.value.columns)
    assert list(table["record"]) == ["+18000", "-9000", "-8000"]
    assert list(table["engine"]) == ["+17000", "-8000", "-8000"]
    assert list(table["difference"]) == ["+1000", "-1000", "+0"]
    assert "(figures differ)" in at.selectbox(key="review_hand").options[0]
    at.selectbox(key="review_hand").select_index(1).run()
    at.button(key="review_to_end").click().run()
    assert any("agree" in s.value for s in at.success)


def test_a_script_in_a_player_name_is_shown_escaped(page, records):
    doc = json.loads(records["tenhou6"])
    doc["name"][0] = "<script>alert(1)</script>"
    at = _paste(page, json.dumps(doc))
    assert not at.error
    html = _html(at)
    # the table gets the name as data and sets it as text (tests/test_table_state.py checks the frontend)
    assert _drawn(at)["seats"][0]["name"] == "<script>alert(1)</script>"
    assert "<script>alert" not in html.lower()  # the page's own scripts aside, the name never runs
    assert "alert(1)</script>" not in html.replace("&lt;/script&gt;", "")
    assert at.selectbox(key="review_player").options[0] == "<script>alert(1)</script> (seat 0)"
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # the chart's legend, as text


def test_steps_of_an_mjai_record_without_its_length(records):
    """Re-played once per length tried, such a record still gives each hand its own actions, no more."""
    from tutor.review_data import load_review

    session = _finished_game(seed=3)
    events = [dict(e) for e in session.game.events]
    events[0].pop("game_length")
    loaded = load_review(dumps(events), session.settings.rules, 0)
    assert len(loaded.actions) == sum(c for _, c in loaded.spans) == sum(1 for s in session.steps if s.action)
    end = loaded.game_at(len(loaded.spans) - 1, loaded.spans[-1][1])
    # replay_to re-plays such a record as a hanchan first, so the last hand ends without the game's end
    assert end.phase in (Phase.HAND_END, Phase.GAME_END) and end.scores == session.game.scores


def _finished_game(seed: int, seat: int = 0) -> PlaySession:
    """A tonpuusen of play mode played to its end, a bot choosing for the human."""
    from sanma_core.bots import make_bot

    session = PlaySession(PlaySettings(seed=seed, length="tonpuusen", seat=seat))
    bot = make_bot("normal", "driver")
    while session.phase is not Phase.GAME_END:
        if session.phase is Phase.HAND_END:
            session.next_hand()
        else:
            session.play(bot.decide(session.view(), session.legal()).action)
    return session


def test_a_finished_play_game_opens_on_the_review_page(page):
    session = _finished_game(seed=3, seat=1)
    at = page
    at.session_state["play_session"] = session
    at.switch_page("tutor/pages/play.py").run()
    at.button(key="play_open_review").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Review"
    assert any("your game from the Play page" in c.value for c in at.caption)
    assert at.selectbox(key="review_player").value == 1
    assert len(at.selectbox(key="review_hand").options) == len(session.game.results)
    assert not at.error


def test_an_xml_record_steps_without_reading_the_record_again(records, monkeypatch):
    """The load parses and re-plays the record once; stepping restores its snapshots and reaches the games a
    re-play from the start reaches, without reading the record again."""
    import sanma_core.game.mjlog as mjlog
    import sanma_core.game.records as records_module
    from tutor.review_data import load_review

    loaded = load_review(records["mjlog"], load_preset("tenhou"), 0)
    wanted = []
    for hand, (first, count) in list(enumerate(loaded.spans))[:3]:
        for position in (0, count // 2, count):
            expected = replay_from_start(records["mjlog"], "tenhou", first + min(position, count - 1))
            if position == count:
                expected.apply(loaded.actions[first + count - 1])
            wanted.append((hand, position, expected))
    calls = []
    for module, name in ((mjlog, "mjlog_to_tenhou6"), (records_module, "read_parsed")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k))
    for hand, position, expected in wanted:
        game = loaded.game_at(hand, position)
        assert game.events == expected.events and game.scores == expected.scores, (hand, position)
    assert calls == []  # stepping never parsed nor re-played the record


def test_a_bad_record_leaves_the_loaded_game_in_place_with_the_error_beside_it(page, records):
    at = _paste(page, records["tenhou6"])
    at.button(key="review_next").click().run()
    at.button(key="review_next").click().run()
    before = _step_line(at)
    assert before.startswith("Step 2 ")
    text = records["tenhou6"]
    for bad, says in ((text[: len(text) // 2], "still on the page"), ("   ", "Paste a game record first"),
                      ("{\"log\": []}" + " " * MAX_RECORD_BYTES, "still on the page")):
        at = _paste(at, bad)
        assert len(at.error) == 1 and says in at.error[0].value, [e.value for e in at.error]
        assert at.session_state["review_text"] == text, "the game being reviewed is kept"
        assert _step_line(at) == before and at.session_state["review_pos"] == 2
        assert _drawn(at)["seats"], "its table is still drawn"
    # a record the engine refuses (a move that is not legal): also kept out, the error naming hand and seat
    doc = json.loads(text)
    doc["log"][1][6][2] = 60
    at = _paste(at, json.dumps(doc))
    assert len(at.error) == 1 and "seat 0" in at.error[0].value and "still on the page" in at.error[0].value
    assert at.session_state["review_text"] == text and _step_line(at) == before
    # a good record afterwards replaces it and the error goes
    at = _paste(at, records["mjai"])
    assert not at.error and _step_line(at).startswith("Step 0 ")


def test_every_review_sentence_names_the_reviewed_player_never_you(page, records):
    import re

    at = _paste(page, records["tenhou6"])
    at.selectbox(key="review_player").set_value(1).run()
    assert not at.exception
    names = json.loads(records["tenhou6"])["name"]
    seen_choice = False
    for n in range(len(at.selectbox(key="review_hand").options)):
        at.selectbox(key="review_hand").select_index(n).run()
        texts = [el.value for kind in ("markdown", "caption", "success", "info", "warning") for el in getattr(at, kind)]
        texts += [b.label for b in at.button if b.key and b.key.startswith("review_moment_")]
        texts += [str(col) for t in at.table for col in t.value.columns]
        said = [t for t in texts if re.search(r"\b(you|your|yours)\b", t, re.I)]
        assert not said, said
        seen_choice |= any(t.startswith(f"{names[1]} chose what the") for t in texts)
    assert seen_choice, "the decisions' summary names the reviewed player"


def test_a_failed_upload_keeps_the_game_under_review(page, records):
    at = _paste(page, records["tenhou6"])
    at.button(key="review_next").click().run()
    before = _step_line(at)
    at.file_uploader(key="review_upload").set_value(("broken.json", b"\xff\xfe{", "application/json")).run()
    assert not at.exception
    assert len(at.error) == 1 and "not UTF-8" in at.error[0].value and "still on the page" in at.error[0].value
    assert at.session_state["review_text"] == records["tenhou6"] and _step_line(at) == before
    at.file_uploader(key="review_upload").set_value(("half.json", records["tenhou6"][:500].encode(), "application/json")).run()
    assert len(at.error) == 1 and "still on the page" in at.error[0].value
    assert _step_line(at) == before
