"""Value types of the game: phases, game modes, discards, melds with their origin, results.

>>> GameMode("tonpuusen").last_round
0
>>> GameMode("marathon")
Traceback (most recent call last):
...
sanma_core.game.state.GameModeError: unknown game length 'marathon': use tonpuusen or hanchan
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..errors import SanmaError
from ..melds import Meld

if TYPE_CHECKING:
    from ..scoring import ScoreResult, WinInput

LENGTHS = {"tonpuusen": 0, "hanchan": 1}
ROUND_NAMES = ("E", "S", "W")


class GameModeError(SanmaError):
    """A game mode that does not exist (unknown length, wrong number of names)."""


class Phase(StrEnum):
    """Where the hand stands. DEAL, DRAW and REPLACEMENT pass by on their own;
    TURN and RESPONSE wait for actions; HAND_END waits for ``next_hand()``."""

    DEAL = "deal"
    DRAW = "draw"
    TURN = "turn"  # own-turn decision
    RESPONSE = "response"  # others answer a discard, an added kan or a kita
    REPLACEMENT = "replacement"  # replacement draw after a kan or kita
    HAND_END = "hand_end"
    GAME_END = "game_end"


@dataclass(frozen=True)
class GameMode:
    """How long the game is and who plays; separate from the rules."""

    length: str = "hanchan"
    names: tuple[str, str, str] = ("Player 1", "Player 2", "Player 3")

    def __post_init__(self) -> None:
        if self.length not in LENGTHS:
            raise GameModeError(f"unknown game length {self.length!r}: use {' or '.join(LENGTHS)}")
        if len(self.names) != 3:
            raise GameModeError(f"a sanma game has 3 players, got {len(self.names)} names")

    @property
    def last_round(self) -> int:
        """Index of the last scheduled round wind (0 East, 1 South)."""
        return LENGTHS[self.length]


@dataclass(slots=True)
class Discard:
    """One tile in a discard pond."""

    tile: int
    tsumogiri: bool
    riichi: bool = False
    called: bool = False  # taken by another seat's pon or open kan


@dataclass(frozen=True, slots=True)
class CalledMeld:
    """A meld with where its tiles came from (for records and views)."""

    meld: Meld
    called: int | None = None  # the tile taken from another seat (None for a closed kan)
    source: int | None = None  # the seat it came from
    added: int | None = None  # added kan: the tile put onto the pon


@dataclass(frozen=True)
class WinResult:
    """One winner's settlement."""

    seat: int
    from_seat: int  # == seat for a tsumo
    tile: int
    tsumo: bool
    score: ScoreResult
    deltas: tuple[int, int, int]
    ura: tuple[int, ...]
    context: WinInput  # what was scored
    liable: int | None = None  # the seat liable for the win (pao), when one is
    liable_for: str | None = None  # the yakuman it is liable for


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it paid."""

    kind: str  # "win", "exhaustive_draw", "nagashi_mangan", "nine_terminals", "four_kans"
    round_wind: int
    dealer: int
    honba: int
    sticks: int  # riichi sticks on the table when the hand ended (before a win took them)
    scores_before: tuple[int, int, int]
    scores_after: tuple[int, int, int]
    deltas: tuple[int, int, int]
    dealer_repeats: bool
    wins: tuple[WinResult, ...] = ()
    tenpai: tuple[bool, bool, bool] | None = None
    nagashi: tuple[int, ...] = ()
