"""Review your play: each of your decisions beside what a bot would have done there, and why.

The game is replayed from its seed and steps. At every decision of the human
seat that had more than one legal action, an advisor bot (``hard`` unless
told otherwise) is asked what it would do in the same position. Discards
carry their shape from the hints (shanten after the discard, and the useful
tiles this seat cannot see, counted as the bots count them), so a different
choice shows what it costs or gains.

>>> from tutor.play.session import PlaySession, PlaySettings
>>> s = PlaySession(PlaySettings(seed=5, length="tonpuusen"))
>>> s.play(next(a for a in s.legal() if a.kind == "discard"))
>>> r = review_game(s.settings, s.steps)[0]
>>> len(r.rows), r.rows[0].mine.text.startswith("Discard")
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sanma_core.bots import make_bot
from sanma_core.game import Action
from sanma_core.tiles import kind, tile_name

from .hints import DiscardHint, hints_for, visible_counts
from .results import hand_label
from .session import PlaySettings, Step

ACTION_LABELS = {"tsumo": "Tsumo", "ron": "Ron", "pon": "Pon", "minkan": "Kan", "kakan": "Added kan",
                 "ankan": "Closed kan", "kita": "Kita (set North aside)", "nine_terminal_abort": "Nine-terminal abort",
                 "pass": "Pass", "riichi": "Riichi", "discard": "Discard"}
ADVISOR = "hard"


def action_label(a: Action) -> str:
    """A button-style label: ``Pon 5p``, ``Closed kan 1z``, ``Pass``; discards and riichi without their tile."""
    label = ACTION_LABELS.get(a.kind, a.kind)
    if a.kind in ("pon", "minkan", "ron"):
        label += f" {tile_name(a.tile)}"
        if a.kind == "pon" and any(t != kind(t) for t in a.consumed):
            label += f" (with {''.join(tile_name(t) for t in a.consumed)})"
    elif a.kind == "ankan":
        label += f" {tile_name(a.consumed[0])}"
    elif a.kind == "kakan":
        label += f" {tile_name(a.tile)}"
    return label


def action_text(a: Action) -> str:
    """``Discard 5p``, ``Riichi, discard 3s``, or the button label of any other action."""
    if a.kind == "discard":
        return f"Discard {tile_name(a.tile)}"
    if a.kind == "riichi":
        return f"Riichi, discard {tile_name(a.tile)}"
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
        if self.shanten is None:
            return ""
        head = "tenpai" if self.shanten == 0 else f"{self.shanten}-shanten"
        return f"{head}, {self.useful} useful"


@dataclass(frozen=True)
class ReviewRow:
    """One of your decisions: what you did, what the advisor would have done, and the advisor's reason."""

    left: int  # live wall tiles left
    mine: Choice
    advice: Choice
    reason: str
    agrees: bool

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


def review_game(settings: PlaySettings, steps: Sequence[Step], hands: Sequence[int] | None = None,
                advisor: str = ADVISOR) -> list[HandReview]:
    """Reviews of the human's decisions, one per hand in ``hands`` (every hand played when None), in order."""
    game = settings.new_game()
    bot = make_bot(advisor, f"{settings.seed}/review")
    me = settings.seat
    wanted = None if hands is None else set(hands)
    last = None if wanted is None else max(wanted, default=-1)  # no need to replay past it
    rows: dict[int, list[ReviewRow]] = {}
    labels: dict[int, str] = {}
    for step in steps:
        if step.action is None:
            game.next_hand()
            continue
        hand = game.hand_index
        if last is not None and hand > last:
            break
        if not step.bot and step.action.seat == me and (wanted is None or hand in wanted):
            legal = game.legal_actions(me)
            if len(legal) > 1:
                view = game.view(me)
                labels.setdefault(hand, hand_label(view.round_wind, view.dealer, view.honba))
                decision = bot.decide(view, legal)
                shapes = {h.tile: h for h in hints_for(view, game.events).discards}  # empty when answering a discard
                unseen = [4 - v for v in visible_counts(view)]
                rows.setdefault(hand, []).append(ReviewRow(
                    view.live_remaining, _choice(step.action, shapes, unseen), _choice(decision.action, shapes, unseen),
                    decision.reason, _same(step.action, decision.action)))
        game.apply(step.action)
    return [HandReview(h, labels[h], tuple(rows[h])) for h in sorted(rows)]


__all__ = ["ADVISOR", "Choice", "HandReview", "ReviewRow", "action_label", "action_text", "review_game"]
