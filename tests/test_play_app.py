"""The Play page through its widgets (Streamlit AppTest): a whole tonpuusen, the buttons, the result screens, refresh."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_play_helpers import first_hand_with, greedy
from test_score_chart import chart_points

from sanma_core.bots import make_bot
from sanma_core.game import Action, Phase
from sanma_core.scoring.payments import four_player_settlement, settle_win
from sanma_core.tiles import EAST
from tutor.play import PlaySession, PlaySettings, game_summary

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
PAGE = "tutor/pages/play.py"


@pytest.fixture()
def play(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _session(at: AppTest) -> PlaySession:
    return at.session_state["play_session"]


_NONCE = itertools.count(1)


def _table_key(at: AppTest) -> str:
    return f"play_table_{at.session_state['play_token']}"


def table_drawn(at: AppTest) -> dict:
    """The state the table component was last drawn with (its arguments, as the browser receives them)."""
    (table,) = at.get("component_instance")
    return json.loads(table.proto.json_args)["state"]


def _click_action(at: AppTest, action) -> None:
    """Do ``action`` the way the browser reports a click or key on the table: the action's id as its value."""
    state = table_drawn(at)
    (entry,) = [a for a in state["actions"] if a["engine"] == action.to_id()]
    key = _table_key(at)
    at.session_state[key] = {"action": entry["id"], "nonce": next(_NONCE), "state": state["id"]}
    at.run()


def _start(at: AppTest, seed: int, **widgets) -> None:
    at.number_input(key="play_seed").set_value(seed)
    for key, value in widgets.items():
        if key in ("play_length", "play_seat"):
            at.radio(key=key).set_value(value)
        elif key == "play_training":
            at.toggle(key=key).set_value(value)
        else:
            at.selectbox(key=key).set_value(value)
    at.button(key="play_start").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_a_whole_tonpuusen_through_the_widgets(play):
    at = play
    _start(at, 3, play_length="tonpuusen", play_seat=1)
    at.toggle(key="play_hints").set_value(False).run()
    driver = make_bot("normal", "human-driver")
    hands_seen = 0
    for _ in range(600):
        session = _session(at)
        if session.phase is Phase.GAME_END:
            break
        if session.phase is Phase.HAND_END:
            hands_seen += 1
            assert at.header[0].value.startswith("Win" if session.game.result.kind == "win" else "")
            assert _column(at, "change") == list(session.game.result.deltas)  # the scores, not the review
            at.button(key="play_next").click().run()
            continue
        legal = session.legal()
        assert session.waiting_for_human() and legal
        offered = {Action.from_id(a["engine"]).plain() for a in table_drawn(at)["actions"]}
        assert offered == set(legal), (offered, legal)  # every legal choice, no other
        _click_action(at, driver.decide(session.view(), legal).action)
        assert not at.exception, [e.value for e in at.exception]
    session = _session(at)
    assert session.phase is Phase.GAME_END
    assert at.header[0].value == "Game over"
    expected = sorted(session.game.placement, key=lambda p: p.rank)
    assert _column(at, "points", "placement points") == [p.points for p in expected]
    assert [float(x) for x in _column(at, "placement points", number=False)] == [p.score for p in expected]
    chart = next(h.proto.body for h in at.get("html") if 'class="sm-chart"' in h.proto.body)
    history = game_summary(session.game).history
    assert chart_points(chart) == {s: [scores[s] for _, scores in history] for s in range(3)}
    assert at.get("download_button")
    assert hands_seen + 1 == len(session.game.results)
    # the human's steps were made through the widgets and every bot step has a reason
    assert any(not s.bot for s in session.steps) and all(s.reason for s in session.bot_log())
    # every bot turn is timed for benchmarks/bench_play.py, which holds the 0.3 s bound (no timing asserted here)
    assert len(session.bot_cpu_seconds) == len(session.bot_seconds) == len(session.bot_log())


def test_result_screen_numbers_equal_the_engine_settlement(play):
    at = play
    session = first_hand_with("win", tsumo=True)
    at.session_state["play_session"] = session
    at.run()
    assert not at.exception
    result = session.game.result
    (win,) = result.wins
    score = win.score
    dealer = win.context.seat == EAST
    sanma = settle_win(session.game.rules, score.han, score.fu, dealer, True, score.yakuman, win.context.honba,
                       win.context.sticks)
    four = four_player_settlement(score.han, score.fu, dealer, True, score.yakuman, win.context.honba)
    assert _column(at, "four-player") == [a for _, a in four.payers]
    paid = _column(at, "sanma", number=False)
    assert [int(x) for x in paid if x.isdigit()] == [a for _, a in sanma.payers]
    assert paid[-1].startswith("—")  # the absent North pays nothing under tsumo loss
    assert _column(at, "change") == list(result.deltas)
    assert _column(at, "after") == list(result.scores_after)
    assert sum(_column(at, "change")) == result.sticks * session.game.rules.riichi_stick  # sticks on the table
    assert _column(at, "han", "yaku") == [han for _, han in score.yaku]
    assert f"{sum(a for _, a in sanma.payers)} here, {four.total} in four-player" in _html_text(at)


def test_draw_screen_reveals_tenpai_and_noten_payments(play):
    at = play
    session = first_hand_with("exhaustive_draw")
    at.session_state["play_session"] = session
    at.run()
    result = session.game.result
    text = _html_text(at)
    assert "Tenpai:" in text and "Noten payments" in text
    assert _column(at, "change") == list(result.deltas)
    html = " ".join(h.proto.body for h in at.get("html"))
    for seat, tenpai in enumerate(result.tenpai):
        assert (f"{session.settings.names()[seat]} (tenpai)" in html) == tenpai


def _assert_link_rebuilds(token: str, before: PlaySession) -> None:
    """A new browser session opening ``?game=token`` gets a rebuilt game equal to ``before``."""
    fresh = AppTest.from_file(APP, default_timeout=60)
    fresh.query_params["game"] = token
    fresh.run()
    fresh.switch_page(PAGE).run()
    fresh.query_params["game"] = token
    fresh.run()
    assert not fresh.exception, [e.value for e in fresh.exception]
    after = fresh.session_state["play_session"]
    assert after is not before
    assert after.game.events == before.game.events and after.view() == before.view()


def test_refresh_rebuilds_the_game_from_the_url_token(play):
    at = play
    _start(at, 9)
    _click_action(at, next(a for a in _session(at).legal() if a.kind == "discard"))
    token = at.session_state["play_token"]
    assert at.query_params["game"] == [token] or at.query_params["game"] == token
    _assert_link_rebuilds(token, _session(at))


def test_training_mode_undo_button(play):
    """In training mode the table offers the undo beside its actions once there is a discard to take back; the
    table's "undo" takes it back."""
    at = play
    _start(at, 12, play_training=True)
    assert not table_drawn(at)["undo"]
    session = _session(at)
    while not any(a.kind == "discard" for a in session.legal()):
        _click_action(at, next(a for a in session.legal() if a.kind == "pass"))
    view = session.view()
    _click_action(at, next(a for a in session.legal() if a.kind == "discard"))
    state = table_drawn(at)
    assert state["undo"]
    at.session_state[_table_key(at)] = {"action": "undo", "nonce": next(_NONCE), "state": state["id"]}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _session(at).view() == view


def test_outside_training_mode_the_table_offers_no_undo(play):
    at = play
    _start(at, 12)
    session = _session(at)
    while not any(a.kind == "discard" for a in session.legal()):
        _click_action(at, next(a for a in session.legal() if a.kind == "pass"))
    _click_action(at, next(a for a in session.legal() if a.kind == "discard"))
    assert session.steps[-1].bot and any(not s.bot and s.action.kind == "discard" for s in session.steps)
    assert not table_drawn(at)["undo"] and not any(b.key == "play_undo" for b in at.button)


def _session_with_a_riichi_opponent() -> PlaySession:
    for seed in range(1, 40):
        s = PlaySession(PlaySettings(seed=seed))
        while s.phase in (Phase.TURN, Phase.RESPONSE):
            v = s.view()
            if v.phase is Phase.TURN and any(p.riichi for p in v.seats if p.seat != v.seat):
                return s
            s.play(greedy(v, s.legal()))
    raise AssertionError("no bot declared riichi in the first hand of 40 seeds")


def test_table_shows_riichi_marks_melds_kita_and_danger_hints(play):
    at = play
    session = _session_with_a_riichi_opponent()
    at.session_state["play_session"] = session
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    view = session.view()
    drawn = table_drawn(at)
    seats = {seat["seat"]: seat for seat in drawn["seats"]}
    assert any(p.riichi for p in view.seats if p.seat != view.seat)
    for p in view.seats:
        seat = seats[p.seat]
        assert seat["name"] == session.settings.names()[p.seat] and seat["kita"] == p.kita
        assert seat["riichi"] == p.riichi and seat["score"] == p.score
        tiles = [t for row in seat["pond"] for t in row]
        assert len(tiles) == len(p.discards) and all(len(row) <= 6 for row in seat["pond"])
        if p.riichi:  # the riichi discard is drawn sideways
            assert sum(t["riichi"] for t in tiles) == 1 and any(t["sideways"] for t in tiles)
    centre = drawn["centre"]
    assert (centre["tiles_left"], centre["sticks"], centre["honba"]) == (view.live_remaining, view.sticks, view.honba)
    (hint_table,) = [t for t in _html_tables(at) if "danger" in t[0]]
    columns, rows = hint_table
    danger = columns.index("danger")
    assert rows and all(row[danger] for row in rows)
    assert columns[0] == "discard" and len({row[0] for row in rows}) == len(rows)  # one row per tile kind
    assert all(len(row) == len(columns) for row in rows)
    assert any("Riichi from" in h.proto.body and 'class="sm-note sm-warn"' in h.proto.body for h in at.get("html"))
    # hints can be switched off
    at.toggle(key="play_hints").set_value(False).run()
    assert not [t for t in _html_tables(at) if "danger" in t[0]]
    assert not any("Riichi from" in h.proto.body for h in at.get("html"))


def test_an_unknown_game_link_says_so_and_offers_a_new_game(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(PAGE)
    at.query_params["game"] = "no-such-game"
    at.run()
    assert not at.exception
    assert any("no longer kept" in i.value for i in at.info)
    assert any(b.key == "play_start" for b in at.button)


def test_a_game_link_survives_a_server_restart(play):
    """The game is also kept in the progress database: with the server's memory gone, the link rebuilds it."""
    import streamlit as st

    at = play
    _start(at, 12)
    for _ in range(2):
        _click_action(at, next(a for a in _session(at).legal() if a.kind == "discard"))
    token = at.session_state["play_token"]
    st.cache_resource.clear()  # what a restart forgets: the in-memory games (and the open store)
    _assert_link_rebuilds(token, _session(at))


def test_bot_level_choices_explain_each_level(play):
    from sanma_core.bots import LEVEL_STYLES, LEVELS

    for key in ("play_bot1", "play_bot2"):
        box = play.selectbox(key=key)
        assert list(box.options) == list(LEVELS) and box.value == "normal"
        for level in LEVELS:
            assert f"**{level}** {LEVEL_STYLES[level]}" in box.help


def _tsumogiri_until(session: PlaySession, phase: Phase) -> PlaySession:
    """The human throws every drawn tile (passing on calls) until ``phase``."""
    while session.phase is not phase:
        if session.phase is Phase.HAND_END:
            session.next_hand()
            continue
        legal = session.legal()
        drawn = session.view().drawn
        session.play(next((a for a in legal if a.kind == "discard" and a.tile == drawn),
                          next((a for a in legal if a.kind in ("pass", "discard")), legal[0])))
    return session


def _html_tables(at: AppTest) -> list[tuple[list[str], list[list[str]]]]:
    """The (columns, rows) of every plain HTML table the page draws (hints, hand and game results), cells
    unescaped."""
    import html as html_lib
    import re

    cell = re.compile(r"<t[hd]>(.*?)</t[hd]>")
    out = []
    for element in at.get("html"):
        for table in re.findall(r'<table class="sm-rows">(.*?)</table>', element.proto.body):
            lines = [[html_lib.unescape(c) for c in cell.findall(tr)] for tr in re.findall(r"<tr>(.*?)</tr>", table)]
            out.append((lines[0], lines[1:]))
    return out


def _column(at: AppTest, name: str, having: str | None = None, number: bool = True) -> list:
    """The cells of column ``name`` in the first HTML table with that column (and with column ``having``)."""
    for columns, rows in _html_tables(at):
        if name in columns and (having is None or having in columns):
            cells = [r[columns.index(name)] for r in rows]
            return [int(c) for c in cells] if number else cells
    raise AssertionError(f"no table with a {name!r} column")


def _html_text(at: AppTest) -> str:
    """The text of the page's HTML elements, tags removed and entities unescaped."""
    import html as html_lib
    import re

    return html_lib.unescape(re.sub(r"<[^>]+>", " ", " ".join(h.proto.body for h in at.get("html"))))


def _review_frames(at: AppTest):
    hands = [d.value for d in at.dataframe if "different" in d.value.columns]
    # the differences are a static table, so their reasons wrap instead of being cut off
    return hands + [t.value for t in at.table if "why" in t.value.columns]


def test_review_of_a_hand_and_of_the_whole_game(play):
    from tutor.play import review_game

    at = play
    session = _tsumogiri_until(PlaySession(PlaySettings(seed=4, length="tonpuusen")), Phase.HAND_END)
    at.session_state["play_session"] = session
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    (review,) = review_game(session.settings, session.steps, [session.game.hand_index])
    assert any(e.label == "Review this hand against the hard bot" for e in at.expander)
    assert not _review_frames(at) and "play_review" not in at.session_state  # folded: not computed, not drawn
    at.session_state["play_review_hand_open"] = True  # the learner opens the box
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert f"on **{review.count('same')} of {len(review.rows)}** decisions" in text
    (rows,) = _review_frames(at)
    assert len(rows) == len(review.differences) > 0
    assert list(rows["you"]) == [r.mine.text for r in review.differences]
    assert list(rows["hard bot"]) == [r.advice.text for r in review.differences]
    assert list(rows["why"]) == [r.reason for r in review.differences]  # whole sentences, drawn wrapped

    _tsumogiri_until(session, Phase.GAME_END)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(e.label == "Review the whole game against the hard bot" for e in at.expander)
    at.session_state["play_review_game_open"] = True
    at.run()
    reviews = review_game(session.settings, session.steps)
    hands, rows = _review_frames(at)
    assert list(hands["decisions"]) == [len(r.rows) for r in reviews] and len(reviews) >= 2
    assert len(rows) == sum(len(r.differences) for r in reviews)


def test_new_game_during_a_game_asks_first(play):
    """A stray tap on New game (it sits above the scores on a phone) must not throw the game away."""
    at = play
    at.button(key="play_start").click().run()
    session = _session(at)
    at.button(key="play_abandon").click().run()
    assert not at.exception and _session(at) is session
    assert any("cannot be resumed" in w.value for w in at.warning)
    at.button(key="play_abandon_no").click().run()
    assert _session(at) is session and not at.warning
    at.button(key="play_abandon").click().run()
    at.button(key="play_abandon_yes").click().run()
    assert "play_session" not in at.session_state and at.button(key="play_start")


def test_bot_reasons_name_the_players_instead_of_seat_numbers(play):
    import re

    at = play
    for seed in range(1, 40):
        session = _tsumogiri_until(PlaySession(PlaySettings(seed=seed, length="tonpuusen")), Phase.HAND_END)
        mentions = [s for s in session.bot_log() if s.hand == session.game.hand_index and re.search(r"seat [0-2]", s.reason)]
        if mentions:
            break
    else:
        pytest.fail("no bot reason mentioned a seat in 39 hands")
    at.session_state["play_session"] = session
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    import html as html_lib

    (box,) = [h.proto.body for h in at.get("html") if 'class="sm-botlog"' in h.proto.body]
    log = [html_lib.unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", box)]
    assert log and not any(re.search(r"\bseat [0-2]\b", line) for line in log)
    names = session.settings.names()
    seat = int(re.search(r"seat ([0-2])", mentions[-1].reason).group(1))
    spoken = "your" if seat == session.human else names[seat]
    assert any(spoken in line for line in log)


def _tsumogiri_choice(session):
    """Pass an offer, else discard the drawn tile (else the last discard offered)."""
    legal, view = session.legal(), session.view()
    return (next((a for a in legal if a.kind == "pass"), None)
            or next((a for a in legal if a.kind == "discard" and a.tile == view.drawn), None)
            or [a for a in legal if a.kind == "discard"][-1])


def _first_pon_offer(seed: int) -> tuple[int, int]:
    """How many of the player's moves (tsumogiri, passing) come before the first pon offer with this seed,
    and how many of them were passes."""
    session = PlaySession(PlaySettings(seed=seed))
    passes = 0
    for moves in range(60):
        kinds = {a.kind for a in session.legal()}
        if session.phase is Phase.RESPONSE and "pon" in kinds and "ron" not in kinds:
            return moves, passes
        choice = _tsumogiri_choice(session)
        passes += choice.kind == "pass"
        session.play(choice)
    raise AssertionError(f"no pon offer in the first 60 moves of seed {seed}")


@pytest.mark.parametrize("mode", ["off", "all"])
def test_auto_pass_answers_a_pon_offer_without_asking(play, mode):
    at = play
    seed = 1
    offer_at, passes_before = _first_pon_offer(seed)
    _start(at, seed)
    at.selectbox(key="play_autopass").set_value(mode).run()
    for _ in range(offer_at):
        session = _session(at)
        _click_action(at, _tsumogiri_choice(session))
    session = _session(at)
    offered = {a["kind"] for a in table_drawn(at)["actions"]}
    if mode == "off":  # the offer is on the table, waiting for the player
        assert session.phase is Phase.RESPONSE and "pon" in offered and "pass" in offered
    else:  # passed for the player: the table already shows the next own turn, and the pass is in the record
        assert "pon" not in offered
        passes = sum(1 for s in session.steps if not s.bot and s.action is not None and s.action.kind == "pass")
        assert passes == passes_before + 1


def test_downloads_are_written_on_request_from_the_position_they_were_offered_at() -> None:
    session = _tsumogiri_until(PlaySession(PlaySettings(seed=4, length="tonpuusen")), Phase.HAND_END)
    mjai, tenhou6 = session.exports()
    offered_mjai, offered_tenhou6 = session.mjai(), session.tenhou6()
    session.next_hand()
    _tsumogiri_until(session, Phase.HAND_END)  # the game moves on before the learner clicks
    assert mjai() == offered_mjai != session.mjai()
    assert json.loads(tenhou6()) == offered_tenhou6
