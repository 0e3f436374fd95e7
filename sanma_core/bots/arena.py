"""Whole games between bots, and the figures a simulation reports per game.

Every action goes through :meth:`Game.apply`, so the engine checks each one.

>>> from sanma_core.game import GameMode
>>> r = play_bot_game(["easy", "normal", "hard"], "tenhou", GameMode("tonpuusen"), seed=1)
>>> r.game.is_over(), sorted(r.ranks)
(True, [1, 2, 3])
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game import Game, GameMode
from ..game.players import run
from ..rules import Ruleset
from .base import Bot
from .make import make_bot


@dataclass
class GameReport:
    """What one bot game produced, by seat."""

    game: Game
    levels: tuple[str, str, str]
    ranks: tuple[int, int, int]
    points: tuple[int, int, int]
    hands: int
    ron: int
    tsumo: int
    draws: int
    wins: tuple[int, int, int]
    deal_ins: tuple[int, int, int]
    win_points: list[tuple[int, int]] = field(default_factory=list)  # (winner, gain without riichi sticks)
    decision_times: list[float] = field(default_factory=list)  # wall-clock seconds per decision
    decision_cpu_times: list[float] = field(default_factory=list)  # CPU seconds of this thread per decision


def bot_seed(seed: int | str, seat: int) -> str:
    return f"{seed}/bot{seat}"


def play_bot_game(
    levels: Sequence[str],
    rules: str | Ruleset | None = None,
    mode: GameMode | None = None,
    seed: int | str = 0,
    *,
    bots: Sequence[Bot] | None = None,
    time_decisions: bool = False,
    game: Game | None = None,
) -> GameReport:
    """Play one game with a bot of ``levels[s]`` in seat ``s``; the game's wall comes from ``seed``.

    The game goes through the one game loop (:func:`~sanma_core.game.players.run`); a seat with
    a single legal action plays it without asking its bot. ``game``
    plays an existing game to its end instead of a new one (``rules``, ``mode``
    and ``seed`` are then unused).
    """
    if game is None:
        game = Game(rules, mode, seed=seed)
    players = list(bots) if bots is not None else [make_bot(lv, bot_seed(seed, s)) for s, lv in enumerate(levels)]
    times: list[float] = []
    cpu_times: list[float] = []
    for move in run(game, players, ask_forced=False, timed=time_decisions):
        if time_decisions and move.asked:
            times.append(move.seconds)
            cpu_times.append(move.cpu_seconds)
    report = _report(game, tuple(levels), times)  # type: ignore[arg-type]
    report.decision_cpu_times = cpu_times
    return report


def settle_heap() -> None:
    """After each game of a long run: collect once and freeze what is alive, mostly the analysis caches the bots
    fill, so that the collector's automatic full passes stop walking them. Left alone, a full pass over full caches
    held one decision for 0.1–0.9 s (over 100,000 hard decisions); freezing every 4 games still let passes of up
    to 0.16 s through, after every game none above 0.1 s. The collection itself walks only the game's new objects.

    >>> settle_heap()
    """
    gc.collect()
    gc.freeze()


def _report(game: Game, levels: tuple[str, str, str], times: list[float]) -> GameReport:
    ron = tsumo = draws = 0
    wins = [0, 0, 0]
    deal_ins = [0, 0, 0]
    win_points = []
    for hr in game.results:
        if hr.kind != "win":
            draws += 1
            continue
        dealt_in = False
        for i, w in enumerate(hr.wins):
            wins[w.seat] += 1
            sticks = hr.sticks * game.rules.riichi_stick if i == 0 else 0
            win_points.append((w.seat, w.deltas[w.seat] - sticks))
            if w.tsumo:
                tsumo += 1
            else:
                ron += 1
                dealt_in = True
        if dealt_in:
            deal_ins[hr.wins[0].from_seat] += 1
    placement = game.placement or []
    ranks = tuple(p.rank for p in placement)
    points = tuple(p.points for p in placement)
    return GameReport(game, levels, ranks, points, len(game.results), ron, tsumo, draws,  # type: ignore[arg-type]
                      tuple(wins), tuple(deal_ins), win_points, times)  # type: ignore[arg-type]
