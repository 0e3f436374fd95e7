"""Server time of play mode: every bot turn, and every reply to a human action (bots answering plus hints).

Plays seeded games through :class:`tutor.play.PlaySession` with the human seat
driven by a bot of the same level, exactly as the Play page does (the page adds
only drawing). Prints the median, 99th percentile and maximum of:

- one bot turn (the bot's decision and the engine applying it), wall and CPU time;
- one human step (engine update, every bot turn until the human is asked again,
  and the hints for the new position).

Exits 1 when a bot turn takes more than 300 ms of CPU time.

Run: .venv/bin/python benchmarks/bench_play.py [GAMES] [LEVEL] [LENGTH]
"""

from __future__ import annotations

import statistics
import sys
import time

from sanma_core.bots import make_bot
from sanma_core.game import Phase
from tutor.play import PlaySession, PlaySettings, hints_for

LIMIT_MS = 300.0


def _stats(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"{name}: n={len(ms)} median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms"


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 4
    level = argv[1] if len(argv) > 1 else "normal"
    length = argv[2] if len(argv) > 2 else "hanchan"
    wall: list[float] = []
    cpu: list[float] = []
    steps: list[float] = []
    start = time.perf_counter()
    for seed in range(games):
        session = PlaySession(PlaySettings(length=length, bots=(level, level), seat=seed % 3, seed=seed))
        human = make_bot(level, f"human/{seed}")
        while session.phase is not Phase.GAME_END:
            t = time.perf_counter()
            if session.phase is Phase.HAND_END:
                session.next_hand()
            else:
                session.play(human.decide(session.view(), session.legal()).action)
            if session.waiting_for_human():
                hints_for(session.view(), session.game.events)
            steps.append(time.perf_counter() - t)
        wall += session.bot_seconds
        cpu += session.bot_cpu_seconds
    print(f"play mode, {games} {length} game(s), {level} bots, {time.perf_counter() - start:.1f} s in all")
    print(_stats("bot turn (wall)", wall))
    print(_stats("bot turn (CPU)", cpu))
    print(_stats("human step incl. bots and hints (wall)", steps))
    worst = max(cpu) * 1000
    ok = worst <= LIMIT_MS
    print(f"every bot turn ≤ {LIMIT_MS:.0f} ms of server CPU time: {'yes' if ok else 'NO'} (worst {worst:.1f} ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
