"""Decisions beside a bot's: at each decision of a reviewed seat, what the advisor would have done, and why.

At every decision with more than one legal action, an advisor bot (``hard``
unless told otherwise) is asked what it would do in the same position.
Discards carry their shape from the hints (shanten after the discard, and the
useful tiles this seat cannot see), so a different choice shows what it costs
or gains. Play mode's review, the Review page and ``sanma review`` all use
:class:`DecisionReviewer`, so they never disagree. It asks through an :class:`~.graded.Asker`, which the
model's grading of the same replay (:class:`~.graded.DecisionGrader`) shares.

>>> from sanma_core.game import Game
>>> g = Game("tenhou", seed=5)
>>> r = DecisionReviewer({0})
>>> a = next(a for a in g.legal_actions(0) if a.kind == "discard")
>>> r.before(g, a); g.apply(a)
>>> [row.mine.text.startswith("Discard") for row in r.rows[0]]
[True]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..game import Action, Game
from ..i18n import N_, gettext
from ..tiles import kind, tile_name
from ..words import shape_text
from .advice import ADVISOR
from .graded import Asker
from .hints import DiscardHint, hints_for, visible_counts
from .summary import hand_label

#: Button labels by action kind (marked; :func:`action_label` says them in the language spoken now).
ACTION_LABELS = {"tsumo": N_("Tsumo"), "ron": N_("Ron"), "pon": N_("Pon"), "minkan": N_("Kan"),
                 "kakan": N_("Added kan"), "ankan": N_("Closed kan"), "kita": N_("Kita (set North aside)"),
                 "nine_terminal_abort": N_("Nine-terminal abort"), "pass": N_("Pass"), "riichi": N_("Riichi"),
                 "discard": N_("Discard")}


def action_label(a: Action) -> str:
    """A button-style label: ``Pon 5p``, ``Closed kan 1z``, ``Pass``; discards and riichi without their tile."""
    label = gettext(ACTION_LABELS[a.kind]) if a.kind in ACTION_LABELS else a.kind
    tile = None
    if a.kind in ("pon", "minkan", "ron", "kakan"):
        tile = tile_name(a.tile)
    elif a.kind == "ankan":
        tile = tile_name(a.consumed[0])
    if tile is None:
        return label
    if a.kind == "pon" and any(t != kind(t) for t in a.consumed):
        return gettext("{label} {tile} (with {tiles})").format(label=label, tile=tile,
                                                               tiles="".join(tile_name(t) for t in a.consumed))
    return f"{label} {tile}"


def action_text(a: Action) -> str:
    """``Discard 5p``, ``Riichi, discard 3s``, or the button label of any other action."""
    if a.kind == "discard":
        return gettext("Discard {tile}").format(tile=tile_name(a.tile))
    if a.kind == "riichi":
        return gettext("Riichi, discard {tile}").format(tile=tile_name(a.tile))
    return action_label(a)


def _same(a: Action, b: Action) -> bool:
    if a.kind != b.kind:
        return False
    if a.kind in ("discard", "riichi"):
        return kind(a.tile) == kind(b.tile)
    return True


@dataclass(frozen=True)
class Choice:
    """One action with the shape it leaves (discards only) and its danger against riichi (when someone is in riichi)."""

    text: str
    shanten: int | None = None
    useful: int | None = None
    danger: float | None = None

    @property
    def shape(self) -> str:
        return shape_text(self.shanten, self.useful)


@dataclass(frozen=True)
class ReviewRow:
    """One of your decisions: what you did, what the advisor would have done, and the advisor's reason."""

    left: int  # live wall tiles left
    mine: Choice
    advice: Choice
    reason: str
    agrees: bool
    seat: int = 0

    @property
    def verdict(self) -> str:
        """``same``; ``as good`` (another discard with the same shape and danger); or ``different``."""
        if self.agrees:
            return "same"
        a, b = self.mine, self.advice
        if a.shanten is not None and (a.shanten, a.useful, a.danger) == (b.shanten, b.useful, b.danger):
            return "as good"
        return "different"


@dataclass(frozen=True)
class HandReview:
    hand: int  # the engine's hand index
    label: str  # "East 2, 1 honba"
    rows: tuple[ReviewRow, ...]

    def count(self, verdict: str) -> int:
        return sum(r.verdict == verdict for r in self.rows)

    @property
    def differences(self) -> tuple[ReviewRow, ...]:
        return tuple(r for r in self.rows if r.verdict == "different")


def _choice(a: Action, shapes: dict[int, DiscardHint], unseen: Sequence[int]) -> Choice:
    hint = shapes.get(kind(a.tile)) if a.kind in ("discard", "riichi") and a.tile is not None else None
    if hint is None:
        return Choice(action_text(a))
    return Choice(action_text(a), hint.shanten, sum(unseen[k] for k in hint.useful), hint.danger)


class DecisionReviewer:
    """An observer of a replay: call :meth:`before` with each action just before it is applied.

    ``rows[hand]`` are the reviewed seats' decisions of each hand (the engine's hand index),
    ``labels[hand]`` its name ("East 2, 1 honba").
    """

    def __init__(self, seats: Collection[int], advisor: str = ADVISOR,
                 hands: Collection[int] | None = None, asker: Asker | None = None):
        self.seats = frozenset(seats)
        self.advisor = advisor
        self.hands = None if hands is None else frozenset(hands)
        self.asker = asker if asker is not None and asker.advisor == advisor else Asker(advisor)
        self.rows: dict[int, list[ReviewRow]] = {}
        self.labels: dict[int, str] = {}
        self._game: Game | None = None

    def before(self, game: Game, action: Action) -> None:
        if game is not self._game:  # an mjai record of unknown length is re-played once per length tried
            self._game, self.rows, self.labels = game, {}, {}
        seat, hand = action.seat, game.hand_index
        if seat not in self.seats or (self.hands is not None and hand not in self.hands):
            return
        legal = self.asker.legal(game, seat)
        if len(legal) <= 1:
            return
        view = self.asker.view(game, seat)
        self.labels.setdefault(hand, hand_label(view.round_wind, view.dealer, view.honba))
        decision = self.asker.decide(game, seat, legal)
        shapes: dict[int, DiscardHint] = {}  # only a discard has a shape (and none when answering a discard)
        if any(a.kind in ("discard", "riichi") for a in (action, decision.action)):
            shapes = {h.tile: h for h in hints_for(view, game.events).discards}
        unseen = [4 - v for v in visible_counts(view)]
        self.rows.setdefault(hand, []).append(ReviewRow(
            view.live_remaining, _choice(action, shapes, unseen), _choice(decision.action, shapes, unseen),
            decision.reason, _same(action, decision.action), seat))

    def reviews(self) -> list[HandReview]:
        return [HandReview(h, self.labels[h], tuple(self.rows[h])) for h in sorted(self.rows)]


__all__ = ["ADVISOR", "Choice", "DecisionReviewer", "HandReview", "ReviewRow", "action_label", "action_text"]
