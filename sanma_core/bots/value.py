"""Hand value for the hard bot: a quick han estimate, and exact tenpai values from the scorer.

Tenpai values ask :func:`sanma_core.scoring.try_score` for every wait, by ron
and by tsumo (tsumo loss makes the two differ), with and without riichi.

>>> from sanma_core.game import Game
>>> from sanma_core.bots.table import read_table
>>> estimate_han(read_table(Game(seed=3).view(0))) >= 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..melds import Meld
from ..scoring import WinInput, try_score
from ..tiles import EAST, NORTH, kind

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .table import Table

# rough shares of wins by self-draw (riichi makes the others fold)
TSUMO_SHARE_DAMA = 0.45
TSUMO_SHARE_RIICHI = 0.6
RIICHI_EXTRA = 1.2  # ura dora and ippatsu on top of the riichi han


def estimate_han(table: Table) -> float:
    """Han the hand is likely to carry: dora, red fives, kita, yakuhai, and riichi for a closed hand."""
    c = table.counts
    han = float(table.reds)
    for k, d in enumerate(table.dora):
        if d:
            han += d * (c[k] + table.outside[k])
    han += table.view.kita * (1 + table.dora[NORTH])
    for k in table.yakuhai:
        held = c[k] + table.outside[k]
        if held >= 3:
            han += 1
        elif held == 2:
            han += 0.5
    if not table.is_open:
        han += 1
    return han


@dataclass(frozen=True)
class TenpaiValue:
    """Expected points of a tenpai hand per winning tile, weighted by live copies."""

    dama: float  # 0 when the hand cannot win by ron without riichi
    riichi: float
    dama_ron_ok: bool
    live: int


@lru_cache(maxsize=200_000)
def _score(hand: tuple[int, ...], win: int, melds: tuple[Meld, ...], kita: int, tsumo: bool, riichi: bool,
           seat: int, round_wind: int, dora: tuple[int, ...], rules: Ruleset) -> int:
    try:
        result = try_score(
            WinInput(hand=hand, win=win, melds=melds, kita=kita, tsumo=tsumo, riichi=riichi,
                     seat=seat, round=round_wind, dora=dora),
            rules,
        )
    except ValueError:
        return 0
    return result.total if result is not None else 0


def tenpai_value(table: Table, hand13: Sequence[int], waits: Sequence[int]) -> TenpaiValue:
    """Weighted value of a 13-tile-sized hand waiting on ``waits``, dama and with riichi."""
    v = table.view
    seat = EAST + (v.seat - v.dealer) % 3
    round_wind = EAST + v.round_wind
    melds = v.melds
    dora = tuple(v.dora_indicators)
    base = tuple(sorted(hand13))
    dama = riichi = 0.0
    live_total = 0
    ron_ok = True
    for w in waits:
        live = table.live(w)
        if not live:
            continue
        live_total += live
        hand = tuple(sorted((*base, w), key=kind))
        args = (melds, v.kita)
        ron = _score(hand, w, *args, False, False, seat, round_wind, dora, v.rules)
        tsumo = _score(hand, w, *args, True, False, seat, round_wind, dora, v.rules)
        if not ron:
            ron_ok = False
        dama += live * ((1 - TSUMO_SHARE_DAMA) * ron + TSUMO_SHARE_DAMA * tsumo)
        if not melds or all(not m.is_open for m in melds):
            r_ron = _score(hand, w, *args, False, True, seat, round_wind, dora, v.rules)
            r_tsumo = _score(hand, w, *args, True, True, seat, round_wind, dora, v.rules)
            riichi += live * RIICHI_EXTRA * ((1 - TSUMO_SHARE_RIICHI) * r_ron + TSUMO_SHARE_RIICHI * r_tsumo)
    if live_total:
        dama /= live_total
        riichi /= live_total
    return TenpaiValue(dama, riichi, ron_ok and live_total > 0, live_total)


def tenpai_worth(table: Table, hand13: Sequence[int], waits: Sequence[int]) -> float:
    """Points a tenpai hand can expect, times its live winning tiles (the better of riichi and dama when closed).

    Zero for waits that give no yaku. Compares tenpai shapes by size and value at once.
    """
    value = tenpai_value(table, hand13, waits)
    closed = all(not m.is_open for m in table.view.melds)
    per_tile = max(value.riichi, value.dama if value.dama_ron_ok else 0.0) if closed else value.dama
    return per_tile * value.live
