"""The flat integer tables of the scorer give the facts that :class:`Facts` works out set by set.

For thousands of seeded random hands: the decompositions of :func:`compiled.decompositions`
are those of ``regular_decompositions``; each one's packed facts give the bits, the fu of the
sets and the concealed triplets of ``Facts.set_regular``; each reading's wait bits, wait fu and
concealed triplets are those of ``Facts.read``; and the seat tables give ``seat_bits``.
"""

from __future__ import annotations

import random

import pytest

from sanma_core.rules import load_preset
from sanma_core.scoring import compiled
from sanma_core.scoring.facts import (
    _ANKOU_BITS,
    NO_MELDS,
    READING_BITS,
    TRIPLET_FU,
    Facts,
    HandSummary,
    MeldFacts,
    seat_bits,
    seat_tables,
)
from sanma_core.scoring.fu import WAIT_FU, pair_fu
from sanma_core.scoring.hand import _full_counts
from sanma_core.scoring.points import win_points, with_honba
from sanma_core.scoring.shapes import regular_decompositions
from sanma_core.tiles import NUM_KINDS, kind
from testkit.samples import STYLES, random_win


def _hands(n: int, seed: int, rules):
    rng = random.Random(seed)
    for i in range(n):
        win = random_win(rng, rules, list(STYLES)[i % len(STYLES)])
        concealed = [0] * NUM_KINDS
        for t in win.hand:
            concealed[kind(t)] += 1
        yield win, tuple(concealed)


@pytest.mark.parametrize("north_is_yakuhai", [False, True])
def test_packed_facts_match_the_facts(north_is_yakuhai: bool) -> None:
    rules = load_preset("tenhou").replace(north_is_yakuhai=north_is_yakuhai)
    checked = readings = 0
    for win, concealed in _hands(2500, 4100 + north_is_yakuhai, rules):
        decomps, packs = compiled.decompositions(concealed)
        assert decomps == regular_decompositions(concealed), win
        win_kind = kind(win.win)
        full = _full_counts(concealed, win.melds) if win.melds else concealed
        summary = HandSummary(full, win_kind)
        melds = MeldFacts(win.melds) if win.melds else NO_MELDS
        meld_pack = compiled.pack_melds(win.melds)
        pairs, winds, pair_fus = seat_tables(win.seat, win.round, rules.north_is_yakuhai)
        for (pair, sets), packed in zip(decomps, packs, strict=True):
            assert packed == compiled.pack(pair, sets)
            packed += meld_pack
            f = Facts(summary, melds)
            candidates = f.set_regular(pair, sets, win_kind)
            bits = (f.hand_bits | compiled.SHAPE_BITS[packed & compiled.SHAPE] | pairs[pair]
                    | winds[packed >> compiled.WIND_KINDS & 15])
            assert bits == f.bits | seat_bits(f, win.seat, win.round, rules.north_is_yakuhai), (win, pair, sets)
            assert packed >> compiled.FU == f.set_fu
            assert pair_fus[pair] == pair_fu(pair, win.seat, win.round, rules)
            concealed_trips = packed >> compiled.CONCEALED & 7
            assert concealed_trips == f.concealed_trips
            reads = compiled.READS[win.tsumo][win_kind]
            expected = [(i, compiled.TANKI if i < 0 else reads[sets[i]]) for i, _ in candidates]
            for i, (wait_bits, wait_fu, lost) in expected:
                wait = f.read(sets, i, win_kind, win.tsumo)
                assert f.bits & READING_BITS == wait_bits | _ANKOU_BITS[concealed_trips - lost]
                assert f.ankou == concealed_trips - lost
                loss = 0
                if f.ron_triplet:
                    k = sets[i][1]
                    loss = TRIPLET_FU[True][k] - TRIPLET_FU[False][k]
                assert wait_fu == WAIT_FU[wait] - loss
                readings += 1
            checked += 1
    assert checked > 2000 and readings > checked


def test_honba_and_sticks_are_added_as_win_points_adds_them() -> None:
    rules = load_preset("tenhou")
    for han, fu in ((1, 30), (3, 40), (5, 30), (13, 30)):
        for dealer in (False, True):
            for tsumo in (False, True):
                plain = win_points(rules, han, fu, dealer, tsumo)
                for honba, sticks in ((1, 0), (0, 2), (3, 1)):
                    assert with_honba(plain, rules, tsumo, honba, sticks) == win_points(
                        rules, han, fu, dealer, tsumo, 0, honba, sticks)
