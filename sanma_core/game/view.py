"""What one seat may see: its own hand, everything public, and its legal actions.

A bot or a page gets a :class:`SeatView` from :meth:`Game.view <sanma_core.game.referee.Game.view>`,
which builds it from the referee's seat states; it never sees the other hands or the wall.

>>> from sanma_core.game import Game
>>> v = Game(seed=3).view(0)
>>> len(v.hand), v.drawn is not None, v.live_remaining
(14, True, 54)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..melds import Meld
from .actions import Action
from .state import CalledMeld, Discard, Phase

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .referee import Game


@dataclass(frozen=True)
class PublicSeat:
    """What everyone knows about one seat."""

    seat: int
    wind: int  # 0 East, 1 South, 2 West
    score: int
    discards: tuple[Discard, ...]
    melds: tuple[CalledMeld, ...]
    kita: int
    riichi: bool
    hand_size: int
    riichi_ponds: tuple[int, int, int] | None = None  # the three ponds' sizes just after this seat's riichi discard


@dataclass(frozen=True)
class SeatView:
    """The game as ``seat`` sees it."""

    seat: int
    phase: Phase
    turn: int
    hand: tuple[int, ...]  # sorted, the drawn tile included
    drawn: int | None  # the tile just drawn, if it is this seat's turn after a draw
    waits: tuple[int, ...]  # own waits between draws (kinds)
    furiten: bool
    seats: tuple[PublicSeat, PublicSeat, PublicSeat]
    dora_indicators: tuple[int, ...]
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    live_remaining: int
    last_tile: int | None  # the tile being answered in a response window
    last_tile_from: int | None
    legal_actions: tuple[Action, ...]
    rules: Ruleset

    @property
    def melds(self) -> tuple[Meld, ...]:
        return tuple(cm.meld for cm in self.seats[self.seat].melds)

    @property
    def kita(self) -> int:
        return self.seats[self.seat].kita

    @property
    def score(self) -> int:
        return self.seats[self.seat].score

    @classmethod
    def of(cls, game: Game, seat: int) -> SeatView:
        """The same as ``game.view(seat)``."""
        return game.view(seat)
