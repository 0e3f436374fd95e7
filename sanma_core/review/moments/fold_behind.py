"""``fold_behind``: folding when far behind: in the South or West round, the seat is last by 8,000 or more
(to second place), an opponent is in riichi, the seat is not tenpai, and it discards a tile genbutsu against
every riichi opponent that leaves the hand further from tenpai than its best discard. Only attacking can
change the placement, so breaking the hand for a safe tile is noted (once per hand)."""

from __future__ import annotations

from ...game import Action, Game
from ...i18n import gettext, number
from ...tiles import kind, kind_name
from ...words import WIND_LETTERS, shanten_count
from ..hints import Hints
from .base import Tracker, tile_word

#: Last place behind second place by at least this much, in the South or West round, counts as far behind.
FAR_BEHIND = 8000


def fold_behind(t: Tracker, game: Game, action: Action, hints: Hints) -> None:
    seat = action.seat
    if game.round_wind < 1 or game.waits(seat):
        return
    others = sorted(game.scores[o] for o in range(3) if o != seat)
    gap = others[0] - game.scores[seat]
    if gap < FAR_BEHIND:
        return
    by_kind = {h.tile: h for h in hints.discards}
    mine = by_kind.get(kind(action.tile))
    best = min(h.shanten for h in hints.discards)
    if mine is None or mine.danger != 0 or mine.shanten <= best:
        return
    t.once.add(("fold_behind", seat))
    riichi = [o for o in range(3) if o != seat and game.riichi[o]]
    text = gettext("Folded with {tile} while last by {gap}: safe against the riichi but {shanten} where {best} was "
                   "possible, and only attacking could change the placement").format(
        tile=tile_word(action.tile), gap=number(gap), shanten=shanten_count(mine.shanten), best=shanten_count(best))
    data = {"tile": kind_name(kind(action.tile)), "gap": gap, "shanten": mine.shanten, "best_shanten": best,
            "riichi_seats": riichi, "round": WIND_LETTERS[game.round_wind]}
    t.moment(game, seat, "fold_behind", t.turn(game, seat), text, data)


__all__ = ["FAR_BEHIND", "fold_behind"]
