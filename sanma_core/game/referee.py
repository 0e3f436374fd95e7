"""The referee: one object that owns a whole sanma game and enforces every rule.

Every rule difference is read from the :class:`~sanma_core.rules.Ruleset`;
game length and names come from :class:`~sanma_core.game.state.GameMode`.
Every transition appends an mjai event (three-player dialect) to ``events``.

>>> g = Game("tenhou", GameMode("tonpuusen"), seed=1)
>>> g.phase.value, g.to_act()
('turn', [0])
>>> a = next(x for x in g.legal_actions(0) if x.kind == "discard")
>>> g.apply(a)
>>> g.events[-1]["type"] in ("dahai", "tsumo")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..melds import make_meld
from ..rules import Ruleset, get_ruleset
from ..scoring import WinInput
from ..scoring.payments import final_placement, nagashi_payments, noten_payments, win_deltas
from ..tiles import EAST, NORTH, TERMINALS_AND_HONOURS, kind, kind_name, sort_tiles, tile_name, to_counts, to_mjai
from . import evaluation
from .actions import (
    ABORT,
    ANKAN,
    DISCARD,
    KAKAN,
    KITA,
    MINKAN,
    PON,
    RESPONSE_KINDS,
    RIICHI,
    RON,
    TSUMO,
    Action,
    IllegalActionError,
)
from .state import ROUND_NAMES, CalledMeld, Discard, GameMode, HandResult, Phase, WinResult
from .wall import Wall

KITA_EVENT_NAMES = ("nukidora", "kita")
WallFactory = Callable[["Game"], Wall]


def _mjai_list(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [to_mjai(t) for t in tiles]


class _Window:
    """A response window: who may answer which tile, and the answers so far."""

    __slots__ = ("kind", "seat", "tile", "options", "answers")

    def __init__(self, kind_: str, seat: int, tile: int, options: dict[int, list[Action]]):
        self.kind = kind_  # "discard", "kakan" or "kita"
        self.seat = seat
        self.tile = tile
        self.options = options
        self.answers: dict[int, Action] = {}


class Game:
    """A whole game between three seats.

    ``legal_actions(seat)`` lists what a seat may do now; ``apply(action)`` plays
    it or raises :class:`IllegalActionError` (the state is unchanged).
    After a hand ends (``phase`` is HAND_END) call ``next_hand()``.
    """

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
        self.placement: list[Any] | None = None
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

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not asked)."""
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_cache = self._turn_actions()
            return self._turn_cache
        if self.phase is Phase.RESPONSE:
            w = self._window
            if seat in w.answers:
                return []
            return w.options.get(seat, [])
        return []

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
        return self._waits[seat]

    def is_furiten(self, seat: int) -> bool:
        if self.riichi_furiten[seat] or self.temp_furiten[seat]:
            return True
        done = self.discarded_kinds[seat]
        return any(k in done for k in self._waits[seat])

    def tile_census(self) -> list[int]:
        """Every physical tile, wherever it is (hands, melds, kita, ponds, wall); always all 108."""
        tiles = [t for h in self.hands for t in h]
        tiles += [t for ms in self.melds for cm in ms for t in cm.meld.tiles]
        tiles += [NORTH] * sum(self.kita)
        tiles += [d.tile for pond in self.discards for d in pond if not d.called]
        return tiles + self.wall.undrawn()

    def events_for(self, seat: int, start: int = 0) -> list[dict[str, Any]]:
        """The mjai events from ``start`` as ``seat`` sees them (others' draws and hands hidden)."""
        from .mjai import mask_event

        return [mask_event(e, seat) for e in self.events[start:]]

    def view(self, seat: int) -> Any:
        """What ``seat`` may see, with its legal actions."""
        from .view import SeatView

        return SeatView.of(self, seat)

    # ==== applying actions ===================================================

    def apply(self, action: Action) -> None:
        """Play a legal action; raise :class:`IllegalActionError` saying why otherwise."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if action.plain() not in self.legal_actions(action.seat):
            raise IllegalActionError(self._why_illegal(action.plain()))
        if action.from_hand and not self._can_discard_from_hand(action):
            raise IllegalActionError(
                f"{action} (from the hand) refused: the hand holds no second {tile_name(action.tile)} "
                "besides the drawn one" if not self.riichi[action.seat] else
                f"{action} (from the hand) refused: under riichi the drawn tile itself is discarded"
            )
        self.history.append(action)
        if self.phase is Phase.TURN:
            self._apply_turn(action)
        else:
            self._answer(action)

    def rewound(self, steps: int = 1) -> Game:
        """A new game at the state before the last ``steps`` entries of ``history`` (for undo).

        The walls come from the same seed or wall factory, so re-playing gives the same state.
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

    def _start_hand(self) -> None:
        self.phase = Phase.DEAL
        rules = self.rules
        if self._wall_factory is not None:
            self.wall = self._wall_factory(self)
        else:
            self.wall = Wall.shuffled(rules, seed=f"{self.seed}/{self.hand_index}")
        self.hands = self.wall.deal(self.dealer)
        self.counts = [to_counts(h) for h in self.hands]
        self.outside = [[0] * 34 for _ in range(3)]
        self.melds: list[list[CalledMeld]] = [[], [], []]
        self.kita = [0, 0, 0]
        self.discards: list[list[Discard]] = [[], [], []]
        self.discarded_kinds: list[set[int]] = [set(), set(), set()]
        self.riichi = [False] * 3
        self.riichi_ponds: list[tuple[int, int, int] | None] = [None, None, None]
        self.double_riichi = [False] * 3
        self.ippatsu = [False] * 3
        self.temp_furiten = [False] * 3
        self.riichi_furiten = [False] * 3
        self.first_turn = [True] * 3
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
        self._window: _Window | None = None
        self._turn_cache: list[Action] | None = None
        self._win_cache: dict[tuple, Any] = {}
        self.scores_at_start = tuple(self.scores)
        self._waits = [evaluation.waits(self.counts[s], self.outside[s]) for s in range(3)]
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
                "tehais": [_mjai_list(sort_tiles(h)) for h in self.hands],
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
        self.hands[seat].append(tile)
        self.counts[seat][kind(tile)] += 1
        self.drawn = tile
        self.draw_kind = "replacement" if replacement else "live"
        self.kuikae = None
        self._turn_cache = None
        self._win_cache = {}
        self._emit({"type": "tsumo", "actor": seat, "pai": to_mjai(tile)})
        self.phase = Phase.TURN

    def _refresh_waits(self, seat: int) -> None:
        self._waits[seat] = evaluation.waits(self.counts[seat], self.outside[seat])

    def _reveal_pending_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        self.dora_revealed += 1
        self._emit({"type": "dora", "dora_marker": to_mjai(self.wall.dora_indicator(self.dora_revealed - 1))})

    def _take_from_hand(self, seat: int, tiles: tuple[int, ...] | list[int]) -> None:
        hand, counts = self.hands[seat], self.counts[seat]
        for t in tiles:
            hand.remove(t)
            counts[kind(t)] -= 1

    def _cancel_ippatsu(self) -> None:
        self.ippatsu = [False, False, False]

    # ==== own-turn decisions ================================================

    def _first_go_around(self, seat: int) -> bool:
        return self.uninterrupted and self.first_turn[seat]

    def _can_replace(self) -> bool:
        return self.wall.live_remaining > 0 and self.wall.replacements_remaining > 0

    def _turn_actions(self) -> list[Action]:
        s = self.turn
        rules = self.rules
        hand, c = self.hands[s], self.counts[s]
        drawn = self.drawn
        in_riichi = self.riichi[s]
        acts: list[Action] = []
        distinct = sort_tiles(set(hand))
        if drawn is not None:
            if kind(drawn) in self._waits[s] and self._tsumo_score(s) is not None:
                acts.append(Action.tsumo(s))
            if (
                rules.nine_terminal_abort
                and self._first_go_around(s)
                and sum(1 for k in TERMINALS_AND_HONOURS if c[k]) >= 9
            ):
                acts.append(Action.nine_terminal_abort(s))
            if self._can_replace():
                if self.kan_count < 4:
                    for k in sorted({kind(t) for t in hand if c[kind(t)] == 4}):
                        if in_riichi and not self._riichi_ankan_keeps_waits(s, k):
                            continue
                        acts.append(Action.ankan(s, tuple(sort_tiles(t for t in hand if kind(t) == k))))
                    if not in_riichi:
                        for cm in self.melds[s]:
                            if cm.meld.kind == "pon" and c[cm.meld.tile_kind]:
                                for t in distinct:
                                    if kind(t) == cm.meld.tile_kind:
                                        acts.append(Action.kakan(s, t))
                if c[NORTH] and (not in_riichi or drawn == NORTH or self._riichi_kita_keeps_waits(s)):
                    acts.append(Action.kita(s))
        elif rules.kita_after_pon and c[NORTH] and self._can_replace():
            acts.append(Action.kita(s))
        if in_riichi:
            acts.append(Action.discard(s, drawn))
            return acts
        banned = self.kuikae
        acts.extend(Action.discard(s, t) for t in distinct if kind(t) != banned)
        if self._riichi_allowed(s) and evaluation.shanten(c, self.outside[s]) <= 0:
            out = self.outside[s]
            tenpai_kinds = set()
            for k in {kind(t) for t in distinct}:
                c[k] -= 1
                if evaluation.waits(c, out):
                    tenpai_kinds.add(k)
                c[k] += 1
            acts.extend(Action.riichi(s, t) for t in distinct if kind(t) in tenpai_kinds)
        return acts

    def _riichi_allowed(self, s: int) -> bool:
        rules = self.rules
        return (
            self.drawn is not None
            and not self.riichi[s]
            and not any(cm.meld.is_open for cm in self.melds[s])
            and self.scores[s] >= rules.riichi_min_points
            and self.wall.live_remaining >= rules.riichi_min_live_tiles
        )

    def _riichi_ankan_keeps_waits(self, s: int, k: int) -> bool:
        if self.drawn is None or kind(self.drawn) != k:
            return False
        c = list(self.counts[s])
        c[k] -= 4
        out = list(self.outside[s])
        out[k] += 4
        return evaluation.waits(c, out) == self._waits[s]

    def _riichi_kita_keeps_waits(self, s: int) -> bool:
        """Under riichi, a North from the hand (not the drawn one) only if the ruleset allows it
        and setting it aside leaves the waits as they were."""
        if self.rules.kita_under_riichi_drawn_only:
            return False
        c = list(self.counts[s])
        c[NORTH] -= 1  # the drawn tile stays in the hand in the North's place
        out = list(self.outside[s])
        out[NORTH] += 1
        return evaluation.waits(c, out) == self._waits[s]

    def _can_discard_from_hand(self, a: Action) -> bool:
        """A discard marked ``from_hand``: another copy than the drawn tile must be in the hand."""
        if a.kind not in (DISCARD, RIICHI) or self.riichi[a.seat]:
            return False
        return a.tile != self.drawn or self.hands[a.seat].count(a.tile) >= 2

    def _apply_turn(self, a: Action) -> None:
        self._turn_cache = None
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
        if riichi:
            self._emit({"type": "reach", "actor": s})
        self._reveal_pending_dora()
        tsumogiri = tile == self.drawn and not from_hand
        self._take_from_hand(s, (tile,))
        k = kind(tile)
        if riichi:
            self.riichi[s] = True
            self.double_riichi[s] = self._first_go_around(s)
            self.ippatsu[s] = True
            self.riichi_pending = s
        elif self.ippatsu[s]:
            self.ippatsu[s] = False
        self.discards[s].append(Discard(tile, tsumogiri, riichi))
        if riichi:
            self.riichi_ponds[s] = (len(self.discards[0]), len(self.discards[1]), len(self.discards[2]))
        self.discarded_kinds[s].add(k)
        self.first_turn[s] = False
        self.temp_furiten[s] = False
        self.drawn = None
        self.draw_kind = None
        self.kuikae = None
        self._refresh_waits(s)
        self._emit({"type": "dahai", "actor": s, "pai": to_mjai(tile), "tsumogiri": tsumogiri})
        live = self.wall.live_remaining
        options: dict[int, list[Action]] = {}
        for o in ((s + 1) % 3, (s + 2) % 3):
            opts: list[Action] = []
            if self._can_ron(o, tile, "discard"):
                opts.append(Action.ron(o, tile))
            if live > 0 and not self.riichi[o]:
                c = self.counts[o]
                if c[k] >= 2:
                    same = sort_tiles(t for t in self.hands[o] if kind(t) == k)
                    pairs = sorted({(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))})
                    opts.extend(Action.pon(o, tile, p) for p in pairs)
                if c[k] >= 3 and self.kan_count < 4 and self.wall.replacements_remaining > 0:
                    opts.append(Action.minkan(o, tile, tuple(same[:3])))
            if opts:
                opts.append(Action.pass_(o))
                options[o] = opts
        self._open_window("discard", s, tile, options)

    def _open_window(self, kind_: str, seat: int, tile: int, options: dict[int, list[Action]]) -> None:
        self._window = _Window(kind_, seat, tile, options)
        if options:
            self.phase = Phase.RESPONSE
        else:
            self._close_window()

    def _ankan(self, s: int, consumed: tuple[int, ...]) -> None:
        self._reveal_pending_dora()
        self._take_from_hand(s, consumed)
        meld = make_meld("ankan", list(consumed))
        self.melds[s].append(CalledMeld(meld))
        self.outside[s][meld.tile_kind] += 4
        self._count_kan(s)
        self.uninterrupted = False
        self._cancel_ippatsu()
        self._emit({"type": "ankan", "actor": s, "consumed": _mjai_list(consumed)})
        if self.rules.kan_dora:
            self._reveal_dora()
        self._refresh_waits(s)
        self._draw(replacement=True)

    def _count_kan(self, s: int) -> None:
        self.kan_count += 1
        self.kan_seats.add(s)

    def _kakan(self, s: int, tile: int) -> None:
        self._reveal_pending_dora()
        k = kind(tile)
        idx = next(i for i, cm in enumerate(self.melds[s]) if cm.meld.kind == "pon" and cm.meld.tile_kind == k)
        old = self.melds[s][idx]
        self._take_from_hand(s, (tile,))
        self.melds[s][idx] = CalledMeld(make_meld("minkan", [*old.meld.tiles, tile]), old.called, old.source, tile)
        self.outside[s][k] += 1
        self._count_kan(s)
        self._refresh_waits(s)
        self._emit({"type": "kakan", "actor": s, "pai": to_mjai(tile), "consumed": _mjai_list(old.meld.tiles)})
        options = {}
        for o in ((s + 1) % 3, (s + 2) % 3):
            if self._can_ron(o, tile, "kakan"):
                options[o] = [Action.ron(o, tile), Action.pass_(o)]
        self._open_window("kakan", s, tile, options)

    def _kita(self, s: int) -> None:
        rules = self.rules
        self._take_from_hand(s, (NORTH,))
        self.kita[s] += 1
        self.outside[s][NORTH] += 1
        if rules.kita_is_call:
            self.uninterrupted = False
            if not rules.ron_on_kita_keeps_ippatsu:
                self._cancel_ippatsu()
        self._refresh_waits(s)
        self._emit({"type": self.kita_event, "actor": s, "pai": "N"})
        self._reveal_pending_dora()  # a kan's indicator still pending shows now, before the replacement draw
        options = {}
        if rules.ron_on_kita:
            for o in ((s + 1) % 3, (s + 2) % 3):
                if self._can_ron(o, NORTH, "kita"):
                    options[o] = [Action.ron(o, NORTH), Action.pass_(o)]
        self._open_window("kita", s, NORTH, options)

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
                if k in self._waits[o]:
                    self.temp_furiten[o] = True
                    if self.riichi[o]:
                        self.riichi_furiten[o] = True
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
        self._take_from_hand(o, a.consumed)
        self.discards[from_seat][-1].called = True
        self.uninterrupted = False
        self._cancel_ippatsu()
        self.turn = o
        k = kind(tile)
        if a.kind == PON:
            meld = make_meld("pon", [*a.consumed, tile])
            self.melds[o].append(CalledMeld(meld, tile, from_seat))
            self.outside[o][k] += 3
            self._emit(
                {"type": "pon", "actor": o, "target": from_seat, "pai": to_mjai(tile), "consumed": _mjai_list(a.consumed)}
            )
            self.drawn = None
            self.draw_kind = None
            self.kuikae = k
            self._turn_cache = None
            self.phase = Phase.TURN
            return
        meld = make_meld("minkan", [*a.consumed, tile])
        self.melds[o].append(CalledMeld(meld, tile, from_seat))
        self.outside[o][k] += 4
        self._count_kan(o)
        self._emit(
            {"type": "daiminkan", "actor": o, "target": from_seat, "pai": to_mjai(tile), "consumed": _mjai_list(a.consumed)}
        )
        if self.rules.kan_dora:
            self.pending_dora += 1
        self._refresh_waits(o)
        self._draw(replacement=True)

    # ==== wins ===============================================================

    def _can_ron(self, o: int, tile: int, window: str) -> bool:
        if kind(tile) not in self._waits[o] or self.is_furiten(o):
            return False
        return self._ron_score(o, tile, window) is not None

    def _context(self, s: int, tile: int, tsumo: bool, window: str | None, honba: int, sticks: int):
        rules = self.rules
        first = tsumo and self._first_go_around(s)
        replacement = tsumo and self.draw_kind == "replacement"
        live = self.wall.live_remaining
        hand = tuple(self.hands[s]) if tsumo else (*self.hands[s], tile)
        return WinInput(
            hand=hand,
            win=tile,
            melds=tuple(cm.meld for cm in self.melds[s]),
            kita=self.kita[s],
            tsumo=tsumo,
            riichi=self.riichi[s],
            double_riichi=self.double_riichi[s],
            ippatsu=self.ippatsu[s],
            rinshan=replacement and not first,
            chankan=window == "kakan",
            haitei=tsumo and not replacement and live == 0,
            houtei=window == "discard" and live == 0,
            tenhou=first and s == self.dealer,
            chiihou=first and s != self.dealer,
            seat=EAST + self.seat_wind(s),
            round=EAST + self.round_wind,
            dora=tuple(self.dora_indicators()),
            ura=tuple(self.ura_indicators()) if rules.ura_dora and self.riichi[s] else (),
            honba=honba,
            sticks=sticks,
        )

    def _tsumo_score(self, s: int) -> Any | None:
        key = ("tsumo", s)
        if key not in self._win_cache:
            ctx = self._context(s, self.drawn, True, None, self.honba, self.sticks)
            self._win_cache[key] = (evaluation.score_win(ctx, self.rules), ctx)
        return self._win_cache[key][0]

    def _ron_score(self, o: int, tile: int, window: str, honba: int | None = None, sticks: int | None = None):
        honba = self.honba if honba is None else honba
        sticks = self.sticks if sticks is None else sticks
        key = ("ron", o, tile, window, honba, sticks)
        if key not in self._win_cache:
            ctx = self._context(o, tile, False, window, honba, sticks)
            self._win_cache[key] = (evaluation.score_win(ctx, self.rules), ctx)
        return self._win_cache[key][0]

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
            if tsumo:
                score = self._tsumo_score(w)
                ctx = self._win_cache[("tsumo", w)][1]
            else:
                score = self._ron_score(w, tile, window, honba, sticks)
                ctx = self._win_cache[("ron", w, tile, window, honba, sticks)][1]
            deltas = win_deltas(score.settlement, w, self.dealer, tsumo, None if tsumo else from_seat, rules, sticks)
            for seat in range(3):
                total[seat] += deltas[seat]
            ura = tuple(self.ura_indicators()) if rules.ura_dora and self.riichi[w] else ()
            wins.append(WinResult(w, from_seat, tile, tsumo, score, tuple(deltas), ura, ctx))
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
            if self.discards[s]
            and all(kind(d.tile) in TERMINALS_AND_HONOURS and not d.called for d in self.discards[s])
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
        """Tenpai for the noten payments: the closed hand's own shape decides, so a wait whose copies
        are all in the seat's own kan still counts; a wait on a fifth copy of a kind held four times does not."""
        return bool(self._waits[s] or evaluation.waits(self.counts[s]))

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
            dealer_stop_eligible=kind_ == "exhaustive_draw" and dealer_repeats,
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

    # ==== refusals ===========================================================

    def _why_illegal(self, a: Action) -> str:
        """A sentence naming why ``a`` is refused (only called for illegal actions)."""
        head = f"{a} refused: "
        if a.seat not in (0, 1, 2):
            return head + f"there is no seat {a.seat}"
        if self.phase is Phase.GAME_END:
            return head + "the game is over"
        if self.phase is Phase.HAND_END:
            return head + "the hand is over; call next_hand()"
        if self.phase is Phase.RESPONSE:
            w = self._window
            if a.seat == w.seat:
                return head + "a seat cannot answer its own tile"
            if a.seat in w.answers:
                return head + f"seat {a.seat} has already answered"
            if a.seat not in w.options:
                return head + f"seat {a.seat} has nothing to answer to {tile_name(w.tile)}"
            if a.kind not in RESPONSE_KINDS:
                return head + f"seats {self.to_act()} must answer the {w.kind} of {tile_name(w.tile)} first"
            if a.kind == RON:
                return head + self._why_no_ron(a.seat, w.tile)
            if a.kind in (PON, MINKAN) and w.kind != "discard":
                return head + f"only ron can answer a {'kita' if w.kind == 'kita' else 'added kan'}"
            return head + self._why_no_call(a, w.tile)
        # own turn
        s = self.turn
        if a.seat != s:
            return head + f"it is seat {s}'s turn"
        if a.kind in RESPONSE_KINDS:
            return head + "there is no tile to answer: it is this seat's own turn"
        hand, c = self.hands[s], self.counts[s]
        drawn = self.drawn
        if a.kind in (DISCARD, RIICHI):
            if a.tile is None or a.tile not in hand:
                return head + f"{tile_name(a.tile) if a.tile is not None else 'no tile'} is not in the hand"
            if self.riichi[s]:
                if a.kind == RIICHI:
                    return head + "already in riichi"
                return head + "under riichi only the drawn tile may be discarded"
            if self.kuikae is not None and kind(a.tile) == self.kuikae:
                return head + f"swap-calling: {kind_name(self.kuikae)} cannot be discarded right after calling it"
            if a.kind == RIICHI:
                return head + self._why_no_riichi(s, a.tile)
        if a.kind == TSUMO:
            if drawn is None:
                return head + "no tile was drawn (after a pon the seat must discard)"
            if kind(drawn) not in self._waits[s]:
                return head + "the hand is not complete"
            return head + "the hand has no yaku"
        if a.kind == ABORT:
            if not self.rules.nine_terminal_abort:
                return head + "this ruleset has no nine-terminal abort"
            if not self._first_go_around(s) or drawn is None:
                return head + "only on the first draw of an uninterrupted first go-around"
            n = sum(1 for k in TERMINALS_AND_HONOURS if c[k])
            return head + f"only {n} different terminals and honours (nine needed)"
        if a.kind in (KITA, ANKAN, KAKAN):
            what = "kita" if a.kind == KITA else "a kan"
            if drawn is None and not (a.kind == KITA and self.rules.kita_after_pon):
                return head + f"{what} is not allowed right after a pon"
            if self.wall.live_remaining == 0:
                return head + f"{what} is not allowed on the last live draw"
            if a.kind == KITA:
                if not c[NORTH]:
                    return head + "there is no North in the hand"
                if self.riichi[s] and self.rules.kita_under_riichi_drawn_only and drawn != NORTH:
                    return head + "under riichi only a drawn North may be set aside"
                return head + "no replacement tile is left"
            if self.kan_count >= 4:
                return head + "four kans have been made already"
            if a.kind == ANKAN:
                k = a.tile if a.tile is not None else -1
                if not (0 <= k < 34) or c[k] < 4 or sorted(a.consumed) != sorted(t for t in hand if kind(t) == k):
                    return head + "a closed kan needs all four tiles of the kind in the hand"
                if self.riichi[s]:
                    return head + "under riichi a closed kan must use the drawn tile and keep the waits"
            if a.kind == KAKAN:
                if self.riichi[s]:
                    return head + "no added kan under riichi"
                if a.tile not in hand:
                    return head + f"{tile_name(a.tile) if a.tile is not None else 'no tile'} is not in the hand"
                return head + f"there is no pon of {kind_name(kind(a.tile))} to add to"
        return head + "not among the legal actions now"

    def _why_no_ron(self, o: int, tile: int) -> str:
        if kind(tile) not in self._waits[o]:
            return f"{tile_name(tile)} does not complete the hand"
        if self.riichi_furiten[o]:
            return "furiten: a winning tile was passed under riichi"
        if self.temp_furiten[o]:
            return "furiten: a winning tile was passed this go-around"
        if self.is_furiten(o):
            return "furiten: a winning tile is among the seat's own discards"
        return "the hand has no yaku"

    def _why_no_call(self, a: Action, tile: int) -> str:
        o = a.seat
        if self.riichi[o]:
            return "no calls under riichi"
        if self.wall.live_remaining == 0:
            return "the last discard cannot be called"
        if a.tile != tile:
            return f"the tile to call is {tile_name(tile)}"
        need = 2 if a.kind == PON else 3
        return f"{a.kind} needs {need} matching tiles from the hand"

    def _why_no_riichi(self, s: int, tile: int) -> str:
        rules = self.rules
        if any(cm.meld.is_open for cm in self.melds[s]):
            return "riichi needs a closed hand"
        if self.scores[s] < rules.riichi_min_points:
            return f"riichi needs at least {rules.riichi_min_points} points"
        if self.wall.live_remaining < rules.riichi_min_live_tiles:
            return f"riichi needs at least {rules.riichi_min_live_tiles} tiles left in the live wall"
        return f"the hand is not tenpai after discarding {tile_name(tile)}"
