"""Bot decisions in constructed situations, for each level."""

import pytest

from sanma_core.analysis import discard_options
from sanma_core.bots import LEVELS, BotLevelError, Decision, make_bot
from sanma_core.bots.levels import HardBot
from sanma_core.bots.table import read_table
from sanma_core.bots.value import tenpai_worth
from sanma_core.game import Action
from sanma_core.game.scenario import arranged_game, until_turn
from sanma_core.tiles import kind, parse_tile, to_counts

T = parse_tile


def decide(level, game, seat) -> Decision:
    """``level`` is a bot level, or ``"rules"``: the hand-written value rules the learned hard bot builds on."""
    legal = game.legal_actions(seat)
    bot = HardBot(0) if level == "rules" else make_bot(level, seed=0)
    d = bot.decide(game.view(seat), legal)
    assert d.action in legal and d.reason
    return d


def test_make_bot_levels_and_unknown_level():
    assert [make_bot(lv).level for lv in LEVELS] == ["easy", "normal", "hard"]
    with pytest.raises(BotLevelError, match="'expert'"):
        make_bot("expert")
    assert issubclass(BotLevelError, ValueError)


def test_easy_discard_keeps_lowest_shanten_then_most_live_useful_tiles():
    g = arranged_game("tenhou", hands=["19m2357p1368s127z", None, None], draws="4s")
    view = g.view(0)
    table = read_table(view)
    d = decide("easy", g, 0)
    assert d.action.kind == "discard"
    options = discard_options(to_counts(view.hand))
    best = min(o.shanten for o in options)
    chosen = next(o for o in options if o.tile == kind(d.action.tile))
    assert chosen.shanten == best
    most = max(table.live_count(o.ukeire.tiles) for o in options if o.shanten == best)
    assert table.live_count(chosen.ukeire.tiles) == most
    assert f"{best}-shanten with {most} useful tiles" in d.reason


def test_every_level_wins_when_it_can():
    g = arranged_game("tenhou", hands=["123p456p789s11s23s", None, None], draws="4s")
    for level in LEVELS:
        d = decide(level, g, 0)
        assert d.action.kind == "tsumo" and "complete" in d.reason


def test_kita_is_a_decision_orphans_and_seven_pairs_keep_the_north():
    ordinary = arranged_game("tenhou", hands=["123p456p789s11s4z5p", None, None], draws="7s")
    for level in LEVELS:
        assert decide(level, ordinary, 0).action.kind == "kita"
    orphans = arranged_game("tenhou", hands=["19m19p19s12357z5p6p", None, None], draws="4z")
    for level in LEVELS:
        d = decide(level, orphans, 0)
        assert d.action.kind == "discard" and "thirteen orphans" in d.facts["kept_north"]
        assert kind(d.action.tile) in (T("5p"), T("6p"))
    pairs = arranged_game("tenhou", hands=["1199p5577s223z44z", None, None], draws="6z")
    assert decide("easy", pairs, 0).action.kind == "kita"
    d = decide("normal", pairs, 0)
    assert d.action.kind in ("discard", "riichi") and "seven pairs" in d.facts["kept_north"]


def test_pon_yakuhai_but_never_into_a_hand_without_a_yaku():
    g = arranged_game("tenhou", hands=["7z123p456p789s1s2s3z", "77z23p56p88p34s9s1z1m", None], draws="5z")
    g.apply(Action.discard(0, T("7z")))
    for level in ("normal", "hard"):
        d = decide(level, g, 1)
        assert d.action.kind == "pon" and "yakuhai" in d.reason
    d = decide("easy", g, 1)
    assert d.action.kind == "pass" and "closed" in d.reason
    g = arranged_game("tenhou", hands=["6p123p456p789s1s2s3z", "66p123p789s19m45s3z", None], draws="5z")
    g.apply(Action.discard(0, T("6p")))
    for level in ("normal", "hard"):
        d = decide(level, g, 1)
        assert d.facts["shanten_after"] < d.facts["shanten_before"]  # the pon would help the shape...
        assert d.action.kind == "pass" and "no yaku" in d.reason  # ...but leave no yaku within reach


def test_normal_pons_toward_toitoi_with_a_pair_heavy_hand():
    g = arranged_game("tenhou", hands=["6p123p456p789s1s2s3z", "66p111s99s22z33p7z8s", None], draws="5z")
    g.apply(Action.discard(0, T("6p")))
    d = decide("normal", g, 1)
    assert d.action.kind == "pon" and d.facts["plan"] == "toitoi"
    assert decide("easy", g, 1).action.kind == "pass"


def _against_riichi(hand="19m247p9p258s1356z", round_wind=0, scores=None):
    """Seat 0 holds ``hand`` and must discard after seat 1's riichi on 9p."""
    g = arranged_game("tenhou", hands=[hand, "123p456p789s11s46p", None], draws="7z9p8p3s",
                      round_wind=round_wind, scores=scores)
    g.apply(Action.discard(0, T("7z")))
    until_turn(g, 1)
    g.apply(Action.riichi(1, T("9p")))
    until_turn(g, 0)
    return g


def test_normal_folds_with_genbutsu_against_riichi_and_easy_does_not():
    g = _against_riichi()
    d = decide("normal", g, 0)
    assert d.action == Action.discard(0, T("9p"))
    assert d.facts["mode"] == "fold" and d.reason.startswith("fold") and "genbutsu" in d.facts["category"]
    assert decide("rules", g, 0).action == Action.discard(0, T("9p"))
    assert decide("hard", g, 0).action == Action.discard(0, T("9p"))
    easy = decide("easy", g, 0)
    assert easy.facts["mode"] == "offence"


def test_hard_chooses_dama_for_a_big_hand_and_riichi_without_a_yaku():
    big = arranged_game("tenhou", hands=["555z666z777z11p23p", None, None], draws="9s")
    d = decide("hard", big, 0)
    assert d.action == Action.discard(0, T("9s")) and d.facts["kind"] == "dama"
    assert decide("normal", big, 0).action == Action.riichi(0, T("9s"))
    bare = arranged_game("tenhou", hands=["234p567p789s11s46p", None, None], draws="9m")
    d = decide("hard", bare, 0)
    assert d.action == Action.riichi(0, T("9m")) and d.facts["riichi_value"] > d.facts["dama_value"]
    assert "riichi" in d.reason and "5p" in d.reason


def _one_shanten_against_riichi(round_wind, scores):
    return _against_riichi("123p456p789s9p55z6z", round_wind, scores)


def test_push_or_fold_at_one_shanten_depends_on_level_and_standing():
    early = _one_shanten_against_riichi(0, None)
    assert decide("normal", early, 0).facts["mode"] == "push"
    assert decide("rules", early, 0).facts["mode"] == "careful"  # a cheap hand keeps 1-shanten only with safe tiles
    leading = _one_shanten_against_riichi(1, [52000, 30000, 23000])
    assert decide("normal", leading, 0).facts["mode"] == "push"
    d = decide("rules", leading, 0)
    assert d.facts["mode"] == "fold" and d.action == Action.discard(0, T("9p"))


def test_hard_weighs_waits_by_value_and_normal_by_count():
    g = arranged_game("tenhou", hands=["222333567p7889s", None, None], draws="9s", dora="3p")
    view = g.view(0)
    table = read_table(view)
    normal, hard = decide("normal", g, 0), decide("rules", g, 0)
    assert normal.action == Action.riichi(0, T("8s")) and normal.facts["live"] == 6  # 6s-9s: the widest wait
    assert hard.action.tile == T("7s") and hard.facts["live"] == 4  # 8s-9s shanpon: a concealed triplet more

    def worth(tile):
        hand13 = list(view.hand)
        hand13.remove(tile)
        waits = next(o.ukeire.tiles for o in discard_options(to_counts(view.hand)) if o.tile == tile)
        return tenpai_worth(table, hand13, waits)

    assert worth(T("7s")) > worth(T("8s")) > 0
    assert "8s 9s" in hard.reason and "points" in hard.reason
