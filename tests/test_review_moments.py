"""Notable moments (sanma_core.review.moments): constructed hands with known values, and real Phoenix games."""

from __future__ import annotations

import collections
import gzip
import json
from pathlib import Path

import pytest

from sanma_core.game import Action, Game, Phase
from sanma_core.game.records import read_record
from sanma_core.game.scenario import arranged_game, default_action
from sanma_core.review.moments import MOMENT_KINDS, Moment, MomentFinder
from sanma_core.tiles import parse_tile

T = parse_tile
#: the module's tests share one worker, so the games of its module fixture are replayed once per run
pytestmark = pytest.mark.xdist_group("real_moments")
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


# ---- driving a constructed game with the finder watching ---------------------------


def play(game: Game, finder: MomentFinder, *actions: Action) -> None:
    for a in actions:
        finder.before(game, a)
        game.apply(a)


def quiet_until(game: Game, finder: MomentFinder, seat: int) -> None:
    """Quiet default actions (tsumogiri, pass) until ``seat`` has its own turn."""
    while not (game.phase is Phase.TURN and game.turn == seat):
        assert game.phase in (Phase.TURN, Phase.RESPONSE), game.phase
        play(game, finder, default_action(game, game.to_act()[0]))


def steps_so_far(game: Game) -> int:
    return sum(1 for h in game.history if h is not None)


def only(finder: MomentFinder, kind: str) -> Moment:
    found = [m for m in finder.moments if m.kind == kind]
    assert len(found) == 1, [m.text for m in finder.moments]
    return found[0]


def kinds(finder: MomentFinder) -> list[str]:
    return [m.kind for m in finder.moments]


# ---- constructed games --------------------------------------------------------------

HAKU_TANKI = "555z123p456p789s6z"  # tanki on Green: haku; 20+10+8 (haku)+2 (tanki)+2 (dragon pair) = 50 fu, 1,600
NOTEN = "19m1239p19s12347z"


def test_a_tsumo_not_taken_says_what_the_win_was_worth():
    g = arranged_game("tenhou", hands=[None, "123p456p789s1155s", None], draws="7z1z2z3z5s", dora="2z")
    f = MomentFinder({1})
    quiet_until(g, f, 1)
    play(g, f, Action.discard(1, T("1z")))
    quiet_until(g, f, 1)
    assert Action.tsumo(1) in g.legal_actions(1)
    step, left = steps_so_far(g), g.live_remaining
    play(g, f, Action.discard(1, T("5s")))
    m = only(f, "win_not_taken")
    assert (m.hand, m.seat, m.turn, m.step, m.left) == (0, 1, 2, step, left)
    # menzen tsumo, 20 + 2 (tsumo) + 4 (concealed 5s triplet) = 30 fu; non-dealer 300/500 under tsumo loss
    assert m.data | {"yaku": []} == {"win": "tsumo", "tile": "5s", "action": "Discard 5s", "han": 1, "fu": 30,
                                     "yakuman": 0, "points": 800, "yaku": []}
    assert m.data["yaku"] == ["menzen_tsumo"]
    assert m.text == "Did not take a tsumo on 5s worth 1 han 30 fu, 800 points (discard 5s instead)"


def test_a_passed_ron_is_a_win_not_taken_and_then_furiten():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", HAKU_TANKI, NOTEN], draws="1z7p3z", dora="2z")
    f = MomentFinder({1})
    play(g, f, Action.discard(0, T("6z")))
    assert Action.ron(1, T("6z")) in g.legal_actions(1)
    play(g, f, Action.pass_(1))
    quiet_until(g, f, 2)  # seat 1's next action lets the finder see the furiten
    wnt, fur = only(f, "win_not_taken"), only(f, "furiten")
    assert (wnt.seat, wnt.turn, wnt.step) == (1, 1, 1)
    assert (wnt.data["han"], wnt.data["fu"], wnt.data["points"]) == (1, 50, 1600)
    assert "ron on Green worth 1 han 50 fu, 1,600 points (passed instead)" in wnt.text
    assert (fur.seat, fur.turn, fur.step, fur.data["cause"], fur.data["tile"]) == (1, 1, 1, "passed", "6z")
    assert fur.text == "Furiten on Green until the next discard: the ron on Green was passed"
    assert [m.step for m in f.moments] == sorted(m.step for m in f.moments)


def test_deal_in_names_the_winner_the_payment_and_the_safe_tile():
    g = arranged_game("tenhou", hands=["6z9m34p678p234s678s", HAKU_TANKI, "123p456p789s1155s"],
                      draws="1z2z9m3z", dora="7p", honba=1)
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("1z")), Action.discard(1, T("2z")), Action.riichi(2, T("9m")))
    step, left = steps_so_far(g), g.live_remaining
    play(g, f, Action.discard(0, T("6z")), Action.ron(1, T("6z")))
    m = only(f, "deal_in")
    assert (m.hand, m.seat, m.turn, m.step, m.left) == (0, 0, 2, step, left)
    assert g.result.deltas[0] == -m.data["paid"] == -1800  # 1,600 and one honba (200)
    assert {k: m.data[k] for k in ("tile", "winner", "paid", "safe", "riichi_seats", "winner_in_riichi", "han",
                                   "fu", "points")} == {
        "tile": "6z", "winner": 1, "paid": 1800, "safe": ["9m"], "riichi_seats": [2], "winner_in_riichi": False,
        "han": 1, "fu": 50, "points": 1600}
    assert m.text == ("Dealt in with Green to seat 1's ron (1 han 50 fu, 1,600 points): paid 1,800; "
                      "9m in hand was safe against the riichi")


def test_deal_in_without_a_riichi_names_no_safe_tile():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", HAKU_TANKI, NOTEN], draws="1z", dora="2z")
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("6z")), Action.ron(1, T("6z")))
    m = only(f, "deal_in")
    assert (m.turn, m.step, m.data["safe"], m.data["riichi_seats"]) == (1, 0, [], [])
    assert m.text == "Dealt in with Green to seat 1's ron (1 han 50 fu, 1,600 points): paid 1,600"


CHUN_TANKI = "777z234p567p234s6z"  # also on Green: chun, 1 han 50 fu, 1,600


def test_double_ron_pays_the_honba_to_the_nearer_winner_only():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", HAKU_TANKI, CHUN_TANKI], draws="1z", dora="2z", honba=1)
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("6z")), Action.ron(2, T("6z")), Action.ron(1, T("6z")))
    paid = {m.data["winner"]: m.data["paid"] for m in f.moments if m.kind == "deal_in"}
    assert paid == {1: 1800, 2: 1600}
    assert sum(paid.values()) == -g.result.deltas[0]


def test_head_bump_keeps_only_the_nearer_winner():
    g = arranged_game("wrc", hands=["6z234p678p234s678s", HAKU_TANKI, CHUN_TANKI], draws="1z", dora="2z", honba=1)
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("6z")), Action.ron(2, T("6z")), Action.ron(1, T("6z")))
    deal_ins = [m for m in f.moments if m.kind == "deal_in"]
    assert [m.data["winner"] for m in deal_ins] == [1]
    assert deal_ins[0].data["paid"] == -g.result.deltas[0]


def test_a_deal_in_found_after_a_later_moment_still_comes_first():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", HAKU_TANKI, CHUN_TANKI], draws="1z", dora="2z")
    f = MomentFinder({0, 1})
    play(g, f, Action.discard(0, T("6z")), Action.pass_(1), Action.ron(2, T("6z")))
    found = [(m.kind, m.seat, m.step) for m in f.moments if m.kind != "dama"]  # 6z left the dealer tenpai on 1z
    assert found == [("deal_in", 0, 0), ("win_not_taken", 1, 1)]


# A dealer hand one tile from 234p 567p 22s 45678s: waits 3s-6s-9s; the main wait 3s (4 unseen, like 9s, but
# tanyao pinfu: 2,900 dama, 5,800 with riichi; 9s is pinfu only).
ONE_AWAY = "234p567p678s22s4s9m"


def tenpai_on_turn_two(riichi: bool) -> tuple[Game, MomentFinder, int, int]:
    g = arranged_game("tenhou", hands=[ONE_AWAY, None, None], draws="7z1z2z5s", dora="1z")
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("7z")))  # not tenpai: no riichi or dama moment
    quiet_until(g, f, 0)
    step, left = steps_so_far(g), g.live_remaining
    play(g, f, (Action.riichi if riichi else Action.discard)(0, T("9m")))
    return g, f, step, left


def test_riichi_gives_the_main_wait_value_with_and_without_riichi():
    g, f, step, left = tenpai_on_turn_two(riichi=True)
    m = only(f, "riichi")
    assert kinds(f) == ["riichi"]
    assert (m.seat, m.turn, m.step, m.left) == (0, 2, step, left)
    assert m.data == {"waits": ["3s", "6s", "9s"], "main_wait": "3s", "unseen": 4, "dama": 2900, "riichi": 5800,
                      "discard": "9m"}
    assert m.text == "Riichi on 3s-6s-9s: 5,800 by ron on 3s (2,900 dama)"


def test_dama_gives_what_riichi_would_have_made_and_is_found_once_per_hand():
    g, f, step, left = tenpai_on_turn_two(riichi=False)
    m = only(f, "dama")
    assert (m.seat, m.turn, m.step, m.left) == (0, 2, step, left)
    assert (m.data["dama"], m.data["riichi"], m.data["main_wait"]) == (2900, 5800, "3s")
    assert m.text == "Dama on 3s-6s-9s at 2,900 by ron on 3s (riichi would make it 5,800)"
    quiet_until(g, f, 0)
    play(g, f, next(a for a in g.legal_actions(0) if a.kind == "riichi"))  # a later riichi: no new moment
    assert kinds(f) == ["dama"]


def test_a_first_turn_riichi_is_valued_as_a_double_riichi():
    g = arranged_game("tenhou", hands=["234p567p678s22s45s", None, None], draws="9m", dora="1z")
    f = MomentFinder({0})
    play(g, f, Action.riichi(0, T("9m")))
    m = only(f, "riichi")
    assert (m.turn, m.data["riichi"], m.data["dama"]) == (1, 11600, 2900)  # double riichi: 4 han 30 fu


def test_north_kept_under_a_west_indicator_is_two_han_and_says_when_it_was_set_aside():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z1z2z6z", dora="3z")
    f = MomentFinder({0})
    assert Action.kita(0) in g.legal_actions(0)
    play(g, f, Action.discard(0, T("1s")))
    m = only(f, "north_kept")
    assert (m.seat, m.turn, m.step, m.data["han"], m.data["indicators_on_north"]) == (0, 1, 0, 2, 1)
    assert m.text == "Kept a North that could have been set aside: +2 han, as the West indicator makes North dora"
    quiet_until(g, f, 0)
    play(g, f, Action.kita(0))
    m = only(f, "north_kept")
    assert m.data["kita_turn"] == 2
    assert m.text.endswith("makes North dora (set aside on turn 2)")


def test_a_thrown_north_shows_what_the_win_would_have_been_worth():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z1z2z5s", dora="2z")
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("4z")))
    quiet_until(g, f, 0)
    play(g, f, Action.tsumo(0))
    m = only(f, "north_kept")
    # dealer menzen tsumo 1 han 30 fu = 500 all (1,000); one more han = 1,000 all (2,000)
    assert (m.turn, m.data["won"], m.data["won_with_kita"]) == (1, 1000, 2000)
    assert m.text == "Discarded a North that could have been set aside: +1 han (1,000 → 2,000 if it had won as it did)"


def test_setting_the_north_aside_is_no_moment():
    g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z", replacements="7z", dora="2z")
    f = MomentFinder({0})
    play(g, f, Action.kita(0))
    play(g, f, Action.discard(0, T("7z")))
    assert "north_kept" not in kinds(f)


PON_HANDS = ["19m159p129s12347z", "19m55689p2457s34z", NOTEN]


@pytest.mark.parametrize(("seat1", "broke"), [
    ("19m55689p2457s34z", True),  # no value honour, terminals, two suits, no pairs, a middle pon
    ("19m55689p2457s77z", False),  # a Red pair: yakuhai is still possible
    ("1m55678p24568s34z", False),  # three terminals and honours to discard: all simples stays possible
])
def test_pon_that_leaves_no_easy_yaku(seat1, broke):
    g = arranged_game("tenhou", hands=[PON_HANDS[0], seat1, NOTEN], draws="6z", dora="2z")
    f = MomentFinder({1})
    play(g, f, Action.discard(0, T("5p")))
    pon = next(a for a in g.legal_actions(1) if a.kind == "pon")
    step, left = steps_so_far(g), g.live_remaining
    play(g, f, pon)
    if not broke:
        assert "pon_broke_yaku" not in kinds(f)
        return
    m = only(f, "pon_broke_yaku")
    assert (m.seat, m.turn, m.step, m.left) == (1, 1, step, left)
    assert (m.data["terminals_honours"], m.data["pairs"], m.data["melds"]) == (5, 0, ["5p"])
    assert m.text == ("Pon 5p left no easy yaku: no value honour (dragon, seat or round wind) pair, "
                      "5 terminals and honours against all simples, 6 tiles off suit against a flush, "
                      "0 pairs against all triplets, a middle meld against an outside hand")


def test_furiten_from_an_own_discard_is_placed_at_that_discard():
    g = arranged_game("tenhou", hands=[ONE_AWAY, None, None], draws="3s1z2z5s3z", dora="1z")
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("3s")))
    quiet_until(g, f, 0)
    step, left = steps_so_far(g), g.live_remaining
    play(g, f, Action.discard(0, T("9m")))  # tenpai on 3s-6s-9s, and 3s was discarded
    assert "furiten" not in kinds(f)  # seen at the next action
    quiet_until(g, f, 2)
    m = only(f, "furiten")
    assert (m.seat, m.turn, m.step, m.left) == (0, 2, step, left)
    assert m.data == {"cause": "own_discards", "waits": ["3s", "6s", "9s"], "furiten_waits": ["3s"], "tile": "9m"}
    assert m.text == ("Furiten waiting on 3s-6s-9s after discarding 9m: 3s is among own discards, "
                      "so no ron while this wait stands")
    quiet_until(g, f, 0)
    quiet_until(g, f, 1)
    assert kinds(f).count("furiten") == 1  # once per hand


FOLD_HANDS = ["234p567p22s4577s1z", "123p456p789s1155s", NOTEN]


@pytest.mark.parametrize(("scores", "round_wind", "found"), [
    ([20000, 45000, 40000], 1, True),
    ([33000, 36000, 36000], 1, False),  # only 2,000 behind
    ([20000, 45000, 40000], 0, False),  # East round: there is time
])
def test_fold_behind(scores, round_wind, found):
    g = arranged_game("tenhou", hands=FOLD_HANDS, draws="3z7s2z9m", dora="2z", scores=scores,
                      round_wind=round_wind)
    f = MomentFinder({0})
    play(g, f, Action.discard(0, T("3z")))
    quiet_until(g, f, 1)
    play(g, f, Action.riichi(1, T("7s")))
    quiet_until(g, f, 0)
    step = steps_so_far(g)
    play(g, f, Action.discard(0, T("7s")))  # genbutsu, but it breaks the 77s pair: 2-shanten instead of 1
    if not found:
        assert "fold_behind" not in kinds(f)
        return
    m = only(f, "fold_behind")
    assert (m.seat, m.turn, m.step) == (0, 2, step)
    assert m.data == {"tile": "7s", "gap": 20000, "shanten": 2, "best_shanten": 1, "riichi_seats": [1],
                      "round": "S"}
    assert m.text == ("Folded with 7s while last by 20,000: safe against the riichi but 2-shanten where "
                      "1-shanten was possible, and only attacking could change the placement")


def test_only_reviewed_seats_have_moments():
    g = arranged_game("tenhou", hands=["6z234p678p234s678s", HAKU_TANKI, NOTEN], draws="1z", dora="2z")
    f = MomentFinder({2})
    play(g, f, Action.discard(0, T("6z")), Action.ron(1, T("6z")))
    assert f.moments == []


# ---- real games ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def games() -> list[dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh][:100]


@pytest.fixture(scope="module")
def found(games) -> dict[str, list[Moment]]:
    out = {}
    for g in games:
        f = MomentFinder({0, 1, 2})
        read_record(json.dumps(g), "tenhou", observers=[f])
        out[g["id"]] = f.moments
    return out


def moment(found, game_id: str, hand: int, seat: int, kind: str) -> Moment:
    ms = [m for m in found[game_id] if (m.hand, m.seat, m.kind) == (hand, seat, kind)]
    assert len(ms) == 1, ms
    return ms[0]


def test_every_kind_occurs_in_the_first_100_games(found):
    counts = collections.Counter(m.kind for ms in found.values() for m in ms)
    assert set(counts) == set(MOMENT_KINDS)
    assert all(counts[k] > 0 for k in MOMENT_KINDS), counts
    for ms in found.values():
        assert [m.step for m in ms] == sorted(m.step for m in ms)
        for m in ms:
            assert m.turn >= 1 and m.left >= 0 and "\n" not in m.text and m.text
            json.dumps(m.data)


def real_discards(log_hand: list, seat: int) -> list:
    """A seat's discards in a tenhou.net/6 hand, without kita, kan declarations and open-kan placeholders."""
    return [x for x in log_hand[6 + 3 * seat]
            if (isinstance(x, int) and x != 0) or (isinstance(x, str) and x.startswith("r"))]


def test_riichi_and_dama_turns_match_the_log(games, found):
    declared = 0
    for g in games:
        by_hand = {(m.hand, m.seat): m for m in found[g["id"]] if m.kind in ("riichi", "dama")}
        for (hand, seat), m in by_hand.items():
            entry = real_discards(g["log"][hand], seat)[m.turn - 1]
            assert isinstance(entry, str) == (m.kind == "riichi"), (g["id"], hand, seat, m)
        for hand, log_hand in enumerate(g["log"]):
            for seat in range(3):
                if any(isinstance(x, str) and x.startswith("r") for x in log_hand[6 + 3 * seat]):
                    declared += 1
                    assert (hand, seat) in by_hand  # a riichi or an earlier dama
    assert declared > 500


def test_deal_in_payments_match_the_log(games, found):
    for g in games:
        paid = collections.Counter()
        for m in found[g["id"]]:
            if m.kind == "deal_in":
                paid[(m.hand, m.seat)] += m.data["paid"]
        expected = collections.Counter()
        for hand, log_hand in enumerate(g["log"]):
            result = log_hand[16]
            if result[0] != "和了":
                continue
            for deltas, info in zip(result[1::2], result[2::2], strict=True):
                if info[0] != info[1]:  # a ron: info = [winner, discarder, ...]
                    expected[(hand, info[1])] -= deltas[info[1]]
        assert paid == expected, g["id"]


def test_real_examples_of_each_kind(found):
    m = moment(found, "phoenix-dev-001", 0, 0, "riichi")  # dealer riichi on turn 4 ('r24' after 'f44', 43, 47, 27)
    assert (m.turn, m.data["waits"], m.data["main_wait"], m.data["dama"], m.data["riichi"]) == (
        4, ["5p", "5z"], "5z", 12000, 18000)
    assert m.text == "Riichi on 5p-White: 18,000 by ron on White (12,000 dama)"

    m = moment(found, "phoenix-dev-001", 6, 0, "dama")
    assert (m.turn, m.data["dama"], m.data["riichi"]) == (15, 8000, 8000) and "8,000" in m.text

    m = moment(found, "phoenix-dev-001", 1, 0, "deal_in")
    assert (m.turn, m.data["tile"], m.data["winner"], m.data["paid"], m.data["safe"]) == (8, "3p", 2, 8200, [])
    assert "Dealt in with 3p to seat 2's ron (4 han 40 fu, 8,000 points): paid 8,200" in m.text

    m = moment(found, "phoenix-dev-002", 7, 2, "win_not_taken")
    assert (m.turn, m.data["win"], m.data["han"], m.data["fu"], m.data["points"]) == (7, "ron", 4, 40, 8000)
    assert "ron on 3p worth 4 han 40 fu, 8,000 points" in m.text

    m = moment(found, "phoenix-dev-056", 16, 2, "win_not_taken")
    assert (m.turn, m.data["win"], m.data["points"], m.data["action"]) == (17, "tsumo", 2000, "Discard 3p")
    assert "tsumo on 2s worth 2 han 30 fu, 2,000 points (discard 3p instead)" in m.text

    m = moment(found, "phoenix-dev-001", 6, 2, "north_kept")  # 1m on turn 1, 'f44' on turn 2
    assert (m.turn, m.left, m.data["discard"], m.data["kita_turn"]) == (1, 54, "1m", 2)
    assert m.text == "Kept a North that could have been set aside: +1 han (set aside on turn 2)"

    m = moment(found, "phoenix-dev-001", 7, 1, "furiten")
    assert (m.turn, m.data["cause"], m.data["furiten_waits"]) == (13, "own_discards", ["2s", "8s"])
    assert "2s-8s are among own discards" in m.text

    m = moment(found, "phoenix-dev-014", 4, 2, "fold_behind")  # South 2: 9s from a pair, genbutsu vs seat 0
    assert (m.turn, m.data["tile"], m.data["gap"], m.data["riichi_seats"]) == (9, "9s", 21300, [0])
    assert "Folded with 9s while last by 21,300" in m.text

    m = moment(found, "phoenix-dev-079", 3, 1, "pon_broke_yaku")
    assert (m.turn, m.data["tile"], m.data["pairs"]) == (9, "2z", 2) and m.text.startswith("Pon South left no easy")
