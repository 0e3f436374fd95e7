"""The numbers of a win: base points, limit, who pays what, honba and sticks.

This is the one place where payments are computed. Scoring ranks readings and fills
``ScoreResult.payments`` / ``total`` / ``limit`` from :func:`win_points` many times a
second; :func:`~sanma_core.scoring.payments.settle_win` takes the same numbers and adds
the worded arithmetic (``Settlement.steps``) only when an explanation is read.

>>> from sanma_core.rules import load_preset
>>> win_points(load_preset("tenhou"), 5, 30, False, True)
WinPoints(base=2000, limit='mangan', payments={'dealer': 4000, 'non_dealer': 2000}, total=6000)
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..rules import Ruleset

#: Every limit id, lowest first ("" is no limit).
LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
#: Base points of each limit below yakuman (a yakuman is 8000 per multiple).
LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "kazoe_yakuman": 8000}
YAKUMAN_BASE = 8000
# han 5–12 -> (base, limit); 13 han and more are kazoe yakuman or sanbaiman by the ruleset
_LIMIT_OF_HAN = {5: "mangan", 6: "haneman", 7: "haneman", 8: "baiman", 9: "baiman", 10: "baiman",
                 11: "sanbaiman", 12: "sanbaiman"}
_LIMITS = {han: (LIMIT_BASE[limit], limit) for han, limit in _LIMIT_OF_HAN.items()}


class WinPoints(NamedTuple):
    """What one win is worth: the base points, the limit id, the payments by payer and the total."""

    base: int
    limit: str
    payments: dict[str, int]  # CONTRACTS.md keys: ron, or each / dealer + non_dealer on a tsumo
    total: int  # payments and riichi sticks together


_win_points = partial(tuple.__new__, WinPoints)  # WinPoints from one tuple, without the Python-level __new__


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def uncapped_base(han: int, fu: int) -> int:
    """``fu × 2^(2+han)``, the base points before any limit."""
    return fu << (2 + han)


def base_and_limit(rules: Ruleset, han: int, fu: int, yakuman: int = 0) -> tuple[int, str]:
    """Base points and limit id (``""`` below mangan)."""
    if yakuman:
        return YAKUMAN_BASE * yakuman, "yakuman"
    if han >= 13:
        return (LIMIT_BASE["kazoe_yakuman"], "kazoe_yakuman") if rules.kazoe_yakuman else (LIMIT_BASE["sanbaiman"],
                                                                                         "sanbaiman")
    if han >= 5:
        return _LIMITS[han]
    raw = uncapped_base(han, fu)
    if raw >= 2000 or (raw == 1920 and rules.kiriage_mangan):
        return LIMIT_BASE["mangan"], "mangan"
    return raw, ""


#: What the discarder pays on a ron, in base points: ``RON_MULTIPLIER[dealer]``.
RON_MULTIPLIER = (4, 6)


def shares(rules: Ruleset, base: int, dealer: bool, tsumo: bool) -> tuple[int, int, int]:
    """What the payers pay before honba: ``(first, second, half)``.

    On a ron ``first`` is the discarder's payment. On a tsumo ``first`` is the dealer's and
    ``second`` the other non-dealer's (each non-dealer pays ``first`` when the dealer wins),
    as a four-player table has them; ``second`` is also the absent fourth player's share,
    and ``half`` what each payer adds for it under north-bisection (0 under tsumo loss).
    """
    if not tsumo:
        return -(-RON_MULTIPLIER[dealer] * base // 100) * 100, 0, 0
    first = -(-2 * base // 100) * 100
    second = first if dealer else -(-base // 100) * 100
    return first, second, 0 if rules.tsumo_loss else -(-((second + 1) // 2) // 100) * 100


def win_points(rules: Ruleset, han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0,
               honba: int = 0, sticks: int = 0) -> WinPoints:
    """The numbers of one win (``settle_win`` gives the same with the worded steps)."""
    base, limit = base_and_limit(rules, han, fu, yakuman)
    first, second, half = shares(rules, base, dealer, tsumo)
    if tsumo:
        first += half
        second += half
        payments = {"each": first} if dealer else {"dealer": first, "non_dealer": second}
        points = _win_points((base, limit, payments, first + second))
    else:
        points = _win_points((base, limit, {"ron": first}, first))
    return with_honba(points, rules, tsumo, honba, sticks) if honba or sticks else points


def with_honba(points: WinPoints, rules: Ruleset, tsumo: bool, honba: int, sticks: int) -> WinPoints:
    """A win's numbers without honba or sticks (:func:`win_points`) with ``honba`` and ``sticks`` added.

    Each payer of a tsumo adds ``honba_tsumo`` per honba (two payers), a ron's discarder
    ``honba_ron``; the winner also takes the riichi sticks.
    """
    if tsumo:
        more = honba * rules.honba_tsumo
        payments = {payer: paid + more for payer, paid in points.payments.items()}
        total = points.total + 2 * more
    else:
        more = honba * rules.honba_ron
        payments = {"ron": points.payments["ron"] + more}
        total = points.total + more
    return _win_points((points.base, points.limit, payments, total + sticks * rules.riichi_stick))


# the memo of points_table: a table by (id of the ruleset, dealer, tsumo), with the ruleset it is of
_TABLES: dict[tuple[int, bool, bool], tuple[Ruleset, dict[int, WinPoints]]] = {}


def points_table(rules: Ruleset, dealer: bool, tsumo: bool) -> dict[int, WinPoints]:
    """A memo of :func:`win_points` without honba or sticks for one ruleset and win.

    Keys are ``fu << 9 | han << 1 | (a yakuman or not)``; :func:`with_honba` adds a hand's honba
    and sticks. The :class:`WinPoints` in it are shared: copy ``payments`` before handing it out.
    """
    key = (id(rules), dealer, tsumo)
    found = _TABLES.get(key)
    if found is None or found[0] is not rules:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        found = _TABLES[key] = (rules, {})
    return found[1]


def clear_points() -> None:
    """Forget every :func:`points_table`."""
    _TABLES.clear()


__all__ = ["LIMITS", "LIMIT_BASE", "RON_MULTIPLIER", "WinPoints", "base_and_limit", "clear_points", "points_table",
           "round_up_100", "shares", "uncapped_base", "win_points", "with_honba"]
