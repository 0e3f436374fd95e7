"""Every decision of a reviewed seat beside the decision model: each option's probability and a grade.

The decision model is the hard bot's (:mod:`sanma_core.bots.learned_bot`): at each
decision it gives every legal option a probability (``Decision.facts["probs"]``),
labelled as ``sanma agree`` labels them (:func:`~sanma_core.bots.agreement.option_label`).
Decision kinds, as ``sanma agree`` counts them:

- ``discard``: which tile (riichi discards included), where more than one kind can go;
- ``riichi``: at every point where riichi is legal and the seat discards, declare or not;
- ``kita``: a North that may be set aside, the seat not in riichi: set it aside or keep it;
- ``call``: an offer of a pon or an open kan: call or pass (an open kan is a call);
- ``kan``: a closed or added kan the seat may make at its turn: make one or not (asked of the kan that keeps the
  hand's shape best; any kan the seat makes counts as "kan");
- ``abort``: the first draw with nine kinds of terminals and honours: abort the hand or play on.

Kinds the model does not cover yet (:data:`UNMODELLED`) are counted, not graded: no
probability is made up for them.

A grade (:func:`grade`): **agrees** (the seat chose the model's option, the most
probable one), else **big mistake** (its probability under 5% while the top one's is
at least 50%), else **fine** (at least a fifth of the top one's), else **mistake**.

>>> grade(0.6, 0.6, True), grade(0.04, 0.5, False), grade(0.1, 0.5, False), grade(0.09, 0.5, False)
('agrees', 'big mistake', 'fine', 'mistake')
>>> Figures.of([]).match is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.agreement import option_label
from ..bots.base import Decision
from ..game import Action, Game
from ..game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, MINKAN, PASS, PON, RIICHI, RON, TSUMO
from ..game.state import Phase
from ..i18n import N_, gettext
from ..tiles import kind, tile_name
from .advice import advise

MODEL = "hard"  # the level whose probabilities grade the decisions
MODEL_KINDS = ("discard", "riichi", "kita", "call", "kan", "abort")
#: decisions the model gives no probabilities for: a North in riichi (the hand cannot change), taking a win or not;
#: and any modelled kind where the model is missing
UNMODELLED = ("kita_in_riichi", "win")
GRADES = ("agrees", "fine", "mistake", "big mistake")
BIG_MISTAKE_BELOW = 0.05  # the player's option below this …
BIG_MISTAKE_TOP = 0.5  # … while the model's is at least this
FINE_SHARE = 0.2  # fine: at least this share of the model's option's probability


def grade(p_player: float, p_top: float, agrees: bool) -> str:
    """The grade of a choice of probability ``p_player`` where the model's (top) option has ``p_top``."""
    if agrees:
        return "agrees"
    if p_player < BIG_MISTAKE_BELOW and p_top >= BIG_MISTAKE_TOP:
        return "big mistake"
    if p_player >= FINE_SHARE * p_top:
        return "fine"
    return "mistake"


def is_mistake(g: str) -> bool:
    return g in ("mistake", "big mistake")


@dataclass(frozen=True)
class GradedDecision:
    """One decision of a seat with the model's probability of each option (most probable first)."""

    hand: int  # the engine's hand index
    step: int  # actions applied in the whole game before this decision's action
    seat: int
    left: int  # live wall tiles left
    kind: str  # discard, riichi, kita, call
    options: tuple[tuple[str, float], ...]  # (option label, probability), most probable first; they sum to 1
    player: str  # the option label the seat chose
    model: str  # the model's option: the most probable one
    reason: str  # the hard bot's sentence for its choice
    tile: int | None = None  # the offered tile (call), the North (kita)

    @property
    def probabilities(self) -> dict[str, float]:
        return dict(self.options)

    @property
    def p_player(self) -> float:
        return self.probabilities.get(self.player, 0.0)

    @property
    def p_model(self) -> float:
        return self.probabilities[self.model]

    @property
    def grade(self) -> str:
        return self.grade_of(self.player)

    @property
    def mistake(self) -> bool:
        return is_mistake(self.grade)

    def grade_of(self, label: str) -> str:
        """The grade that choosing option ``label`` here would get (an option not offered: a mistake at 0%)."""
        return grade(self.probabilities.get(label, 0.0), self.p_model, label == self.model)

    @property
    def fine_options(self) -> tuple[str, ...]:
        """The options graded agrees or fine, most probable first: every sound answer at this position."""
        return tuple(label for label, _p in self.options if not is_mistake(self.grade_of(label)))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "step": self.step, "seat": self.seat, "left": self.left,
                "options": [{"action": a, "p": round(p, 5)} for a, p in self.options],
                "player": self.player, "model": self.model, "grade": self.grade, "reason": self.reason}


@dataclass(frozen=True)
class Figures:
    """The figures of a set of graded decisions (a hand, a game).

    ``match``: the share of decisions where the seat chose the model's option;
    ``mistakes_per_100``: mistakes (big ones included) per 100 decisions;
    ``big_mistakes_per_100``: big mistakes per 100 decisions;
    ``mean_p``: the mean probability the model gave the seat's choices.
    """

    decisions: int
    grades: tuple[tuple[str, int], ...]  # (grade, count) in GRADES order
    p_sum: float

    @classmethod
    def of(cls, decisions: Iterable[GradedDecision]) -> Figures:
        counts: Counter[str] = Counter()
        p_sum, n = 0.0, 0
        for d in decisions:
            counts[d.grade] += 1
            p_sum += d.p_player
            n += 1
        return cls(n, tuple((g, counts[g]) for g in GRADES), p_sum)

    def count(self, g: str) -> int:
        return dict(self.grades)[g]

    def _per(self, n: int, scale: float = 1.0) -> float | None:
        return scale * n / self.decisions if self.decisions else None

    @property
    def match(self) -> float | None:
        return self._per(self.count("agrees"))

    @property
    def mistakes_per_100(self) -> float | None:
        return self._per(self.count("mistake") + self.count("big mistake"), 100.0)

    @property
    def big_mistakes_per_100(self) -> float | None:
        return self._per(self.count("big mistake"), 100.0)

    @property
    def mean_p(self) -> float | None:
        return self._per(self.p_sum)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        def r(v: float | None, digits: int) -> float | None:
            return None if v is None else round(v, digits)

        return {"match": r(self.match, 4), "mistakes_per_100": r(self.mistakes_per_100, 2),
                "big_mistakes_per_100": r(self.big_mistakes_per_100, 2), "mean_p": r(self.mean_p, 4),
                "graded_count": self.decisions, "grades": dict(self.grades)}


@dataclass(frozen=True)
class Ungraded:
    """A decision the model gives no probabilities for (see :data:`UNMODELLED`)."""

    hand: int
    step: int
    seat: int
    kind: str


def ungraded_counts(items: Iterable[Ungraded], seat: int | None = None) -> dict[str, int]:
    """Per kind, the ungraded decisions (of ``seat``, or of every seat), kinds in alphabetical order."""
    counts = Counter(u.kind for u in items if seat is None or u.seat == seat)
    return {k: counts[k] for k in sorted(counts)}


class Asker:
    """The advisor's decisions at the position being replayed, each set of legal actions asked once.

    The decision reviewer and the grader look at the same positions: what one asked, the other reuses.
    """

    def __init__(self, advisor: str = MODEL):
        self.advisor = advisor
        self._at: tuple[int, int] | None = None
        self._asked: dict[tuple[int, tuple[Action, ...]], Decision] = {}
        self._views: dict[int, Any] = {}
        self._legal: dict[int, list[Action]] = {}

    def _position(self, game: Game) -> None:
        at = (id(game), len(game.history))
        if at != self._at:
            self._at, self._asked, self._views, self._legal = at, {}, {}, {}

    def legal(self, game: Game, seat: int) -> list[Action]:
        """The seat's legal actions at this position (a copy: the caller may change it)."""
        self._position(game)
        if seat not in self._legal:
            self._legal[seat] = game.legal_actions(seat)
        return list(self._legal[seat])

    def view(self, game: Game, seat: int) -> Any:
        self._position(game)
        if seat not in self._views:
            self._views[seat] = game.view(seat)
        return self._views[seat]

    def decide(self, game: Game, seat: int, legal: Sequence[Action]) -> Decision:
        key = (seat, tuple(legal))
        view = self.view(game, seat)
        found = self._asked.get(key)
        if found is None:
            found = self._asked[key] = advise(view, legal, self.advisor)
        return found

    def asked(self, game: Game, seat: int) -> list[tuple[tuple[Action, ...], Decision]]:
        """The decisions already asked for ``seat`` at this position, with the legal actions they chose among."""
        self._position(game)
        return [(legal, d) for (s, legal), d in self._asked.items() if s == seat]


def _probs(d: Decision) -> dict[str, float]:
    probs = d.facts.get("probs") if isinstance(d.facts, dict) else None
    return dict(probs) if probs else {}


def _options(probs: dict[str, float], name: str) -> dict[str, float]:
    if name == "discard":
        return {k: p for k, p in probs.items() if k.startswith("discard:")}
    yes_no = (option_label(name, True), option_label(name, False))  # the labels sanma agree counts
    return {k: probs[k] for k in yes_no if k in probs}


def _ordered(options: dict[str, float], chosen: str | None) -> tuple[tuple[str, float], ...]:
    """Most probable first; among equals the advisor's own choice first, then by label."""
    return tuple(sorted(options.items(), key=lambda kv: (-kv[1], kv[0] != chosen, kv[0])))


def _chosen_label(name: str, d: Decision) -> str | None:
    a = d.action
    if name == "discard":
        return option_label("discard", a.tile) if a.kind in (DISCARD, RIICHI) else None
    if name == "riichi":
        return option_label("riichi", a.kind == RIICHI)
    if name == "kita":
        return option_label("kita", a.kind == KITA)
    if name == "kan":
        return option_label("kan", a.kind in (ANKAN, KAKAN))
    if name == "abort":
        return option_label("abort", a.kind == ABORT)
    return option_label("call", a.kind != PASS)


class DecisionGrader:
    """An observer of a replay (``before(game, action)``): every decision of ``seats`` graded by the model.

    ``decisions`` in game order; ``ungraded`` the decisions the model gives no probabilities for (see
    :data:`UNMODELLED`), in game order.
    """

    def __init__(self, seats: Collection[int], asker: Asker | None = None, hands: Collection[int] | None = None):
        self.seats = frozenset(seats)
        self.hands = None if hands is None else frozenset(hands)
        self.asker = asker if asker is not None and asker.advisor == MODEL else Asker(MODEL)
        self.decisions: list[GradedDecision] = []
        self.ungraded: list[Ungraded] = []
        self._game: Game | None = None
        self._step = 0
        self._aborts: set[tuple[int, int]] = set()  # (hand, seat) whose abort decision is counted

    def before(self, game: Game, action: Action) -> None:
        if game is not self._game:
            self._game, self._step = game, 0
            self.decisions, self.ungraded = [], []
            self._aborts = set()
        step = self._step
        self._step += 1
        if action.seat not in self.seats or (self.hands is not None and game.hand_index not in self.hands):
            return
        if game.phase is Phase.RESPONSE:
            self._response(game, action, step)
        elif game.phase is Phase.TURN:
            self._turn(game, action, step)

    def _skip(self, game: Game, action: Action, step: int, name: str) -> None:
        self.ungraded.append(Ungraded(game.hand_index, step, action.seat, name))

    def _add(self, game: Game, action: Action, step: int, name: str, d: Decision, player: str,
             tile: int | None = None, reason: str | None = None) -> bool:
        options = _options(_probs(d), name)
        if len(options) < 2 or player not in options:
            return False
        ordered = _ordered(options, _chosen_label(name, d))
        self.decisions.append(GradedDecision(game.hand_index, step, action.seat, game.live_remaining, name, ordered,
                                             player, ordered[0][0], reason if reason is not None else d.reason, tile))
        return True

    def _discard_decision(self, game: Game, seat: int, discards: list[Action]) -> Decision:
        """The advisor's choice among the discards (riichi ones included): from a decision already asked at this
        position when that one ranked the same discards, else asked now."""
        riichi = any(a.kind == RIICHI for a in discards)
        for legal, d in self.asker.asked(game, seat):
            probs = _probs(d)
            if ([a for a in legal if a.kind in (DISCARD, RIICHI)] == discards and (not riichi or "riichi" in probs)
                    and any(k.startswith("discard:") for k in probs)):
                return d
        return self.asker.decide(game, seat, discards)

    def _turn(self, game: Game, action: Action, step: int) -> None:
        seat = action.seat
        legal = self.asker.legal(game, seat)
        if len(legal) <= 1:
            return
        kinds = {a.kind for a in legal}
        discards = [a for a in legal if a.kind in (DISCARD, RIICHI)]
        thrown = action.kind in (DISCARD, RIICHI)
        if TSUMO in kinds:
            self._skip(game, action, step, "win")
        if ABORT in kinds and (game.hand_index, seat) not in self._aborts:  # once: a kita first keeps the chance
            self._aborts.add((game.hand_index, seat))
            d = self.asker.decide(game, seat, [a for a in legal if a.kind != TSUMO])
            if not self._add(game, action, step, "abort", d, option_label("abort", action.kind == ABORT)):
                self._skip(game, action, step, "abort")
        kans = [a for a in legal if a.kind in (ANKAN, KAKAN)]
        if kans and action.kind in (DISCARD, RIICHI, ANKAN, KAKAN):  # a kita first leaves the kan to the next action
            d = self.asker.decide(game, seat, kans + discards)
            kan = action.kind in (ANKAN, KAKAN)
            tile = d.facts.get("kan_tile", kans[0].tile) if isinstance(d.facts, dict) else kans[0].tile
            if not self._add(game, action, step, "kan", d, option_label("kan", kan), tile):
                self._skip(game, action, step, "kan")
        if thrown and len({kind(a.tile) for a in discards}) > 1:
            d = self._discard_decision(game, seat, discards)
            player = option_label("discard", action.tile)
            top = _ordered(_options(_probs(d), "discard"), _chosen_label("discard", d))
            reason = None
            if top and _chosen_label("discard", d) != top[0][0]:  # the advisor declares riichi on another tile
                plain = self.asker.decide(game, seat, [a for a in discards if a.kind == DISCARD])
                reason = plain.reason if _chosen_label("discard", plain) == top[0][0] else None
            if not self._add(game, action, step, "discard", d, player, reason=reason):
                self._skip(game, action, step, "discard")
        if thrown and RIICHI in kinds:
            d = self._discard_decision(game, seat, discards)
            if not self._add(game, action, step, "riichi", d, option_label("riichi", action.kind == RIICHI)):
                self._skip(game, action, step, "riichi")
        if KITA in kinds and action.kind in (DISCARD, RIICHI, KITA):
            if game.riichi[seat]:
                self._skip(game, action, step, "kita_in_riichi")
                return
            kita = [a for a in legal if a.kind == KITA]
            d = self.asker.decide(game, seat, kita + discards)
            north = kita[0].tile
            if not self._add(game, action, step, "kita", d, option_label("kita", action.kind == KITA), north):
                self._skip(game, action, step, "kita")

    def _response(self, game: Game, action: Action, step: int) -> None:
        seat = action.seat
        legal = self.asker.legal(game, seat)
        kinds = {a.kind for a in legal}
        if RON in kinds:
            self._skip(game, action, step, "win")
        if action.kind not in (PON, MINKAN, PASS) or not kinds & {PON, MINKAN}:
            return
        d = self.asker.decide(game, seat, [a for a in legal if a.kind != RON])
        tile = next(a.tile for a in legal if a.kind in (PON, MINKAN))
        if not self._add(game, action, step, "call", d, option_label("call", action.kind != PASS), tile):
            self._skip(game, action, step, "call")

    def by_hand(self) -> tuple[dict[int, list[GradedDecision]], dict[int, list[Ungraded]]]:
        """The graded and the ungraded decisions of each hand (by the engine's hand index)."""
        graded: dict[int, list[GradedDecision]] = {}
        for d in self.decisions:
            graded.setdefault(d.hand, []).append(d)
        ungraded: dict[int, list[Ungraded]] = {}
        for u in self.ungraded:
            ungraded.setdefault(u.hand, []).append(u)
        return graded, ungraded


OPTION_WORDS = {"riichi": N_("Riichi"), "dama": N_("Dama (no riichi)"), "kita": N_("Kita (set the North aside)"),
                "keep": N_("Keep the North"), "call": N_("Call"), "pass": N_("Pass"), "kan": N_("Kan"),
                "no_kan": N_("No kan"), "abort": N_("Abort the hand (nine terminals)"), "play_on": N_("Play on")}


_WITH_TILE = {"call": N_("Call {tile}"), "pass": N_("Pass on {tile}"), "kan": N_("Kan {tile}"),
              "no_kan": N_("No kan of {tile}")}


def option_text(label: str, tile: int | None = None) -> str:
    """Words for an option label: ``discard:5p`` → ``Discard 5p``, ``call`` → ``Call 7z`` (with the offered tile).

    >>> option_text("discard:5p"), option_text("dama"), option_text("pass", 33)
    ('Discard 5p', 'Dama (no riichi)', 'Pass on 7z')
    """
    if label.startswith("discard:"):
        return gettext("Discard {tile}").format(tile=label.split(":", 1)[1])
    if tile is not None and label in _WITH_TILE:
        return gettext(_WITH_TILE[label]).format(tile=tile_name(kind(tile)))
    return gettext(OPTION_WORDS[label]) if label in OPTION_WORDS else label


KIND_WORDS = {"discard": N_("discard"), "riichi": N_("riichi or dama"), "kita": N_("kita or keep"),
              "call": N_("call or pass"), "kan": N_("kan or not"), "abort": N_("nine-terminal abort"),
              "kita_in_riichi": N_("a North in riichi"), "win": N_("win or not")}


def kind_words(kind_: str) -> str:
    """The decision kind in words (``call or pass``), in the language spoken now."""
    return gettext(KIND_WORDS[kind_]) if kind_ in KIND_WORDS else kind_


__all__ = ["BIG_MISTAKE_BELOW", "BIG_MISTAKE_TOP", "FINE_SHARE", "GRADES", "KIND_WORDS", "MODEL", "MODEL_KINDS",
           "UNMODELLED", "Asker", "DecisionGrader", "Figures", "GradedDecision", "Ungraded", "grade", "is_mistake",
           "kind_words", "option_text", "ungraded_counts"]
