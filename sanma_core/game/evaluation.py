"""The game's single doorway to hand analysis and scoring.

The referee asks three questions: the waits of a 13-tile-sized hand, whether a
hand is complete, and what a win is worth. They are answered by
:mod:`sanma_core.analysis` and :mod:`sanma_core.scoring`; answers are memoised
per hand state because bots and simulations ask them on every turn.

>>> from sanma_core.tiles import parse_tiles, to_counts, kind_name
>>> [kind_name(k) for k in waits(to_counts(parse_tiles("123456789p1122s")))]
['1s', '2s']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..melds import Meld
from ..rules import Ruleset

# ---- waits ----------------------------------------------------------------


@lru_cache(maxsize=200_000)
def _waits_cached(counts: tuple[int, ...], outside: tuple[int, ...]) -> tuple[int, ...]:
    from ..analysis import waits as analysis_waits

    if _shanten_cached(counts, outside) > 0:
        return ()
    return tuple(sorted(analysis_waits(list(counts), list(outside) if any(outside) else None)))


_ZERO = (0,) * 34


def waits(counts: Sequence[int], outside: Sequence[int] | None = None) -> tuple[int, ...]:
    """Kinds that complete a 13-tile-sized hand; kinds held four times are never waits."""
    return _waits_cached(tuple(counts), tuple(outside) if outside is not None else _ZERO)


@lru_cache(maxsize=200_000)
def _shanten_cached(counts: tuple[int, ...], outside: tuple[int, ...]) -> int:
    from ..analysis import shanten as analysis_shanten

    return analysis_shanten(list(counts), list(outside) if any(outside) else None)


def shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Shanten of a hand (-1 complete, 0 tenpai)."""
    return _shanten_cached(tuple(counts), tuple(outside) if outside is not None else _ZERO)


# ---- scoring ----------------------------------------------------------------


@dataclass(frozen=True)
class WinContext:
    """Everything the game knows about a win, in the game's own terms."""

    hand: tuple[int, ...]  # concealed tiles including the winning tile
    win: int
    melds: tuple[Meld, ...] = ()
    kita: int = 0
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0  # 0 East, 1 South, 2 West
    round_wind: int = 0
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0


WIND_NAMES = ("E", "S", "W")


def _win_input(ctx: WinContext) -> Any:
    from ..scoring import WinInput

    return WinInput(
        hand=list(ctx.hand),
        win=ctx.win,
        melds=list(ctx.melds),
        kita=ctx.kita,
        tsumo=ctx.tsumo,
        riichi=ctx.riichi or ctx.double_riichi,
        double_riichi=ctx.double_riichi,
        ippatsu=ctx.ippatsu,
        rinshan=ctx.rinshan,
        chankan=ctx.chankan,
        haitei=ctx.haitei,
        houtei=ctx.houtei,
        tenhou=ctx.tenhou,
        chiihou=ctx.chiihou,
        seat=WIND_NAMES[ctx.seat_wind],
        round=WIND_NAMES[ctx.round_wind],
        dora=list(ctx.dora),
        ura=list(ctx.ura),
        honba=ctx.honba,
        sticks=ctx.sticks,
    )


def score_win(ctx: WinContext, rules: Ruleset) -> Any | None:
    """The scoring engine's result for a win, or None when the hand has no yaku or is not complete."""
    from ..scoring import try_score

    return try_score(_win_input(ctx), rules)
