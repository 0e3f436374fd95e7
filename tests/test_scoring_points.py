"""The numeric settlement used while scoring agrees with settle_win everywhere."""

from __future__ import annotations

import dataclasses

import pytest

from sanma_core.rules import load_preset
from sanma_core.scoring.payments import settle_win
from sanma_core.scoring.points import win_points

PRESETS = ("tenhou", "mahjongsoul", "classic", "club", "wrc")


@pytest.mark.parametrize("preset", PRESETS)
def test_win_points_match_settle_win(preset: str) -> None:
    base_rules = load_preset(preset)
    variants = [base_rules, dataclasses.replace(base_rules,
                                                tsumo_payment="north_bisection" if base_rules.tsumo_loss
                                                else "tsumo_loss",
                                                kiriage_mangan=not base_rules.kiriage_mangan,
                                                kazoe_yakuman=not base_rules.kazoe_yakuman)]
    checked = 0
    for rules in variants:
        for han in range(1, 40):
            for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130):
                for dealer in (False, True):
                    for tsumo in (False, True):
                        for honba, sticks in ((0, 0), (1, 0), (0, 2), (3, 1)):
                            s = settle_win(rules, han, fu, dealer, tsumo, 0, honba, sticks)
                            assert win_points(rules, han, fu, dealer, tsumo, 0, honba, sticks) == (
                                s.base, s.limit, s.payments, s.total), (preset, han, fu, dealer, tsumo, honba)
                            checked += 1
        for yakuman in range(1, 7):
            for dealer in (False, True):
                for tsumo in (False, True):
                    s = settle_win(rules, 13 * yakuman, 0, dealer, tsumo, yakuman, 2, 1)
                    assert win_points(rules, 13 * yakuman, 0, dealer, tsumo, yakuman, 2, 1) == (
                        s.base, s.limit, s.payments, s.total)
    assert checked > 10000
