"""The numbers of :func:`~sanma_core.scoring.payments.settle_win` without its worded steps.

Scoring ranks readings and fills ``ScoreResult.payments`` / ``total`` / ``limit`` many times
a second; the worded arithmetic (``Settlement.steps``) is only built when an explanation
is read. ``tests/test_scoring_points.py`` checks every han/fu/yakuman/honba/stick case
against :func:`~sanma_core.scoring.payments.settle_win` under every preset.

>>> from sanma_core.rules import load_preset
>>> win_points(load_preset("tenhou"), 5, 30, False, True)
(2000, 'mangan', {'dealer': 4000, 'non_dealer': 2000}, 6000)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules import Ruleset

# han >= 5 -> (base, limit); index 13 stands for 13 han and more (kazoe handled apart)
_LIMITS = {5: (2000, "mangan"), 6: (3000, "haneman"), 7: (3000, "haneman"), 8: (4000, "baiman"),
           9: (4000, "baiman"), 10: (4000, "baiman"), 11: (6000, "sanbaiman"), 12: (6000, "sanbaiman")}


def base_and_limit(rules: Ruleset, han: int, fu: int, yakuman: int = 0) -> tuple[int, str]:
    """Base points and limit id, as :func:`~sanma_core.scoring.payments.base_points`."""
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        return (8000, "kazoe_yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 5:
        return _LIMITS[han]
    raw = fu << (2 + han)
    if raw >= 2000 or (raw == 1920 and rules.kiriage_mangan):
        return 2000, "mangan"
    return raw, ""


def win_points(rules: Ruleset, han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0,
               honba: int = 0, sticks: int = 0) -> tuple[int, str, dict[str, int], int]:
    """``(base, limit, payments, total)`` exactly as ``settle_win`` gives them."""
    base, limit = base_and_limit(rules, han, fu, yakuman)
    if tsumo:
        if dealer:
            first = second = -(-2 * base // 100) * 100
        else:
            first = -(-2 * base // 100) * 100
            second = -(-base // 100) * 100
        if not rules.tsumo_loss:
            half = -(-((second + 1) // 2) // 100) * 100
            first += half
            second += half
        bonus = honba * rules.honba_tsumo
        first += bonus
        second += bonus
        payments = {"each": first} if dealer else {"dealer": first, "non_dealer": second}
        paid = first + second
    else:
        paid = -(-(6 if dealer else 4) * base // 100) * 100 + honba * rules.honba_ron
        payments = {"ron": paid}
    return base, limit, payments, paid + sticks * rules.riichi_stick


__all__ = ["base_and_limit", "win_points"]
