"""The referee: one object that owns a whole sanma game and enforces every rule.

Every rule difference is read from the :class:`~sanma_core.rules.Ruleset`;
game length and names come from :class:`~sanma_core.game.state.GameMode`.
Each seat's part of the hand is a :class:`~sanma_core.game.seat.SeatState` in ``seats``.
Legality is written once: :meth:`Game.legal_actions` lists the candidates that pass
the checks, and :meth:`Game.refusal` names the first check an action fails.
Every transition appends an mjai event (three-player dialect) to ``events``.
The checks are in :mod:`~sanma_core.game.legality`, the state changes in
:mod:`~sanma_core.game.transitions` and the payments in :mod:`~sanma_core.game.settlement`;
this module holds the state, the queries and undo.

>>> g = Game("tenhou", GameMode("tonpuusen"), seed=1)
>>> g.phase.value, g.to_act()
('turn', [0])
>>> a = next(x for x in g.legal_actions(0) if x.kind == "discard")
>>> g.apply(a)
>>> g.events[-1]["type"] in ("dahai", "tsumo")
True
>>> g.refusal(Action.tsumo(2))
"seat 2: tsumo refused: it is seat 1's turn"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import Ruleset, get_ruleset
from ..scoring.payments import Placement
from ..tiles import NORTH, sort_tiles
from .actions import Action, IllegalActionError
from .legality import UNKNOWN, Legality, ResponseWindow
from .seat import SeatState
from .settlement import Settlement
from .state import GameMode, HandResult, Phase
from .transitions import Transitions
from .view import SeatView
from .wall import Wall

KITA_EVENT_NAMES = ("nukidora", "kita")
WallFactory = Callable[["Game"], Wall]


def _per_seat(name: str) -> property:
    """A read-only tuple of one :class:`SeatState` field, seat by seat."""
    return property(lambda game: tuple(getattr(st, name) for st in game.seats),
                    doc=f"``SeatState.{name}`` of the three seats (read-only; change the seat states).")



class Snapshot:
    """A game's whole state at one moment, for :meth:`Game.restore` (undo)."""

    __slots__ = ("_state",)

    def __init__(self, state: dict[str, Any]):
        self._state = state


class Game(Legality, Transitions, Settlement):
    """A whole game between three seats.

    ``legal_actions(seat)`` lists what a seat may do now; ``apply(action)`` plays
    it or raises :class:`IllegalActionError` (the state is unchanged).
    After a hand ends (``phase`` is HAND_END) call ``next_hand()``.
    """

    seats: list[SeatState]
    # the seats' fields side by side, for reading (records, reviews, tests)
    hands = _per_seat("hand")
    counts = _per_seat("counts")
    outside = _per_seat("outside")
    melds = _per_seat("melds")
    kita = _per_seat("kita")
    discards = _per_seat("discards")
    discarded_kinds = _per_seat("discarded_kinds")
    riichi = _per_seat("riichi")
    riichi_ponds = _per_seat("riichi_pond")
    double_riichi = _per_seat("double_riichi")
    ippatsu = _per_seat("ippatsu")
    temp_furiten = _per_seat("temp_furiten")
    riichi_furiten = _per_seat("riichi_furiten")
    first_turn = _per_seat("first_turn")

    def __init__(
        self,
        rules: str | Ruleset | None = None,
        mode: GameMode | None = None,
        seed: int | str = 0,
        *,
        wall_factory: WallFactory | None = None,
        kita_event: str = "nukidora",
        scores: list[int] | None = None,
        round_wind: int = 0,
        dealer: int = 0,
        honba: int = 0,
        sticks: int = 0,
    ):
        self._init_args = {
            "rules": rules, "mode": mode, "seed": seed, "wall_factory": wall_factory, "kita_event": kita_event,
            "scores": list(scores) if scores is not None else None, "round_wind": round_wind, "dealer": dealer,
            "honba": honba, "sticks": sticks,
        }
        #: Every applied action in order; None marks a ``next_hand()``.
        self.history: list[Action | None] = []
        self.rules = get_ruleset(rules)
        self.mode = mode or GameMode()
        self.seed = seed
        if kita_event not in KITA_EVENT_NAMES:
            raise ValueError(f"kita_event must be 'nukidora' or 'kita', got {kita_event!r}")
        self.kita_event = kita_event
        self._wall_factory = wall_factory
        self.scores = list(scores) if scores is not None else [self.rules.start_points] * 3
        if len(self.scores) != 3:
            raise ValueError(f"scores needs 3 entries, got {len(self.scores)}")
        self.round_wind = round_wind
        self.dealer = dealer
        self.honba = honba
        self.sticks = sticks
        self.hand_index = 0
        self.events: list[dict[str, Any]] = []
        self.results: list[HandResult] = []
        self.placement: list[Placement] | None = None
        self.result: HandResult | None = None
        self._next: tuple[int, int] | None = None
        self._emit({"type": "start_game", "names": list(self.mode.names), "game_length": self.mode.length})
        self._start_hand()

    # ==== public queries =====================================================

    def to_act(self) -> list[int]:
        """Seats that must act now."""
        if self.phase is Phase.TURN:
            return [self.turn]
        if self.phase is Phase.RESPONSE:
            w = self._window
            return [s for s in w.options if s not in w.answers]
        return []

    @property
    def window(self) -> ResponseWindow | None:
        """The open response window (the tile being answered), or None outside a response."""
        return self._window if self.phase is Phase.RESPONSE else None

    def is_over(self) -> bool:
        return self.phase is Phase.GAME_END

    @property
    def live_remaining(self) -> int:
        return self.wall.live_remaining

    def dora_indicators(self) -> list[int]:
        return [self.wall.dora_indicator(i) for i in range(self.dora_revealed)]

    def ura_indicators(self) -> list[int]:
        return [self.wall.ura_indicator(i) for i in range(self.dora_revealed)]

    def seat_wind(self, seat: int) -> int:
        """0 East, 1 South, 2 West."""
        return (seat - self.dealer) % 3

    def waits(self, seat: int) -> tuple[int, ...]:
        """Kinds completing the seat's hand as it stands between draws (13-tile size)."""
        return self.seats[seat].waits

    def is_furiten(self, seat: int) -> bool:
        return self.seats[seat].furiten()

    def riichi_against(self, seat: int) -> bool:
        """Whether an opponent of ``seat`` has declared riichi."""
        return any(self.riichi[o] for o in range(3) if o != seat)

    def tile_census(self) -> list[int]:
        """Every physical tile, wherever it is (hands, melds, kita, ponds, wall); always all 108."""
        tiles = [t for st in self.seats for t in st.hand]
        tiles += [t for st in self.seats for cm in st.melds for t in cm.meld.tiles]
        tiles += [NORTH] * sum(st.kita for st in self.seats)
        tiles += [d.tile for st in self.seats for d in st.discards if not d.called]
        return tiles + self.wall.undrawn()

    def events_for(self, seat: int, start: int = 0) -> list[dict[str, Any]]:
        """The mjai events from ``start`` as ``seat`` sees them (others' draws and hands hidden)."""
        from .mjai import mask_event

        return [mask_event(e, seat) for e in self.events[start:]]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, with its legal actions."""
        window = self.window
        return SeatView(
            seat=seat,
            phase=self.phase,
            turn=self.turn,
            hand=tuple(sort_tiles(self.seats[seat].hand)),
            drawn=self.drawn if self.phase is Phase.TURN and self.turn == seat else None,
            waits=self.seats[seat].waits,
            furiten=self.seats[seat].furiten(),
            seats=tuple(st.public(s, self.seat_wind(s), self.scores[s]) for s, st in enumerate(self.seats)),  # type: ignore[arg-type]
            dora_indicators=tuple(self.dora_indicators()),
            round_wind=self.round_wind,
            dealer=self.dealer,
            honba=self.honba,
            sticks=self.sticks,
            live_remaining=self.wall.live_remaining,
            last_tile=window.tile if window else None,
            last_tile_from=window.seat if window else None,
            legal_actions=tuple(self.legal_actions(seat)),
            rules=self.rules,
        )

    # ==== applying actions ===================================================

    def apply(self, action: Action) -> None:
        """Play a legal action; raise :class:`IllegalActionError` saying why otherwise."""
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.history.append(action)
        if self.phase is Phase.TURN:
            self._apply_turn(action)
        else:
            self._answer(action)

    def snapshot(self) -> Snapshot:
        """The whole state now; :meth:`restore` brings it back (undo without re-playing).

        The wall's draw position is kept; a scripted wall's own queues (record import) are not.
        """
        return Snapshot(self._copied_state(self.__dict__))

    def restore(self, snapshot: Snapshot) -> None:
        """Return to a :meth:`snapshot` of this game (the snapshot stays usable)."""
        self.__dict__.update(self._copied_state(snapshot._state))

    @staticmethod
    def _copied_state(state: dict[str, Any]) -> dict[str, Any]:
        """A copy of the attributes deep enough that playing on changes nothing in it.
        Events, results and actions are never changed once made, so the lists are copied, not their items."""
        out = dict(state)
        out["seats"] = [st.copy() for st in state["seats"]]
        for name in ("scores", "events", "results", "history"):
            out[name] = list(state[name])
        out["placement"] = list(state["placement"]) if state["placement"] is not None else None
        out["wall"] = state["wall"].copy()
        out["kan_seats"] = set(state["kan_seats"])
        out["_window"] = state["_window"].copy() if state["_window"] is not None else None
        out["_turn_cache"] = None
        out["_riichi_cache"] = UNKNOWN
        out["_tenpai_cache"] = None
        out["_win_cache"] = dict(state["_win_cache"])
        return out

    def rewound(self, steps: int = 1) -> Game:
        """A new game at the state before the last ``steps`` entries of ``history``, re-played from the start.

        The walls come from the same seed or wall factory, so re-playing gives the same state.
        (Undo in play uses :meth:`snapshot` and :meth:`restore` instead.)
        """
        if not 0 <= steps <= len(self.history):
            raise IllegalActionError(f"cannot go back {steps} steps: {len(self.history)} were played")
        game = Game(**self._init_args)
        for entry in self.history[: len(self.history) - steps]:
            if entry is None:
                game.next_hand()
            else:
                game.apply(entry)
        return game

    def next_hand(self) -> None:
        """Deal the next hand after a hand has ended."""
        if self.phase is not Phase.HAND_END:
            raise IllegalActionError(f"next_hand: the current hand is not over (phase {self.phase.value})")
        self.history.append(None)
        self.round_wind, self.dealer = self._next
        self.hand_index += 1
        self._start_hand()


__all__ = ["KITA_EVENT_NAMES", "Game", "ResponseWindow", "Snapshot", "WallFactory"]
