"""The sanma game engine: wall, referee, actions, seat views, records.

>>> from sanma_core.game import Game, GameMode, play_random_game
>>> g = play_random_game("tenhou", GameMode("tonpuusen"), seed=5)
>>> g.is_over(), sum(p.points for p in g.placement)
(True, 105000)
"""

from .actions import Action, IllegalActionError
from .referee import Game
from .simple import play_random_game, random_policy
from .state import CalledMeld, Discard, GameMode, GameModeError, HandResult, Phase, WinResult
from .view import SeatView
from .wall import Wall, WallError

__all__ = [
    "Action",
    "CalledMeld",
    "Discard",
    "Game",
    "GameMode",
    "GameModeError",
    "HandResult",
    "IllegalActionError",
    "Phase",
    "SeatView",
    "WinResult",
    "Wall",
    "WallError",
    "play_random_game",
    "random_policy",
]
