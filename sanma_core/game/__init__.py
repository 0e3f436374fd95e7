"""The sanma game engine: wall, referee, actions, seat views, records.

Where things are:

- ``wall``: the seeded 108-tile wall, dead wall, replacement tiles, indicators;
- ``referee``: :class:`Game`, phases, ``legal_actions``, ``refusal``, ``apply``, snapshots, hand and game end;
- ``seat``: :class:`SeatState`, one seat's part of the hand inside the referee;
- ``actions``: :class:`Action` values and :class:`IllegalActionError`;
- ``view``: :class:`SeatView`, what one seat may see;
- ``evaluation``: the one doorway to hand analysis and scoring;
- ``mjai`` / ``replay`` / ``tenhou6``: records, ``sanma replay``, tenhou.net/6;
- ``players``: the player interface (``decide(view, legal) -> Decision``) and :func:`run`, the one game loop;
- ``scenario``: games from constructed walls; ``simple``: quick players and ``play``.

>>> from sanma_core.game import Game, GameMode, play_random_game
>>> g = play_random_game("tenhou", GameMode("tonpuusen"), seed=5)
>>> g.is_over(), sum(p.points for p in g.placement)
(True, 105000)
"""

from .actions import Action, IllegalActionError
from .players import Decision, Move, Player, run
from .referee import Game, ResponseWindow, Snapshot
from .seat import SeatState
from .simple import play_random_game, random_policy
from .state import CalledMeld, Discard, GameMode, GameModeError, HandResult, Phase, WinResult
from .view import SeatView
from .wall import Wall, WallError

__all__ = [
    "Action",
    "CalledMeld",
    "Decision",
    "Discard",
    "Game",
    "GameMode",
    "GameModeError",
    "HandResult",
    "IllegalActionError",
    "Move",
    "Phase",
    "Player",
    "ResponseWindow",
    "SeatState",
    "SeatView",
    "Snapshot",
    "WinResult",
    "Wall",
    "WallError",
    "play_random_game",
    "random_policy",
    "run",
]
