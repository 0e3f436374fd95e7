"""Hand-written shapes (melds, kita, four-copy rules) and properties of the shape functions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from sanma_core.analysis import (
    IMPOSSIBLE,
    HandShapeError,
    chiitoitsu_shanten,
    discard_options,
    is_furiten,
    kokushi_shanten,
    regular_shanten,
    shanten,
    ukeire,
    waits,
)
from sanma_core.analysis.groups import INF, isolated_vector, suit_vector
from sanma_core.analysis.suit_index import iter_patterns
from sanma_core.analysis.tables import suit_costs
from sanma_core.tiles import NORTH, kind_name, parse_tile, parse_tiles, to_counts

SANMA = [0, 8, *range(9, 34)]


def c(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def outside(**kinds: int) -> list[int]:
    """outside(p5=3, z4=2): own copies outside the hand, keyed by reversed MPSZ names."""
    out = [0] * 34
    for name, n in kinds.items():
        out[parse_tile(name[1:] + name[0])] = n
    return out


def names(kinds: list[int] | tuple[int, ...]) -> list[str]:
    return [kind_name(k) for k in kinds]


# ---- known shapes -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123p456p789p123s11z", -1),
        ("123p456p789p123s1z", 0),
        ("19m19p19s1234567z", 0),  # thirteen orphans, 13-sided
        ("19m19p19s12345677z", -1),
        ("1133p5577s11223z", 0),  # seven pairs
        ("1111m", 1),  # a lone quad: the pair needs two new tiles
        ("1111p", 1),
        ("1111p2p", 0),  # 111p + 12p: one tile from complete
        ("19m123456p11s123z", 3),
    ],
)
def test_known_shanten(hand: str, expected: int) -> None:
    assert shanten(c(hand)) == expected


def test_waits_of_classic_shapes() -> None:
    assert names(waits(c("123456789p1144s"))) == ["1s", "4s"]
    assert names(waits(c("1112345678999p"))) == names([*range(9, 18)])  # nine gates
    assert names(waits(c("19m19p19s1234567z"))) == names([0, 8, 9, 17, 18, 26, *range(27, 34)])
    assert waits(c("19m123456p11s123z")) == []


def test_four_concealed_copies_are_not_a_wait() -> None:
    hand = c("1111p234p567s111z")  # 123p + 4p tanki; 1p would be a fifth copy
    assert names(waits(hand)) == ["4p"]
    assert shanten(c("1111z")) == 1  # 111z + one more tile: the pair cannot be 1z


def test_tanki_on_fourth_copy_of_a_ponned_kind_is_not_a_wait() -> None:
    """A deliberate difference from the `mahjong` oracle, which cannot see melds."""
    hand = c("123p789p111s5p")  # 10 tiles beside pon:555p
    assert shanten(hand) == 0  # without the meld it would be a 5p tanki
    assert Shanten.calculate_shanten(hand, is_three_player=True) == 0  # the oracle's meld-blind answer
    with_pon = outside(p5=3)
    assert shanten(hand, with_pon) == 1
    assert waits(hand, with_pon) == []
    assert 13 not in ukeire(hand, with_pon).tiles


def test_kanchan_on_the_last_copy_beside_a_pon() -> None:
    hand = c("46p456s789s11z")
    u = ukeire(hand, outside(p5=3))
    assert names(waits(hand, outside(p5=3))) == ["5p"]
    assert (names(u.tiles), u.count) == (["5p"], 1)
    assert waits(hand, outside(p5=4)) == []  # after a kan of 5p nothing is left


def test_three_kita_norths_and_one_in_hand_cannot_pair() -> None:
    hand = c("123p456p789p123s4z")
    assert names(waits(hand)) == ["4z"]
    assert names(waits(hand, outside(z4=2))) == ["4z"]
    assert ukeire(hand, outside(z4=2)).count == 1
    assert shanten(hand, outside(z4=3)) == 1
    assert waits(hand, outside(z4=3)) == []


def test_seven_pairs_with_a_kita_north() -> None:
    hand = c("113355p11s3344s4z")
    assert names(waits(hand)) == ["4z"]
    assert chiitoitsu_shanten(hand, outside(z4=3)) == 1
    assert chiitoitsu_shanten(hand, outside(z4=2)) == 0


def test_thirteen_orphans_needs_a_north_that_is_not_all_set_aside() -> None:
    hand = c("19m19p19s1235677z")
    assert kokushi_shanten(hand) == 0
    assert names(waits(hand)) == ["4z"]
    assert kokushi_shanten(hand, outside(z4=3)) == 0
    assert kokushi_shanten(hand, outside(z4=4)) == IMPOSSIBLE


def test_triplet_needs_room_for_three() -> None:
    hand = c("11z")  # 2 tiles: a pair is complete, no set needed
    assert shanten(hand) == -1
    assert shanten(c("1z"), outside(z1=3)) == 1  # the 4th East cannot pair: any other tile twice
    assert shanten(c("5p")) == 0


def test_regular_only_variants() -> None:
    assert regular_shanten(c("1133p5577s11223z")) > 0
    assert chiitoitsu_shanten(c("123p456p789p123s1z")) > 0
    assert chiitoitsu_shanten(c("123p456p789s11z")) == IMPOSSIBLE  # 11 tiles: not closed


def test_bad_counts_are_rejected_with_a_reason() -> None:
    with pytest.raises(HandShapeError, match="2m does not exist"):
        shanten([0, 1, *[0] * 32])
    with pytest.raises(HandShapeError, match="3n\\+1 or 3n\\+2"):
        shanten(c("123p"))
    with pytest.raises(HandShapeError, match="5 copies of 3p"):
        shanten(_fifth())
    with pytest.raises(HandShapeError, match="in hand and 3 outside"):
        shanten(c("5555p"), outside(p5=3))
    with pytest.raises(HandShapeError, match="13-tile-sized"):
        ukeire(c("123p456p789p123s11z"))
    with pytest.raises(HandShapeError, match="14-tile-sized"):
        discard_options(c("123p456p789p123s1z"))
    with pytest.raises(HandShapeError, match="34 entries"):
        shanten([1, 1])


def _fifth() -> list[int]:
    counts = c("123p456p789p1z")
    counts[11] = 5  # five 3p, 14 tiles in all
    return counts


def test_furiten() -> None:
    assert is_furiten([12, 15], [27, 15])
    assert not is_furiten([12, 15], [13, 14])
    assert not is_furiten([], [12])


def test_discard_count_leaves_out_the_discarded_copy() -> None:
    hand = c("123444p456s789s11z")  # discard a 4p: 123p 44p 11z waits on 4p or 1z
    by_tile = {kind_name(d.tile): d for d in discard_options(hand)}
    four = by_tile["4p"]
    assert four.shanten == 0
    assert names(four.ukeire.tiles) == ["4p", "1z"]
    assert four.ukeire.count == 1 + 2  # one 4p left (the discarded copy is in the river), two 1z
    assert ukeire(c("12344p456s789s11z")).count == 2 + 2


# ---- the table equals the dynamic programme it was built from ----------------------------


def test_suit_table_matches_the_dynamic_programme() -> None:
    patterns = list(iter_patterns())
    for pattern in patterns[:: len(patterns) // 1500]:
        assert suit_costs(pattern) == suit_vector(pattern), pattern


def test_pinched_table_matches_the_dynamic_programme() -> None:
    """Every rank's cap (0–4 read directly, 5–8 by mirror) on a spread of patterns up to 12 tiles."""
    from sanma_core.analysis.pinched import PINCH_TILES, pinch_caps, pinched_vector

    checked = 0
    for rank in range(9):
        caps = pinch_caps(rank)
        patterns = list(iter_patterns(caps, PINCH_TILES))
        for pattern in patterns[rank :: len(patterns) // 300]:
            assert pinched_vector(pattern, rank) == suit_vector(pattern, caps), (pattern, rank)
            checked += 1
    assert checked >= 9 * 300


def test_suit_records_from_the_tables_match_the_programme() -> None:
    """A draw's delta read from two table entries equals the delta of two computed vectors."""
    import random

    from sanma_core.analysis import draw_masks
    from sanma_core.analysis.hand_groups import capped_suit_expansion
    from sanma_core.analysis.lanes import PIN, SOU, expand
    from sanma_core.analysis.pinched import pinch_caps

    rng = random.Random(19)
    for _ in range(400):
        rank = rng.choice([-1, *range(9)])
        caps = (4,) * 9 if rank < 0 else pinch_caps(rank)
        held = [0] * 9
        for _ in range(rng.randint(0, 11)):
            r = rng.randrange(9)
            if held[r] < caps[r]:
                held[r] += 1
        key, role, sets = tuple(held), rng.choice((PIN, SOU)), rng.randint(1, 4)
        rec = draw_masks._table_record(key, role, sets, None if rank < 0 else caps)
        assert rec is not None
        base = expand(suit_vector(key, caps), role, sets)
        assert rec[0] == base
        expected = []
        for r in range(9):
            if held[r] < caps[r]:
                plus = (*key[:r], key[r] + 1, *key[r + 1 :])
                after = expand(suit_vector(plus, caps), role, sets)
                if after != base:
                    expected.append(((base - after) << 6, 1 << (9 + 9 * role + r)))
        assert list(rec[1]) == expected, (key, caps)
        if rank >= 0:
            assert capped_suit_expansion(key, caps, role, sets) == base


def test_isolated_vector_examples() -> None:
    assert isolated_vector((0,) * 9)[4] == 12  # four bought triplets
    assert isolated_vector((4, 2, 0, 0, 0, 0, 0, 0, 0))[6] == 0  # quad as a triplet, the pair
    assert isolated_vector((1,), (1,))[5] >= INF  # the last copy cannot pair


# ---- properties -------------------------------------------------------------------------

hand_sizes = st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])


@st.composite
def hands(draw: st.DrawFn, sizes: st.SearchStrategy[int] = hand_sizes) -> list[int]:
    size = draw(sizes)
    pool = [k for k in SANMA for _ in range(4)]
    picked = draw(st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True))
    return to_counts(pool[i] for i in picked)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_shanten_range_and_agreement(counts: list[int]) -> None:
    sh = shanten(counts)
    assert -1 <= sh <= 8
    assert sh == Shanten.calculate_shanten(counts, is_three_player=True)


@settings(max_examples=200, deadline=None)
@given(hands(st.sampled_from([1, 4, 7, 10, 13])))
def test_useful_tiles_lower_shanten_by_exactly_one(counts: list[int]) -> None:
    sh = shanten(counts)
    u = ukeire(counts)
    for k in SANMA:
        if counts[k] == 4:
            assert k not in u.tiles
            continue
        counts[k] += 1
        after = shanten(counts)
        counts[k] -= 1
        assert after == (sh - 1 if k in u.tiles else sh)
    assert u.count == sum(4 - counts[k] for k in u.tiles)
    w = waits(counts)
    assert set(w) <= set(u.tiles)
    assert (sh == 0) == bool(w)


@settings(max_examples=150, deadline=None)
@given(hands(st.sampled_from([2, 5, 8, 11, 14])))
def test_discard_table_agrees_with_shanten(counts: list[int]) -> None:
    options = discard_options(counts)
    assert [d.tile for d in options] == [k for k in SANMA if counts[k]]
    assert min(d.shanten for d in options) == max(shanten(counts), 0)
    for d in options:
        after = list(counts)
        after[d.tile] -= 1
        u = ukeire(after)
        assert (d.shanten, d.ukeire.tiles) == (shanten(after), u.tiles)
        assert d.ukeire.count == u.count - (1 if d.tile in u.tiles else 0)


@settings(max_examples=200, deadline=None)
@given(hands(st.sampled_from([4, 7, 10, 13])), st.sampled_from(SANMA), st.integers(1, 4))
def test_own_copies_outside_never_help(counts: list[int], k: int, n: int) -> None:
    if counts[k] + n > 4:
        n = 4 - counts[k]
    out = [0] * 34
    out[k] = n
    assert shanten(counts, out) >= shanten(counts)
    assert shanten(counts, [0] * 34) == shanten(counts)
    u = ukeire(counts, out)
    for j in u.tiles:
        assert counts[j] + out[j] < 4
    if n and counts[k] + n == 4:
        assert k not in waits(counts, out)


def test_north_kind_constant() -> None:
    assert kind_name(NORTH) == "4z"


def test_capped_suits_match_the_plain_programme() -> None:
    import random

    from sanma_core.analysis.capped import capped_suit_vector

    rng = random.Random(7)
    for _ in range(600):
        caps = [4] * 9
        for j in rng.sample(range(9), rng.randint(1, 3)):
            caps[j] = rng.choice((0, 1, 1))
        held = [0] * 9
        for _ in range(rng.randint(0, 12)):
            r = rng.randrange(9)
            if held[r] < caps[r]:
                held[r] += 1
        sets = rng.randint(0, 4)
        assert capped_suit_vector(tuple(held), tuple(caps), sets) == suit_vector(held, caps, sets), (held, caps)


def test_lane_min_finds_the_smallest_split() -> None:
    import random

    from sanma_core.analysis.lanes import GIVE_UP, LAYOUTS, lane_min

    rng = random.Random(11)
    for sets in range(5):
        lanes = len(LAYOUTS[sets])
        for _ in range(500):
            high = rng.random() < 0.2
            values = [rng.randint(15, 60) if high else rng.randint(0, 20) for _ in range(lanes)]
            total = sum(v << (7 * k) for k, v in enumerate(values))
            assert lane_min(total, sets) == min(min(values), GIVE_UP)


def test_fast_path_rejects_bad_counts_with_the_projects_error() -> None:
    """The hot path skips per-call checks; bad counts must still surface as HandShapeError."""
    rest = c("123s456s78s")  # 8 tiles
    cases = []
    for k in (9, 27, 0):  # a fifth 1p, East, 1m: 13 tiles in all
        bad = list(rest)
        bad[k] = 5
        cases.append(bad)
    negative = c("19m123456p11s123z")
    negative[9], negative[12] = -1, 3  # same total, one count below zero
    cases.append(negative)
    outside_suits = c("19m123456p11s123z")
    outside_suits[0], outside_suits[3] = 0, 1  # 4m instead of 1m
    cases.append(outside_suits)
    for counts in cases:
        assert sum(counts) == 13
        with pytest.raises(HandShapeError):
            shanten(counts)
    assert shanten(c("19m123456p11s123z")) == 3  # and the memo tables still answer good hands afterwards
