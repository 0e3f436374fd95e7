"""One truth for hints and reviews: following the hint's advice is never "different" in the review,
and both count a discard's useful tiles the same way (copies the player cannot see)."""

from __future__ import annotations

from sanma_core.game import Phase
from sanma_core.review.hints import hints_for
from sanma_core.tiles import kind
from tutor.play import PlaySession, PlaySettings, review_game


def _follow_hints_for_one_hand(seed: int) -> tuple[PlaySession, dict[str, int]]:
    session = PlaySession(PlaySettings(seed=seed, seat=seed % 3, bots=("normal", "hard")))
    shown: dict[str, int] = {}  # the hint's useful count of each discard played, by "hand/step"
    while session.phase in (Phase.TURN, Phase.RESPONSE) and session.waiting_for_human():
        view = session.view()
        hints = hints_for(view, session.game.events, advised=True)
        legal = session.legal()
        if hints.advice is None:
            assert len(legal) == 1
            action = legal[0]
        else:
            action = hints.advice.action
            assert action in legal
            if action.kind in ("discard", "riichi") and hints.discards:
                top = hints.discards[0]
                assert top.tile == kind(action.tile), "the advisor's discard comes first"
                shown[f"{len(session.steps)}"] = top.useful_count
        session.play(action)
    return session, shown


def test_following_the_hint_is_never_different_in_the_review():
    hands = verdicts = 0
    for seed in range(32):
        session, shown = _follow_hints_for_one_hand(seed)
        reviews = review_game(session.settings, session.steps, hands=[0])
        for review in reviews:
            for row in review.rows:
                verdicts += 1
                assert row.verdict == "same", (seed, row)
        hands += 1
        advised = [r for review in reviews for r in review.rows if r.mine.useful is not None]
        assert sorted(r.mine.useful for r in advised) == sorted(shown.values()), seed
    assert hands == 32 and verdicts > 200
