import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from sanma_core.melds import format_meld, parse_meld
from sanma_core.tiles import (
    RED_5P,
    RED_5S,
    SANMA_KINDS,
    NotationError,
    check_tile_supply,
    format_tiles,
    from_mjai,
    from_tenhou,
    kind,
    parse_tile,
    parse_tiles,
    sort_tiles,
    to_mjai,
    to_tenhou,
)

ALL_TILES = [*SANMA_KINDS, RED_5P, RED_5S]


def test_27_kinds_and_108_tiles():
    assert len(SANMA_KINDS) == 27
    assert len(SANMA_KINDS) * 4 == 108
    assert format_tiles(SANMA_KINDS) == "19m123456789p123456789s1234567z"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("19m0p5p7z", "19m05p7z"), ("ESWNPFC", "1234567z"), ("5pr5sr", "0p0s"), ("1z 2z,3z", "123z"), ("p9 ", None)],
)
def test_parse_examples(text, canonical):
    if canonical is None:
        with pytest.raises(NotationError):
            parse_tiles(text)
    else:
        assert format_tiles(parse_tiles(text)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("2m", "only 1m and 9m"),
        ("8m", "only 1m and 9m"),
        ("0m", "no red 5m"),
        ("8z", "1z–7z"),
        ("123", "no suit letter"),
        ("m", "no digits"),
        ("12x", "unexpected character 'x'"),
        ("", "empty"),
        ("4pr", "only 5pr and 5sr"),
    ],
)
def test_errors_name_the_problem(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_tiles(text)


def test_supply_checks():
    check_tile_supply(parse_tiles("1111p0p555s"), {13: 1, 22: 1})
    with pytest.raises(NotationError, match="5 copies of 1p"):
        check_tile_supply(parse_tiles("11111p"))
    with pytest.raises(NotationError, match="2 red fives 0p but the ruleset has 1"):
        check_tile_supply(parse_tiles("00p"), {13: 1, 22: 1})
    with pytest.raises(NotationError, match="ruleset has 0"):
        check_tile_supply(parse_tiles("0s"), {13: 0, 22: 0})
    with pytest.raises(NotationError, match="5 copies of 5p"):
        check_tile_supply(parse_tiles("0p5555p"))


@pytest.mark.parametrize("tile", ALL_TILES)
def test_notations_round_trip(tile):
    assert from_mjai(to_mjai(tile)) == tile
    assert from_tenhou(to_tenhou(tile)) == tile
    assert parse_tile(format_tiles([tile])) == tile


def test_specific_codes():
    assert to_tenhou(parse_tile("1m")) == 11
    assert to_tenhou(parse_tile("9m")) == 19
    assert to_tenhou(parse_tile("0p")) == 52
    assert to_tenhou(parse_tile("0s")) == 53
    assert to_tenhou(parse_tile("7z")) == 47
    assert to_mjai(parse_tile("4z")) == "N"
    assert to_mjai(parse_tile("0p")) == "5pr"
    with pytest.raises(NotationError):
        from_tenhou(15)  # 5m does not exist in sanma
    with pytest.raises(NotationError):
        from_mjai("5m")


tile_lists = st.lists(st.sampled_from(ALL_TILES), min_size=1, max_size=14)


@given(tile_lists)
def test_format_parse_round_trip(tiles):
    text = format_tiles(tiles)
    assert sort_tiles(parse_tiles(text)) == sort_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text


@given(st.text(alphabet="0123456789mpszESWNPFCrx :,", max_size=20))
def test_malformed_notation_raises_only_notation_error(text):
    try:
        tiles = parse_tiles(text)
    except NotationError as exc:
        assert str(exc)
    else:
        assert all(kind(t) in SANMA_KINDS for t in tiles)


@given(st.sampled_from([*SANMA_KINDS, RED_5P, RED_5S]), st.sampled_from(["pon", "minkan", "ankan"]))
def test_meld_round_trip(tile, meld_kind):
    size = 3 if meld_kind == "pon" else 4
    text = f"{meld_kind}:{format_tiles([tile] + [kind(tile)] * (size - 1))}"
    meld = parse_meld(text)
    assert parse_meld(format_meld(meld)) == meld
    assert meld.tile_kind == kind(tile)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("chi:123p", "chi does not exist in sanma"),
        ("pon:556p", "identical"),
        ("pon:5555p", "needs 3 tiles"),
        ("kan:5555p", "unknown meld kind"),
        ("555p", "KIND:TILES"),
        ("pon:222m", "only 1m and 9m"),
    ],
)
def test_meld_errors(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_meld(text)


@given(st.text(max_size=12))
@example(":²").via("a digit int() refuses")
@example("1²m")
def test_meld_parser_never_raises_other_errors(text):
    try:
        parse_meld(text)
    except NotationError as exc:
        assert str(exc)


@given(st.lists(st.tuples(st.text(alphabet="0123456789", min_size=1, max_size=4), st.sampled_from("mpsz")), max_size=6))
def test_plain_mpsz_lookup_agrees_with_the_careful_parser(groups):
    """Plain MPSZ is parsed by table lookup; a leading space sends the same text through the careful parser."""
    text = "".join(digits + suit for digits, suit in groups)

    def outcome(t: str) -> object:
        try:
            return parse_tiles(t)
        except NotationError as exc:
            return ("error", str(exc).replace(repr(t), "TEXT"))

    assert outcome(text) == outcome(" " + text) if text else True


def test_supply_check_rejects_non_tiles():
    for bad in (-1, 36, 99):
        with pytest.raises(NotationError, match="not a tile"):
            check_tile_supply([0, bad])
    with pytest.raises(NotationError, match="2m does not exist"):
        check_tile_supply([1])
