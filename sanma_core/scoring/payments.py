"""Points: base points, limits, who pays what, honba, sticks, noten, nagashi, placement.

Every function returns numbers *and* the arithmetic as data, so drills and pages
can show each step (the steps in the language spoken now). Rules come from the :class:`~sanma_core.rules.Ruleset`.

>>> from sanma_core.rules import load_preset
>>> p = settle_win(load_preset("tenhou"), han=5, fu=30, dealer=False, tsumo=True)
>>> p.payments, p.total
({'dealer': 4000, 'non_dealer': 2000}, 6000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..i18n import gettext, ngettext
from ..rules import Ruleset
from ..words.results import limit_text
from .points import LIMIT_BASE as LIMIT_BASE
from .points import LIMITS as LIMITS
from .points import (
    RON_MULTIPLIER,
    base_and_limit,
    shares,
    uncapped_base,
    win_points,
)
from .points import round_up_100 as round_up_100

LIMIT_NAMES = {
    "": "",
    "mangan": "Mangan",
    "haneman": "Haneman",
    "baiman": "Baiman",
    "sanbaiman": "Sanbaiman",
    "kazoe_yakuman": "Kazoe yakuman",
    "yakuman": "Yakuman",
}


@dataclass(frozen=True)
class BasePoints:
    base: int
    limit: str
    steps: tuple[str, ...]


def base_points(rules: Ruleset, han: int, fu: int, yakuman: int = 0) -> BasePoints:
    """Base points and limit name for a hand, with the arithmetic in words.

    >>> from sanma_core.rules import load_preset
    >>> base_points(load_preset(), 3, 30).base
    960
    """
    base, limit = base_and_limit(rules, han, fu, yakuman)
    return BasePoints(base, limit, _base_steps(han, fu, yakuman, base, limit))


def _base_steps(han: int, fu: int, yakuman: int, base: int, limit: str) -> tuple[str, ...]:
    if yakuman:
        if yakuman == 1:
            return (gettext("yakuman: base {base}").format(base=base),)
        return (gettext("{n}× yakuman: base {base}").format(n=yakuman, base=base),)
    if limit == "kazoe_yakuman":
        return (gettext("{han} han: kazoe yakuman, base {base}").format(han=han, base=base),)
    if han >= 13:
        return (gettext("{han} han: sanbaiman (no kazoe yakuman), base {base}").format(han=han, base=base),)
    if han >= 5:
        return (gettext("{han} han: {limit}, base {base}").format(han=han, limit=limit_text(limit), base=base),)
    raw = uncapped_base(han, fu)
    step = f"{fu} fu × 2^(2+{han}) = {raw}"
    if not limit:
        return (step,)
    if raw >= base:
        return (step, gettext("{raw} ≥ {base}: capped at mangan, base {base}").format(raw=raw, base=base))
    return (step, gettext("{raw} rounds up to mangan (kiriage)").format(raw=raw))


@dataclass(frozen=True)
class Settlement:
    """What the losers of one win pay. ``payments`` uses the CONTRACTS.md keys."""

    base: int
    limit: str
    payments: dict[str, int]
    total: int
    steps: tuple[str, ...]
    payers: tuple[tuple[str, int], ...] = field(default=())  # (role, amount) per paying player


def _payers(payments: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """(role, amount) per paying player of a :attr:`~.points.WinPoints.payments` dict."""
    if "ron" in payments:
        return (("discarder", payments["ron"]),)
    if "each" in payments:
        return (("non_dealer", payments["each"]),) * 2
    return ("dealer", payments["dealer"]), ("non_dealer", payments["non_dealer"])


def _share_steps(rules: Ruleset, base: int, dealer: bool, tsumo: bool, honba: int) -> list[str]:
    """The worded shares of :func:`~.points.win_points`: each amount is taken from :func:`~.points.shares`."""
    first, second, half = shares(rules, base, dealer, tsumo)
    if not tsumo:
        mult = RON_MULTIPLIER[dealer]
        ron = gettext("dealer ron: base × {mult} = {raw} → {pays}") if dealer else gettext(
            "non-dealer ron: base × {mult} = {raw} → {pays}")
        steps = [ron.format(mult=mult, raw=mult * base, pays=first)]
        if honba:
            steps.append(gettext("{honba} honba × {each} = {bonus}").format(
                honba=honba, each=rules.honba_ron, bonus=honba * rules.honba_ron))
        return steps
    if dealer:
        steps = [gettext("dealer tsumo: each non-dealer pays base × 2 = {raw} → {pays}").format(raw=2 * base, pays=first)]
    else:
        steps = [gettext("non-dealer tsumo: the dealer pays base × 2 = {raw} → {pays}").format(raw=2 * base, pays=first),
                 gettext("the other non-dealer pays base × 1 = {raw} → {pays}").format(raw=base, pays=second)]
    if rules.tsumo_loss:
        steps.append(gettext("tsumo loss: the absent fourth player's {share} is not paid by anyone").format(share=second))
    else:
        steps.append(gettext("north-bisection: the absent player's {share} is split, {half} more from each payer").format(
            share=second, half=half))
    if honba:
        steps.append(gettext("{honba} honba × {each} = {bonus} more from each payer").format(
            honba=honba, each=rules.honba_tsumo, bonus=honba * rules.honba_tsumo))
    return steps


def settle_win(
    rules: Ruleset,
    han: int,
    fu: int,
    dealer: bool,
    tsumo: bool,
    yakuman: int = 0,
    honba: int = 0,
    sticks: int = 0,
) -> Settlement:
    """Payments for one winner under the ruleset (tsumo loss or north-bisection), with the steps in words.

    The numbers are :func:`~sanma_core.scoring.points.win_points`'.
    """
    points = win_points(rules, han, fu, dealer, tsumo, yakuman, honba, sticks)
    payers = _payers(points.payments)
    steps = [*_base_steps(han, fu, yakuman, points.base, points.limit),
             *_share_steps(rules, points.base, dealer, tsumo, honba)]
    paid = sum(a for _, a in payers)
    if len(payers) > 1:
        steps.append(" + ".join(str(a) for _, a in payers) + f" = {paid}")
    if sticks:
        steps.append(ngettext("{n} riichi stick × {value} on the table: total {total}",
                              "{n} riichi sticks × {value} on the table: total {total}", sticks).format(
            n=sticks, value=rules.riichi_stick, total=points.total))
    return Settlement(points.base, points.limit, points.payments, points.total, tuple(steps), payers)


def four_player_settlement(han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0, honba: int = 0) -> Settlement:
    """The same hand in four-player riichi (three payers on a tsumo, honba 300), for comparison."""
    bp = base_points(_FOUR_PLAYER, han, fu, yakuman)
    steps = list(bp.steps)
    first, second, _ = shares(_FOUR_PLAYER, bp.base, dealer, tsumo)
    if tsumo:
        first += 100 * honba
        second += 100 * honba
        if dealer:
            payers = [("non_dealer", first)] * 3
            payments = {"each": first}
        else:
            payers = [("dealer", first), ("non_dealer", second), ("non_dealer", second)]
            payments = {"dealer": first, "non_dealer": second}
        steps.append(gettext("four-player tsumo: three players pay"))
    else:
        amount = first + 300 * honba
        payers = [("discarder", amount)]
        payments = {"ron": amount}
    total = sum(a for _, a in payers)
    return Settlement(bp.base, bp.limit, payments, total, tuple(steps), tuple(payers))


class _FourPlayerRules:
    kazoe_yakuman = True
    kiriage_mangan = False
    tsumo_loss = True  # the fourth player pays their own share


_FOUR_PLAYER = _FourPlayerRules()  # type: ignore[assignment]


# ---- draws ------------------------------------------------------------------

def noten_payments(rules: Ruleset, tenpai: list[bool]) -> list[int]:
    """Score changes at an exhaustive draw (pool split between tenpai and noten players).

    >>> from sanma_core.rules import load_preset
    >>> noten_payments(load_preset(), [True, False, False])
    [2000, -1000, -1000]
    """
    n_tenpai = sum(tenpai)
    if n_tenpai in (0, len(tenpai)):
        return [0] * len(tenpai)
    pool = rules.noten_pool
    n_noten = len(tenpai) - n_tenpai
    gain = pool // n_tenpai
    loss = pool // n_noten
    return [gain if t else -loss for t in tenpai]


def nagashi_payments(rules: Ruleset, winner: int, dealer: int, honba: int = 0) -> list[int]:
    """Nagashi mangan: paid as a mangan tsumo under the ruleset's tsumo rule."""
    s = settle_win(rules, 5, 30, dealer=winner == dealer, tsumo=True, honba=honba)
    deltas = [0, 0, 0]
    for seat in range(3):
        if seat == winner:
            continue
        if winner == dealer:
            amount = s.payments["each"]
        else:
            amount = s.payments["dealer"] if seat == dealer else s.payments["non_dealer"]
        deltas[seat] -= amount
        deltas[winner] += amount
    return deltas


def win_deltas(settlement: Settlement, winner: int, dealer: int, tsumo: bool, discarder: int | None, rules: Ruleset, sticks: int = 0) -> list[int]:
    """Turn a settlement into score changes for the three seats (sticks to the winner)."""
    deltas = [0, 0, 0]
    if tsumo:
        for seat in range(3):
            if seat == winner:
                continue
            if "each" in settlement.payments:
                amount = settlement.payments["each"]
            else:
                amount = settlement.payments["dealer" if seat == dealer else "non_dealer"]
            deltas[seat] -= amount
            deltas[winner] += amount
    else:
        if discarder is None:
            raise ValueError("a ron needs the discarder's seat")
        deltas[discarder] -= settlement.payments["ron"]
        deltas[winner] += settlement.payments["ron"]
    deltas[winner] += sticks * rules.riichi_stick
    return deltas


# ---- final placement -----------------------------------------------------

@dataclass(frozen=True)
class Placement:
    seat: int
    rank: int  # 1, 2, 3
    points: int  # final points, leftover sticks included
    score: float  # placement points: (points − return) / 1000 + uma + oka
    steps: tuple[str, ...]


def _ranked(rules: Ruleset, points: Sequence[int], leftover_sticks: int, first_dealer: int) -> tuple[list[int], list[int]]:
    """The seats from first to third (ties by seat order from the first dealer) and the final points, leftover
    sticks to first."""
    order = sorted(range(3), key=lambda s: (-points[s], (s - first_dealer) % 3))
    finals = list(points)
    finals[order[0]] += leftover_sticks * rules.riichi_stick
    return order, finals


def _placement_score(rules: Ruleset, final: int, rank: int) -> float:
    """Placement points of final points ``final`` at ``rank`` (1–3): return, uma, oka to first; rounded to 0.1."""
    return round((final - rules.return_points) / 1000 + rules.uma[rank - 1] + (rules.oka if rank == 1 else 0), 1)


def placement_scores(rules: Ruleset, points: Sequence[int], leftover_sticks: int = 0,
                     first_dealer: int = 0) -> list[float]:
    """Each seat's placement points, as :func:`final_placement` gives them, without the written steps (for
    searches that weigh many endings).

    >>> from sanma_core.rules import load_preset
    >>> placement_scores(load_preset("tenhou"), [45000, 35000, 25000])
    [40.0, -5.0, -35.0]
    """
    order, finals = _ranked(rules, points, leftover_sticks, first_dealer)
    scores = [0.0] * 3
    for rank, seat in enumerate(order, start=1):
        scores[seat] = _placement_score(rules, finals[seat], rank)
    return scores


def final_placement(rules: Ruleset, points: list[int], leftover_sticks: int = 0, first_dealer: int = 0) -> list[Placement]:
    """Rank the players (ties by seat order from the first dealer) and compute placement points.

    Leftover riichi sticks go to first place.
    """
    order, finals = _ranked(rules, points, leftover_sticks, first_dealer)
    result = []
    for rank, seat in enumerate(order, start=1):
        steps = []
        if rank == 1 and leftover_sticks:
            steps.append(ngettext("{points} + {n} leftover stick = {final}", "{points} + {n} leftover sticks = {final}",
                                  leftover_sticks).format(points=points[seat], n=leftover_sticks, final=finals[seat]))
        diff = (finals[seat] - rules.return_points) / 1000
        steps.append(f"({finals[seat]} − {rules.return_points}) / 1000 = {diff:+g}")
        score = diff + rules.uma[rank - 1]
        steps.append(gettext("uma for rank {rank}: {uma}").format(rank=rank, uma=f"{rules.uma[rank - 1]:+d}"))
        if rank == 1 and rules.oka:
            score += rules.oka
            steps.append(gettext("oka to first: {oka}").format(oka=f"{rules.oka:+d}"))
        steps.append(gettext("placement points {score}").format(score=f"{score:+g}"))
        result.append(Placement(seat, rank, finals[seat], _placement_score(rules, finals[seat], rank), tuple(steps)))
    return sorted(result, key=lambda p: p.seat)
