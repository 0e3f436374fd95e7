"""Helpers shared by the play-mode tests (no tests here): a shape-greedy player for the human seat."""

from __future__ import annotations

from sanma_core.analysis import discard_options, outside_counts
from sanma_core.game import Action, SeatView
from sanma_core.tiles import kind, to_counts
from tutor.play import PlaySession, PlaySettings


def greedy(view: SeatView, legal: list[Action]) -> Action:
    """Win when possible, riichi when possible, set Norths aside, else the discard with the best shape."""
    for k in ("tsumo", "ron", "riichi", "kita"):
        for a in legal:
            if a.kind == k:
                return a
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return next(a for a in legal if a.kind == "pass")
    table = {o.tile: (o.shanten, -o.ukeire.count)
             for o in discard_options(to_counts(view.hand), outside_counts(view.melds, view.kita))}
    return min(discards, key=lambda a: table.get(kind(a.tile), (9, 0)))


def play_until_hand_end(session: PlaySession) -> PlaySession:
    while session.phase.value not in ("hand_end", "game_end"):
        session.play(greedy(session.view(), session.legal()))
    return session


def first_hand_with(kind_: str, tsumo: bool | None = None, seeds=range(1, 60), **settings) -> PlaySession:
    """A session stopped at the end of its first hand, whose result is ``kind_`` (and tsumo or ron for a win)."""
    for seed in seeds:
        s = play_until_hand_end(PlaySession(PlaySettings(seed=seed, **settings)))
        r = s.game.result
        if r.kind == kind_ and (tsumo is None or any(w.tsumo == tsumo for w in r.wins)):
            return s
    raise AssertionError(f"no seed gave a first hand ending in {kind_} (tsumo={tsumo})")
