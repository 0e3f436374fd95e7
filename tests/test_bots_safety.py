"""Tile danger against a threat: genbutsu, honours and 1m/9m, suji, no-chance."""

from sanma_core.bots.safety import Threat, danger, safest_order
from sanma_core.tiles import parse_tile, parse_tiles, to_counts

T = parse_tile


def visible(text: str = "") -> list[int]:
    return to_counts(parse_tiles(text)) if text else [0] * 34


def test_genbutsu_is_zero_danger_whether_discarded_or_passed():
    threat = Threat(discards=frozenset({T("5p")}), passed=frozenset({T("7s")}))
    for tile in ("5p", "7s"):
        d = danger(T(tile), threat, visible())
        assert d.category == "genbutsu" and d.value == 0.0


def test_suji_needs_both_sides_for_a_middle_tile():
    one_side = Threat(discards=frozenset({T("2p")}))
    both = Threat(discards=frozenset({T("2p"), T("8p")}))
    assert danger(T("5p"), one_side, visible()).category == "other"
    d = danger(T("5p"), both, visible())
    assert d.category == "suji" and d.value < danger(T("5p"), one_side, visible()).value
    assert danger(T("1p"), Threat(discards=frozenset({T("4p")})), visible()).category == "suji"


def test_honours_and_1m_9m_get_safer_as_copies_show():
    threat = Threat(discards=frozenset())
    fresh = danger(T("6z"), threat, visible())
    three = danger(T("6z"), threat, visible("666z"))
    assert fresh.category == three.category == "honour"
    assert three.value < fresh.value
    assert danger(T("6z"), threat, visible("6666z")).value == 0.0
    nine_m = danger(T("9m"), threat, visible())
    assert nine_m.category == "honour" and "no sequences" in nine_m.reason
    assert nine_m.value < danger(T("5s"), threat, visible()).value


def test_no_chance_when_both_neighbours_are_all_visible():
    threat = Threat(discards=frozenset())
    d = danger(T("2s"), threat, visible("1111s3333s"))
    assert d.category == "no_chance"
    assert danger(T("2s"), threat, visible("1111s333s")).category == "other"


def test_safest_order_puts_genbutsu_first_and_sums_threats():
    a = Threat(discards=frozenset({T("5p")}))
    b = Threat(discards=frozenset({T("5p"), T("3s")}))
    order = safest_order(parse_tiles("5p3s5s"), [a, b], visible())
    assert order[0] == (T("5p"), 0.0)
    assert [k for k, _ in order][-1] == T("5s")
