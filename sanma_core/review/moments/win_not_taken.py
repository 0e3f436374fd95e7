"""``win_not_taken``: tsumo or ron was legal and the seat did something else; the win's han, fu and points
come from the engine's own scoring of it."""

from __future__ import annotations

from ...game import Action, Game
from ...game.actions import PASS
from ...scoring import ScoreResult
from ...tiles import kind, kind_name
from ..decisions import action_text
from .base import Tracker, score_data, tile_word, worth


def win_not_taken(t: Tracker, game: Game, action: Action, score: ScoreResult | None, tsumo: bool) -> None:
    if score is None:
        return
    seat = action.seat
    tile = game.drawn if tsumo else game.window.tile
    how = "tsumo" if tsumo else "ron"
    text = (f"Did not take a {how} on {tile_word(tile)} worth {worth(score)} "
            f"({action_text(action).lower() if action.kind != PASS else 'passed'} instead)")
    data = {"win": how, "tile": kind_name(kind(tile)), "action": action_text(action), **score_data(score)}
    t.moment(game, seat, "win_not_taken", t.turn(game, seat), text, data)


__all__ = ["win_not_taken"]
