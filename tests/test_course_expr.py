"""The placeholder expression language: parsing, safety, and the engine names it offers."""

import pytest

from course import engine
from course.expr import ExpressionError, Function, evaluate, parse
from course.render import eval_source, fill_text
from sanma_core.rules import PRESETS, load_preset
from sanma_core.scoring.payments import four_player_settlement, noten_payments, settle_win

TENHOU = load_preset("tenhou")


def ev(source, env=None):
    return evaluate(parse(source), env or {}, engine.FILTERS)


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),
        ("7 // 2 + 7 % 2", 4),
        ("6 / 4", 1.5),
        ("8 / 4", 2),
        ("-3 + 1", -2),
        ("not 1 == 2", True),
        ("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 4", False),
        ("false or 'x'", "x"),
        ("'b' in ['a', 'b']", True),
        ("[1, 2, 3][1]", 2),
        ("true | yesno", "yes"),
        ("20 | signed", "+20"),
        ("0.75 | percent", "75%"),
        ("12000 | pts", "12,000"),
        ("['2m', '1m'] | join(' ')", "2m 1m"),
        ("'9m1m' | tiles", "19m"),
    ],
)
def test_operators_and_filters(source, value):
    assert ev(source) == value


def test_keyword_arguments_and_calls():
    env = {"f": Function("f", lambda a, b=1, c=0: a * 100 + b * 10 + c)}
    assert ev("f(1, c=3)", env) == 113
    assert ev("f(a=2)", env) == 210


@pytest.mark.parametrize(
    "source",
    ["1 +", "pay(han=3", "(1", "a..b", "1 2", "f(a=1, 2)", "f(a=1, a=2)", "'unterminated", "x | ", "1 $ 2", ""],
)
def test_syntax_errors_name_the_expression(source):
    with pytest.raises(ExpressionError) as info:
        parse(source)
    if source.strip():
        assert repr(source) in str(info.value) or source[-1] in str(info.value)


@pytest.mark.parametrize(
    "source",
    [
        "__import__('os')",  # no such name
        "rule.__class__",  # no dunder attributes
        "pay.__call__",  # functions have no readable attributes
        "'abc'.upper",  # no methods on plain values
        "rule(1)",  # only whitelisted functions can be called
        "pay(han=3).steps.__len__",
        "1 | nosuchfilter",
    ],
)
def test_unsafe_or_unknown_things_are_refused(source):
    with pytest.raises(ExpressionError):
        eval_source(source, TENHOU)


@pytest.mark.parametrize("preset", PRESETS)
def test_pay_and_four_are_the_engine(preset):
    rules = load_preset(preset)
    for han, fu in [(1, 30), (3, 40), (5, 30), (13, 30)]:
        for dealer in (False, True):
            for tsumo in (False, True):
                args = f"han={han}, fu={fu}, dealer={str(dealer).lower()}, tsumo={str(tsumo).lower()}, honba=2"
                want = settle_win(rules, han, fu, dealer=dealer, tsumo=tsumo, honba=2)
                assert eval_source(f"pay({args}).total", rules) == want.total
                assert eval_source(f"pay({args}).payments", rules) == want.payments
                want4 = four_player_settlement(han, fu, dealer=dealer, tsumo=tsumo, honba=2)
                assert eval_source(f"four({args}).total", rules) == want4.total
    assert eval_source("noten([true, false, false])", rules) == noten_payments(rules, [True, False, False])
    assert eval_source("rule.honba_ron", rules) == rules.honba_ron


def test_bad_engine_arguments_are_expression_errors():
    for source in ["pay(han='three')", "pay(han=3, dealer=1)", "noten([true])", "dora('5m')", "placement([1, 2])", "pay(han=3, colour=1)"]:
        with pytest.raises(ExpressionError):
            eval_source(source, TENHOU)


def test_dora_and_kita_han():
    assert eval_source("dora('1m')", TENHOU) == "9m"
    assert eval_source("dora('9m')", TENHOU) == "1m"
    assert eval_source("dora('3z')", TENHOU) == "4z"
    assert eval_source("kita_han(2, ['1p'])", TENHOU) == 2
    assert eval_source("kita_han(2, ['3z'])", TENHOU) == 4
    assert eval_source("kita_han(1, '3z3z')", TENHOU) == 3


def test_others_lists_every_other_preset_grouped_by_value():
    club = load_preset("club")
    text = eval_source("others('honba_ron')", club)
    assert "Club" not in text
    assert "Tenhou and Mahjong Soul: 200" in text
    assert "Classic and WRC-style: 300" in text
    assert "Club: 1000" in eval_source("others('honba_ron')", TENHOU)
    assert eval_source("differs('honba_ron')", TENHOU) is True
    assert eval_source("differs('noten_pool')", TENHOU) is False


def test_fill_text_records_each_fill():
    filled = fill_text("a {{ rule.honba_ron }} b {{ pay(han=5, tsumo=true).dealer }} c", TENHOU)
    assert filled.text == "a 200 b 4000 c"
    assert [f.source for f in filled.fills] == ["rule.honba_ron", "pay(han=5, tsumo=true).dealer"]
    assert fill_text("{{ rule.honba_ron }}", load_preset("club")).text == "1000"
