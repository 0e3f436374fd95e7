"""``north_kept``: kita was legal and the seat discarded instead (first time in the hand only). The han lost
per North comes from the bonus rules and the dora indicators (one more per indicator on North). The moment
is followed to the end of the hand: set aside or discarded later, and, if the seat wins after throwing that
North away, what the win would have been worth with the North set aside."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...game import Action, Game
from ...game.actions import DISCARD, KITA, RIICHI, RON, TSUMO
from ...i18n import gettext, ngettext, number
from ...scoring.bonus import count_bonus
from ...tiles import NORTH, NUM_KINDS, kind, kind_name
from .base import Moment, Tracker, hand_points, score_of


@dataclass
class _NorthTrack:
    """A north_kept moment followed to the end of the hand."""

    moment: Moment
    base: str  # the text before any notes
    thrown: int = 0  # Norths discarded since (the moment's own discard included)
    thrown_turns: list[int] = field(default_factory=list)  # turns of later North discards
    notes: dict[str, str] = field(default_factory=dict)  # topic → note, in order


class NorthKept:
    """Finds the kept North and follows it (one per seat and hand)."""

    def __init__(self, tracker: Tracker):
        self.t = tracker
        self.reset_hand()

    def reset_hand(self) -> None:
        self.tracks: dict[int, _NorthTrack] = {}

    def kept(self, game: Game, action: Action) -> None:
        t, seat = self.t, action.seat
        t.once.add(("north_kept", seat))
        bonus = count_bonus([0] * NUM_KINDS, 0, 1, game.dora_indicators(), (), False)
        han = bonus.kita
        threw = kind(action.tile) == NORTH
        text = (gettext("Discarded a North that could have been set aside: +{han} han") if threw else
                gettext("Kept a North that could have been set aside: +{han} han")).format(han=han)
        hits = bonus.kita_indicator_hits
        if hits:
            text += gettext(", as the West indicator makes North dora") if hits == 1 else \
                gettext(", as {n} West indicators make North dora").format(n=hits)
        data = {"han": han, "indicators_on_north": bonus.kita_indicator_hits, "norths": game.counts[seat][NORTH],
                "discard": kind_name(kind(action.tile)), "riichi": action.kind == RIICHI}
        self.tracks[seat] = _NorthTrack(t.moment(game, seat, "north_kept", t.turn(game, seat), text, data),
                                        text, thrown=int(threw))

    def later(self, game: Game, action: Action) -> None:
        """What became of the kept North: set aside or discarded later, or what the seat's win would have been."""
        seat = action.seat
        track = self.tracks.get(seat)
        if track is None:
            return
        if action.kind == KITA:
            del self.tracks[seat]
            turn = self.t.turn(game, seat)
            self._note(track, "kita", gettext("set aside on turn {turn}").format(turn=turn), kita_turn=turn)
        elif action.kind in (DISCARD, RIICHI) and kind(action.tile) == NORTH:
            track.thrown += 1
            turns = track.thrown_turns
            turns.append(self.t.turn(game, seat))
            note = ngettext("discarded on turn {turns}", "discarded on turns {turns}", len(turns)).format(
                turns=", ".join(map(str, turns)))
            self._note(track, "discarded", note, discarded_turns=list(turns))
        elif action.kind in (TSUMO, RON):
            del self.tracks[seat]
            self._won(game, action, track)

    def _note(self, track: _NorthTrack, topic: str, note: str, **data: Any) -> None:
        track.notes[topic] = note
        old = track.moment
        track.moment = self.t.swap(old, replace(old, text=f"{track.base} ({'; '.join(track.notes.values())})",
                                                data={**old.data, **data}))

    def _won(self, game: Game, action: Action, track: _NorthTrack) -> None:
        """The seat won: with the North(s) it threw away set aside instead, what would the same win be worth?"""
        seat = action.seat
        if action.kind == TSUMO:
            score, ctx = game.tsumo_win(seat)
        else:
            w = game.window
            score, ctx = game.ron_win(seat, w.tile, w.kind)
        if score is None:
            return
        won = hand_points(score)
        if track.thrown:
            alt = score_of(replace(ctx, kita=ctx.kita + track.thrown), game)
            if alt is not None:
                note = gettext("{won} → {alt} if it had won as it did").format(won=number(won),
                                                                                 alt=number(hand_points(alt)))
                self._note(track, "won", note, won=won, won_with_kita=hand_points(alt))
        elif ctx.hand.count(NORTH):
            self._note(track, "won", gettext("the North stayed in the winning hand, worth {won}").format(
                won=number(won)), won=won)


__all__ = ["NorthKept"]
