"""Actions a seat can take, as small immutable values, and the refusal error.

>>> a = Action.discard(1, 13)
>>> a, str(a)
(Action(kind='discard', seat=1, tile=13, consumed=()), 'seat 1: discard 5p')
>>> Action.discard(1, 13) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalActionError  # noqa: F401 - the game's error for an illegal action, kept here
from ..tiles import NORTH, format_tiles, kind, tile_name

DISCARD = "discard"
RIICHI = "riichi"  # declare riichi and discard ``tile`` in one step
TSUMO = "tsumo"
RON = "ron"
PON = "pon"
MINKAN = "minkan"  # open kan on a discard
KAKAN = "kakan"  # added kan: a fourth tile onto an own pon
ANKAN = "ankan"  # closed kan
KITA = "kita"  # set a North aside
ABORT = "nine_terminal_abort"
PASS = "pass"

ACTION_KINDS = (DISCARD, RIICHI, TSUMO, RON, PON, MINKAN, KAKAN, ANKAN, KITA, ABORT, PASS)
#: Actions taken on one's own turn; the others answer someone else's tile.
TURN_KINDS = frozenset({DISCARD, RIICHI, TSUMO, KAKAN, ANKAN, KITA, ABORT})
RESPONSE_KINDS = frozenset({RON, PON, MINKAN, PASS})



@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat.

    ``tile`` is a physical tile (red fives distinct): the discard, the called or
    won tile, the tile added to a pon, or the kan's tile; ``consumed`` are the
    tiles taken from the hand for pon, open kan and closed kan. ``from_hand``
    marks a discard (or riichi discard) of a tile from the hand that is the same
    tile as the one just drawn: not tsumogiri, as records such as Tenhou's and
    mjai's can say.
    """

    kind: str
    seat: int
    tile: int | None = None
    consumed: tuple[int, ...] = ()
    from_hand: bool = field(default=False, repr=False)

    def __str__(self) -> str:
        text = f"seat {self.seat}: {self.kind.replace('_', ' ')}"
        if self.tile is not None and self.kind not in (ANKAN, KITA):
            text += f" {tile_name(self.tile)}"
        if self.consumed:
            text += f" with {format_tiles(self.consumed)}"
        return text

    @classmethod
    def discard(cls, seat: int, tile: int, from_hand: bool = False) -> Action:
        """Discard ``tile``; ``from_hand`` keeps the drawn tile and discards an identical one from the hand."""
        return cls(DISCARD, seat, tile, (), from_hand)

    @classmethod
    def riichi(cls, seat: int, tile: int, from_hand: bool = False) -> Action:
        """Declare riichi and discard ``tile`` (``from_hand`` as for :meth:`discard`)."""
        return cls(RIICHI, seat, tile, (), from_hand)

    def plain(self) -> Action:
        """The same decision without the ``from_hand`` mark (the form legal_actions lists)."""
        return Action(self.kind, self.seat, self.tile, self.consumed) if self.from_hand else self

    @classmethod
    def tsumo(cls, seat: int) -> Action:
        return cls(TSUMO, seat)

    @classmethod
    def ron(cls, seat: int, tile: int) -> Action:
        return cls(RON, seat, tile)

    @classmethod
    def pon(cls, seat: int, tile: int, consumed: tuple[int, int]) -> Action:
        return cls(PON, seat, tile, tuple(consumed))

    @classmethod
    def minkan(cls, seat: int, tile: int, consumed: tuple[int, int, int]) -> Action:
        return cls(MINKAN, seat, tile, tuple(consumed))

    @classmethod
    def kakan(cls, seat: int, tile: int) -> Action:
        return cls(KAKAN, seat, tile)

    @classmethod
    def ankan(cls, seat: int, consumed: tuple[int, int, int, int]) -> Action:
        return cls(ANKAN, seat, kind(consumed[0]), tuple(consumed))

    @classmethod
    def kita(cls, seat: int) -> Action:
        return cls(KITA, seat, NORTH)

    @classmethod
    def nine_terminal_abort(cls, seat: int) -> Action:
        return cls(ABORT, seat)

    @classmethod
    def pass_(cls, seat: int) -> Action:
        return cls(PASS, seat)
