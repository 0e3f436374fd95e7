"""analyze_hand: validation of whole hands (melds, kita, tile supply) and the JSON answer."""

from __future__ import annotations

import pytest

from sanma_core.analysis import (
    HandError,
    analysis_to_json,
    analyze_hand,
    discard_options,
    outside_counts,
    shanten,
    ukeire,
)
from sanma_core.melds import parse_meld
from sanma_core.rules import get_ruleset
from sanma_core.tiles import NotationError, parse_tiles, to_counts


@pytest.mark.parametrize(
    ("hand", "melds", "kita", "error", "message"),
    [
        ("123p456p789p12s4z", (), 0, HandError, "the hand has 12 tiles; with 0 melds it needs 13 or 14"),
        ("123p456p789p1234s45z", (), 0, HandError, "has 15 tiles"),
        ("123p456p789p12s4z", ("pon:555s",), 0, HandError, "has 12 tiles; with 1 meld it needs 10 or 11"),
        ("123p456p789p123s4z", (), 5, HandError, "kita must be a whole number 0–4, got 5"),
        ("123p456p789p123s4z", (), -1, HandError, "got -1"),
        ("123p456p789p123s4z", (), True, HandError, "got True"),
        ("123p456p789p12s44z", (), 3, HandError, r"kita 3 needs 3 Norths \(4z\) but 2 more"),
        ("123p456p789p1s4z", ("pon:444z",), 1, HandError, "only 4 exist"),
        ("2m23p456p789p123s4z", (), 0, NotationError, "2m"),
        ("5555p56p789p123s4z", (), 0, NotationError, "5 copies of 5p"),
        ("1p556p789p123s4z", ("pon:555p",), 0, NotationError, "5 copies of 5p"),
        ("00p5p456p789p123s4z", (), 0, NotationError, "red fives 0p but the ruleset has 1"),
        ("123p456p789p12s4z", ("chi:345s",), 0, NotationError, "chi does not exist"),
        ("1p", ("pon:111z",) * 5, 0, HandError, "at most 4 melds"),
    ],
)
def test_bad_hands_are_rejected_precisely(
    hand: str, melds: tuple[str, ...], kita: int, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        analyze_hand(hand, melds, kita)


def test_red_fives_follow_the_ruleset() -> None:
    assert analyze_hand("0p123456789s1234z").shanten == analyze_hand("5p123456789s1234z").shanten
    with pytest.raises(NotationError, match="has 0"):
        analyze_hand("0p123456789s1234z", rules="wrc")
    with pytest.raises(NotationError, match="has 0"):
        analyze_hand("5p123456789s1z", ["pon:550s"], rules=get_ruleset("classic"))


def test_outside_counts_cover_melds_and_kita() -> None:
    out = outside_counts([parse_meld("pon:550p"), parse_meld("ankan:1111z")], 2)
    assert out[13] == 3 and out[27] == 4 and out[30] == 2 and sum(out) == 9


def test_13_tile_hand_fields() -> None:
    a = analyze_hand("46p456s789s11z", ["pon:555p"])
    assert not a.drawn
    assert a.shanten == 0 and a.waits == (13,)
    assert a.ukeire is not None and a.ukeire.count == 1
    assert a.discards == ()
    assert analysis_to_json(a) == {"shanten": 0, "waits": ["5p"], "ukeire": {"tiles": ["5p"], "count": 1}}


def test_13_tile_hand_off_tenpai_has_no_waits_field() -> None:
    a = analyze_hand("19m123456p11s123z")
    data = analysis_to_json(a)
    assert set(data) == {"shanten", "ukeire"}
    counts = to_counts(parse_tiles("19m123456p11s123z"))
    assert data["shanten"] == shanten(counts) == 3
    assert data["ukeire"]["count"] == ukeire(counts).count


def test_14_tile_hand_fields() -> None:
    a = analyze_hand("19m123456p11s1234z")
    assert a.drawn and a.ukeire is None and a.waits == ()
    data = analysis_to_json(a)
    assert set(data) == {"shanten", "discards"}
    expected = discard_options(to_counts(parse_tiles("19m123456p11s1234z")))
    assert [d["shanten"] for d in data["discards"]] == [d.shanten for d in expected]
    assert [d["ukeire"]["count"] for d in data["discards"]] == [d.ukeire.count for d in expected]
    assert data["discards"][0] == {
        "tile": "1m",
        "shanten": 3,
        "ukeire": {"tiles": ["9m", "1s", "1z", "2z", "3z", "4z"], "count": 17},
    }


def test_tiles_may_be_given_as_ints_and_melds_as_objects() -> None:
    tiles = parse_tiles("46p456s789s11z")
    assert analyze_hand(tiles, [parse_meld("pon:555p")]) == analyze_hand("46p456s789s11z", ["pon:555p"])
    with pytest.raises(HandError, match="not a tile"):
        analyze_hand([*tiles[:-1], 99], ["pon:555p"])
    with pytest.raises(HandError, match="KIND:TILES"):
        analyze_hand(tiles, [5])  # type: ignore[list-item]


def test_complete_hand_reports_minus_one() -> None:
    a = analyze_hand("123p456p789p123s44z")
    assert a.shanten == -1
    assert min(d.shanten for d in a.discards) == 0
