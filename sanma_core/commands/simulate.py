"""``sanma simulate``: seeded bot games in bulk, summarised as one JSON object.

Game ``i`` uses the wall seed ``"S/i"`` and rotates the bots by ``i`` seats, so
seat order does not bias the figures and the results are the same for any
``--jobs``. A progress bar goes to standard error when it is a terminal. Each
average placement comes with its 95% interval (``average_placement_ci95``), so a
ladder between levels can be read against chance.

    sanma simulate --games 100 --seed 7 --bots normal,easy,easy --ruleset tenhou --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import LEVELS, BotLevelError
from ..bots.arena import GameReport, play_bot_game, settle_heap
from ..errors import SanmaError
from ..game import GameMode
from ..rules import Ruleset, RulesetError, get_ruleset


class SimulateArgumentError(SanmaError):
    """A bad command-line argument of ``sanma simulate``."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise SimulateArgumentError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="sanma simulate", description="Play seeded games between bots and print a JSON summary.")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", default="0", help="seed of the whole run (default 0)")
    p.add_argument("--bots", default="normal,normal,normal", help="three levels, comma-separated (easy, normal, hard)")
    p.add_argument("--ruleset", default="tenhou", help="a preset name or a ruleset YAML file (default tenhou)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--out", default=None, help="directory for the game records (mjai and tenhou.net/6)")
    p.add_argument("--length", default="hanchan", help="tonpuusen or hanchan (default hanchan)")
    return p


@dataclass(frozen=True)
class Plan:
    """A validated simulation request."""

    games: int
    seed: str
    bots: tuple[str, str, str]
    rules: Ruleset
    jobs: int
    out: Path | None
    length: str


def parse_plan(argv: Sequence[str]) -> Plan:
    """Validate the arguments; raise :class:`SimulateArgumentError` (or a ruleset/level error) naming the bad one."""
    ns = _parser().parse_args(list(argv))
    if ns.games < 1:
        raise SimulateArgumentError(f"--games must be at least 1, got {ns.games}")
    if ns.jobs < 1:
        raise SimulateArgumentError(f"--jobs must be at least 1, got {ns.jobs}")
    levels = tuple(part.strip() for part in ns.bots.split(","))
    if len(levels) == 1:
        levels = levels * 3
    if len(levels) != 3:
        raise SimulateArgumentError(f"--bots needs three levels (one per seat), got {ns.bots!r}")
    for level in levels:
        if level not in LEVELS:
            raise BotLevelError(f"unknown bot level {level!r} in --bots: use {', '.join(LEVELS)}")
    if ns.length not in ("tonpuusen", "hanchan"):
        raise SimulateArgumentError(f"--length must be tonpuusen or hanchan, got {ns.length!r}")
    rules = get_ruleset(ns.ruleset)
    out = None
    if ns.out is not None:
        out = Path(ns.out)
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimulateArgumentError(f"--out {ns.out!r}: cannot create the directory: {exc.strerror}") from None
    return Plan(ns.games, str(ns.seed), levels, rules, ns.jobs, out, ns.length)  # type: ignore[arg-type]


def seating(plan: Plan, index: int) -> tuple[int, int, int]:
    """Which bot (index into ``--bots``) sits in each seat in game ``index``: rotated by one seat per game."""
    return tuple((s - index) % 3 for s in range(3))  # type: ignore[return-value]


def game_seed(plan: Plan, index: int) -> str:
    return f"{plan.seed}/{index}"


def _write_records(plan: Plan, index: int, report: GameReport) -> None:
    from ..game.mjai import dumps
    from ..game.tenhou6 import to_tenhou6

    stem = plan.out / f"game-{index:05d}"  # type: ignore[operator]
    stem.with_suffix(".mjson").write_text(dumps(report.game.events), encoding="utf-8")
    record = to_tenhou6(report.game.events, plan.rules, title=f"sanma simulate seed {plan.seed} game {index}")
    stem.with_suffix(".tenhou6.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")


def play_one(plan: Plan, index: int) -> dict[str, Any]:
    """Play game ``index`` of the plan; a small picklable summary of it."""
    seats = seating(plan, index)
    levels = [plan.bots[b] for b in seats]
    report = play_bot_game(levels, plan.rules, GameMode(plan.length), seed=game_seed(plan, index))
    if plan.out is not None:
        _write_records(plan, index, report)
    return {
        "index": index,
        "seats": seats,
        "ranks": report.ranks,
        "points": report.points,
        "hands": report.hands,
        "ron": report.ron,
        "tsumo": report.tsumo,
        "draws": report.draws,
        "wins": report.wins,
        "deal_ins": report.deal_ins,
        "win_points": report.win_points,
    }


_PLAN: Plan | None = None


def _init_worker(plan: Plan) -> None:
    global _PLAN
    _PLAN = plan


def _work(index: int) -> dict[str, Any]:
    assert _PLAN is not None
    result = play_one(_PLAN, index)
    settle_heap()
    return result


def run(plan: Plan, progress: bool = False) -> Iterator[dict[str, Any]]:
    """Game summaries in game order, played in ``plan.jobs`` processes."""
    if plan.jobs == 1:
        _init_worker(plan)
        for i in range(plan.games):
            yield _work(i)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(plan.jobs, initializer=_init_worker, initargs=(plan,)) as pool:
        yield from pool.imap(_work, range(plan.games), chunksize=1)


def _rate(num: float, den: float) -> float | None:
    return round(num / den, 4) if den else None


def mean_interval(values: Sequence[float], z: float = 1.96) -> list[float] | None:
    """The 95% interval of the mean of ``values`` (games taken as independent): mean ± z · sd / √n.

    >>> mean_interval([1, 2, 3, 2])
    [1.1998, 2.8002]
    """
    if len(values) < 2:
        return None
    half = z * statistics.stdev(values) / len(values) ** 0.5
    mean = statistics.fmean(values)
    return [round(mean - half, 4), round(mean + half, 4)]


def summarise(plan: Plan, games: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """The JSON summary: totals, then figures per seat, per bot (in ``--bots`` order) and per level."""
    hands = sum(g["hands"] for g in games)
    deal_ins = sum(sum(g["deal_ins"]) for g in games)
    win_points = [p for g in games for _, p in g["win_points"]]
    seat_stats = [{"ranks": [], "hands": 0, "deal_ins": 0, "wins": 0, "values": []} for _ in range(3)]
    bot_stats = [{"ranks": [], "hands": 0, "deal_ins": 0, "wins": 0, "values": [], "points": []} for _ in range(3)]
    for g in games:
        for seat, value in g["win_points"]:
            seat_stats[seat]["values"].append(value)
            bot_stats[g["seats"][seat]]["values"].append(value)
        for seat in range(3):
            b = g["seats"][seat]
            for stats in (seat_stats[seat], bot_stats[b]):
                stats["ranks"].append(g["ranks"][seat])
                stats["hands"] += g["hands"]
                stats["deal_ins"] += g["deal_ins"][seat]
                stats["wins"] += g["wins"][seat]
            bot_stats[b]["points"].append(g["points"][seat])

    def figures(stats: dict[str, Any]) -> dict[str, Any]:
        return {
            "games": len(stats["ranks"]),
            "average_placement": round(statistics.fmean(stats["ranks"]), 4) if stats["ranks"] else None,
            "average_placement_ci95": mean_interval(stats["ranks"]),
            "first_place_rate": _rate(sum(1 for r in stats["ranks"] if r == 1), len(stats["ranks"])),
            "win_rate": _rate(stats["wins"], stats["hands"]),
            "deal_in_rate": _rate(stats["deal_ins"], stats["hands"]),
            "average_win_value": round(statistics.fmean(stats["values"])) if stats["values"] else None,
        }

    per_level: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(plan.bots):
        merged = {"ranks": [], "hands": 0, "deal_ins": 0, "wins": 0, "values": []}
        for b, lv in enumerate(plan.bots):
            if lv == level:
                for key in ("hands", "deal_ins", "wins"):
                    merged[key] += bot_stats[b][key]
                merged["ranks"] += bot_stats[b]["ranks"]
                merged["values"] += bot_stats[b]["values"]
        per_level[level] = figures(merged)
    return {
        "games": len(games),
        "hands": hands,
        "wins": {"ron": sum(g["ron"] for g in games), "tsumo": sum(g["tsumo"] for g in games)},
        "draws": sum(g["draws"] for g in games),
        "deal_in_rate": _rate(deal_ins, 3 * hands),
        "average_win_value": round(statistics.fmean(win_points)) if win_points else None,
        "per_seat": [{"seat": s, **figures(seat_stats[s])} for s in range(3)],
        "per_bot": [
            {"bot": b, "level": plan.bots[b], **figures(bot_stats[b]),
             "average_points": round(statistics.fmean(bot_stats[b]["points"])) if bot_stats[b]["points"] else None}
            for b in range(3)
        ],
        "per_level": per_level,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(games) / seconds, 3) if seconds > 0 else None,
        "seed": plan.seed,
        "bots": list(plan.bots),
        "ruleset": plan.rules.name,
        "length": plan.length,
        "jobs": plan.jobs,
    }


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed > 0 else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  {rate:.2f} games/s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        plan = parse_plan(args)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except (SimulateArgumentError, BotLevelError, RulesetError) as exc:
        print(f"sanma simulate: error: {exc}", file=sys.stderr)
        return 2
    show = sys.stderr.isatty()
    start = time.perf_counter()
    games = []
    try:
        for result in run(plan):
            games.append(result)
            if show:
                _progress(len(games), plan.games, start)
    except KeyboardInterrupt:
        print("\nsanma simulate: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"sanma simulate: error: cannot write the records: {exc}", file=sys.stderr)
        return 1
    summary = summarise(plan, games, time.perf_counter() - start)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
