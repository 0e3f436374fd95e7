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
from functools import lru_cache

from ..rules import Ruleset
from ..scoring import ScoreResult, WinInput, try_score

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


def is_tenpai(counts: Sequence[int], outside: Sequence[int] | None = None) -> bool:
    """Tenpai as riichi, the exhaustive draw and nagashi judge it: the closed hand's own shape decides.

    A hand with a wait shape is tenpai even when every copy of its only wait is already in the seat's own
    kan (Tenhou pays it as tenpai and accepts the riichi); a wait on a fifth copy of a kind held four times
    in the hand is not a wait.

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> c = to_counts(parse_tiles("12456789p55s")); out = [0] * 34; out[11] = 4  # 3p in a closed kan
    >>> waits(c, out), is_tenpai(c, out)
    ((), True)
    """
    return bool(waits(counts, outside) or waits(counts))


@lru_cache(maxsize=200_000)
def _shanten_cached(counts: tuple[int, ...], outside: tuple[int, ...]) -> int:
    from ..analysis import shanten as analysis_shanten

    return analysis_shanten(list(counts), list(outside) if any(outside) else None)


def shanten(counts: Sequence[int], outside: Sequence[int] | None = None) -> int:
    """Shanten of a hand (-1 complete, 0 tenpai)."""
    return _shanten_cached(tuple(counts), tuple(outside) if outside is not None else _ZERO)


# ---- scoring ----------------------------------------------------------------


def score_win(win: WinInput, rules: Ruleset) -> ScoreResult | None:
    """The scoring engine's result for a win, or None when the hand has no yaku or is not complete."""
    return try_score(win, rules)
