"""What one seat may see: its own hand, everything public, and its legal actions.

A bot or a page gets a :class:`SeatView`; it never sees the other hands or the wall.

>>> from sanma_core.game import Game
>>> v = Game(seed=3).view(0)
>>> len(v.hand), v.drawn is not None, v.live_remaining
(14, True, 54)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..melds import Meld
from ..tiles import sort_tiles
from .actions import Action
from .state import CalledMeld, Discard, Phase

if TYPE_CHECKING:
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
    rules: Any

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
        own_turn = game.phase is Phase.TURN and game.turn == seat
        window = game._window if game.phase is Phase.RESPONSE else None
        seats = tuple(
            PublicSeat(
                s,
                game.seat_wind(s),
                game.scores[s],
                tuple(Discard(d.tile, d.tsumogiri, d.riichi, d.called) for d in game.discards[s]),
                tuple(game.melds[s]),
                game.kita[s],
                game.riichi[s],
                len(game.hands[s]),
                game.riichi_ponds[s],
            )
            for s in range(3)
        )
        return cls(
            seat=seat,
            phase=game.phase,
            turn=game.turn,
            hand=tuple(sort_tiles(game.hands[seat])),
            drawn=game.drawn if own_turn else None,
            waits=game.waits(seat),
            furiten=game.is_furiten(seat),
            seats=seats,  # type: ignore[arg-type]
            dora_indicators=tuple(game.dora_indicators()),
            round_wind=game.round_wind,
            dealer=game.dealer,
            honba=game.honba,
            sticks=game.sticks,
            live_remaining=game.live_remaining,
            last_tile=window.tile if window else None,
            last_tile_from=window.seat if window else None,
            legal_actions=tuple(game.legal_actions(seat)),
            rules=game.rules,
        )
