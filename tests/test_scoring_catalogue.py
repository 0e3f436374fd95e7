"""A house-rule yaku is one catalogue entry: the scorer picks it up with no other change.

``CATALOGUE.extended(entry)`` gives a catalogue to pass to ``score_hand``; the entry's
``needs`` and ``test`` are all the scorer is told about it, on the ordinary ranking path
and on the yakuman path alike.
"""

from __future__ import annotations

import doctest

import pytest

import testkit.samples
from sanma_core.rules import load_preset
from sanma_core.scoring import WinInput, score_hand
from sanma_core.scoring.facts import Facts
from sanma_core.scoring.yaku import CATALOGUE, YAKU, Scope, Yaku
from sanma_core.tiles import parse_tile, parse_tiles

RULES = load_preset("tenhou")


def _three_consecutive_triplets(f: Facts, s, rules) -> bool:
    trips = set(f.trips)
    return any(k in trips and k + 1 in trips and k + 2 in trips for k in (*range(9, 16), *range(18, 25)))


SANRENKOU = Yaku("sanrenkou", "Three consecutive triplets (house rule)", "Sanrenkou", "三連刻", 2, 2,
                 _three_consecutive_triplets, scope=Scope.DECOMPOSITION, needs=frozenset({"three_trips"}))

DAISHARIN = Yaku("daisharin", "Big wheels (house rule)", "Daisharin", "大車輪", 13, 0,
                 lambda f, s, rules: all(f.summary.counts[k] == 2 for k in range(10, 17)), yakuman=True,
                 scope=Scope.DECOMPOSITION, needs=frozenset({"chiitoitsu", "simples", "one_suit"}))


def _win(hand: str, win: str, **flags) -> WinInput:
    return WinInput(tuple(parse_tiles(hand)), parse_tile(win), **flags)


def test_an_extra_entry_adds_its_han():
    house = CATALOGUE.extended(SANRENKOU)
    win = _win("222p333p444p678s55s", "6s", tsumo=True)
    plain = score_hand(win, RULES)
    ruled = score_hand(win, RULES, house)
    assert "sanrenkou" not in dict(plain.yaku)
    assert dict(ruled.yaku)["sanrenkou"] == 2
    assert ruled.han >= plain.han + 2 and ruled.total > plain.total
    named = {y["id"]: y["name"] for y in ruled.explanation["yaku"]}
    assert named["sanrenkou"] == "Three consecutive triplets (house rule)"
    assert "sanrenkou" not in YAKU and "sanrenkou" in house  # the standard catalogue is untouched


def test_an_extra_entry_only_holds_where_its_test_passes():
    house = CATALOGUE.extended(SANRENKOU)
    win = _win("222p444p666p678s55s", "6s", tsumo=True)
    assert "sanrenkou" not in dict(score_hand(win, RULES, house).yaku)


def test_an_extra_yakuman_entry_takes_the_yakuman_path():
    win = _win("22334455667788p", "8p", tsumo=True)
    plain = score_hand(win, RULES)
    assert plain.yakuman == 0 and "daisharin" not in dict(plain.yaku)
    ruled = score_hand(win, RULES, CATALOGUE.extended(DAISHARIN))
    assert ruled.yakuman == 1 and ruled.yaku == [("daisharin", 13)] and ruled.total == 32000


def test_entries_name_only_known_facts_and_unique_ids():
    with pytest.raises(ValueError, match="unknown facts"):
        Yaku("x", "X", "X", "X", 1, 1, needs=frozenset({"no_such_fact"}))
    with pytest.raises(ValueError, match="decomposition facts"):
        Yaku("x", "X", "X", "X", 1, 1, needs=frozenset({"trips"}))  # scope HAND cannot see the sets
    with pytest.raises(ValueError, match="twice"):
        CATALOGUE.extended(YAKU["riichi"])


def test_testkit_docstring_examples():
    assert doctest.testmod(testkit.samples, optionflags=doctest.ELLIPSIS).failed == 0
