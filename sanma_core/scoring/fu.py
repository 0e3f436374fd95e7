"""Fu, itemised: one line per source of fu, then the rounding.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.scoring.yaku import Group, HandSummary, Reading
>>> counts = (0,) * 34
>>> groups = (Group("sequence", 9, "hand", True), Group("sequence", 12, "hand", True),
...           Group("sequence", 18, "hand", True), Group("triplet", 31, "pon", False))
>>> r = Reading("regular", groups, 27, (), "kanchan", 0, False, HandSummary(counts, 10))
>>> lines, fu = fu_lines(r, tsumo=False, seat=27, round_wind=27, rules=load_preset())
>>> [(line.fu, line.reason) for line in lines], fu
([(20, 'base'), (4, 'open_honour_triplet'), (4, 'double_wind_pair'), (2, 'kanchan')], 30)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..tiles import DRAGONS, NORTH, TERMINALS_AND_HONOURS, kind_name
from .yaku import Reading, pair_fu

if TYPE_CHECKING:
    from ..rules import Ruleset

_SET_FU = {
    # (shape, terminal or honour, concealed) -> fu
    ("triplet", False, False): 2,
    ("triplet", False, True): 4,
    ("triplet", True, False): 4,
    ("triplet", True, True): 8,
    ("kan", False, False): 8,
    ("kan", False, True): 16,
    ("kan", True, False): 16,
    ("kan", True, True): 32,
}


_SET_REASON = {
    (shape, category, concealed): f"{'closed' if concealed else 'open'}_{('', 'terminal_', 'honour_')[category]}{shape}"
    for shape in ("triplet", "kan") for category in (0, 1, 2) for concealed in (False, True)
}


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


def round_fu(raw: int) -> int:
    return -(-raw // 10) * 10


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
    key = ("fu", tsumo, seat, round_wind, rules.north_is_yakuhai)
    found = reading.memo.get(key)
    if found is None:
        found = reading.memo[key] = _fu_lines(reading, tsumo, seat, round_wind, rules)
    return found


def _fu_lines(reading: Reading, tsumo: bool, seat: int, round_wind: int, rules: Ruleset) -> tuple[tuple[FuLine, ...], int]:
    if reading.form == "chiitoitsu":
        return (FuLine(25, "chiitoitsu"),), 25
    if reading.form == "kokushi":
        return (), 0
    lines = [FuLine(20, "base")]
    extra = 0
    for g in reading.groups:
        if g.shape == "sequence":
            continue
        yaochuu = g.tile in TERMINALS_AND_HONOURS
        fu = _SET_FU[(g.shape, yaochuu, g.concealed)]
        reason = _SET_REASON[(g.shape, 2 if g.tile >= 27 else int(yaochuu), g.concealed)]
        lines.append(FuLine(fu, reason, g.tile, 4 if g.shape == "kan" else 3))
        extra += fu
    pfu = pair_fu(reading.pair, seat, round_wind, rules)
    if pfu:
        lines.append(FuLine(pfu, _pair_reason(reading.pair, seat, round_wind), reading.pair, 2))
        extra += pfu
    if reading.wait in ("kanchan", "penchan", "tanki"):
        lines.append(FuLine(2, reading.wait))
        extra += 2
    if tsumo and extra:
        lines.append(FuLine(2, "tsumo"))
        extra += 2
    if reading.closed and not tsumo:
        lines.append(FuLine(10, "closed_ron"))
        extra += 10
    if not reading.closed and extra == 0:
        lines.append(FuLine(2, "open_pinfu"))
        extra += 2
    return tuple(lines), round_fu(20 + extra)
