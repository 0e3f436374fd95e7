"""How often a bot makes the choice a real player made, measured while real games are re-played.

Decision kinds:

- ``discard``: every discard (riichi discards included) where more than one kind
  could be discarded; the bot chooses among the legal discards only, and red
  and plain fives count as one kind;
- ``riichi``: the first point in each hand where riichi is legal and the player
  discards: declare or not; ``riichi_all``: every such point, not only the first;
- ``kita``: every point where kita is legal, the player is not in riichi and
  either sets a North aside or discards: set aside or not;
- ``call``: every offer of a pon or an open kan that the player answers with a
  pon, an open kan or a pass (ron offers the player took are left out): call or pass.

``*_vs_riichi`` are the same decisions taken while an opponent is in riichi.

Beside the agreement rates, per kind: ``nll``, the mean negative log-likelihood
of the players' choices under the bot's probabilities (``Decision.facts["probs"]``,
option label → probability, see :func:`option_label`); a bot that gives none
counts as sure of its choice, with :data:`EPS` left for every other answer.
``baseline``: the rate of the better constant answer (always declare or never,
always call or never; for discards, always the tile just drawn).
``ece``: expected calibration error of the bot's probability of its own choice
(10 equal bins), where the bot gives probabilities.

>>> c = AgreementCounter("easy")
>>> c.rates()["discard"] is None
True
>>> option_label("kita", True), option_label("discard", 13)
('kita', 'discard:5p')
"""

from __future__ import annotations

import math
from typing import Any

from ..game import Game
from ..game.actions import DISCARD, KITA, MINKAN, PASS, PON, RIICHI, RON, Action
from ..game.state import Phase
from ..tiles import kind, kind_name
from .make import make_bot

BASE_KINDS = ("discard", "riichi", "riichi_all", "kita", "call")
KINDS = ("discard", "discard_vs_riichi", "riichi", "riichi_all", "riichi_vs_riichi", "kita", "kita_vs_riichi",
         "call", "call_vs_riichi")
EPS = 0.01  # the probability a bot without probabilities leaves for every answer it did not choose
BINS = 10
_YES_NO = {"riichi": ("riichi", "dama"), "riichi_all": ("riichi", "dama"), "kita": ("kita", "keep"),
           "call": ("call", "pass"), "kan": ("kan", "no_kan"), "abort": ("abort", "play_on")}


def option_label(name: str, answer: bool | int) -> str:
    """The label of one answer of a decision kind: ``"riichi"``/``"dama"``, ``"kita"``/``"keep"``,
    ``"call"``/``"pass"``, ``"kan"``/``"no_kan"``, ``"abort"``/``"play_on"``, or ``"discard:KIND"`` for a discard of tile kind ``answer``."""
    if name.startswith("discard"):
        return f"discard:{kind_name(kind(int(answer)))}"
    yes, no = _YES_NO[name.removesuffix("_vs_riichi")]
    return yes if answer else no


class AgreementCounter:
    """An observer of a replay (``before(game, action)``) that asks a bot at every counted decision."""

    def __init__(self, level: str, seed: int | str = 0):
        self.bot = make_bot(level, seed)
        self.agree = dict.fromkeys(KINDS, 0)
        self.total = dict.fromkeys(KINDS, 0)
        self.yes = dict.fromkeys(KINDS, 0)  # binary kinds: the player said yes; discards: the player threw the draw
        self.nll = dict.fromkeys(KINDS, 0.0)
        self.calib: dict[str, list[tuple[float, bool]]] = {k: [] for k in KINDS}
        self._riichi_asked: set[tuple[int, int, int]] = set()
        self._game_no = 0

    def new_game(self) -> None:
        """Call between games (the first-chance riichi rule is per hand of a game)."""
        self._game_no += 1

    def _count(self, name: str, decision: Any, mine: str, theirs: str, yes: bool, threat: bool) -> None:
        same = mine == theirs
        probs = decision.facts.get("probs") if isinstance(decision.facts, dict) else None
        if probs:
            p = probs.get(theirs, 0.0)
            conf = probs.get(mine)
        else:
            p, conf = (1.0 - EPS if same else EPS), None
        loss = -math.log(min(1.0, max(p, 1e-6)))
        for key in (name, f"{name}_vs_riichi") if threat and name != "riichi_all" else (name,):
            self.total[key] += 1
            self.agree[key] += same
            self.yes[key] += yes
            self.nll[key] += loss
            if conf is not None:
                self.calib[key].append((conf, same))

    def before(self, game: Game, action: Action) -> None:
        if game.phase is Phase.RESPONSE:
            self._response(game, action)
            return
        if game.phase is not Phase.TURN:
            return
        seat = action.seat
        legal = game.legal_actions(seat)
        discards = [a for a in legal if a.kind in (DISCARD, RIICHI)]
        threat = game.riichi_against(seat)
        view = choice = None
        if action.kind in (DISCARD, RIICHI) and len({kind(a.tile) for a in discards}) > 1:
            view = game.view(seat)
            choice = self.bot.decide(view, discards)
            drawn = view.drawn is not None and kind(view.drawn) == kind(action.tile)
            self._count("discard", choice, option_label("discard", choice.action.tile),
                        option_label("discard", action.tile), drawn, threat)
        if action.kind in (DISCARD, RIICHI) and any(a.kind == RIICHI for a in legal):
            view = view or game.view(seat)
            choice = choice or self.bot.decide(view, discards)
            mine, theirs = choice.action.kind == RIICHI, action.kind == RIICHI
            names = ["riichi_all"]
            key = (self._game_no, game.hand_index, seat)
            if key not in self._riichi_asked:
                self._riichi_asked.add(key)
                names.append("riichi")
            for name in names:
                self._count(name, choice, option_label(name, mine), option_label(name, theirs), theirs, threat)
        kita = [a for a in legal if a.kind == KITA]
        if kita and not game.riichi[seat] and action.kind in (DISCARD, RIICHI, KITA):
            view = view or game.view(seat)
            choice = self.bot.decide(view, kita + discards)
            mine, theirs = choice.action.kind == KITA, action.kind == KITA
            self._count("kita", choice, option_label("kita", mine), option_label("kita", theirs), theirs, threat)

    def _response(self, game: Game, action: Action) -> None:
        if action.kind not in (PON, MINKAN, PASS):
            return
        seat = action.seat
        legal = [a for a in game.legal_actions(seat) if a.kind != RON]
        if not any(a.kind in (PON, MINKAN) for a in legal):
            return
        threat = game.riichi_against(seat)
        choice = self.bot.decide(game.view(seat), legal)
        mine, theirs = choice.action.kind != PASS, action.kind != PASS
        self._count("call", choice, option_label("call", mine), option_label("call", theirs), theirs, threat)

    def rates(self) -> dict[str, float | None]:
        return {k: (self.agree[k] / self.total[k] if self.total[k] else None) for k in KINDS}

    def baselines(self) -> dict[str, float | None]:
        """Per kind, the rate of the better constant answer (discards: the tile just drawn)."""
        out: dict[str, float | None] = {}
        for k in KINDS:
            n = self.total[k]
            if not n:
                out[k] = None
            elif k.startswith("discard"):
                out[k] = self.yes[k] / n
            else:
                out[k] = max(self.yes[k], n - self.yes[k]) / n
        return out

    def nlls(self) -> dict[str, float | None]:
        return {k: (self.nll[k] / self.total[k] if self.total[k] else None) for k in KINDS}

    def eces(self) -> dict[str, float | None]:
        return {k: expected_calibration_error(self.calib[k]) for k in KINDS}

    def summary(self, games: int) -> dict[str, Any]:
        """The ``sanma agree`` object."""

        def rounded(d: dict[str, float | None]) -> dict[str, float | None]:
            return {k: (round(v, 4) if v is not None else None) for k, v in d.items()}

        return {"ok": True, "games": games,
                "decisions": {k: self.total[k] for k in BASE_KINDS},
                "agree": rounded(self.rates()), "nll": rounded(self.nlls()), "baseline": rounded(self.baselines()),
                "ece": rounded(self.eces())}


def expected_calibration_error(pairs: list[tuple[float, bool]], bins: int = BINS) -> float | None:
    """Mean over equal-width confidence bins of |agreement − confidence|, weighted by the bin's share.

    >>> round(expected_calibration_error([(0.9, True)] * 9 + [(0.9, False)]), 6)
    0.0
    >>> round(expected_calibration_error([(0.75, True), (0.75, False)]), 2)
    0.25
    """
    if not pairs:
        return None
    sums = [[0, 0.0, 0] for _ in range(bins)]
    for conf, same in pairs:
        b = sums[min(bins - 1, max(0, int(conf * bins)))]
        b[0] += 1
        b[1] += conf
        b[2] += same
    return sum(abs(b[2] - b[1]) for b in sums if b[0]) / len(pairs)
