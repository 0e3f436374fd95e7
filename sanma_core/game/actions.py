"""Actions a seat can take, as small immutable values, and the refusal error.

One notation carries an action across every boundary (the table, the play session, saved games, the review),
as python-chess's ``Move.uci()``: :meth:`Action.to_id` writes it, :meth:`Action.from_id` reads it back.

>>> a = Action.discard(1, 13)
>>> a, str(a), a.to_id()
(Action(kind='discard', seat=1, tile=13, consumed=()), 'seat 1: discard 5p', '1:discard:5p')
>>> Action.discard(1, 13) == a == Action.from_id("1:discard:5p")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalActionError, NotationError, UnknownActionError  # noqa: F401 - IllegalActionError kept here
from ..tiles import NORTH, format_tiles, kind, parse_tile, tile_name

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
#: The last part of an action id that marks ``from_hand``.
FROM_HAND = "hand"


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

    def to_id(self) -> str:
        """The action's one notation: ``seat:kind``, then the tile, the consumed tiles joined by ``+`` and
        ``hand`` for ``from_hand`` where the action has them: ``0:discard:5p``, ``1:pon:5p:0p+5p``,
        ``2:riichi:3s:hand``, ``0:tsumo``.

        >>> [a.to_id() for a in (Action.pon(1, 13, (34, 13)), Action.riichi(2, 20, True), Action.tsumo(0))]
        ['1:pon:5p:0p+5p', '2:riichi:3s:hand', '0:tsumo']
        """
        parts = [str(self.seat), self.kind]
        if self.tile is not None:
            parts.append(tile_name(self.tile))
        if self.consumed:
            parts.append("+".join(tile_name(t) for t in self.consumed))
        if self.from_hand:
            parts.append(FROM_HAND)
        return ":".join(parts)

    @classmethod
    def from_id(cls, text: str) -> Action:
        """The action an id of :meth:`to_id` names; raises :class:`UnknownActionError` saying what is wrong.

        >>> Action.from_id("1:pon:5p:0p+5p") == Action.pon(1, 13, (34, 13))
        True
        >>> Action.from_id("3:discard:5p")
        Traceback (most recent call last):
        ...
        sanma_core.errors.UnknownActionError: action id '3:discard:5p': the seat must be 0, 1 or 2
        """
        where = f"action id {text!r}"
        if not isinstance(text, str):
            raise UnknownActionError(f"{where}: expected text such as '0:discard:5p'")
        parts = text.split(":")
        from_hand = len(parts) > 2 and parts[-1] == FROM_HAND
        if from_hand:
            parts.pop()
        if len(parts) < 2 or parts[0] not in ("0", "1", "2"):
            raise UnknownActionError(f"{where}: the seat must be 0, 1 or 2")
        seat, kind_ = int(parts[0]), parts[1]
        if kind_ not in ACTION_KINDS:
            raise UnknownActionError(f"{where}: unknown kind {kind_!r}; known: {', '.join(ACTION_KINDS)}")
        if len(parts) > 4:
            raise UnknownActionError(f"{where}: expected seat:kind[:tile][:consumed tiles][:hand]")
        try:
            tile = parse_tile(parts[2]) if len(parts) > 2 else None
            consumed = tuple(parse_tile(t) for t in parts[3].split("+")) if len(parts) > 3 else ()
        except NotationError as exc:
            raise UnknownActionError(f"{where}: {exc}") from None
        return cls(kind_, seat, tile, consumed, from_hand)

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
