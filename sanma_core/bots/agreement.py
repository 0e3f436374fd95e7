"""How often a bot makes the choice a real player made, measured while real games are re-played.

Three kinds of decision, each at the player's own turn:

- ``discard``: every discard (riichi discards included) where more than one kind
  could be discarded; the bot chooses among the legal discards only, and red
  and plain fives count as one kind;
- ``riichi``: the first point in each hand where riichi is legal and the player
  discards: declare or not;
- ``kita``: every point where kita is legal, the player is not in riichi and
  either sets a North aside or discards: set aside or not.

``*_vs_riichi`` are the same decisions taken while an opponent is in riichi.

>>> c = AgreementCounter("easy")
>>> c.rates()["discard"] is None
True
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..game.actions import DISCARD, KITA, RIICHI, Action
from ..game.state import Phase
from ..tiles import kind
from .make import make_bot

KINDS = ("discard", "discard_vs_riichi", "riichi", "kita", "kita_vs_riichi")


class AgreementCounter:
    """An observer of a replay (``before(game, action)``) that asks a bot at every counted decision."""

    def __init__(self, level: str, seed: int | str = 0):
        self.bot = make_bot(level, seed)
        self.agree = dict.fromkeys(KINDS, 0)
        self.total = dict.fromkeys(KINDS, 0)
        self._riichi_asked: set[tuple[int, int, int]] = set()
        self._game_no = 0

    def new_game(self) -> None:
        """Call between games (the first-chance riichi rule is per hand of a game)."""
        self._game_no += 1

    def _count(self, name: str, same: bool, threat: bool) -> None:
        for key in (name, f"{name}_vs_riichi") if threat and name != "riichi" else (name,):
            self.total[key] += 1
            self.agree[key] += same

    def before(self, game: Game, action: Action) -> None:
        if game.phase is not Phase.TURN:
            return
        seat = action.seat
        legal = game.legal_actions(seat)
        discards = [a for a in legal if a.kind in (DISCARD, RIICHI)]
        threat = any(game.riichi[o] for o in range(3) if o != seat)
        view = None
        if action.kind in (DISCARD, RIICHI) and len({kind(a.tile) for a in discards}) > 1:
            view = game.view(seat)
            choice = self.bot.decide(view, discards).action
            self._count("discard", kind(choice.tile) == kind(action.tile), threat)
        key = (self._game_no, game.hand_index, seat)
        if action.kind in (DISCARD, RIICHI) and key not in self._riichi_asked and any(a.kind == RIICHI for a in legal):
            self._riichi_asked.add(key)
            view = view or game.view(seat)
            choice = self.bot.decide(view, discards).action
            self._count("riichi", (choice.kind == RIICHI) == (action.kind == RIICHI), threat)
        kita = [a for a in legal if a.kind == KITA]
        if kita and not game.riichi[seat] and action.kind in (DISCARD, RIICHI, KITA):
            view = view or game.view(seat)
            choice = self.bot.decide(view, kita + discards).action
            self._count("kita", (choice.kind == KITA) == (action.kind == KITA), threat)

    def rates(self) -> dict[str, float | None]:
        return {k: (self.agree[k] / self.total[k] if self.total[k] else None) for k in KINDS}

    def summary(self, games: int) -> dict[str, Any]:
        """The ``sanma agree`` object."""
        return {"ok": True, "games": games,
                "decisions": {k: self.total[k] for k in ("discard", "riichi", "kita")},
                "agree": {k: (round(v, 4) if v is not None else None) for k, v in self.rates().items()}}
