"""Review your play: each of your decisions beside what the hard bot would have done there, and why.

The game is replayed from its seed and steps, and :class:`~sanma_core.review.decisions.DecisionReviewer`
(the same comparison as ``sanma review`` and the Review page) looks at every decision of the human seat.

>>> from tutor.play.session import PlaySession, PlaySettings
>>> s = PlaySession(PlaySettings(seed=5, length="tonpuusen"))
>>> s.play(next(a for a in s.legal() if a.kind == "discard"))
>>> r = review_game(s.settings, s.steps)[0]
>>> len(r.rows), r.rows[0].mine.text.startswith("Discard")
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from sanma_core.review.decisions import ADVISOR, DecisionReviewer, HandReview, action_label, action_text

from .session import PlaySettings, Step


def review_game(settings: PlaySettings, steps: Sequence[Step], hands: Sequence[int] | None = None,
                advisor: str = ADVISOR) -> list[HandReview]:
    """Reviews of the human's decisions, one per hand in ``hands`` (every hand played when None), in order."""
    game = settings.new_game()
    reviewer = DecisionReviewer({settings.seat}, advisor, hands)
    last = None if hands is None else max(hands, default=-1)  # no need to replay past it
    for step in steps:
        if step.action is None:
            game.next_hand()
            continue
        if last is not None and game.hand_index > last:
            break
        if not step.bot:
            reviewer.before(game, step.action)
        game.apply(step.action)
    return reviewer.reviews()


__all__ = ["ADVISOR", "HandReview", "action_label", "action_text", "review_game"]
