"""Fu: the rules as tables, and the itemised lines of one reading.

The tables (:data:`SET_FU`, :data:`WAIT_FU`, :data:`FORM_FU`, :func:`pair_fu` and
:func:`closing_fu`) are the only statement of the fu rules: :func:`fu_lines` words them
for an explanation, and the ranking in :mod:`.evaluate` adds up the same numbers.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.melds import parse_meld
>>> from sanma_core.scoring.reading import readings
>>> from sanma_core.scoring.facts import HandSummary
>>> from sanma_core.tiles import parse_tiles, to_counts
>>> hand = to_counts(parse_tiles("123p456p234s11z"))
>>> melds = (parse_meld("pon:555z"),)
>>> r = readings(tuple(hand), 10, melds, False, HandSummary(tuple(hand), 10))[0]
>>> lines, fu = fu_lines(r, tsumo=False, seat=27, round_wind=27, rules=load_preset())
>>> [(line.fu, line.reason) for line in lines], fu
([(20, 'base'), (4, 'open_honour_triplet'), (4, 'double_wind_pair'), (2, 'kanchan')], 30)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from ..tiles import DRAGONS, NORTH, TERMINALS_AND_HONOURS, kind_name

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .reading import Reading

BASE_FU = 20

#: Fu of a triplet or kan by (shape, terminal or honour, concealed).
SET_FU = {
    ("triplet", False, False): 2,
    ("triplet", False, True): 4,
    ("triplet", True, False): 4,
    ("triplet", True, True): 8,
    ("kan", False, False): 8,
    ("kan", False, True): 16,
    ("kan", True, False): 16,
    ("kan", True, True): 32,
}

#: Fu of the wait (ryanmen and shanpon give none).
WAIT_FU = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2, "kokushi": 0}

#: The fixed fu of the special forms.
FORM_FU = {"chiitoitsu": 25, "kokushi": 0}


_SET_REASON = {
    (shape, category, concealed): f"{'closed' if concealed else 'open'}_{('', 'terminal_', 'honour_')[category]}{shape}"
    for shape in ("triplet", "kan") for category in (0, 1, 2) for concealed in (False, True)
}


def pair_fu(pair: int, seat: int, round_wind: int, rules: Ruleset) -> int:
    """Fu of a pair: 2 for a dragon, 2 each for the seat and round wind, North 0 unless yakuhai."""
    return _pair_fu(pair, seat, round_wind, rules.north_is_yakuhai)


@functools.cache
def pair_fu_table(seat: int, round_wind: int, north_is_yakuhai: bool) -> tuple[int, ...]:
    """:func:`pair_fu` of every kind, and of -1 (no pair) as the last entry, for one seat, round and North rule."""
    return tuple(_pair_fu(k, seat, round_wind, north_is_yakuhai) for k in (*range(34), -1))


def _pair_fu(pair: int, seat: int, round_wind: int, north_is_yakuhai: bool) -> int:
    if pair in DRAGONS:
        return 2
    fu = 0
    if pair == seat:
        fu += 2
    if pair == round_wind:
        fu += 2
    if pair == NORTH and north_is_yakuhai:
        fu += 2
    return fu


def closing_fu(extra: int, tsumo: bool, closed: bool) -> tuple[tuple[int, str], ...]:
    """The fu for how the hand was won, given the fu beyond the base from sets, pair and wait.

    A tsumo adds 2 unless nothing else did (pinfu), a closed ron 10; an open hand with
    nothing else is rounded to 30 by 2 fu of its own.
    """
    lines = []
    if tsumo and extra:
        lines.append((2, "tsumo"))
    if closed and not tsumo:
        lines.append((10, "closed_ron"))
    elif not closed and not extra:
        lines.append((2, "open_pinfu"))
    return tuple(lines)


#: The sum of :func:`closing_fu`: ``CLOSING_FU[tsumo][closed][fu beyond the base > 0]``.
CLOSING_FU = tuple(tuple(tuple(sum(fu for fu, _ in closing_fu(extra, tsumo, closed)) for extra in (0, 2))
                         for closed in (False, True)) for tsumo in (False, True))


def round_fu(raw: int) -> int:
    """Fu are rounded up to a multiple of 10."""
    return -(-raw // 10) * 10


#: :func:`round_fu` of every raw total a reading can reach (164 at most: four concealed terminal kans, a double
#: wind pair, a closed wait and a closed ron).
ROUNDED_FU = tuple(round_fu(raw) for raw in range(256))


class FuLine(NamedTuple):
    """One source of fu: ``reason`` is a stable id, ``tiles`` the group it comes from (MPSZ)."""

    fu: int
    reason: str
    kind: int = -1  # the kind of the group the fu comes from (-1: none)
    count: int = 0  # how many tiles that group has

    @property
    def tiles(self) -> str:
        return same_tiles(self.kind, self.count) if self.kind >= 0 else ""

    def to_json(self) -> dict[str, object]:
        return {"fu": self.fu, "reason": self.reason, "tiles": self.tiles}


def same_tiles(k: int, n: int) -> str:
    """MPSZ for n copies of a kind: ``same_tiles(31, 3) == '555z'``."""
    if 0 <= k < 34 and 2 <= n <= 4:
        return _SAME[n][k]
    name = kind_name(k)
    return name[0] * n + name[1]


_SAME = {n: tuple(kind_name(k)[0] * n + kind_name(k)[1] for k in range(34)) for n in (2, 3, 4)}


def _pair_reason(pair: int, seat: int, round_wind: int) -> str:
    if pair in DRAGONS:
        return "dragon_pair"
    if pair == seat and pair == round_wind:
        return "double_wind_pair"
    if pair == seat:
        return "seat_wind_pair"
    if pair == round_wind:
        return "round_wind_pair"
    if pair == NORTH:
        return "north_pair"
    return "pair"


def fu_lines(reading: Reading, tsumo: bool, seat: int, round_wind: int, rules: Ruleset) -> tuple[tuple[FuLine, ...], int]:
    """The fu lines of a reading and the rounded total (chiitoitsu 25, kokushi 0)."""
    if reading.form in FORM_FU:
        fu = FORM_FU[reading.form]
        return ((FuLine(fu, reading.form),) if fu else ()), fu
    lines = [FuLine(BASE_FU, "base")]
    extra = 0
    for g in reading.groups:
        if g.shape == "sequence":
            continue
        yaochuu = g.tile in TERMINALS_AND_HONOURS
        fu = SET_FU[(g.shape, yaochuu, g.concealed)]
        reason = _SET_REASON[(g.shape, 2 if g.tile >= 27 else int(yaochuu), g.concealed)]
        lines.append(FuLine(fu, reason, g.tile, 4 if g.shape == "kan" else 3))
        extra += fu
    pfu = pair_fu(reading.pair, seat, round_wind, rules)
    if pfu:
        lines.append(FuLine(pfu, _pair_reason(reading.pair, seat, round_wind), reading.pair, 2))
        extra += pfu
    if WAIT_FU[reading.wait]:
        lines.append(FuLine(WAIT_FU[reading.wait], reading.wait))
        extra += WAIT_FU[reading.wait]
    for fu, reason in closing_fu(extra, tsumo, reading.closed):
        lines.append(FuLine(fu, reason))
        extra += fu
    return tuple(lines), round_fu(BASE_FU + extra)
