"""``win_not_taken``: tsumo or ron was legal and the seat did something else; the win's han, fu and points
come from the engine's own scoring of it."""

from __future__ import annotations

from ...game import Action, Game
from ...game.actions import PASS
from ...i18n import DEFAULT_LANGUAGE, gettext, speaking
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
    words = {"tile": tile_word(tile), "worth": worth(score), "instead": action_text(action).lower()}
    if action.kind == PASS:
        text = (gettext("Did not take a tsumo on {tile} worth {worth} (passed instead)") if tsumo else
                gettext("Did not take a ron on {tile} worth {worth} (passed instead)"))
    else:
        text = (gettext("Did not take a tsumo on {tile} worth {worth} ({instead} instead)") if tsumo else
                gettext("Did not take a ron on {tile} worth {worth} ({instead} instead)"))
    with speaking(DEFAULT_LANGUAGE):  # the data stays in the engine's words, whatever the text speaks
        done = action_text(action)
    data = {"win": how, "tile": kind_name(kind(tile)), "action": done, **score_data(score)}
    text = text.format(**words)
    t.moment(game, seat, "win_not_taken", t.turn(game, seat), text, data)


__all__ = ["win_not_taken"]
