"""The straight-line evaluation agrees with the catalogue predicates, reading by reading.

``best_regular`` ranks the readings of ordinary hands without building Reading objects;
``_reference_best`` tests every catalogue predicate on every Reading. On thousands of
seeded random hands under several rulesets both must pick the same reading with the same
yaku, han, fu and points, and the lazily rebuilt reading and fu lines of a result must be
those of the chosen reading.
"""

from __future__ import annotations

import collections
import dataclasses
import random

import pytest

from sanma_core.rules import load_preset
from sanma_core.scoring import WinInput, score_hand
from sanma_core.scoring.bonus import count_bonus
from sanma_core.scoring.evaluate import REFERENCE
from sanma_core.scoring.hand import _fast_best, _full_counts, _reference_best, readings
from sanma_core.scoring.shapes import is_chiitoitsu_shape, is_kokushi_shape, regular_decompositions
from sanma_core.scoring.yaku import HandSummary
from sanma_core.tiles import NUM_KINDS, kind, parse_tile, parse_tiles
from testkit.samples import STYLES, random_win, scored_random_wins

RULESETS = {
    "tenhou": load_preset("tenhou"),
    "mahjongsoul": load_preset("mahjongsoul"),
    "north_yakuhai_closed_tanyao": load_preset("tenhou").replace(north_is_yakuhai=True, open_tanyao=False),
}


def _both(win: WinInput, rules):
    concealed = [0] * NUM_KINDS
    for t in win.hand:
        concealed[kind(t)] += 1
    win_kind = kind(win.win)
    full = _full_counts(concealed, win.melds) if win.melds else tuple(concealed)
    summary = HandSummary(full, win_kind)
    reds = sum(1 for t in (*win.hand, *(t for m in win.melds for t in m.tiles)) if t >= NUM_KINDS)
    bonus = count_bonus(full, reds, win.kita, win.dora, win.ura, (win.riichi or win.double_riichi) and rules.ura_dora)
    decomps = regular_decompositions(concealed)
    chiitoi = not win.melds and is_chiitoitsu_shape(concealed)
    special = chiitoi or (not win.melds and is_kokushi_shape(concealed))
    if not decomps and not special:
        return None
    fast = _fast_best(decomps, chiitoi, special, win_kind, summary, bonus, win, rules)
    if fast is REFERENCE:
        return None
    ref = _reference_best(tuple(concealed), win_kind, summary, bonus, win, rules)
    return fast, ref, readings(tuple(concealed), win_kind, win.melds, win.tsumo, summary)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_fast_path_matches_reference(name: str) -> None:
    rules = RULESETS[name]
    rng = random.Random(7100 + len(name))
    fast_count = no_yaku = 0
    forms: collections.Counter = collections.Counter()
    styles: collections.Counter = collections.Counter()
    for i in range(3000):
        style = list(STYLES)[i % len(STYLES)]
        win = random_win(rng, rules, style)
        both = _both(win, rules)
        if both is None:
            continue
        fast, ref, found = both
        if fast is None:
            assert ref is None, win
            no_yaku += 1
            continue
        index, listed, han, fu, points = fast
        fast_count += 1
        styles[style] += 1
        reading, yakuman, ref_listed, ref_han, ref_lines, ref_fu, ref_points = ref
        assert yakuman == 0
        assert (listed, han, fu, points) == (ref_listed, ref_han, ref_fu, ref_points), win
        chosen = found[index]
        forms[chosen.form] += 1
        assert (chosen.groups, chosen.pair, chosen.wait, chosen.win_group) == (
            reading.groups, reading.pair, reading.wait, reading.win_group), win
    assert fast_count > 1500 and no_yaku > 0
    assert len(styles) >= 10
    assert forms["chiitoitsu"] >= 50 and forms["regular"] >= 1500


def test_lazy_reading_and_fu_lines_belong_to_the_result() -> None:
    rules = RULESETS["tenhou"]
    rng = random.Random(77)
    checked = 0
    for _win, r in scored_random_wins(rng, rules, 600):
        lines = r.explanation["fu"]["lines"]
        assert [line.to_json() for line in r.fu_lines] == lines
        if r.reading.form == "regular":
            assert -(-sum(line["fu"] for line in lines) // 10) * 10 == r.fu
        assert r.settlement.total == r.total and r.settlement.payments == r.payments
        assert r.settlement.limit == r.limit
        checked += 1
    assert checked > 500


def test_lazy_fields_survive_a_replaced_copy() -> None:
    rules = RULESETS["tenhou"]
    win = WinInput(tuple(parse_tiles("123p456p789s11z555s")), parse_tile("5s"), tsumo=True, riichi=True)
    r = score_hand(win, rules)
    copy = dataclasses.replace(r, han=r.han)
    assert copy.reading.wait == r.reading.wait == "shanpon"
    assert copy.fu_lines == r.fu_lines and copy.settlement.total == r.total == 2000
    assert "settlement=Settlement(" in repr(r)
