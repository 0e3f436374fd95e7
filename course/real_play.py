"""Figures about real play, measured on real Tenhou games, for lessons to quote.

Lessons never type a number about real play: they quote ``real.<name>`` and
the page names ``real.source``. The figures live in ``real_play.json`` beside
this module, written by ``python -m course.real_play DATA_DIR`` from the real
games in tenhou.net/6 JSON (one game per line, gzip), and a test recomputes
them from the same games.

The measure reads Tenhou's log arrays directly: per hand the three seats'
draws and discards, and the result entry.

>>> entry = [[0, 0, 0], [35000, 35000, 35000, 0], [24], [], [], [], [], [], [], [], [], [], [], [], [],
...          ["和了", [8000, -8000, 0, 0], [0, 1, 0, "満貫8000点", "ドラ(5飜)"]]]
>>> counts = HandCounts()
>>> counts.add_hand(entry)
>>> counts.wins, counts.ron_wins, counts.win_value
(1, 1, 8000)
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

STATS_FILE = Path(__file__).with_name("real_play.json")
#: The real games the figures are measured on (relative to the project's parent folder).
GAME_FILES = ("tenhou-phoenix-dev.jsonl.gz", "tenhou-phoenix-train.jsonl.gz")

SEATS = 3
#: Tenhou tile codes of 1m and 9m; 60 means "the tile just drawn".
ONE_NINE_MAN = (11, 19)
TSUMOGIRI = 60
KITA = "f44"
EXHAUSTIVE = ("流局", "全員聴牌", "全員不聴")
LIMIT_WORDS = ("満貫", "跳満", "倍満", "三倍満", "役満")
FIRST_ROW = 6
_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀?)")


def hand_value(text: str) -> int:
    """A win's value without honba and sticks, from Tenhou's points text.

    >>> hand_value("30符2飜2000点"), hand_value("1000-2000点"), hand_value("倍満8000点∀")
    (2000, 3000, 16000)
    """
    m = _POINTS.search(text)
    if m is None:
        raise ValueError(f"no points in {text!r}")
    first = int(m.group(1))
    if m.group(2):
        return first + int(m.group(2))
    return 2 * first if m.group(3) else first


def _is_discard(item: Any) -> bool:
    return isinstance(item, int) or (isinstance(item, str) and item.startswith("r"))


def _discard_tile(item: Any, drawn: Any) -> int | None:
    code = int(item[1:]) if isinstance(item, str) else item
    if code == TSUMOGIRI:
        return drawn if isinstance(drawn, int) else None
    return code


@dataclass
class HandCounts:
    """Counts over real hands; every lesson figure is a ratio of two of them."""

    games: int = 0
    hands: int = 0
    wins: int = 0  # hands ending in at least one win
    win_entries: int = 0  # every winner of every hand (a double ron counts two)
    tsumo_wins: int = 0
    ron_wins: int = 0
    exhaustive: int = 0
    aborts: int = 0
    nagashi: int = 0
    double_ron: int = 0
    win_value: int = 0
    ron_value: int = 0
    tsumo_value: int = 0
    limit_wins: int = 0
    kita: int = 0
    seat_hands: int = 0
    seat_hands_with_kita: int = 0
    wins_with_kita: int = 0
    hands_with_riichi: int = 0
    riichi_wins: int = 0
    open_wins: int = 0
    dama_wins: int = 0
    deal_ins: int = 0
    discards: int = 0
    honitsu_wins: int = 0
    toitoi_wins: int = 0
    yakuhai_wins: int = 0
    first_row_discards: int = 0
    first_row_1m9m: int = 0

    def add_hand(self, entry: list[Any]) -> None:
        """Count one hand of a tenhou.net/6 ``log``."""
        self.hands += 1
        result = entry[-1]
        riichi, opened, kita = [False] * SEATS, [False] * SEATS, [0] * SEATS
        for seat in range(SEATS):
            draws, discards = entry[5 + 3 * seat], entry[6 + 3 * seat]
            self.seat_hands += 1
            opened[seat] = any(isinstance(d, str) and ("p" in d or "m" in d) for d in draws)
            kita[seat] = sum(1 for d in discards if d == KITA)
            riichi[seat] = any(isinstance(d, str) and d.startswith("r") for d in discards)
            self.kita += kita[seat]
            self.seat_hands_with_kita += kita[seat] > 0
            own = [(d, draws[i] if i < len(draws) else None) for i, d in enumerate(discards) if _is_discard(d)]
            self.discards += len(own)
            for item, drawn in own[:FIRST_ROW]:
                tile = _discard_tile(item, drawn)
                if tile is not None:
                    self.first_row_discards += 1
                    self.first_row_1m9m += tile in ONE_NINE_MAN
        self.hands_with_riichi += any(riichi)
        kind = result[0]
        if kind == "和了":
            self.wins += 1
            wins = [result[i] for i in range(2, len(result), 2)]
            self.double_ron += len(wins) > 1
            losers = set()
            for winner, source, _, points, *yaku in wins:
                self._add_win(winner, source, points, yaku, riichi, opened, kita)
                if winner != source:
                    losers.add(source)
            self.deal_ins += len(losers)
        elif kind in EXHAUSTIVE:
            self.exhaustive += 1
        elif kind == "流し満貫":
            self.nagashi += 1
        else:
            self.aborts += 1

    def _add_win(self, winner: int, source: int, points: str, yaku: list[str],
                 riichi: list[bool], opened: list[bool], kita: list[int]) -> None:
        value = hand_value(points)
        self.win_entries += 1
        self.win_value += value
        if winner == source:
            self.tsumo_wins += 1
            self.tsumo_value += value
        else:
            self.ron_wins += 1
            self.ron_value += value
        self.limit_wins += any(word in points for word in LIMIT_WORDS)
        self.wins_with_kita += kita[winner] > 0
        self.riichi_wins += riichi[winner]
        self.open_wins += opened[winner]
        self.dama_wins += not riichi[winner] and not opened[winner]
        names = [y.split("(")[0] for y in yaku]
        self.honitsu_wins += "混一色" in names
        self.toitoi_wins += "対々和" in names
        self.yakuhai_wins += any(n.startswith(("役牌", "場風", "自風")) for n in names)


def read_games(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    """Every game of the given gzip JSON-lines files, in order."""
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def measure(games: Iterable[dict[str, Any]], source: str) -> dict[str, Any]:
    """The lesson figures (see ``real_play.json``) measured on ``games``."""
    c = HandCounts()
    for game in games:
        c.games += 1
        for entry in game["log"]:
            c.add_hand(entry)

    def share(part: int, whole: int) -> float:
        return round(part / whole, 4) if whole else 0.0

    def mean(total: int, count: int) -> float:
        return round(total / count, 1) if count else 0.0

    figures: dict[str, Any] = {
        "source": source.format(games=f"{c.games:,}", hands=f"{c.hands:,}"),
        "games": c.games,
        "hands": c.hands,
        "win_share": share(c.wins, c.hands),
        "tsumo_share": share(c.tsumo_wins, c.win_entries),
        "draw_share": share(c.exhaustive, c.hands),
        "abort_share": share(c.aborts, c.hands),
        "avg_win": mean(c.win_value, c.win_entries),
        "avg_win_ron": mean(c.ron_value, c.ron_wins),
        "avg_win_tsumo": mean(c.tsumo_value, c.tsumo_wins),
        "mangan_share": share(c.limit_wins, c.win_entries),
        "kita_per_hand": round(c.kita / c.hands, 2) if c.hands else 0.0,
        "kita_seat_share": share(c.seat_hands_with_kita, c.seat_hands),
        "win_kita_share": share(c.wins_with_kita, c.win_entries),
        "riichi_hand_share": share(c.hands_with_riichi, c.hands),
        "riichi_win_share": share(c.riichi_wins, c.win_entries),
        "open_win_share": share(c.open_wins, c.win_entries),
        "dama_win_share": share(c.dama_wins, c.win_entries),
        "deal_in_rate": share(c.deal_ins, c.seat_hands),
        "avg_discards": mean(c.discards, c.seat_hands),
        "honitsu_share": share(c.honitsu_wins, c.win_entries),
        "toitoi_share": share(c.toitoi_wins, c.win_entries),
        "yakuhai_share": share(c.yakuhai_wins, c.win_entries),
        "first_row_1m9m_share": share(c.first_row_1m9m, c.first_row_discards),
        "double_ron": c.double_ron,
        "nagashi": c.nagashi,
    }
    return figures


SOURCE = "{games} real hanchan ({hands} hands) of Tenhou's Phoenix room, January 2026"
#: Every count the measure keeps, for tests that check a figure from its parts.
COUNT_NAMES = tuple(f.name for f in fields(HandCounts))


@cache
def figures() -> dict[str, Any]:
    """The stored figures (read once)."""
    return json.loads(STATS_FILE.read_text(encoding="utf-8"))


def build(data_dir: Path) -> dict[str, Any]:
    """Measure the real games in ``data_dir`` (the files in ``GAME_FILES``)."""
    return measure(read_games(data_dir / name for name in GAME_FILES), SOURCE)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m course.real_play DATA_DIR   (the folder holding the real games)", file=sys.stderr)
        return 2
    data = build(Path(args[0]))
    STATS_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {STATS_FILE.name}: {data['source']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
