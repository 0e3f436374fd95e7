"""The replay observer that runs the detectors: :class:`MomentFinder`."""

from __future__ import annotations

from collections.abc import Collection

from ...game import Action, Game
from ...game.actions import DISCARD, KAKAN, KITA, PON, RIICHI, RON, TSUMO
from ..hints import Hints, hints_for
from .base import Moment, Out, Tracker
from .deal_in import DealIn
from .fold_behind import fold_behind
from .furiten import check_furiten
from .north_kept import NorthKept
from .pon_broke_yaku import pon_broke_yaku
from .riichi_dama import riichi_or_dama
from .win_not_taken import win_not_taken


class MomentFinder:
    """A replay observer: call :meth:`before` with each action just before it is applied.

    ``moments`` are the reviewed seats' notable moments, in game order (by ``step``).
    Use one finder per game.
    """

    def __init__(self, seats: Collection[int]):
        self.seats = frozenset(seats)
        self._t = Tracker(self.seats)
        self._north = NorthKept(self._t)
        self._deal_in = DealIn(self._t)
        self._game: Game | None = None
        self._hand = -1

    @property
    def moments(self) -> list[Moment]:
        return self._t.moments

    def _reset_hand(self) -> None:
        self._t.reset_hand()
        self._north.reset_hand()
        self._deal_in.reset_hand()

    # ---- the observer hook ------------------------------------------------------

    def before(self, game: Game, action: Action) -> None:
        t = self._t
        if game is not self._game:
            self._game, t.step, self._hand = game, 0, -1
        if game.hand_index != self._hand:
            self._hand = game.hand_index
            self._reset_hand()
        check_furiten(t, game)
        seat, k = action.seat, action.kind
        if k == RON and game.window is not None and game.window.seat in self.seats:
            self._deal_in.ron(game, action)
        if seat in self.seats:
            self._own(game, action)
        t.prev = (t.step, game.live_remaining, action)
        if k in (DISCARD, RIICHI, KAKAN, KITA):
            t.last_tile = action.tile
        t.step += 1

    def _own(self, game: Game, action: Action) -> None:
        t = self._t
        seat, k = action.seat, action.kind
        legal = game.legal_actions(seat)
        if k != TSUMO and Action.tsumo(seat) in legal:
            win_not_taken(t, game, action, game.tsumo_win(seat)[0], tsumo=True)
        w = game.window
        if w is not None and k != RON and Action.ron(seat, w.tile) in legal:
            t.passed[seat] = w.tile
            win_not_taken(t, game, action, game.ron_win(seat, w.tile, w.kind)[0], tsumo=False)
        self._north.later(game, action)
        if k == PON:
            pon_broke_yaku(t, game, action)
        if k not in (DISCARD, RIICHI, KAKAN, KITA):
            return
        hints = self._hints(game, seat)
        if k in (DISCARD, RIICHI):
            if Action.kita(seat) in legal and ("north_kept", seat) not in t.once:
                self._north.kept(game, action)
            if ("tenpai", seat) not in t.once and (k == RIICHI or Action.riichi(seat, action.tile) in legal):
                riichi_or_dama(t, game, action)
            if k == DISCARD and hints is not None and ("fold_behind", seat) not in t.once:
                fold_behind(t, game, action, hints)
        safe = [h.tile for h in hints.discards if h.danger == 0] if hints is not None else []
        t.out[seat] = Out(action.tile, t.turn(game, seat), t.step, game.live_remaining, safe,
                          [o for o in range(3) if o != seat and game.riichi[o]])

    @staticmethod
    def _hints(game: Game, seat: int) -> Hints | None:
        """Hints (shape and danger per discard) when an opponent is in riichi, else None."""
        if not game.riichi_against(seat):
            return None
        return hints_for(game.view(seat), game.events)


__all__ = ["MomentFinder"]
