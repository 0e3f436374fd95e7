"""``riichi`` / ``dama``: the first discard of a hand that keeps the hand tenpai while riichi is legal:
``riichi`` when declared, ``dama`` otherwise. The value is the ron on the main wait (most unseen copies from
the seat's view), scored with and without riichi (no ura, ippatsu or honba)."""

from __future__ import annotations

from ...game import Action, Game, evaluation
from ...game.actions import RIICHI
from ...i18n import gettext, number
from ...tiles import kind, kind_name
from ..hints import visible_counts
from .base import Tracker, hand_points, ron_input, score_of, tile_word, waits_text


def riichi_or_dama(t: Tracker, game: Game, action: Action) -> None:
    seat, tile = action.seat, action.tile
    t.once.add(("tenpai", seat))
    hand13 = list(game.hands[seat])
    hand13.remove(tile)
    counts = list(game.counts[seat])
    counts[kind(tile)] -= 1
    waits = evaluation.waits(counts, game.outside[seat])
    if not waits:
        return
    unseen = [4 - v for v in visible_counts(game.view(seat))]
    rows = []
    for w in waits:
        dama = score_of(ron_input(game, seat, hand13, w, False), game)
        riichi = score_of(ron_input(game, seat, hand13, w, True), game)
        rows.append((unseen[w], hand_points(dama) if dama else 0, hand_points(riichi) if riichi else 0, w))
    left, dama_pts, riichi_pts, main = max(rows)
    waits_words = waits_text(waits)
    data = {"waits": [kind_name(w) for w in waits], "main_wait": kind_name(main), "unseen": left,
            "dama": dama_pts, "riichi": riichi_pts, "discard": kind_name(kind(tile))}
    if action.kind == RIICHI:
        text = (gettext("Riichi on {waits}: {riichi} by ron on {tile} ({dama} dama)") if dama_pts else
                gettext("Riichi on {waits}: {riichi} by ron on {tile} (no yaku dama)")).format(
            waits=waits_words, riichi=number(riichi_pts), tile=tile_word(main), dama=number(dama_pts))
        kind_ = "riichi"
    else:
        text = (gettext("Dama on {waits} at {dama} by ron on {tile} (riichi would make it {riichi})") if dama_pts else
                gettext("Dama on {waits} with no yaku for a ron on {tile} (riichi would make it {riichi})")).format(
            waits=waits_words, dama=number(dama_pts), tile=tile_word(main), riichi=number(riichi_pts))
        kind_ = "dama"
    t.moment(game, seat, kind_, t.turn(game, seat), text, data)


__all__ = ["riichi_or_dama"]
