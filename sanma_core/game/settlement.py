"""Settlement: what a win scores, the payments of wins and draws, the next hand and the game's end.

:class:`Settlement` is mixed into :class:`~sanma_core.game.referee.Game`.
"""

from __future__ import annotations

from ..scoring import ScoreResult, WinInput
from ..scoring.payments import final_placement, nagashi_payments, noten_payments, win_deltas
from ..tiles import EAST, TERMINALS_AND_HONOURS, kind, sort_tiles, to_mjai
from . import evaluation
from .liability import pao_deltas, pao_of
from .state import HandResult, Phase, WinResult
from .transitions import mjai_list


class Settlement:
    """The scoring and settling of :class:`~sanma_core.game.referee.Game` (a mixin; the state is the game's)."""

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
                    "ura_markers": mjai_list(ura),
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
            event["tehais"] = [mjai_list(sort_tiles(h)) if t else [] for h, t in zip(self.hands, tenpai, strict=True)]
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

    def _positions(self) -> tuple[int, int]:
        """(this hand's position, the last scheduled hand's): East 1 is 0, South 3 of a hanchan 5."""
        return self.round_wind * 3 + self.dealer, self.mode.last_round * 3 + 2

    @property
    def all_last(self) -> bool:
        """Whether this hand is the game's last scheduled one (or an extension hand after it)."""
        position, last = self._positions()
        return position >= last

    def _next_position(self, repeats: bool, stop_eligible: bool) -> tuple[int, int] | None:
        """The next (round wind, dealer), or None when the game is over."""
        rules = self.rules
        scores = self.scores
        if rules.bust_below_zero and min(scores) < 0:
            return None
        position, last = self._positions()
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
