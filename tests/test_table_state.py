"""The table component's JSON state, built from real positions: seats, ponds, melds, actions, facts, results."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sanma_core.analysis import outside_counts
from sanma_core.analysis.efficiency import kita_option, rank_discards
from sanma_core.game import Action, Game, IllegalActionError, Phase
from sanma_core.game.scenario import advance, arranged_game, until_asked, until_hand_end
from sanma_core.game.simple import greedy_policy
from sanma_core.review.hints import hints_for, visible_counts
from sanma_core.review.summary import HandSummary, hand_summary
from sanma_core.tiles import kind, kind_name, parse_tiles, tile_name, to_counts
from tutor.table.state import action_for, action_ids, position_of, table_state

NAMES = ("You", "Bot A", "Bot B")
FRONTEND = Path(__file__).resolve().parents[1] / "tutor" / "table" / "frontend"


def greedy_game(seed: int, steps: int) -> Game:
    """A game played ``steps`` actions by a greedy policy that calls and declares riichi often."""
    game = Game(seed=seed)
    policy = greedy_policy(seed, call_rate=0.9)
    for _ in range(steps):
        seat = game.to_act()[0]
        game.apply(policy(game, seat, game.legal_actions(seat)))
    return game


@pytest.fixture(scope="module")
def busy():
    """Seed 42 after 48 steps: seat 1 to play; riichi, called discards, pons, a closed kan, kita, three pond rows."""
    game = greedy_game(42, 48)
    assert game.phase is Phase.TURN and game.turn == 1
    return game


def all_pond(state, position):
    seat = next(s for s in state["seats"] if s["position"] == position)
    return seat, [t for row in seat["pond"] for t in row]


# ---- seats and ponds ---------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_seats_are_placed_around_the_viewer(busy, viewer):
    state = table_state(busy.view(viewer), names=NAMES)
    placed = {s["position"]: s["seat"] for s in state["seats"]}
    assert placed == {"bottom": viewer, "right": (viewer + 1) % 3, "left": (viewer + 2) % 3}
    assert [s["name"] for s in state["seats"]] == [NAMES[s["seat"]] for s in state["seats"]]
    assert state["viewer"] == viewer
    assert position_of(viewer, busy.turn) == state["centre"]["turn"]


def test_ponds_come_in_rows_of_six_with_their_flags(busy):
    view = busy.view(1)
    state = table_state(view, names=NAMES)
    for seat in state["seats"]:
        rows = seat["pond"]
        discards = view.seats[seat["seat"]].discards
        assert [len(r) for r in rows] == [6] * (len(discards) // 6) + ([len(discards) % 6] if len(discards) % 6 else [])
        flat = [t for r in rows for t in r]
        assert [t["tile"] for t in flat] == [tile_name(d.tile) for d in discards]
        assert [t["tsumogiri"] for t in flat] == [d.tsumogiri for d in discards]
        assert [t["riichi"] for t in flat] == [d.riichi for d in discards]
        assert [t["called"] for t in flat] == [d.called for d in discards]
    flat = [t for s in state["seats"] for r in s["pond"] for t in r]
    assert any(len(s["pond"]) >= 3 for s in state["seats"])
    assert any(t["riichi"] for t in flat) and any(t["called"] for t in flat)
    assert any(t["tsumogiri"] for t in flat) and any(not t["tsumogiri"] for t in flat)


def test_the_riichi_tile_lies_sideways_and_later_discards_name_the_riichi():
    game = arranged_game("tenhou", hands=["123p456p789p1123s", None, None], draws="2s")
    riichi = action_for(game.view(0), "riichi:tsumogiri")
    game.apply(riichi)
    advance(game, lambda g: g.phase is Phase.TURN and g.turn == 0)
    state = table_state(game.view(1), names=NAMES)
    me, pond = all_pond(state, "left")  # seat 0 sits left of seat 1
    assert me["riichi"] and pond[0]["riichi"] and pond[0]["sideways"] and pond[0]["tsumogiri"]
    assert pond[0]["face"] == "2s/side" and "2s/side" in state["faces"]
    _, own = all_pond(state, "bottom")
    assert own and all(t["since_riichi"] == ["You"] for t in own)
    assert state["centre"]["sticks"] == 1


def test_a_called_riichi_tile_passes_the_sideways_mark_on():
    game = arranged_game("tenhou", hands=["123p456p789p1123s", "225678s1199m567z", None], draws="2s4z9s")
    game.apply(action_for(game.view(0), "riichi:tsumogiri"))
    view = game.view(1)
    pon = next(a for a in view.legal_actions if a.kind == "pon")
    game.apply(pon)
    game.apply(next(a for a in game.legal_actions(1) if a.kind == "discard"))
    advance(game, lambda g: len(g.discards[0]) == 2)
    _, pond = all_pond(table_state(game.view(0), names=NAMES), "bottom")
    assert pond[0]["called"] and not pond[0]["sideways"]
    assert pond[1]["sideways"] and not pond[1]["riichi"]


# ---- melds and kita ------------------------------------------------------------------------


def test_melds_show_the_called_tile_and_where_it_came_from(busy):
    for viewer in range(3):
        view = busy.view(viewer)
        state = table_state(view, names=NAMES)
        for seat in state["seats"]:
            melds = view.seats[seat["seat"]].melds
            assert len(seat["melds"]) == len(melds)
            assert seat["kita"] == view.seats[seat["seat"]].kita == len(seat["kita_faces"])
            for shown, cm in zip(seat["melds"], melds, strict=True):
                if cm.meld.kind == "ankan":
                    assert shown["called"] is None and [t["face"] for t in shown["tiles"]][::3] == ["back", "back"]
                    assert [t["tile"] for t in shown["tiles"][1:3]] == [tile_name(t) for t in cm.meld.tiles[1:3]]
                    continue
                assert Counter(t["tile"] for t in shown["tiles"]) + Counter(
                    [shown["added"]] if shown["added"] else []) == Counter(tile_name(t) for t in cm.meld.tiles)
                assert shown["called"] == tile_name(cm.called)
                assert shown["from_seat"] == cm.source and shown["from_name"] == NAMES[cm.source]
                assert shown["from"] == position_of(viewer, cm.source)
                sideways = [i for i, t in enumerate(shown["tiles"]) if t.get("called")]
                # the called tile lies on the side of the seat it came from
                side = position_of(seat["seat"], cm.source)
                assert sideways == ([len(shown["tiles"]) - 1] if side == "right" else [0])
    kinds = {m["kind"] for s in table_state(busy.view(0), names=NAMES)["seats"] for m in s["melds"]}
    assert {"pon", "ankan"} <= kinds


def test_a_pon_from_the_right_and_the_pond_tile_it_took():
    game = arranged_game("tenhou", hands=["055p123s789s1199m", None, None], draws="1z5p")
    until_asked(game, 0)
    view = game.view(0)
    state = table_state(view, names=NAMES)
    # the offered tile: marked in the right seat's pond, named in the offer
    right, pond = all_pond(state, "right")
    assert pond[-1]["offered"] and pond[-1]["tile"] == "5p"
    offer = state["offer"]
    assert offer["tile"] == "5p" and offer["from"] == "right" and offer["from_name"] == "Bot A"
    ids = [a["id"] for a in state["actions"]]
    assert ids == ["pon:55p", "pon:05p", "minkan", "pass"]
    assert set(offer["actions"]) == {"pon:55p", "pon:05p", "minkan"}
    game.apply(action_for(state, "pon:05p"))
    view = game.view(0)
    state = table_state(view, names=NAMES)
    me = state["seats"][0]
    (meld,) = me["melds"]
    assert meld["kind"] == "pon" and meld["called"] == "5p" and meld["from"] == "right"
    assert [t["tile"] for t in meld["tiles"]] == ["0p", "5p", "5p"] and meld["tiles"][-1]["called"]
    _, pond = all_pond(state, "right")
    assert pond[-1]["called"] and not pond[-1]["offered"]
    # after a call there is no drawn tile: every discard is named by its tile
    assert state["hand"]["drawn"] is None and "tsumogiri" not in ids
    assert all(a["id"].startswith("discard:") for a in state["actions"])


# ---- actions -----------------------------------------------------------------------------


def _check_ids(view, state):
    ids = [a["id"] for a in state["actions"]]
    assert len(ids) == len(set(ids))
    engine = [action_for(state, i) for i in ids]
    assert engine == [action_for(view, i) for i in ids]
    for a in engine:
        assert a.plain() in view.legal_actions
    for a in view.legal_actions:
        assert sum(1 for b in engine if b == a) == 1, a  # every legal action: exactly one id
    for a in state["actions"]:
        assert set(a) >= {"id", "kind", "tile", "label", "key"}
    return ids


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_legal_action_has_one_id_and_maps_back(seed):
    game = Game(seed=seed)
    policy = greedy_policy(seed, call_rate=0.9)
    checked = 0
    while game.phase in (Phase.TURN, Phase.RESPONSE):
        for seat in game.to_act():
            view = game.view(seat)
            _check_ids(view, table_state(view, names=NAMES))
            checked += 1
        seat = game.to_act()[0]
        game.apply(policy(game, seat, game.legal_actions(seat)))
    assert checked > 20


def test_riichi_and_discard_ids_keep_the_drawn_tile_apart():
    game = arranged_game("tenhou", hands=["123p456p789p1123s", None, None], draws="2s")
    view = game.view(0)
    state = table_state(view, names=NAMES)
    ids = _check_ids(view, state)
    assert {"tsumogiri", "discard:2s", "riichi:tsumogiri", "riichi:2s", "riichi:1s", "riichi:3s"} <= set(ids)
    assert action_for(state, "tsumogiri") == Action.discard(0, parse_tiles("2s")[0])
    assert action_for(state, "discard:2s") == Action.discard(0, parse_tiles("2s")[0], from_hand=True)
    assert action_for(state, "riichi:2s").from_hand and not action_for(state, "riichi:tsumogiri").from_hand
    hand = state["hand"]
    assert [t["tile"] for t in hand["tiles"]] == [tile_name(t) for t in parse_tiles("123p456p789p1123s")]
    assert hand["drawn"]["tile"] == "2s" and hand["drawn"]["id"] == "tsumogiri"
    assert hand["drawn"]["riichi_id"] == "riichi:tsumogiri"
    assert [t["key"] for t in hand["tiles"]][:10] == list("1234567890")
    keys = {a["id"]: a["key"] for a in state["actions"]}
    assert keys["tsumogiri"] == "t" and keys["riichi:1s"] == "r" and keys["discard:1p"] == "1"
    # a discard from the hand is not tsumogiri in the pond
    game.apply(action_for(state, "discard:2s"))
    assert game.discards[0][-1].tsumogiri is False
    with pytest.raises(IllegalActionError):
        action_for(state, "ron")


def test_kita_and_calls_have_ids_and_keys():
    game = arranged_game("tenhou", hands=["19m19p19s123456z5p", None, None], draws="1z")
    view = game.view(0)
    state = table_state(view, names=NAMES)
    ids = _check_ids(view, state)
    assert "kita" in ids and "abort" in ids
    assert action_for(state, "kita") == Action.kita(0)
    assert {a["id"]: a["key"] for a in state["actions"]}["kita"] == "k"


# ---- what a discard leaves ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 5, 13])
def test_hover_facts_are_the_efficiency_numbers(seed):
    game = Game(seed=seed)
    advance(game, lambda g: g.phase is Phase.TURN and g.turn == 0 and len(g.discards[0]) >= 4)
    view = game.view(0)
    state = table_state(view, names=NAMES)
    ranked = rank_discards(to_counts(view.hand), outside_counts(view.melds, view.kita), seen=visible_counts(view))
    by_kind = {o.tile: o for o in ranked}
    discard_ids = [a["id"] for a in state["actions"] if a["kind"] == "discard"]
    assert set(state["facts"]) >= set(discard_ids)
    for action_id in discard_ids:
        fact = state["facts"][action_id]
        option = by_kind[kind(action_for(state, action_id).tile)]
        assert (fact["shanten"], fact["useful_count"]) == (option.shanten, option.useful_count)
        assert fact["useful"] == [kind_name(k) for k in option.useful]
        assert fact["best"] == (option.shape == ranked[0].shape)
    # the hints show the same numbers
    hints = hints_for(view, game.events)
    for h in hints.discards:
        fact = next(f for i, f in state["facts"].items() if i in discard_ids and kind(action_for(state, i).tile) == h.tile)
        assert (fact["shanten"], fact["useful_count"]) == (h.shanten, h.useful_count)


def test_kita_facts_come_from_the_efficiency_module():
    game = arranged_game("tenhou", hands=["067789p45678s44z", None, None], draws="4z")
    view = game.view(0)
    state = table_state(view, names=NAMES)
    k = kita_option(to_counts(view.hand), outside_counts(view.melds, view.kita), seen=visible_counts(view))
    assert state["facts"]["kita"]["shanten"] == k.shanten and state["facts"]["kita"]["useful_count"] == k.useful_count


def test_no_facts_when_it_is_not_the_viewers_turn():
    game = Game(seed=3)
    state = table_state(game.view(1), names=NAMES)
    assert state["facts"] == {} and state["actions"] == [] and state["hand"]["drawn"] is None


def test_the_hints_advice_is_named_by_its_action_id():
    game = arranged_game("tenhou", hands=["055p123s789s1199m", None, None], draws="1z5p")
    until_asked(game, 0)
    view = game.view(0)
    hints = hints_for(view, game.events, advised=True)
    state = table_state(view, names=NAMES, hints=hints)
    advice = state["advice"]
    assert advice["reason"] == hints.advice.reason
    assert action_for(state, advice["id"]).plain() == hints.advice.action.plain()


# ---- hand end ------------------------------------------------------------------------------


def _riichi_tsumo_game() -> Game:
    """Seat 0 declares riichi on its first draw and wins by tsumo on its second."""
    game = arranged_game("tenhou", hands=["123p456p789p1123s", None, None], draws="9s1z2z4s")
    game.apply(action_for(game.view(0), "riichi:tsumogiri"))
    advance(game, lambda g: g.phase is Phase.TURN and g.turn == 0)
    assert any(a.kind == "tsumo" for a in game.legal_actions(0))
    game.apply(Action.tsumo(0))
    assert game.phase is Phase.HAND_END
    return game


def test_hand_end_shows_every_hand_and_the_result():
    game = _riichi_tsumo_game()
    summary = hand_summary(game, game.result)
    view = game.view(1)
    reveal = {s: tuple(game.hands[s]) for s in range(3)}
    state = table_state(view, names=NAMES, reveal=reveal, result=summary)
    assert state["actions"] == [] and state["phase"] == "hand_end"
    winner = next(s for s in state["seats"] if s["seat"] == 0)
    assert winner["position"] == "left" and winner["revealed"]["label"] == "winning hand"
    tiles = winner["revealed"]["tiles"]
    assert tiles[-1]["win"] and tiles[-1]["tile"] == "4s" and sum(t["win"] for t in tiles) == 1
    assert len(tiles) == 14
    for s in state["seats"]:
        assert s["revealed"] is not None and len(s["revealed"]["tiles"]) + 3 * len(s["melds"]) >= 13
    result = state["result"]
    assert result["title"] == "Win" and result["lines"][0].startswith("You win by tsumo on 4s: ")
    assert result["sticks"] == "1 riichi stick (1000 points) goes to you."
    # the viewer is seat 1: a table for seat 0 as "you" speaks of seat 0 so even under another name
    named = table_state(view, names=("Ann", "Bot A", "Bot B"), reveal=reveal, result=summary, you=0)["result"]
    assert named["lines"][0].startswith("You win by tsumo on 4s: ") and named["sticks"].endswith("goes to you.")
    onlooker = table_state(view, names=("Ann", "Bot A", "Bot B"), reveal=reveal, result=summary)["result"]
    assert onlooker["lines"][0].startswith("Ann wins by tsumo on 4s: ") and onlooker["sticks"].endswith("to Ann.")
    assert [r["delta"] for r in result["scores"]] == list(summary.deltas)
    assert [r["position"] for r in result["scores"]] == ["left", "bottom", "right"]


def test_a_draw_keeps_the_riichi_sticks_on_the_table():
    game = Game(seed=4)
    until_hand_end(game)
    summary = hand_summary(game, game.result)
    draw = HandSummary(**{**summary.__dict__, "kind": "exhaustive_draw", "title": "Exhaustive draw", "wins": (),
                          "sticks": 2, "tenpai": (True, False, False), "revealed": {0: tuple(game.hands[0])}})
    state = table_state(game.view(0), names=NAMES, result=draw)
    assert state["result"]["sticks"] == "2 riichi sticks (2000 points) stay on the table for the next hand's winner."
    assert "Tenpai: You tenpai, Bot A noten, Bot B noten" in state["result"]["lines"]
    assert state["seats"][0]["revealed"]["label"] == "tenpai"
    assert table_state(game.view(0), names=NAMES, result="Game over")["result"]["title"] == "Game over"


# ---- safety and shape ------------------------------------------------------------------------


def test_names_are_sent_as_plain_text_and_the_frontend_never_parses_markup():
    names = ("<img src=x onerror=alert(1)>", "Bot & <b>A</b>", 'B "quoted"')
    state = table_state(Game(seed=3).view(0), names=names)
    assert [s["name"] for s in state["seats"]] == list(names)  # text, drawn with textContent
    js = (FRONTEND / "table.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in js
    assert "textContent" in js


def test_the_state_is_json_with_every_face_it_uses():
    game = greedy_game(42, 48)
    state = table_state(game.view(0), names=NAMES, big=True)
    text = json.dumps(state)
    assert json.loads(text) == state and state["big"] is True
    faces = set()

    def walk(x):
        if isinstance(x, dict):
            if "face" in x:
                faces.add(x["face"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk({k: v for k, v in state.items() if k != "faces"})
    faces |= set(state["centre"]["dora"]) | {f for s in state["seats"] for f in s["kita_faces"]}
    assert faces == set(state["faces"])
    assert all(uri.startswith("data:image/svg+xml;base64,") for uri in state["faces"].values())
    # the same position gives the same id; another position another one
    assert table_state(game.view(0), names=NAMES, big=True)["id"] == state["id"]
    assert table_state(game.view(1), names=NAMES)["id"] != state["id"]


def test_action_ids_alone_name_calls_with_several_options():
    game = arranged_game("tenhou", hands=["055p123s789s1199m", None, None], draws="1z5p")
    until_asked(game, 0)
    ids = action_ids(game.legal_actions(0))
    assert list(ids) == ["pon:55p", "pon:05p", "minkan", "pass"]


def test_a_ron_on_the_players_own_tile_says_your_not_yous():
    from dataclasses import replace

    game = _riichi_tsumo_game()
    summary = hand_summary(game, game.result)
    (win,) = summary.wins
    on_you = replace(summary, wins=(replace(win, seat=1, from_seat=0, tsumo=False),))
    on_bot = replace(summary, wins=(replace(win, seat=0, from_seat=2, tsumo=False),))
    tile = tile_name(win.win_tile)
    assert table_state(game.view(0), names=NAMES, result=on_you)["result"]["lines"][0].startswith(
        f"Bot A wins by ron on your {tile}: ")
    assert table_state(game.view(0), names=NAMES, result=on_bot)["result"]["lines"][0].startswith(
        f"You win by ron on Bot B's {tile}: ")
