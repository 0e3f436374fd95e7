"""Wall, deal, draws and dora timing of the game engine."""

import pytest

from sanma_core.game import Game, GameMode, Phase
from sanma_core.game.scenario import arranged_game, until_turn
from sanma_core.game.simple import play, random_policy
from sanma_core.game.wall import DORA_POSITIONS, REPLACEMENT_POSITIONS, URA_POSITIONS, Wall, WallError, full_tile_set
from sanma_core.rules import load_preset
from sanma_core.tiles import RED_5P, RED_5S, SANMA_KINDS, parse_tile, parse_tiles, to_counts, to_mjai

TENHOU = load_preset("tenhou")


def test_same_seed_same_wall_and_different_seed_different_wall():
    assert Wall.shuffled(TENHOU, seed=5).tiles == Wall.shuffled(TENHOU, seed=5).tiles
    assert Wall.shuffled(TENHOU, seed=5).tiles != Wall.shuffled(TENHOU, seed=6).tiles


@pytest.mark.parametrize(("preset", "reds"), [("tenhou", 1), ("wrc", 0), ("classic", 0)])
def test_wall_has_108_tiles_and_the_rulesets_red_fives(preset, reds):
    tiles = Wall.shuffled(load_preset(preset), seed=1).tiles
    assert len(tiles) == 108
    assert tiles.count(RED_5P) == reds and tiles.count(RED_5S) == reds
    counts = to_counts(tiles)
    assert all(counts[k] == 4 for k in SANMA_KINDS) and sum(counts) == 108


def test_same_seed_same_game():
    a = play(Game("tenhou", GameMode("tonpuusen"), seed=11), random_policy(3))
    b = play(Game("tenhou", GameMode("tonpuusen"), seed=11), random_policy(3))
    assert a.events == b.events
    c = play(Game("tenhou", GameMode("tonpuusen"), seed=12), random_policy(3))
    assert c.events != a.events


def test_deal_gives_thirteen_each_and_first_indicator_is_fifth_stack_from_the_end():
    g = Game("tenhou", seed=4)
    wall = g.wall
    start = next(e for e in g.events if e["type"] == "start_kyoku")
    assert start["dora_marker"] == to_mjai(wall.tiles[98]) == to_mjai(wall.tiles[DORA_POSITIONS[0]])
    assert [len(h) for h in start["tehais"]] == [13, 13, 13]
    assert g.live_remaining == 54 and len(g.hands[0]) == 14
    assert sorted(g.tile_census()) == sorted(full_tile_set(TENHOU))


def test_arranged_wall_puts_tiles_in_place_and_refuses_a_fifth_copy():
    w = Wall.arranged(TENHOU, draws=parse_tiles("1z2z"), replacements=parse_tiles("7z"), dora=parse_tiles("3z"),
                      ura=parse_tiles("5z"))
    assert w.tiles[39:41] == parse_tiles("1z2z")
    assert w.tiles[REPLACEMENT_POSITIONS[0]] == parse_tile("7z")
    assert w.tiles[URA_POSITIONS[0]] == parse_tile("5z")
    with pytest.raises(WallError, match="1z"):
        Wall.arranged(TENHOU, draws=parse_tiles("11111z"))
    with pytest.raises(WallError, match="13 tiles"):
        Wall.arranged(TENHOU, hands=[parse_tiles("123p"), None, None])


def test_replacement_draw_moves_the_last_live_tile():
    w = Wall.shuffled(TENHOU, seed=2)
    assert w.live_remaining == 55
    w.draw_live()
    w.draw_replacement()
    assert w.live_remaining == 53 and w.replacements_remaining == 7


def _kan_and_kita_eager(game, seat, legal):
    for kind_ in ("ankan", "kakan", "kita", "minkan", "pon"):
        for a in legal:
            if a.kind == kind_:
                return a
    if game.phase is Phase.RESPONSE:
        return next(a for a in legal if a.kind == "pass")
    if game.drawn is not None:
        return next(a for a in legal if a.kind == "discard" and a.tile == game.drawn)
    return next(a for a in legal if a.kind == "discard")


def test_always_55_draws_with_any_number_of_kans_and_kita():
    rules = TENHOU.replace(four_kan_abort=False, nine_terminal_abort=False)
    replacement_counts = []
    for seed in range(12):
        g = Game(rules, GameMode("tonpuusen"), seed=seed)
        start = 0
        while True:
            seat = g.to_act()[0]
            g.apply(_kan_and_kita_eager(g, seat, g.legal_actions(seat)))
            assert sorted(g.tile_census()) == sorted(full_tile_set(rules))
            if g.phase is Phase.HAND_END or g.phase is Phase.GAME_END:
                hand_events = g.events[start:]
                draws = sum(1 for e in hand_events if e["type"] == "tsumo")
                replacements = sum(1 for e in hand_events if e["type"] in ("ankan", "daiminkan", "kakan", "nukidora"))
                assert g.result.kind == "exhaustive_draw"
                assert draws == 55, (seed, replacements)
                replacement_counts.append(replacements)
                break
    assert max(replacement_counts) >= 4 and min(replacement_counts) < max(replacement_counts)


def test_closed_kan_reveals_its_dora_at_once():
    g = arranged_game("tenhou", hands=["1111p234p567s19m1z", None, None], draws="5z", replacements="7z")
    wall = g.wall
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    assert [e["type"] for e in g.events[-3:]] == ["ankan", "dora", "tsumo"]
    assert g.events[-2]["dora_marker"] == to_mjai(wall.tiles[96])
    assert g.events[-1]["pai"] == "C"
    assert g.dora_indicators() == [wall.tiles[98], wall.tiles[96]]


def test_open_kan_reveals_its_dora_when_the_discard_is_made():
    g = arranged_game("tenhou", hands=["9s123p456p78p1235z", "999s19m19p1s8p2367z", None], draws="5z")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "discard" and a.tile == parse_tile("9s")))
    kan = next(a for a in g.legal_actions(1) if a.kind == "minkan")
    g.apply(kan)
    assert [e["type"] for e in g.events[-3:]] == ["dahai", "daiminkan", "tsumo"]
    assert g.dora_revealed == 1
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "discard"))
    types = [e["type"] for e in g.events]
    i = types.index("daiminkan")
    assert types[i + 1 : i + 4] == ["tsumo", "dora", "dahai"]
    assert g.dora_revealed == 2


def test_kita_draws_a_replacement_and_reveals_no_dora():
    g = arranged_game("tenhou", hands=["4z234p678p234s678s", None, None], draws="5z", replacements="7z")
    before = g.live_remaining
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "kita"))
    assert [e["type"] for e in g.events[-2:]] == ["nukidora", "tsumo"]
    assert g.events[-1]["pai"] == "C" and g.kita[0] == 1
    assert g.dora_revealed == 1 and g.live_remaining == before - 1
    assert sorted(g.tile_census()) == sorted(full_tile_set(TENHOU))


def test_kita_event_spelling_is_configurable():
    g = arranged_game("tenhou", hands=["4z234p678p234s678s", None, None], draws="5z", kita_event="kita")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "kita"))
    assert g.events[-2] == {"type": "kita", "actor": 0, "pai": "N"}


def test_no_kan_dora_when_the_ruleset_has_none():
    rules = TENHOU.replace(kan_dora=False)
    g = arranged_game(rules, hands=["1111p234p567s19m1z", None, None], draws="5z")
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "ankan"))
    assert "dora" not in [e["type"] for e in g.events] and g.dora_revealed == 1


def test_turns_go_round_and_a_discard_passes_to_the_next_seat():
    g = Game("tenhou", seed=9)
    until_turn(g, 1)
    assert g.turn == 1 and g.events[-1] == {"type": "tsumo", "actor": 1, "pai": g.events[-1]["pai"]}
    until_turn(g, 2)
    assert [e["actor"] for e in g.events if e["type"] == "tsumo"][:3] == [0, 1, 2]
