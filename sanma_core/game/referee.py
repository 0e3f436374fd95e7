"""The referee: one object that owns a whole sanma game and enforces every rule.

Every rule difference is read from the :class:`~sanma_core.rules.Ruleset`;
game length and names come from :class:`~sanma_core.game.state.GameMode`.
Each seat's part of the hand is a :class:`~sanma_core.game.seat.SeatState` in ``seats``.
Legality is written once: :meth:`Game.legal_actions` lists the candidates that pass
the checks, and :meth:`Game.refusal` names the first check an action fails.
Every transition appends an mjai event (three-player dialect) to ``events``.

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

from collections.abc import Callable, Iterator
from typing import Any

from ..melds import make_meld
from ..rules import Ruleset, get_ruleset
from ..scoring import ScoreResult, WinInput
from ..scoring.payments import Placement, final_placement, nagashi_payments, noten_payments, win_deltas
from ..tiles import EAST, NORTH, TERMINALS_AND_HONOURS, kind, kind_name, sort_tiles, tile_name, to_mjai
from . import evaluation
from .actions import (
    ABORT,
    ANKAN,
    DISCARD,
    KAKAN,
    KITA,
    MINKAN,
    PASS,
    PON,
    RESPONSE_KINDS,
    RIICHI,
    RON,
    TSUMO,
    TURN_KINDS,
    Action,
    IllegalActionError,
)
from .liability import pao_deltas, pao_of
from .seat import SeatState
from .state import ROUND_NAMES, CalledMeld, GameMode, HandResult, Phase, WinResult
from .view import SeatView
from .wall import Wall

KITA_EVENT_NAMES = ("nukidora", "kita")
_UNKNOWN = object()  # a per-turn cache not filled yet
WallFactory = Callable[["Game"], Wall]


def _mjai_list(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [to_mjai(t) for t in tiles]


def _per_seat(name: str) -> property:
    """A read-only tuple of one :class:`SeatState` field, seat by seat."""
    return property(lambda game: tuple(getattr(st, name) for st in game.seats),
                    doc=f"``SeatState.{name}`` of the three seats (read-only; change the seat states).")


_WINDOW_NAMES = {"discard": "a discard", "kakan": "an added kan", "ankan": "a closed kan", "kita": "a kita"}
#: The yaku that may rob a closed kan where the ruleset allows it.
KOKUSHI_YAKU = frozenset({"kokushi", "kokushi_13"})


class ResponseWindow:
    """A response window: who may answer which tile, and the answers so far."""

    __slots__ = ("kind", "seat", "tile", "options", "answers")

    def __init__(self, kind_: str, seat: int, tile: int):
        self.kind = kind_  # "discard", "kakan", "ankan" (robbed only by thirteen orphans) or "kita"
        self.seat = seat
        self.tile = tile
        self.options: dict[int, list[Action]] = {}  # seat → its legal answers
        self.answers: dict[int, Action] = {}

    def copy(self) -> ResponseWindow:
        other = ResponseWindow(self.kind, self.seat, self.tile)
        other.options = {s: list(opts) for s, opts in self.options.items()}
        other.answers = dict(self.answers)
        return other


class Snapshot:
    """A game's whole state at one moment, for :meth:`Game.restore` (undo)."""

    __slots__ = ("_state",)

    def __init__(self, state: dict[str, Any]):
        self._state = state


class Game:
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

    # ==== legality: listed and explained by the same checks ==================

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not asked)."""
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                refuse = self._turn_refusal
                self._turn_cache = [Action(k, seat, t, c) for k, t, c in self._turn_candidates(seat)
                                    if refuse(seat, k, t, c) is None]
            return self._turn_cache
        if self.phase is Phase.RESPONSE:
            w = self._window
            if seat in w.answers:
                return []
            return w.options.get(seat, [])
        return []

    def refusal(self, action: Any) -> str | None:
        """None when :meth:`apply` would play ``action`` now; otherwise a sentence saying why not."""
        if not isinstance(action, Action):
            return f"not an action: {action!r}"
        a = action.plain()
        if a not in self.legal_actions(a.seat):
            return f"{a} refused: {self._why_not(a) or 'not among the legal actions now'}"
        if action.from_hand:
            return self._from_hand_refusal(action)
        return None

    def _why_not(self, a: Action) -> str | None:
        """The first check ``a`` fails: who may act in this phase, then the checks of its kind."""
        if a.seat not in (0, 1, 2):
            return f"there is no seat {a.seat}"
        if self.phase is Phase.GAME_END:
            return "the game is over"
        if self.phase is Phase.HAND_END:
            return "the hand is over; call next_hand()"
        if self.phase is Phase.RESPONSE:
            w = self._window
            if a.seat == w.seat:
                return "a seat cannot answer its own tile"
            if a.seat in w.answers:
                return f"seat {a.seat} has already answered"
            if a.seat not in w.options:
                return f"seat {a.seat} has nothing to answer to {tile_name(w.tile)}"
            if a.kind not in RESPONSE_KINDS:
                return f"seats {self.to_act()} must answer the {w.kind} of {tile_name(w.tile)} first"
            return self._response_refusal(w, a.seat, a.kind, a.tile, a.consumed)
        if a.seat != self.turn:
            return f"it is seat {self.turn}'s turn"
        if a.kind in RESPONSE_KINDS:
            return "there is no tile to answer: it is this seat's own turn"
        if a.kind not in TURN_KINDS:
            return None
        return self._turn_refusal(a.seat, a.kind, a.tile, a.consumed)

    # ---- own turn ----------------------------------------------------------
    # Candidates and checks take an action's parts (kind, tile, consumed): an Action is made only for
    # the candidates that pass.

    def _turn_candidates(self, s: int) -> Iterator[tuple[str, int | None, tuple[int, ...]]]:
        """Every own-turn action the hand's tiles could make, in the order ``legal_actions`` lists them."""
        st = self.seats[s]
        hand, c = st.hand, st.counts
        distinct = sort_tiles(set(hand))
        yield TSUMO, None, ()
        yield ABORT, None, ()
        if 4 in c:
            for k in sorted({kind(t) for t in hand if c[kind(t)] == 4}):
                yield ANKAN, k, tuple(sort_tiles(t for t in hand if kind(t) == k))
        for cm in st.melds:
            if cm.meld.kind == "pon":
                yield from ((KAKAN, t, ()) for t in distinct if kind(t) == cm.meld.tile_kind)
        yield KITA, NORTH, ()
        for t in distinct:
            yield DISCARD, t, ()
        if self._riichi_block(s) is None:  # the checks below, asked once for the whole turn
            tenpai = self._tenpai_discards(s)
            for t in distinct:
                if kind(t) in tenpai:
                    yield RIICHI, t, ()

    def _turn_refusal(self, s: int, k: str, t: int | None, consumed: tuple[int, ...]) -> str | None:
        """None when the own-turn action (kind ``k``, ``t``, ``consumed``) of the seat to move is legal;
        otherwise why not."""
        st = self.seats[s]
        drawn = self.drawn
        if k in (DISCARD, RIICHI):
            if t is None or t not in st.hand:
                return f"{tile_name(t) if t is not None else 'no tile'} is not in the hand"
            if st.riichi:
                if k == RIICHI:
                    return "already in riichi"
                return None if t == drawn else "under riichi only the drawn tile may be discarded"
            if self.kuikae is not None and kind(t) == self.kuikae:
                return f"swap-calling: {kind_name(self.kuikae)} cannot be discarded right after calling it"
            if k == RIICHI:
                block = self._riichi_block(s)
                if block is not None:
                    return block
                if kind(t) not in self._tenpai_discards(s):
                    return f"the hand is not tenpai after discarding {tile_name(t)}"
            return None
        rules = self.rules
        c = st.counts
        if k == TSUMO:
            if drawn is None:
                return "no tile was drawn (after a pon the seat must discard)"
            if kind(drawn) not in st.waits:
                return "the hand is not complete"
            return None if self.tsumo_win(s)[0] is not None else "the hand has no yaku"
        if k == ABORT:
            if not rules.nine_terminal_abort:
                return "this ruleset has no nine-terminal abort"
            if drawn is None or not self._first_go_around(s):
                return "only on the first draw of an uninterrupted first go-around"
            n = sum(1 for x in TERMINALS_AND_HONOURS if c[x])
            return None if n >= 9 else f"only {n} different terminals and honours (nine needed)"
        what = "kita" if k == KITA else "a kan"
        if drawn is None and not (k == KITA and rules.kita_after_pon):
            return f"{what} is not allowed right after a pon"
        if self.wall.live_remaining == 0:
            return f"{what} is not allowed on the last live draw"
        if k == KITA:
            if not c[NORTH]:
                return "there is no North in the hand"
            if st.riichi and drawn != NORTH:
                if rules.kita_under_riichi_drawn_only:
                    return "under riichi only a drawn North may be set aside"
                if not self._riichi_kita_keeps_waits(s):
                    return "under riichi a North from the hand may be set aside only if the waits stay the same"
        elif self.kan_count >= 4:
            return "four kans have been made already"
        elif k == ANKAN:
            x = t if t is not None else -1
            if not (0 <= x < 34) or c[x] < 4 or consumed != tuple(sort_tiles(h for h in st.hand if kind(h) == x)):
                return "a closed kan needs all four tiles of the kind in the hand"
            if st.riichi and not self._riichi_ankan_keeps_waits(s, x):
                return "under riichi a closed kan must use the drawn tile and keep the waits"
        else:  # KAKAN
            if st.riichi:
                return "no added kan under riichi"
            if t is None or t not in st.hand:
                return f"{tile_name(t) if t is not None else 'no tile'} is not in the hand"
            if not any(cm.meld.kind == "pon" and cm.meld.tile_kind == kind(t) for cm in st.melds):
                return f"there is no pon of {kind_name(kind(t))} to add to"
        return None if self.wall.replacements_remaining > 0 else "no replacement tile is left"

    def _riichi_block(self, s: int) -> str | None:
        """Why the seat to move cannot declare riichi this turn with any tile, or None (worked out once a turn)."""
        if self._riichi_cache is _UNKNOWN:
            rules = self.rules
            st = self.seats[s]
            block = None
            if st.riichi:
                block = "already in riichi"
            elif st.is_open:
                block = "riichi needs a closed hand"
            elif self.scores[s] < rules.riichi_min_points:
                block = f"riichi needs at least {rules.riichi_min_points} points"
            elif self.wall.live_remaining < rules.riichi_min_live_tiles:
                block = f"riichi needs at least {rules.riichi_min_live_tiles} tiles left in the live wall"
            elif self.drawn is None:
                block = "riichi is declared on a turn that drew a tile"
            self._riichi_cache = block
        return self._riichi_cache

    def _tenpai_discards(self, s: int) -> frozenset[int]:
        """Kinds whose discard leaves the seat to move tenpai (worked out once a turn)."""
        if self._tenpai_cache is None:
            st = self.seats[s]
            c, out = st.counts, st.outside
            found = set()
            if evaluation.shanten(c) <= 0:
                for k in {kind(t) for t in st.hand}:
                    c[k] -= 1
                    if evaluation.is_tenpai(c, out):
                        found.add(k)
                    c[k] += 1
            self._tenpai_cache = frozenset(found)
        return self._tenpai_cache

    def _riichi_ankan_keeps_waits(self, s: int, k: int) -> bool:
        if self.drawn is None or kind(self.drawn) != k:
            return False
        st = self.seats[s]
        c = list(st.counts)
        c[k] -= 4
        out = list(st.outside)
        out[k] += 4
        return evaluation.waits(c, out) == st.waits

    def _riichi_kita_keeps_waits(self, s: int) -> bool:
        """Under riichi, setting aside a North from the hand (not the drawn one) leaves the waits as they were."""
        st = self.seats[s]
        c = list(st.counts)
        c[NORTH] -= 1  # the drawn tile stays in the hand in the North's place
        out = list(st.outside)
        out[NORTH] += 1
        return evaluation.waits(c, out) == st.waits

    def _from_hand_refusal(self, a: Action) -> str | None:
        """A discard marked ``from_hand``: another copy than the drawn tile must be in the hand."""
        st = self.seats[a.seat]
        if a.kind in (DISCARD, RIICHI) and not st.riichi and (a.tile != self.drawn or st.hand.count(a.tile) >= 2):
            return None
        if a.kind in (DISCARD, RIICHI) and a.seat == self.dealer and not st.discards:
            return None  # dealt fourteen tiles on some platforms, the dealer has no drawn tile on its first turn
        if st.riichi:
            return f"{a} (from the hand) refused: under riichi the drawn tile itself is discarded"
        return f"{a} (from the hand) refused: the hand holds no second {tile_name(a.tile)} besides the drawn one"

    # ---- answers to a tile -------------------------------------------------

    def _response_candidates(self, o: int, w: ResponseWindow) -> Iterator[tuple[str, int, tuple[int, ...]]]:
        """Every answer seat ``o``'s tiles could make to the window's tile, ``pass`` aside."""
        yield RON, w.tile, ()
        st = self.seats[o]
        k = kind(w.tile)
        if st.counts[k] >= 2:
            same = sort_tiles(t for t in st.hand if kind(t) == k)
            pairs = sorted({(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))})
            yield from ((PON, w.tile, p) for p in pairs)
            if st.counts[k] >= 3:
                yield MINKAN, w.tile, tuple(same[:3])

    def _response_refusal(
        self, w: ResponseWindow, o: int, k: str, t: int | None, consumed: tuple[int, ...]
    ) -> str | None:
        """None when seat ``o`` may answer the window's tile with (kind ``k``, ``t``, ``consumed``); otherwise why not."""
        if k == PASS:
            return None
        if k == RON:
            if t != w.tile:
                return f"the tile to win on is {tile_name(w.tile)}"
            if w.kind == "kita" and not self.rules.ron_on_kita:
                return "this ruleset has no ron on a kita"
            if w.kind == "ankan" and not self.rules.kokushi_robs_closed_kan:
                return "this ruleset lets nobody rob a closed kan"
            return self._ron_refusal(o, w.tile, w.kind)
        if w.kind != "discard":
            return f"only ron can answer {_WINDOW_NAMES[w.kind]}"
        st = self.seats[o]
        if st.riichi:
            return "no calls under riichi"
        if self.wall.live_remaining == 0:
            return "the last discard cannot be called"
        if t != w.tile:
            return f"the tile to call is {tile_name(w.tile)}"
        need = 2 if k == PON else 3
        x = kind(w.tile)
        if (
            len(consumed) != need
            or any(kind(h) != x for h in consumed)
            or consumed != tuple(sort_tiles(consumed))
            or not st.holds(consumed)
        ):
            return f"{k} needs {need} matching tiles from the hand"
        if k == MINKAN:
            if self.kan_count >= 4:
                return "four kans have been made already"
            if self.wall.replacements_remaining == 0:
                return "no replacement tile is left"
        return None

    def _ron_refusal(self, o: int, tile: int, window: str) -> str | None:
        st = self.seats[o]
        if kind(tile) not in st.waits:
            return f"{tile_name(tile)} does not complete the hand"
        if st.riichi_furiten:
            return "furiten: a winning tile was passed under riichi"
        if st.temp_furiten:
            return "furiten: a winning tile was passed this go-around"
        if st.furiten():
            return "furiten: a winning tile is among the seat's own discards"
        score = self.ron_win(o, tile, window)[0]
        if score is None:
            return "the hand has no yaku"
        if window == "ankan" and not any(y in KOKUSHI_YAKU for y, _ in score.yaku):
            return "only thirteen orphans may rob a closed kan"
        return None

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
        out["_riichi_cache"] = _UNKNOWN
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

    # ==== hand setup and draws ==============================================

    def _emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def _new_turn(self) -> None:
        """Forget what was worked out for the previous decision."""
        self._turn_cache: list[Action] | None = None
        self._riichi_cache: str | None | object = _UNKNOWN
        self._tenpai_cache: frozenset[int] | None = None

    def _start_hand(self) -> None:
        self.phase = Phase.DEAL
        if self._wall_factory is not None:
            self.wall = self._wall_factory(self)
        else:
            self.wall = Wall.shuffled(self.rules, seed=f"{self.seed}/{self.hand_index}")
        self.seats = [SeatState.dealt(h) for h in self.wall.deal(self.dealer)]
        self.uninterrupted = True
        self.kan_count = 0
        self.kan_seats: set[int] = set()
        self.pending_dora = 0
        self.dora_revealed = 1
        self.turn = self.dealer
        self.drawn: int | None = None
        self.draw_kind: str | None = None
        self.kuikae: int | None = None
        self.riichi_pending: int | None = None
        self.result = None
        self._window: ResponseWindow | None = None
        self._new_turn()
        self._win_cache: dict[tuple, tuple[ScoreResult | None, WinInput]] = {}
        self.scores_at_start = tuple(self.scores)
        self._emit(
            {
                "type": "start_kyoku",
                "bakaze": ROUND_NAMES[self.round_wind],
                "kyoku": self.dealer + 1,
                "honba": self.honba,
                "kyotaku": self.sticks,
                "oya": self.dealer,
                "dora_marker": to_mjai(self.wall.dora_indicator(0)),
                "scores": list(self.scores),
                "tehais": [_mjai_list(sort_tiles(st.hand)) for st in self.seats],
            }
        )
        self._draw(replacement=False)

    def _draw(self, replacement: bool) -> None:
        seat = self.turn
        if replacement:
            self.phase = Phase.REPLACEMENT
            tile = self.wall.draw_replacement()
        else:
            self.phase = Phase.DRAW
            tile = self.wall.draw_live()
        self.seats[seat].add(tile)
        self.drawn = tile
        self.draw_kind = "replacement" if replacement else "live"
        self.kuikae = None
        self._new_turn()
        self._win_cache = {}
        self._emit({"type": "tsumo", "actor": seat, "pai": to_mjai(tile)})
        self.phase = Phase.TURN

    def _reveal_pending_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        self.dora_revealed += 1
        self._emit({"type": "dora", "dora_marker": to_mjai(self.wall.dora_indicator(self.dora_revealed - 1))})

    def _cancel_ippatsu(self) -> None:
        for st in self.seats:
            st.ippatsu = False

    def _first_go_around(self, seat: int) -> bool:
        return self.uninterrupted and self.seats[seat].first_turn

    # ==== own-turn actions ===================================================

    def _apply_turn(self, a: Action) -> None:
        self._new_turn()
        if a.kind == DISCARD:
            self._discard(a.seat, a.tile, riichi=False, from_hand=a.from_hand)
        elif a.kind == RIICHI:
            self._discard(a.seat, a.tile, riichi=True, from_hand=a.from_hand)
        elif a.kind == TSUMO:
            self._settle_wins([a.seat], tsumo=True, from_seat=a.seat, tile=self.drawn)
        elif a.kind == ABORT:
            self._abort("nine_terminals")
        elif a.kind == ANKAN:
            self._ankan(a.seat, a.consumed)
        elif a.kind == KAKAN:
            self._kakan(a.seat, a.tile)
        elif a.kind == KITA:
            self._kita(a.seat)

    def _discard(self, s: int, tile: int, riichi: bool, from_hand: bool = False) -> None:
        st = self.seats[s]
        if riichi:
            self._emit({"type": "reach", "actor": s})
        self._reveal_pending_dora()
        tsumogiri = tile == self.drawn and not from_hand
        st.take((tile,))
        if riichi:
            st.riichi = True
            st.double_riichi = self._first_go_around(s)
            st.ippatsu = True
            self.riichi_pending = s
        elif st.ippatsu:
            st.ippatsu = False
        st.discard(tile, tsumogiri, riichi)
        if riichi:
            st.riichi_pond = (len(self.seats[0].discards), len(self.seats[1].discards), len(self.seats[2].discards))
        st.first_turn = False
        st.temp_furiten = False
        self.drawn = None
        self.draw_kind = None
        self.kuikae = None
        st.refresh_waits()
        self._emit({"type": "dahai", "actor": s, "pai": to_mjai(tile), "tsumogiri": tsumogiri})
        self._open_window("discard", s, tile)

    def _open_window(self, kind_: str, seat: int, tile: int) -> None:
        """Ask the other seats what they answer to ``tile``; with nobody to ask, go on at once."""
        w = self._window = ResponseWindow(kind_, seat, tile)
        for o in ((seat + 1) % 3, (seat + 2) % 3):
            opts = [Action(k, o, t, c) for k, t, c in self._response_candidates(o, w)
                    if self._response_refusal(w, o, k, t, c) is None]
            if opts:
                opts.append(Action.pass_(o))
                w.options[o] = opts
        if w.options:
            self.phase = Phase.RESPONSE
        else:
            self._close_window()

    def _ankan(self, s: int, consumed: tuple[int, ...]) -> None:
        st = self.seats[s]
        self._reveal_pending_dora()
        st.take(consumed)
        meld = make_meld("ankan", list(consumed))
        st.melds.append(CalledMeld(meld))
        st.outside[meld.tile_kind] += 4
        self._count_kan(s)
        self.uninterrupted = False
        self._cancel_ippatsu()
        self._emit({"type": "ankan", "actor": s, "consumed": _mjai_list(consumed)})
        st.refresh_waits()
        if self.rules.kokushi_robs_closed_kan:
            self._open_window("ankan", s, consumed[-1])  # a thirteen-orphans ron comes before the kan's indicator
        else:
            self._after_ankan(s)

    def _after_ankan(self, s: int) -> None:
        """A closed kan nobody robbed: its indicator at once, then the replacement draw."""
        if self.rules.kan_dora:
            self._reveal_dora()
        self.turn = s
        self._draw(replacement=True)

    def _count_kan(self, s: int) -> None:
        self.kan_count += 1
        self.kan_seats.add(s)

    def _kakan(self, s: int, tile: int) -> None:
        st = self.seats[s]
        self._reveal_pending_dora()
        k = kind(tile)
        idx = next(i for i, cm in enumerate(st.melds) if cm.meld.kind == "pon" and cm.meld.tile_kind == k)
        old = st.melds[idx]
        st.take((tile,))
        st.melds[idx] = CalledMeld(make_meld("minkan", [*old.meld.tiles, tile]), old.called, old.source, tile)
        st.outside[k] += 1
        self._count_kan(s)
        st.refresh_waits()
        self._emit({"type": "kakan", "actor": s, "pai": to_mjai(tile), "consumed": _mjai_list(old.meld.tiles)})
        self._open_window("kakan", s, tile)

    def _kita(self, s: int) -> None:
        rules = self.rules
        st = self.seats[s]
        st.take((NORTH,))
        st.kita += 1
        st.outside[NORTH] += 1
        if rules.kita_is_call:
            self.uninterrupted = False
            if not rules.ron_on_kita_keeps_ippatsu:
                self._cancel_ippatsu()
        st.refresh_waits()
        self._emit({"type": self.kita_event, "actor": s, "pai": "N"})
        self._reveal_pending_dora()  # a kan's indicator still pending shows now, before the replacement draw
        self._open_window("kita", s, NORTH)

    # ==== responses ==========================================================

    def _answer(self, a: Action) -> None:
        w = self._window
        w.answers[a.seat] = a
        if all(s in w.answers for s in w.options):
            self._close_window()

    def _close_window(self) -> None:
        w = self._window
        s = w.seat
        rons = [o for o in ((s + 1) % 3, (s + 2) % 3) if o in w.answers and w.answers[o].kind == RON]
        if rons:
            if not self.rules.double_ron:
                rons = rons[:1]
            self._settle_wins(rons, tsumo=False, from_seat=s, tile=w.tile)
            return
        self._window = None
        k = kind(w.tile)
        if w.kind != "kita" or self.rules.ron_on_kita:
            for o in ((s + 1) % 3, (s + 2) % 3):
                other = self.seats[o]
                if k in other.waits and (w.kind != "ankan" or o in w.options):
                    other.temp_furiten = True
                    if other.riichi:
                        other.riichi_furiten = True
        if w.kind == "ankan":
            self._after_ankan(s)
            return
        if w.kind == "kakan":
            self.uninterrupted = False
            self._cancel_ippatsu()
            if self.rules.kan_dora:
                self.pending_dora += 1
            self.turn = s
            self._draw(replacement=True)
            return
        if w.kind == "kita":
            if self.rules.kita_is_call and self.rules.ron_on_kita_keeps_ippatsu:
                self._cancel_ippatsu()
            self.turn = s
            self._draw(replacement=True)
            return
        if self.riichi_pending == s:
            self.riichi_pending = None
            self.scores[s] -= self.rules.riichi_stick
            self.sticks += 1
            self._emit({"type": "reach_accepted", "actor": s, "scores": list(self.scores)})
        call = next((a for a in w.answers.values() if a.kind in (PON, MINKAN)), None)
        if call is not None:
            self._call(call, s)
            return
        rules = self.rules
        if rules.four_kan_abort and self.kan_count >= 4 and len(self.kan_seats) >= 2:
            self._abort("four_kans")
        elif self.wall.live_remaining == 0:
            self._exhaustive_draw()
        else:
            self.turn = (s + 1) % 3
            self._draw(replacement=False)

    def _call(self, a: Action, from_seat: int) -> None:
        o, tile = a.seat, a.tile
        st = self.seats[o]
        st.take(a.consumed)
        self.seats[from_seat].mark_last_called()
        self.uninterrupted = False
        self._cancel_ippatsu()
        self.turn = o
        k = kind(tile)
        event = {"type": "pon" if a.kind == PON else "daiminkan", "actor": o, "target": from_seat,
                 "pai": to_mjai(tile), "consumed": _mjai_list(a.consumed)}
        st.melds.append(CalledMeld(make_meld("pon" if a.kind == PON else "minkan", [*a.consumed, tile]), tile, from_seat))
        st.outside[k] += len(a.consumed) + 1
        if a.kind == PON:
            self._emit(event)
            self.drawn = None
            self.draw_kind = None
            self.kuikae = k
            self._new_turn()
            self.phase = Phase.TURN
            return
        self._count_kan(o)
        self._emit(event)
        if self.rules.kan_dora:
            self.pending_dora += 1
        st.refresh_waits()
        self._draw(replacement=True)

    # ==== wins ===============================================================

    def _context(self, s: int, tile: int, tsumo: bool, window: str | None, honba: int, sticks: int) -> WinInput:
        rules = self.rules
        first = tsumo and self._first_go_around(s)
        replacement = tsumo and self.draw_kind == "replacement"
        live = self.wall.live_remaining
        st = self.seats[s]
        hand = tuple(st.hand) if tsumo else (*st.hand, tile)
        return WinInput(
            hand=hand,
            win=tile,
            melds=tuple(cm.meld for cm in st.melds),
            kita=st.kita,
            tsumo=tsumo,
            riichi=st.riichi,
            double_riichi=st.double_riichi,
            ippatsu=st.ippatsu,
            rinshan=replacement and not first,
            chankan=window in ("kakan", "ankan"),
            haitei=tsumo and not replacement and live == 0,
            houtei=window == "discard" and live == 0,
            tenhou=first and s == self.dealer,
            chiihou=first and s != self.dealer,
            seat=EAST + self.seat_wind(s),
            round=EAST + self.round_wind,
            dora=tuple(self.dora_indicators()),
            ura=tuple(self.ura_indicators()) if rules.ura_dora and st.riichi else (),
            honba=honba,
            sticks=sticks,
        )

    def tsumo_win(self, s: int) -> tuple[ScoreResult | None, WinInput]:
        """What a tsumo by seat ``s`` on the drawn tile scores (None: no win) and the scorer's input for it.

        Kept for the position, so legality checks, the settlement and a review ask the scorer once.
        """
        key = ("tsumo", s)
        found = self._win_cache.get(key)
        if found is None:
            ctx = self._context(s, self.drawn, True, None, self.honba, self.sticks)
            found = self._win_cache[key] = (evaluation.score_win(ctx, self.rules), ctx)
        return found

    def ron_win(self, o: int, tile: int, window: str, honba: int | None = None,
                sticks: int | None = None) -> tuple[ScoreResult | None, WinInput]:
        """:meth:`tsumo_win` for a ron by seat ``o`` on ``tile`` in a ``window`` response (honba and sticks
        default to the table's: a second winner of a double ron gets none)."""
        honba = self.honba if honba is None else honba
        sticks = self.sticks if sticks is None else sticks
        key = ("ron", o, tile, window, honba, sticks)
        found = self._win_cache.get(key)
        if found is None:
            ctx = self._context(o, tile, False, window, honba, sticks)
            found = self._win_cache[key] = (evaluation.score_win(ctx, self.rules), ctx)
        return found

    def _settle_wins(self, winners: list[int], tsumo: bool, from_seat: int, tile: int) -> None:
        rules = self.rules
        window = None if tsumo else self._window.kind
        before = tuple(self.scores)
        sticks_on_table = self.sticks
        total = [0, 0, 0]
        wins = []
        for i, w in enumerate(winners):
            honba = self.honba if i == 0 else 0
            sticks = self.sticks if i == 0 else 0
            score, ctx = self.tsumo_win(w) if tsumo else self.ron_win(w, tile, window, honba, sticks)
            pao = pao_of(score, self.seats[w].melds, w, rules) if rules.pao and score.yakuman else None
            if pao is None:
                deltas = win_deltas(score.settlement, w, self.dealer, tsumo, None if tsumo else from_seat, rules, sticks)
            else:
                deltas = pao_deltas(score, pao, w, self.dealer, tsumo, None if tsumo else from_seat, honba, sticks, rules)
            for seat in range(3):
                total[seat] += deltas[seat]
            ura = tuple(self.ura_indicators()) if rules.ura_dora and self.seats[w].riichi else ()
            wins.append(WinResult(w, from_seat, tile, tsumo, score, tuple(deltas), ura, ctx,
                                  pao[1] if pao else None, pao[0] if pao else None))
            self._emit(
                {
                    "type": "hora",
                    "actor": w,
                    "target": from_seat,
                    "pai": to_mjai(tile),
                    "deltas": list(deltas),
                    "ura_markers": _mjai_list(ura),
                    "han": score.han,
                    "fu": score.fu,
                    "yakuman": score.yakuman,
                    "yaku": [[y, h] for y, h in score.yaku],
                    "bonus": [score.dora, score.aka, score.ura, score.kita],
                    **({"pao": pao[1]} if pao else {}),
                }
            )
        for seat in range(3):
            self.scores[seat] += total[seat]
        self.sticks = 0
        dealer_won = self.dealer in winners
        self._end_hand(
            HandResult(
                kind="win",
                round_wind=self.round_wind,
                dealer=self.dealer,
                honba=self.honba,
                sticks=sticks_on_table,
                scores_before=before,
                scores_after=tuple(self.scores),
                deltas=tuple(total),
                dealer_repeats=dealer_won,
                wins=tuple(wins),
            ),
            dealer_stop_eligible=dealer_won,
        )

    # ==== draws ==============================================================

    def _exhaustive_draw(self) -> None:
        rules = self.rules
        tenpai = tuple(self._tenpai_at_draw(s) for s in range(3))
        nagashi = tuple(
            s
            for s in range(3)
            if self.seats[s].discards
            and all(kind(d.tile) in TERMINALS_AND_HONOURS and not d.called for d in self.seats[s].discards)
        )
        if nagashi:
            deltas = [0, 0, 0]
            for s in nagashi:
                for seat, d in enumerate(nagashi_payments(rules, s, self.dealer, 0)):
                    deltas[seat] += d
            kind_ = "nagashi_mangan"
        else:
            deltas = noten_payments(rules, list(tenpai))
            kind_ = "exhaustive_draw"
        self._settle_draw(kind_, deltas, tenpai, nagashi, dealer_repeats=tenpai[self.dealer])

    def _tenpai_at_draw(self, s: int) -> bool:
        """Tenpai for the noten payments and nagashi: :func:`evaluation.is_tenpai`, as for riichi."""
        return evaluation.is_tenpai(self.seats[s].counts, self.seats[s].outside)

    def _abort(self, reason: str) -> None:
        self._settle_draw(reason, [0, 0, 0], None, (), dealer_repeats=True)

    def _settle_draw(self, kind_, deltas, tenpai, nagashi, dealer_repeats: bool) -> None:
        before = tuple(self.scores)
        for seat in range(3):
            self.scores[seat] += deltas[seat]
        event = {"type": "ryukyoku", "reason": kind_, "deltas": list(deltas)}
        if tenpai is not None:
            event["tenpai"] = list(tenpai)
            event["tehais"] = [_mjai_list(sort_tiles(h)) if t else [] for h, t in zip(self.hands, tenpai, strict=True)]
        self._emit(event)
        self._end_hand(
            HandResult(
                kind=kind_,
                round_wind=self.round_wind,
                dealer=self.dealer,
                honba=self.honba,
                sticks=self.sticks,
                scores_before=before,
                scores_after=tuple(self.scores),
                deltas=tuple(deltas),
                dealer_repeats=dealer_repeats,
                tenpai=tenpai,
                nagashi=nagashi,
            ),
            # an exhaustive draw or a nagashi mangan with the dealer tenpai may end the game (all-last dealer stop)
            dealer_stop_eligible=kind_ in ("exhaustive_draw", "nagashi_mangan") and dealer_repeats,
        )

    # ==== hand end and game end ============================================

    def _end_hand(self, result: HandResult, dealer_stop_eligible: bool) -> None:
        self._window = None
        self.result = result
        self.results.append(result)
        if result.kind == "win":
            self.honba = self.honba + 1 if result.dealer_repeats else 0
        else:
            self.honba += 1
        self._emit({"type": "end_kyoku", "scores": list(self.scores)})
        nxt = self._next_position(result.dealer_repeats, dealer_stop_eligible)
        if nxt is None:
            self._end_game()
        else:
            self._next = nxt
            self.phase = Phase.HAND_END

    def _next_position(self, repeats: bool, stop_eligible: bool) -> tuple[int, int] | None:
        """The next (round wind, dealer), or None when the game is over."""
        rules = self.rules
        scores = self.scores
        if rules.bust_below_zero and min(scores) < 0:
            return None
        position = self.round_wind * 3 + self.dealer
        last = self.mode.last_round * 3 + 2
        cap = last + 3 if rules.extension_round else last
        if position < last:
            if repeats:
                return self.round_wind, self.dealer
            position += 1
            return divmod(position, 3)
        top = min(range(3), key=lambda s: (-scores[s], s))
        if repeats:
            if (
                rules.all_last_dealer_stop
                and stop_eligible
                and top == self.dealer
                and scores[self.dealer] >= rules.target_points
            ):
                return None
            return self.round_wind, self.dealer
        if position >= cap or max(scores) >= rules.target_points:
            return None
        return divmod(position + 1, 3)

    def _end_game(self) -> None:
        self.placement = final_placement(self.rules, list(self.scores), self.sticks, first_dealer=0)
        self._emit({"type": "end_game", "scores": [p.points for p in self.placement]})
        self.phase = Phase.GAME_END
