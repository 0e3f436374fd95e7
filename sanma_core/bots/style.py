"""Play style from replayed games: riichi, Norths set aside and pons per hand, and win and deal-in rates.

Every figure is per seat and hand (a hanchan of 9 hands holds 27 seat-hands), so real players' games and bot
games compare directly. :class:`StyleCounter` observes a replay (``before(game, action)``) and reads each
finished game's results (:meth:`StyleCounter.finish`); :func:`style_of_records` does both for record texts.

>>> StyleCounter().per_hand()["riichi"] is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..game import Action, Game
from ..game.actions import KITA, PON, RIICHI
from ..game.records import read_record

#: the style figures, each per seat-hand
FIGURES = ("riichi", "kita", "pon", "win", "deal_in")
_COUNTED = {RIICHI: "riichi", KITA: "kita", PON: "pon"}


class StyleCounter:
    """Counts of the style figures over the games it has seen."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.seat_hands = 0
        self.games = 0

    def before(self, game: Game, action: Action) -> None:
        name = _COUNTED.get(action.kind)
        if name is not None:
            self.counts[name] += 1

    def add_played(self, game: Game) -> None:
        """Count a game played here (not replayed): its actions from the history, then its results."""
        for action in game.history:
            if action is not None:  # None marks the start of a hand
                self.before(game, action)
        self.finish(game)

    def finish(self, game: Game) -> None:
        """Count a finished game's hands, wins and deal-ins (a double ron is one deal-in)."""
        self.games += 1
        for r in game.results:
            self.seat_hands += 3
            self.counts["win"] += len(r.wins)
            self.counts["deal_in"] += len({w.from_seat for w in r.wins if not w.tsumo})

    def per_hand(self) -> dict[str, float | None]:
        return {k: (self.counts[k] / self.seat_hands if self.seat_hands else None) for k in FIGURES}

    def summary(self) -> dict[str, Any]:
        return {"games": self.games, "seat_hands": self.seat_hands, "per_hand": self.per_hand()}


def style_of_records(texts: Iterable[str]) -> StyleCounter:
    """The style of the games in ``texts`` (records of any format :func:`read_record` reads)."""
    counter = StyleCounter()
    for text in texts:
        counter.finish(read_record(text, observers=[counter]).game)
    return counter


def compare(players: dict[str, float | None], bots: dict[str, float | None]) -> dict[str, dict[str, Any]]:
    """Each figure of the bots beside the players': the relative difference and whether it is within 20%."""
    out: dict[str, dict[str, Any]] = {}
    for k in FIGURES:
        p, b = players.get(k), bots.get(k)
        rel = (b - p) / p if p and b is not None else None
        out[k] = {"players": p, "bots": b, "relative": rel, "within_20": rel is not None and abs(rel) <= 0.2}
    return out
