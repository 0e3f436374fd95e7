"""Transitions: dealing, draws, own-turn actions, answers to a tile and calls, each with its mjai event.

:class:`Transitions` is mixed into :class:`~sanma_core.game.referee.Game`; the actions it plays have
passed :class:`~sanma_core.game.legality.Legality` first.
"""

from __future__ import annotations

from typing import Any

from ..melds import make_meld
from ..scoring import ScoreResult, WinInput
from ..tiles import NORTH, kind, sort_tiles, to_mjai
from .actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, MINKAN, PON, RIICHI, RON, TSUMO, Action
from .legality import UNKNOWN, ResponseWindow
from .seat import SeatState
from .state import ROUND_NAMES, CalledMeld, Phase
from .wall import Wall


def mjai_list(tiles: list[int] | tuple[int, ...]) -> list[str]:
    """Tiles in mjai notation, in the order given."""
    return [to_mjai(t) for t in tiles]


class Transitions:
    """The state changes of :class:`~sanma_core.game.referee.Game` (a mixin; the state is the game's)."""

    # ==== hand setup and draws ==============================================

    def _emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def _new_turn(self) -> None:
        """Forget what was worked out for the previous decision."""
        self._turn_cache: list[Action] | None = None
        self._riichi_cache: str | None | object = UNKNOWN
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
                "tehais": [mjai_list(sort_tiles(st.hand)) for st in self.seats],
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
        self._emit({"type": "ankan", "actor": s, "consumed": mjai_list(consumed)})
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
        self._emit({"type": "kakan", "actor": s, "pai": to_mjai(tile), "consumed": mjai_list(old.meld.tiles)})
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
                 "pai": to_mjai(tile), "consumed": mjai_list(a.consumed)}
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
