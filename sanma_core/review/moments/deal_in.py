"""``deal_in``: an opponent's ron on the seat's discard (or added kan or kita). At each of the seat's discards
the tiles in hand that were genbutsu (danger 0 in the hints) against every riichi opponent are remembered
(:class:`~.base.Out`, kept by the finder) and named."""

from __future__ import annotations

from typing import Any

from ...game import Action, Game
from ...game.actions import RON
from ...i18n import gettext, number
from ...scoring import ScoreResult
from ...tiles import kind, kind_name
from ...words import seat_ref
from .base import Moment, Out, Tracker, score_data, tile_word, worth


class DealIn:
    """Finds the deal-ins of the reviewed seats, double ron and head bump included."""

    def __init__(self, tracker: Tracker):
        self.t = tracker
        self.reset_hand()

    def reset_hand(self) -> None:
        self.window: Any = None  # the response window of the last ron seen
        self.window_rons: dict[int, Moment] = {}  # winner → deal-in moment in that window

    def ron(self, game: Game, action: Action) -> None:
        """A ron on a reviewed seat's tile. With two rons the honba go to the winner nearer the
        discarder (double ron), or only that winner wins (head bump); a moment already made for
        the farther winner is redone or dropped when the nearer one's ron comes."""
        t = self.t
        w = game.window
        loser, winner = w.seat, action.seat
        out = t.out.get(loser)
        if out is None:
            return
        if self.window is not w:
            self.window, self.window_rons = w, {}
        nearer = (loser + 1) % 3
        other = (loser + 2) % 3 if winner == nearer else nearer
        other_rons = w.answers.get(other) is not None and w.answers[other].kind == RON
        if winner != nearer and other_rons and not game.rules.double_ron:
            return  # head bump: the nearer winner takes it alone
        first = winner == nearer or not other_rons  # the winner who takes the honba and sticks
        score = game.ron_win(winner, w.tile, w.kind, game.honba if first else 0, game.sticks if first else 0)[0]
        if score is None:
            return
        if winner == nearer and other in self.window_rons:
            old = self.window_rons.pop(other)
            i = next(i for i, x in enumerate(t.moments) if x is old)
            if game.rules.double_ron:
                t.moments[i] = _moment(game, loser, other, w, out, game.ron_win(other, w.tile, w.kind, 0, 0)[0])
            else:
                del t.moments[i]
        self.window_rons[winner] = t.add(_moment(game, loser, winner, w, out, score))


def _moment(game: Game, loser: int, winner: int, w: Any, out: Out, score: ScoreResult) -> Moment:
    paid = score.payments["ron"]
    tile = tile_word(w.tile)
    if w.kind == "kakan":
        tile = gettext("{tile} (added kan)").format(tile=tile)
    elif w.kind == "kita":
        tile = gettext("{tile} (kita)").format(tile=tile)
    # the winner is a seat reference (``seat 1``) that the reader's names replace; "'s" after it is English's
    text = gettext("Dealt in with {tile} to {winner}'s ron ({worth}): paid {paid}").format(
        tile=tile, winner=seat_ref(winner), worth=worth(score), paid=number(paid))
    if out.safe:
        text += gettext("; {tiles} in hand was safe against the riichi").format(
            tiles=", ".join(tile_word(k) for k in out.safe))
    elif out.threats:
        text += gettext("; no tile in hand was safe against the riichi")
    data = {"tile": kind_name(kind(w.tile)), "winner": winner, "paid": paid,
            "safe": [kind_name(k) for k in out.safe], "riichi_seats": out.threats,
            "winner_in_riichi": bool(game.riichi[winner]), **score_data(score)}
    return Moment(game.hand_index, loser, "deal_in", out.turn, out.left, out.step, text, data)


__all__ = ["DealIn"]
