"""``furiten``: the seat is tenpai and ``is_furiten`` turns true (once per hand): a wait among its own
discards, a winning tile passed under riichi, a ron passed, or a winning tile gone by while the hand had no
yaku. The moment is placed at the action that caused it."""

from __future__ import annotations

from ...game import Game
from ...game.actions import DISCARD, RIICHI
from ...i18n import gettext, ngettext
from ...tiles import kind, kind_name
from .base import Tracker, did, tile_word, waits_text


def check_furiten(t: Tracker, game: Game) -> None:
    """Report a reviewed seat that the previous action left tenpai and furiten (once per hand)."""
    if t.prev is None:
        return
    step, left, cause = t.prev
    for seat in t.seats:
        if ("furiten", seat) in t.once or not game.waits(seat) or not game.is_furiten(seat):
            continue
        t.once.add(("furiten", seat))
        waits = game.waits(seat)
        own = [w for w in waits if w in game.discarded_kinds[seat]]
        waits_words = waits_text(waits)
        own_turn = cause.seat == seat and cause.kind in (DISCARD, RIICHI)
        turn = len(game.discards[seat]) + (0 if own_turn else 1)
        tile = t.last_tile
        if own:
            why = "own_discards"
            text = ngettext("Furiten waiting on {waits} after {cause}: {own} is among own discards, so no ron while "
                            "this wait stands",
                            "Furiten waiting on {waits} after {cause}: {own} are among own discards, so no ron while "
                            "this wait stands", len(own)).format(waits=waits_words, cause=did(cause),
                                                                 own=waits_text(own))
        elif game.riichi_furiten[seat]:
            why = "passed_in_riichi"
            text = gettext("Furiten in riichi on {waits}: a winning {tile} went by, no ron for the rest of the "
                           "hand").format(waits=waits_words, tile=tile_word(tile))
        elif t.passed.get(seat) == tile:
            why = "passed"
            text = gettext("Furiten on {waits} until the next discard: the ron on {tile} was passed").format(
                waits=waits_words, tile=tile_word(tile))
        else:
            why = "no_yaku"
            text = gettext("Furiten on {waits} until the next discard: {tile} went by and the hand had no yaku to "
                           "ron it").format(waits=waits_words, tile=tile_word(tile))
        data = {"cause": why, "waits": [kind_name(w) for w in waits], "furiten_waits": [kind_name(w) for w in own],
                "tile": kind_name(kind(tile)) if tile >= 0 else ""}
        t.moment(game, seat, "furiten", turn, text, data, step=step, left=left)


__all__ = ["check_furiten"]
