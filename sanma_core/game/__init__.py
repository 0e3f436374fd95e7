"""The sanma game engine: wall, referee, actions, seat views, records.

Where things are:

- ``wall``: the seeded 108-tile wall, dead wall, replacement tiles, indicators;
- ``referee``: :class:`Game`, phases, ``legal_actions``, ``apply``, hand and game end;
- ``actions``: :class:`Action` values and :class:`IllegalActionError`;
- ``view``: :class:`SeatView`, what one seat may see;
- ``evaluation``: the one doorway to hand analysis and scoring;
- ``mjai`` / ``replay`` / ``tenhou6``: records, ``sanma replay``, tenhou.net/6;
- ``scenario``: games from constructed walls; ``simple``: policies and game loops.

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
