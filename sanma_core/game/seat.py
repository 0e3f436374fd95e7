"""One seat's part of a hand, as the referee keeps it: tiles, melds, pond, riichi and furiten.

The referee holds one :class:`SeatState` per seat; a :class:`~sanma_core.game.view.PublicSeat`
(what everyone sees) is made from it by :meth:`SeatState.public`.

>>> from sanma_core.tiles import parse_tiles, kind_name
>>> st = SeatState.dealt(parse_tiles("123456789p1122s"))
>>> [kind_name(k) for k in st.waits], st.furiten()
(['1s', '2s'], False)
>>> st.add(parse_tiles("3s")[0]); st.take(parse_tiles("1s")); st.refresh_waits(); [kind_name(k) for k in st.waits]
['2s']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..tiles import kind, to_counts
from . import evaluation
from .state import CalledMeld, Discard
from .view import PublicSeat


def _zeros() -> list[int]:
    return [0] * 34


@dataclass(slots=True, eq=False)
class SeatState:
    """Everything the referee tracks about one seat during a hand."""

    hand: list[int]
    counts: list[int] = field(default_factory=_zeros)  # the hand by kind
    outside: list[int] = field(default_factory=_zeros)  # kinds set aside in melds and kita (for the waits)
    melds: list[CalledMeld] = field(default_factory=list)
    kita: int = 0
    discards: list[Discard] = field(default_factory=list)
    discarded_kinds: set[int] = field(default_factory=set)
    riichi: bool = False
    riichi_pond: tuple[int, int, int] | None = None  # the three ponds' sizes just after the riichi discard
    double_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False  # a winning tile passed this go-around
    riichi_furiten: bool = False  # a winning tile passed under riichi
    first_turn: bool = True  # no discard made yet this hand
    waits: tuple[int, ...] = ()  # kinds completing the hand between draws
    _pond: tuple[Discard, ...] | None = field(default=None, init=False, repr=False)  # the public copy of discards

    @classmethod
    def dealt(cls, hand: Iterable[int]) -> SeatState:
        """A seat holding its starting hand."""
        tiles = list(hand)
        seat = cls(tiles, to_counts(tiles))
        seat.refresh_waits()
        return seat

    # ---- queries -------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return any(cm.meld.is_open for cm in self.melds)

    def furiten(self) -> bool:
        """Furiten for any reason: passed under riichi, passed this go-around, or a wait among the own discards."""
        if self.riichi_furiten or self.temp_furiten:
            return True
        done = self.discarded_kinds
        return any(k in done for k in self.waits)

    def holds(self, tiles: Iterable[int]) -> bool:
        """Every one of ``tiles`` is in the hand (as many copies as listed)."""
        wanted = list(tiles)
        return all(self.hand.count(t) >= wanted.count(t) for t in set(wanted))

    def pond(self) -> tuple[Discard, ...]:
        """The discards as they stand now, copied (a later call marks a discard in ``discards``)."""
        if self._pond is None:
            self._pond = tuple(Discard(d.tile, d.tsumogiri, d.riichi, d.called) for d in self.discards)
        return self._pond

    def public(self, seat: int, wind: int, score: int) -> PublicSeat:
        """What everyone knows about this seat."""
        return PublicSeat(
            seat,
            wind,
            score,
            self.pond(),
            tuple(self.melds),
            self.kita,
            self.riichi,
            len(self.hand),
            self.riichi_pond,
        )

    # ---- changes ---------------------------------------------------------------

    def add(self, tile: int) -> None:
        self.hand.append(tile)
        self.counts[kind(tile)] += 1

    def take(self, tiles: Iterable[int]) -> None:
        hand, counts = self.hand, self.counts
        for t in tiles:
            hand.remove(t)
            counts[kind(t)] -= 1

    def discard(self, tile: int, tsumogiri: bool, riichi: bool) -> None:
        """Put ``tile`` (already taken from the hand) into the pond."""
        self.discards.append(Discard(tile, tsumogiri, riichi))
        self.discarded_kinds.add(kind(tile))
        self._pond = None

    def mark_last_called(self) -> None:
        """The last discard was taken by another seat's call."""
        self.discards[-1].called = True
        self._pond = None

    def refresh_waits(self) -> None:
        self.waits = evaluation.waits(self.counts, self.outside)

    def copy(self) -> SeatState:
        """An independent copy (for snapshots)."""
        return SeatState(
            list(self.hand),
            list(self.counts),
            list(self.outside),
            list(self.melds),
            self.kita,
            [Discard(d.tile, d.tsumogiri, d.riichi, d.called) for d in self.discards],
            set(self.discarded_kinds),
            self.riichi,
            self.riichi_pond,
            self.double_riichi,
            self.ippatsu,
            self.temp_furiten,
            self.riichi_furiten,
            self.first_turn,
            self.waits,
        )
