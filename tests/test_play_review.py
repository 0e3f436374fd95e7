"""Reviewing the human's play against the hard bot: one row per real decision, shapes from the analysis."""

from __future__ import annotations

import pytest
from test_play_helpers import greedy

from sanma_core.analysis import outside_counts, shanten
from sanma_core.bots import make_bot
from sanma_core.game import Phase
from sanma_core.tiles import kind, to_counts
from tutor.play import PlaySession, PlaySettings, review_game
from tutor.play.review import action_text


def _play_game(seed: int, choose) -> PlaySession:
    s = PlaySession(PlaySettings(seed=seed, length="tonpuusen", seat=seed % 3))
    while s.phase is not Phase.GAME_END:
        if s.phase is Phase.HAND_END:
            s.next_hand()
        else:
            s.play(choose(s.view(), s.legal()))
    return s


def _tsumogiri(view, legal):
    """Throw the drawn tile (or pass); a poor player the review should disagree with."""
    for a in legal:
        if a.kind == "discard" and a.tile == view.drawn:
            return a
    return next((a for a in legal if a.kind in ("pass", "discard")), legal[0])


@pytest.mark.parametrize("seed", [3, 8])
def test_rows_follow_the_human_decisions_and_shapes_match_the_analysis(seed):
    s = _play_game(seed, _tsumogiri)
    reviews = review_game(s.settings, s.steps)
    assert [r.hand for r in reviews] == sorted({r.hand for r in reviews}) and len(reviews) >= 3
    game = s.settings.new_game()
    expected = []
    for step in s.steps:
        if step.action is None:
            game.next_hand()
            continue
        me = s.settings.seat
        if not step.bot and step.action.seat == me and len(game.legal_actions(me)) > 1:
            view = game.view(me)
            after = None
            if step.action.kind in ("discard", "riichi"):
                counts = to_counts(view.hand)
                counts[kind(step.action.tile)] -= 1
                after = shanten(counts, outside_counts(view.melds, view.kita))
            expected.append((action_text(step.action), after, view.live_remaining))
        game.apply(step.action)
    rows = [row for r in reviews for row in r.rows]
    assert [(row.mine.text, row.mine.shanten, row.left) for row in rows] == expected
    assert sum(r.count("different") for r in reviews) >= len(rows) // 4  # throwing every drawn tile is often wrong
    for row in rows:
        assert row.reason and (row.verdict == "same") == row.agrees
        if row.verdict == "as good":
            assert (row.mine.shanten, row.mine.useful) == (row.advice.shanten, row.advice.useful)


def test_playing_like_the_hard_bot_never_differs():
    bot = make_bot("hard", "human")
    s = _play_game(5, lambda view, legal: bot.decide(view, legal).action)
    reviews = review_game(s.settings, s.steps)
    rows = [row for r in reviews for row in r.rows]
    assert len(rows) >= 30
    assert all(row.verdict != "different" for row in rows)
    assert sum(row.agrees for row in rows) >= 0.9 * len(rows)


def test_one_hand_only_and_a_greedy_player():
    s = _play_game(2, greedy)
    whole = review_game(s.settings, s.steps)
    last = whole[-1].hand
    only = review_game(s.settings, s.steps, [last])
    assert [r.hand for r in only] == [last] and only[0].rows == whole[-1].rows
    assert review_game(s.settings, s.steps, []) == []
