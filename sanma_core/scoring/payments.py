"""Points: base points, limits, who pays what, honba, sticks, noten, nagashi, placement.

Every function returns numbers *and* the arithmetic as data, so drills and pages
can show each step. Rules come from the :class:`~sanma_core.rules.Ruleset`.

>>> from sanma_core.rules import load_preset
>>> p = settle_win(load_preset("tenhou"), han=5, fu=30, dealer=False, tsumo=True)
>>> p.payments, p.total
({'dealer': 4000, 'non_dealer': 2000}, 6000)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Ruleset

LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "kazoe_yakuman": 8000}
LIMIT_NAMES = {
    "": "",
    "mangan": "Mangan",
    "haneman": "Haneman",
    "baiman": "Baiman",
    "sanbaiman": "Sanbaiman",
    "kazoe_yakuman": "Kazoe yakuman",
    "yakuman": "Yakuman",
}


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True)
class BasePoints:
    base: int
    limit: str
    steps: tuple[str, ...]


def base_points(rules: Ruleset, han: int, fu: int, yakuman: int = 0) -> BasePoints:
    """Base points and limit name for a hand.

    >>> from sanma_core.rules import load_preset
    >>> base_points(load_preset(), 3, 30).base
    960
    """
    if yakuman:
        base = 8000 * yakuman
        word = "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
        return BasePoints(base, "yakuman", (f"{word}: base {base}",))
    if han >= 13:
        if rules.kazoe_yakuman:
            return BasePoints(8000, "kazoe_yakuman", (f"{han} han: kazoe yakuman, base 8000",))
        return BasePoints(6000, "sanbaiman", (f"{han} han: sanbaiman (no kazoe yakuman), base 6000",))
    if han >= 11:
        return BasePoints(6000, "sanbaiman", (f"{han} han: sanbaiman, base 6000",))
    if han >= 8:
        return BasePoints(4000, "baiman", (f"{han} han: baiman, base 4000",))
    if han >= 6:
        return BasePoints(3000, "haneman", (f"{han} han: haneman, base 3000",))
    if han == 5:
        return BasePoints(2000, "mangan", ("5 han: mangan, base 2000",))
    raw = fu * 2 ** (2 + han)
    step = f"{fu} fu × 2^(2+{han}) = {raw}"
    if raw >= 2000:
        return BasePoints(2000, "mangan", (step, f"{raw} ≥ 2000: capped at mangan, base 2000"))
    if rules.kiriage_mangan and raw == 1920:
        return BasePoints(2000, "mangan", (step, "1920 rounds up to mangan (kiriage)"))
    return BasePoints(raw, "", (step,))


@dataclass(frozen=True)
class Settlement:
    """What the losers of one win pay. ``payments`` uses the CONTRACTS.md keys."""

    base: int
    limit: str
    payments: dict[str, int]
    total: int
    steps: tuple[str, ...]
    payers: tuple[tuple[str, int], ...] = field(default=())  # (role, amount) per paying player


def _tsumo_shares(rules: Ruleset, base: int, dealer: bool) -> tuple[list[tuple[str, int]], list[str]]:
    """Per-payer amounts before honba, for the two players who pay in sanma."""
    if dealer:
        each = round_up_100(2 * base)
        steps = [f"dealer tsumo: each non-dealer pays base × 2 = {2 * base} → {each}"]
        shares = [("non_dealer", each), ("non_dealer", each)]
        absent = each
    else:
        from_dealer = round_up_100(2 * base)
        from_other = round_up_100(base)
        steps = [
            f"non-dealer tsumo: the dealer pays base × 2 = {2 * base} → {from_dealer}",
            f"the other non-dealer pays base × 1 = {base} → {from_other}",
        ]
        shares = [("dealer", from_dealer), ("non_dealer", from_other)]
        absent = from_other
    if rules.tsumo_loss:
        steps.append(f"tsumo loss: the absent fourth player's {absent} is not paid by anyone")
    else:
        half = round_up_100(-(-absent // 2))
        shares = [(role, amount + half) for role, amount in shares]
        steps.append(f"north-bisection: the absent player's {absent} is split, {half} more from each payer")
    return shares, steps


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
    """Payments for one winner under the ruleset (tsumo loss or north-bisection)."""
    bp = base_points(rules, han, fu, yakuman)
    steps = list(bp.steps)
    if tsumo:
        shares, share_steps = _tsumo_shares(rules, bp.base, dealer)
        steps += share_steps
        if honba:
            bonus = honba * rules.honba_tsumo
            steps.append(f"{honba} honba × {rules.honba_tsumo} = {bonus} more from each payer")
            shares = [(role, amount + bonus) for role, amount in shares]
        if dealer:
            payments = {"each": shares[0][1]}
        else:
            payments = {"dealer": shares[0][1], "non_dealer": shares[1][1]}
    else:
        mult = 6 if dealer else 4
        amount = round_up_100(mult * bp.base)
        who = "dealer" if dealer else "non-dealer"
        steps.append(f"{who} ron: base × {mult} = {mult * bp.base} → {amount}")
        if honba:
            bonus = honba * rules.honba_ron
            steps.append(f"{honba} honba × {rules.honba_ron} = {bonus}")
            amount += bonus
        shares = [("discarder", amount)]
        payments = {"ron": amount}
    paid = sum(a for _, a in shares)
    total = paid + sticks * rules.riichi_stick
    if len(shares) > 1:
        steps.append(" + ".join(str(a) for _, a in shares) + f" = {paid}")
    if sticks:
        steps.append(f"{sticks} riichi stick{'s' if sticks > 1 else ''} × {rules.riichi_stick} on the table: total {total}")
    return Settlement(bp.base, bp.limit, payments, total, tuple(steps), tuple(shares))


def four_player_settlement(han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0, honba: int = 0) -> Settlement:
    """The same hand in four-player riichi (three payers on a tsumo, honba 300), for comparison."""
    bp = base_points(_FOUR_PLAYER, han, fu, yakuman)
    steps = list(bp.steps)
    if tsumo:
        if dealer:
            each = round_up_100(2 * bp.base) + 100 * honba
            shares = [("non_dealer", each)] * 3
            payments = {"each": each}
        else:
            d = round_up_100(2 * bp.base) + 100 * honba
            o = round_up_100(bp.base) + 100 * honba
            shares = [("dealer", d), ("non_dealer", o), ("non_dealer", o)]
            payments = {"dealer": d, "non_dealer": o}
        steps.append("four-player tsumo: three players pay")
    else:
        amount = round_up_100((6 if dealer else 4) * bp.base) + 300 * honba
        shares = [("discarder", amount)]
        payments = {"ron": amount}
    total = sum(a for _, a in shares)
    return Settlement(bp.base, bp.limit, payments, total, tuple(steps), tuple(shares))


class _FourPlayerRules:
    kazoe_yakuman = True
    kiriage_mangan = False


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


def final_placement(rules: Ruleset, points: list[int], leftover_sticks: int = 0, first_dealer: int = 0) -> list[Placement]:
    """Rank the players (ties by seat order from the first dealer) and compute placement points.

    Leftover riichi sticks go to first place.
    """
    order = sorted(range(3), key=lambda s: (-points[s], (s - first_dealer) % 3))
    finals = list(points)
    finals[order[0]] += leftover_sticks * rules.riichi_stick
    result = []
    for rank, seat in enumerate(order, start=1):
        steps = []
        if rank == 1 and leftover_sticks:
            steps.append(f"{points[seat]} + {leftover_sticks} leftover stick{'s' if leftover_sticks != 1 else ''} = {finals[seat]}")
        diff = (finals[seat] - rules.return_points) / 1000
        steps.append(f"({finals[seat]} − {rules.return_points}) / 1000 = {diff:+g}")
        score = diff + rules.uma[rank - 1]
        steps.append(f"uma for rank {rank}: {rules.uma[rank - 1]:+d}")
        if rank == 1 and rules.oka:
            score += rules.oka
            steps.append(f"oka to first: {rules.oka:+d}")
        steps.append(f"placement points {score:+g}")
        result.append(Placement(seat, rank, finals[seat], round(score, 1), tuple(steps)))
    return sorted(result, key=lambda p: p.seat)
