"""The calculator from MPSZ input and from clicked tiles; bad input gives a clear message."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from sanma_core.rules import load_preset
from sanma_core.scoring.payments import four_player_settlement, settle_win
from tutor.calc import CalcInput, calculate

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")


@pytest.fixture()
def calc(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("tutor/pages/calculator.py").run()
    assert not at.exception
    return at


def test_scores_a_typed_hand_with_kita_and_compares_four_player(calc):
    calc.text_input(key="calc_hand").set_value("123p456p789s11z555s")
    calc.number_input(key="calc_kita").set_value(1)
    calc.text_input(key="calc_dora").set_value("3z")
    calc.segmented_control(key="calc_by").set_value("tsumo")
    calc.pills(key="calc_flags").set_value(["riichi"]).run()
    assert not calc.exception and not calc.error
    metrics = {m.label: m.value for m in calc.metric}
    # riichi + tsumo + 2 kita (West indicator makes North dora): 4 han 30 fu, dealer tsumo
    assert (metrics["Han"], metrics["Fu"]) == ("4", "30")
    expected = settle_win(load_preset("tenhou"), 4, 30, dealer=True, tsumo=True)
    assert metrics["Winner gains"] == str(expected.total)
    sanma, four = calc.table[0].value, calc.table[1].value
    assert list(sanma["points"]) == [expected.payments["each"]]
    assert list(four["points"]) == [four_player_settlement(4, 30, True, True).payments["each"]]


def test_thirteen_tiles_show_waits(calc):
    calc.text_input(key="calc_hand").set_value("123p456p789s11z55s").run()
    assert {m.label: m.value for m in calc.metric}["Shanten"] == "tenpai"
    assert any("Waits" in m.value for m in calc.markdown)
    waits_html = " ".join(h.proto.body for h in calc.get("html"))
    assert 'alt="1z"' in waits_html and 'alt="5s"' in waits_html


def test_clicking_tiles_builds_the_hand(calc):
    for name in ("1p", "2p", "3p"):
        key = next(b.key for b in calc.button if b.key and b.key.startswith(f"tb_{name}_calc_"))
        calc.button(key=key).click().run()
    assert calc.text_input(key="calc_hand").value == "1p2p3p"
    calc.button(key="calc_back").click().run()
    assert calc.text_input(key="calc_hand").value == "1p2p"
    assert any("needs" in e.value for e in calc.error)  # 2 tiles is not a hand: said plainly


@pytest.mark.parametrize(
    "hand, melds, fragment",
    [
        ("123m456p789s11z55s", "", "2m"),
        ("123p456p789s11z5x", "", "unexpected character"),
        ("123p456p789s11z55s", "chi:123p", "chi does not exist"),
        ("55555p123456789s", "", "copies"),
        ("123p456p", "", "tiles"),
    ],
)
def test_bad_input_gives_a_clear_message(calc, hand, melds, fragment):
    calc.text_input(key="calc_hand").set_value(hand)
    calc.text_input(key="calc_melds").set_value(melds).run()
    assert not calc.exception
    assert any(fragment in e.value for e in calc.error), [e.value for e in calc.error]


def test_complete_hand_without_yaku_is_explained():
    out = calculate(CalcInput(hand="123p456p789s11p555s", win="5s"), load_preset("tenhou"))
    assert out.analysis["shanten"] == -1 and out.score is None and "yaku" in out.score_error.lower()


def test_hand_from_the_url_and_bad_url_values(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update({"hand": "123p456p789s11z555s", "tsumo": "1", "kita": "9", "seat": "N", "dora": "2m"})
    at.run()
    at.switch_page("tutor/pages/calculator.py").run()
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert "kita '9'" in warnings and "seat 'N'" in warnings
    assert at.text_input(key="calc_hand").value == "123p456p789s11z555s"
    assert any("dora indicators" in e.value and "2m" in e.value for e in at.error)


def test_score_explanation_is_itemised(calc):
    calc.text_input(key="calc_hand").set_value("234p789p55s666s777z")
    calc.text_input(key="calc_win").set_value("5s")
    calc.text_input(key="calc_dora").set_value("3z")
    calc.number_input(key="calc_kita").set_value(2)
    calc.segmented_control(key="calc_by").set_value("tsumo").run()
    text = " ".join(m.value for m in calc.markdown)
    assert "**3. Fu**" in text and "| **total** | 36 rounded up | **40** |" in text
    assert "tanki" in text and "kita: 2 Norths set aside = 4 han" in text
    assert "tsumo loss" in text


def test_melds_by_clicking(calc):
    def click(name):
        key = next(b.key for b in calc.button if b.key and b.key.startswith(f"tb_{name}_calc_"))
        calc.button(key=key).click().run()

    calc.segmented_control(key="calc_target").set_value("meld_pon").run()
    click("7z")
    calc.segmented_control(key="calc_target").set_value("meld_ankan").run()
    click("1p")
    assert calc.text_input(key="calc_melds").value == "pon:777z ankan:1111p"
    calc.text_input(key="calc_hand").set_value("234p5s678s").run()
    assert not calc.error
    assert {m.label: m.value for m in calc.metric}["Shanten"] == "tenpai"
    calc.button(key="calc_back").click().run()
    assert calc.text_input(key="calc_melds").value == "pon:777z"


def test_the_suggested_example_hand_scores_as_typed(calc):
    """A learner who types the placeholder's example gets a score, not 'no yaku'."""
    from tutor.views.calculator import EXAMPLE_HAND

    assert EXAMPLE_HAND in calc.text_input(key="calc_hand").placeholder
    calc.text_input(key="calc_hand").set_value(EXAMPLE_HAND).run()
    assert not calc.exception and not calc.warning and not calc.error
    metrics = {m.label: m.value for m in calc.metric}
    assert metrics["Han"] == "1" and int(metrics["Winner gains"]) > 0


@pytest.mark.parametrize("hand,melds,advice", [
    ("123p456p789s11z555s", "", "declaring riichi"),
    ("123p456p789s11z", "pon:555s", "an open hand needs one"),
])
def test_a_complete_hand_without_yaku_says_how_to_get_one(calc, hand, melds, advice):
    """No engine message repeated twice ("no yaku: … has no yaku"), but what a learner can do about it."""
    calc.text_input(key="calc_hand").set_value(hand)
    calc.text_input(key="calc_melds").set_value(melds).run()
    assert not calc.exception and not calc.error
    [warning] = [w.value for w in calc.warning]
    assert advice in warning and warning.count("no yaku") == 1
    calc.pills(key="calc_flags").set_value(["riichi"] if not melds else []).run()
    if not melds:  # the advice works: with riichi the same hand scores
        assert not calc.warning and {m.label: m.value for m in calc.metric}["Han"] == "1"


def test_thirteen_tiles_plus_a_winning_tile_are_scored(calc):
    """A learner who types the waiting hand and puts the winning tile in its own box gets the score."""
    calc.text_input(key="calc_hand").set_value("123p456p789s11z55z")
    calc.text_input(key="calc_win").set_value("5z").run()
    assert not calc.exception and not calc.error and not calc.warning
    metrics = {m.label: m.value for m in calc.metric}
    expected = calculate(CalcInput(hand="123p456p789s11z555z"), load_preset("tenhou")).score
    assert metrics["Shanten"] == "complete" and metrics["Winner gains"] == str(expected["total"])


def _in_order(node) -> list:
    """The page's elements in the order they are drawn (blocks opened depth first)."""
    out = []
    for child in getattr(node, "children", {}).values():
        out.append(child)
        out.extend(_in_order(child))
    return out


@pytest.mark.parametrize(("hand", "starts"), [("123p456p789s11z555s", "**Complete, but no yaku**"),
                                              ("123p456p789s11z55s", "**Tenpai** · waits 5s 1z"),
                                              ("123p456p789s11z557s", "Discard **5s**: tenpai")])
def test_the_result_is_summed_up_right_under_the_hand(calc, hand, starts):
    """On a phone the inputs stack into a long column: the result's line comes before the other inputs."""
    calc.text_input(key="calc_hand").set_value(hand).run()
    order = _in_order(calc.main)
    (line,) = [i for i, el in enumerate(order) if getattr(el, "type", "") == "success"]
    kita = next(i for i, el in enumerate(order) if getattr(el, "key", None) == "calc_kita")
    hand_box = next(i for i, el in enumerate(order) if getattr(el, "key", None) == "calc_hand")
    assert hand_box < line < kita
    assert order[line].value.startswith(starts), order[line].value


def test_a_scored_hand_is_summed_up_with_its_value(calc):
    calc.text_input(key="calc_hand").set_value("123p456p789s11z555s")
    calc.segmented_control(key="calc_by").set_value("tsumo").run()
    metrics = {m.label: m.value for m in calc.metric}
    (line,) = calc.success
    assert line.value.startswith(f"**{metrics['Han']} han {metrics['Fu']} fu**")
    assert f"**{int(metrics['Winner gains']):,}**" in line.value
