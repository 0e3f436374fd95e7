"""Play mode without the browser: settings, bots moving at once, replay from seed and steps, undo, hints, results."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest
from test_play_helpers import first_hand_with, greedy

from sanma_core.analysis import discard_options, outside_counts, shanten, ukeire
from sanma_core.bots.safety import Threat, danger
from sanma_core.errors import RecordError
from sanma_core.game import Action, IllegalActionError, Phase
from sanma_core.game.mjai import loads
from sanma_core.game.scenario import arranged_game
from sanma_core.game.state import GameModeError
from sanma_core.game.tenhou6 import from_tenhou6
from sanma_core.review.hints import visible_counts
from sanma_core.rules import load_preset
from sanma_core.scoring.payments import final_placement, four_player_settlement, noten_payments, settle_win
from sanma_core.tiles import NORTH, kind, parse_tile, to_counts
from tutor.play import PlaySession, PlaySettings, PlaySetupError, game_summary, hand_summary, hints_for


@pytest.mark.parametrize(
    ("changes", "needle"),
    [({"seat": 3}, "seat"), ({"bots": ("easy", "expert")}, "expert"), ({"seed": -1}, "seed"),
     ({"length": "marathon"}, "marathon"), ({"bots": ("easy",)}, "two bot levels")],
)
def test_bad_settings_are_refused_by_name(changes, needle):
    with pytest.raises((PlaySetupError, GameModeError), match=needle):
        PlaySettings(**changes)


def test_bots_move_at_once_and_explain_themselves():
    s = PlaySession(PlaySettings(seed=11, seat=2))  # seat 2: two bots act before the first human turn
    assert s.waiting_for_human() and s.game.turn == 2
    bot_steps = s.bot_log()
    assert {st.action.seat for st in bot_steps} == {0, 1}
    assert not any(st.bot for st in s.steps if st.action.seat == 2)
    assert all(st.reason for st in bot_steps)
    for _ in range(12):
        if s.phase is not Phase.TURN and s.phase is not Phase.RESPONSE:
            break
        s.play(greedy(s.view(), s.legal()))
        assert s.waiting_for_human() or s.phase in (Phase.HAND_END, Phase.GAME_END)


def test_same_seed_same_game_and_record_round_trip():
    a = PlaySession(PlaySettings(seed=5))
    b = PlaySession(PlaySettings(seed=5))
    c = PlaySession(PlaySettings(seed=6))
    assert a.view().hand == b.view().hand != c.view().hand
    for _ in range(6):
        a.play(greedy(a.view(), a.legal()))
    rebuilt = PlaySession.from_record(a.to_record())
    assert rebuilt.game.events == a.game.events
    assert rebuilt.steps == a.steps and rebuilt.view() == a.view()


def test_saved_steps_are_action_ids_and_older_saves_still_load():
    s = PlaySession(PlaySettings(seed=4, length="tonpuusen"))
    s.play(next(a for a in s.legal() if a.kind == "discard"))
    record = s.to_record()
    ids = [step["a"] for step in record["steps"] if step["a"] is not None]
    assert ids and all(Action.from_id(i).to_id() == i for i in ids)
    old = {**record, "steps": [{**step, "a": None if step["a"] is None else _old_form(Action.from_id(step["a"]))}
                               for step in record["steps"]]}
    assert PlaySession.from_record(old).game.events == s.game.events


def _old_form(a: Action) -> list:
    """The list a step held before the action ids."""
    return [a.kind, a.seat, a.tile, list(a.consumed)] + ([True] if a.from_hand else [])


@pytest.mark.parametrize(("steps", "needle"), [
    ([{"a": "0:discard:9q"}], "step 1: action id '0:discard:9q'"),
    ([{"a": "5:tsumo"}], "the seat must be 0, 1 or 2"),
    ([{"a": [1, 2]}], "step 1: a step's action must be an action id"),
    (["x"], "step 1: a step must be an object"),
    ([{"a": "0:pon:1m:1m+1m"}], "the steps do not replay"),
])
def test_a_damaged_saved_game_is_a_record_error_naming_the_step(steps, needle):
    record = PlaySession(PlaySettings(seed=4, length="tonpuusen")).to_record()
    with pytest.raises(RecordError, match=re.escape(needle)):
        PlaySession.from_record({**record, "steps": steps})
    with pytest.raises(RecordError, match="seat must be a whole number"):
        PlaySession.from_record({**record, "settings": {**record["settings"], "seat": "east"}})


def test_human_cannot_play_illegal_actions():
    s = PlaySession(PlaySettings(seed=3))
    before = list(s.game.events)
    missing = next(t for t in range(34) if t not in s.view().hand and kind(t) in {0, 8} | set(range(9, 34)))
    with pytest.raises(IllegalActionError, match="not in the hand"):
        s.play(Action.discard(0, missing))
    with pytest.raises(IllegalActionError, match="seat 0"):
        s.play(Action.discard(1, s.view().hand[0]))
    assert s.game.events == before


def test_undo_takes_back_the_last_discard_in_training_mode():
    s = PlaySession(PlaySettings(seed=8, training=True))
    assert not s.can_undo()
    s.play(greedy(s.view(), s.legal()))
    while not any(a.kind == "discard" for a in s.legal()):
        s.play(greedy(s.view(), s.legal()))
    view_before, steps_before = s.view(), list(s.steps)
    s.play(next(a for a in s.legal() if a.kind == "discard"))
    assert s.view() != view_before
    s.undo()
    assert s.view() == view_before and s.steps == steps_before
    untrained = PlaySession(PlaySettings(seed=8))
    untrained.play(next(a for a in untrained.legal() if a.kind == "discard"))
    assert not untrained.can_undo()
    with pytest.raises(IllegalActionError, match="training"):
        untrained.undo()


def test_undo_after_a_ron_on_your_discard_goes_back_before_it():
    s = first_hand_with("win", tsumo=False, training=True, seeds=range(1, 120))
    assert s.game.results
    s.undo()
    assert s.phase is Phase.TURN and s.waiting_for_human()
    assert s.game.results == [] and s.game.hand_index == 0


def test_win_summary_equals_engine_settlement():
    s = first_hand_with("win", tsumo=True)
    result = s.game.result
    summary = hand_summary(s.game, result)
    assert summary.deltas == result.deltas and summary.scores_after == result.scores_after
    (w,) = summary.wins
    (engine,) = result.wins
    rules = s.game.rules
    expected = settle_win(rules, engine.score.han, engine.score.fu, dealer=w.dealer, tsumo=True,
                          yakuman=engine.score.yakuman, honba=engine.context.honba, sticks=engine.context.sticks)
    assert w.payments == expected.payments and w.total == expected.total
    four = four_player_settlement(engine.score.han, engine.score.fu, w.dealer, True, engine.score.yakuman,
                                  engine.context.honba)
    assert [line.four_player for line in w.lines] == [a for _, a in four.payers]
    assert [line.sanma for line in w.lines][:2] == [a for _, a in expected.payers]
    assert w.lines[2].sanma is None  # tsumo loss: the absent North's share is not paid
    assert w.paid == sum(-d for d in result.deltas if d < 0)
    assert w.paid < four.total
    assert [y["id"] for y in w.yaku] == [y for y, _ in engine.score.yaku]
    assert list(w.fu_lines) == engine.score.explanation["fu"]["lines"]


def test_draw_summary_shows_tenpai_hands_and_noten_payments():
    s = first_hand_with("exhaustive_draw")
    result = s.game.result
    summary = hand_summary(s.game, result)
    assert summary.deltas == tuple(noten_payments(s.game.rules, list(result.tenpai)))
    assert set(summary.revealed) == {i for i, t in enumerate(result.tenpai) if t}
    for seat, tiles in summary.revealed.items():
        assert sorted(tiles) == sorted(s.game.hands[seat])


def test_game_summary_uses_the_engine_placement():
    s = PlaySession(PlaySettings(seed=2, length="tonpuusen"))
    while s.phase is not Phase.GAME_END:
        if s.phase is Phase.HAND_END:
            s.next_hand()
        else:
            s.play(greedy(s.view(), s.legal()))
    g = game_summary(s.game)
    rules = s.game.rules
    expected = final_placement(rules, list(s.game.scores), s.game.sticks)
    assert sorted(g.placements, key=lambda p: p.seat) == expected
    assert g.history[0][1] == (rules.start_points,) * 3
    assert g.history[-1][1] == tuple(s.game.results[-1].scores_after)
    assert len(g.history) == len(s.game.results) + 1


def test_hints_match_the_analysis_and_the_bots_safety_logic():
    # seat 1 declares riichi discarding 5z; seat 2 then discards 4p (passed by the riichi player)
    g = arranged_game("tenhou", hands=["11m9m567p234s6789s", "123456789p11s2s5z", "666z77z1m99m123p44s"],
                      draws="8s3s4p9s")
    g.apply(Action.discard(0, parse_tile("5p")))
    g.apply(Action.riichi(1, parse_tile("5z")))
    g.apply(Action.discard(2, parse_tile("4p")))
    v = g.view(0)
    assert v.phase is Phase.TURN and v.turn == 0
    h = hints_for(v, g.events)
    assert h.threats == (1,)
    options = discard_options(to_counts(v.hand), outside_counts(v.melds, v.kita))
    unseen = [4 - n for n in visible_counts(v)]  # useful tiles count the copies the seat cannot see
    assert {(d.tile, d.shanten, d.useful_count) for d in h.discards} == {
        (o.tile, o.shanten, sum(unseen[k] for k in o.ukeire.tiles)) for o in options}
    threat = Threat(discards=frozenset({parse_tile("5z")}), passed=frozenset({parse_tile("4p")}))
    visible = visible_counts(v)
    assert visible[parse_tile("5z")] == 1 and visible[parse_tile("4p")] == 1
    for d in h.discards:
        assert d.danger == danger(d.tile, threat, visible).value
        assert d.dangers[0].reason == danger(d.tile, threat, visible).reason
    # between turns: useful tiles and waits of the 13-tile hand
    g.apply(Action.discard(0, parse_tile("1m")))
    h13 = hints_for(g.view(0), g.events)
    assert not h13.discards and h13.shanten == shanten(to_counts(g.view(0).hand))
    unseen13 = [4 - n for n in visible_counts(g.view(0))]
    assert h13.useful_count == sum(unseen13[k] for k in ukeire(to_counts(g.view(0).hand)).tiles)


def test_kita_hint_compares_keeping_and_setting_aside():
    for seed in range(1, 80):
        s = PlaySession(PlaySettings(seed=seed))
        v = s.view()
        if any(a.kind == "kita" for a in v.legal_actions):
            break
    else:
        raise AssertionError("no seed dealt a North to the first turn")
    h = hints_for(v, s.game.events)
    assert h.kita is not None
    counts = to_counts(v.hand)
    assert h.kita.shanten_keep == min(o.shanten for o in discard_options(counts, outside_counts(v.melds, v.kita)))
    assert counts[NORTH] >= 1
    assert h.kita.costs_shape == (h.kita.shanten_kita > h.kita.shanten_keep)


def test_play_uses_the_chosen_ruleset():
    rules = load_preset("club")
    s = PlaySession(PlaySettings(rules=rules, seed=4))
    assert s.game.rules.honba_ron == rules.honba_ron and s.game.rules.name == "club"
    assert PlaySession.from_record(s.to_record()).game.rules == rules


def test_records_of_a_finished_game_reload_as_the_same_game():
    s = PlaySession(PlaySettings(seed=6, seat=1))
    while s.phase is not Phase.GAME_END:
        if s.phase is Phase.HAND_END:
            s.next_hand()
        else:
            s.play(greedy(s.view(), s.legal()))
    assert loads(s.mjai()) == s.game.events
    doc = s.tenhou6()
    assert len(doc["log"]) == len(s.game.results)
    assert from_tenhou6(doc, s.game.rules).events[1:] == s.game.events[1:]


@pytest.mark.parametrize("name", ["tutor.play.session", "sanma_core.review.hints", "sanma_core.review.summary", "tutor.play.review", "tutor.play.render"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0
