"""Scoring: readings, yaku, fu, dora, limits and payments, with explanations as data.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.tiles import parse_tile, parse_tiles
>>> r = score_hand(WinInput(tuple(parse_tiles("11m999m111p999p111s")), parse_tile("1m"), tsumo=True),
...                load_preset())
>>> r.yakuman, [y for y, _ in r.yaku]
(2, ['suuankou_tanki', 'chinroutou'])
"""

from .errors import ContradictionError, IncompleteHandError, NotationError, NoYakuError, ScoringError, WinTileError
from .hand import ScoreResult, WinInput, score_hand, try_score
from .request import score_request
from .shapes import can_win, is_winning_shape
from .yaku import CATALOGUE, YAKU, Catalogue, Yaku

__all__ = [
    "CATALOGUE",
    "YAKU",
    "Catalogue",
    "ContradictionError",
    "IncompleteHandError",
    "NoYakuError",
    "NotationError",
    "ScoreResult",
    "ScoringError",
    "WinInput",
    "WinTileError",
    "Yaku",
    "can_win",
    "is_winning_shape",
    "score_hand",
    "score_request",
    "try_score",
]
