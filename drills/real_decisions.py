"""How real Phoenix players decided, read from ``real_decisions.json`` (written by ``drills.measure_decisions``).

Every chance or share a decision drill states is one of these ratios: a count of positions ``n`` and how
many of them ended (or were played) each way. :class:`Rate` keeps the table, the key and the counts it
came from, so an explanation can name its source and a test can recompute it.

>>> r = riichi_dama_rate("riichi", live=6, turn=8)
>>> 0 < r.win < 0.9 and r.n >= MIN_POSITIONS and r.table == "riichi_dama"
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FILE = Path(__file__).with_name("real_decisions.json")
#: The fewest positions a stated figure rests on; thinner buckets are merged with their neighbours.
MIN_POSITIONS = 60
#: A tenpai wait with this many live copies or more counts as good (a two-sided wait has up to eight).
GOOD_WAIT = 5


def live_bucket(live: int) -> str:
    """The live-copies bucket of a wait: ``"1-2"``, ``"3-4"``, ``"5-6"``, ``"7+"``."""
    return "1-2" if live <= 2 else "3-4" if live <= 4 else "5-6" if live <= 6 else "7+"


def turn_bucket(turn: int) -> str:
    """The turn bucket (own discards so far, this one included): ``"1-6"``, ``"7-10"``, ``"11+"``."""
    return "1-6" if turn <= 6 else "7-10" if turn <= 10 else "11+"


def kita_bucket(kita: int) -> str:
    return str(kita) if kita < 2 else "2+"


def value_bucket(han: int) -> str:
    """Han of dora, red fives and kita held at tenpai: ``"0-1"``, ``"2-3"``, ``"4+"``."""
    return "0-1" if han <= 1 else "2-3" if han <= 3 else "4+"


def shanten_bucket(n: int) -> str:
    return "tenpai" if n <= 0 else "1-shanten" if n == 1 else "2+"


@cache
def figures() -> dict[str, Any]:
    """The stored tables (read once)."""
    return json.loads(FILE.read_text(encoding="utf-8"))


def source() -> str:
    return str(figures()["source"])


@dataclass(frozen=True)
class Rate:
    """Counts summed over the rows of ``table`` whose keys match ``key`` (``*`` matches any part)."""

    table: str
    key: str
    n: int
    counts: dict[str, int]

    def share(self, name: str) -> float:
        return self.counts.get(name, 0) / self.n if self.n else 0.0

    def mean(self, total: str, count: str) -> float:
        """The mean of a summed value (``deal_in_value`` over ``deal_in``)."""
        c = self.counts.get(count, 0)
        return self.counts.get(total, 0) / c if c else 0.0

    @property
    def win(self) -> float:
        return self.share("win")

    def as_data(self) -> dict[str, Any]:
        return {"table": self.table, "key": self.key, "n": self.n, "counts": dict(self.counts)}


@cache
def rate(table: str, key: str) -> Rate:
    """Sum the rows of ``table`` matching ``key`` (parts joined by ``|``; ``*`` matches any value)."""
    want = key.split("|")
    total: dict[str, int] = {}
    n = 0
    for row_key, row in figures()[table].items():
        parts = row_key.split("|")
        if len(parts) != len(want) or any(w not in ("*", p) for w, p in zip(want, parts, strict=True)):
            continue
        n += row["n"]
        for k, v in row.items():
            if k != "n":
                total[k] = total.get(k, 0) + v
    return Rate(table, key, n, total)


def first_solid(table: str, keys: list[str]) -> Rate:
    """The first of ``keys`` resting on at least MIN_POSITIONS positions (the last one in any case)."""
    for key in keys:
        r = rate(table, key)
        if r.n >= MIN_POSITIONS:
            return r
    return rate(table, keys[-1])


def riichi_dama_rate(choice: str, live: int, turn: int) -> Rate:
    """What became of real first closed tenpai hands that chose ``choice`` (riichi or dama) at once."""
    lb, tb = live_bucket(live), turn_bucket(turn)
    return first_solid("riichi_dama", [f"{choice}|{lb}|{tb}", f"{choice}|{lb}|*", f"{choice}|*|{tb}", f"{choice}|*|*"])


def push_fold_state(shanten: int, live: int = 0) -> str:
    """``"tenpai good"``, ``"tenpai poor"``, ``"1-shanten"`` or ``"2+"``: how close the hand is, and its wait."""
    if shanten <= 0:
        return "tenpai good" if live >= GOOD_WAIT else "tenpai poor"
    return shanten_bucket(shanten)


def push_fold_rate(state: str, dealer: bool, kita: int, turn: int, push: bool) -> Rate:
    """What became of real hands in ``state`` (see :func:`push_fold_state`) when an opponent declared riichi
    on ``turn``, by whether their next discard kept that shanten (a push) or gave it up (a fold)."""
    who, kb, tb, way = "dealer" if dealer else "non-dealer", kita_bucket(kita), turn_bucket(turn), "push" if push else "fold"
    return first_solid("push_fold", [f"{state}|{who}|{kb}|{tb}|{way}", f"{state}|{who}|{kb}|*|{way}",
                                     f"{state}|*|{kb}|*|{way}", f"{state}|{who}|*|*|{way}", f"{state}|*|*|*|{way}"])


def kita_rate(reason: str, threat: bool, norths: int | None = None, cost: int | None = None,
              shanten: int | None = None) -> Rate:
    """How often real players set a North aside in positions the engine's kita rule calls ``reason``
    (``shanten``: the hand's shanten keeping the North)."""
    t = "riichi" if threat else "calm"
    n = "*" if norths is None else f"north{min(norths, 3)}"
    c = "*" if cost is None else f"cost{min(cost, 2)}"
    sh = "*" if shanten is None else f"shanten{max(0, min(shanten, 2))}"
    # the distance to tenpai decides most (a North the shape uses is kept near tenpai, set aside far from it):
    # merge the other parts first
    return first_solid("kita", [f"{reason}|{t}|{n}|{c}|{sh}", f"{reason}|{t}|*|{c}|{sh}", f"{reason}|{t}|*|*|{sh}",
                                f"{reason}|{t}|*|{c}|*", f"{reason}|{t}|*|*|*", f"{reason}|*|*|*|*"])


def call_rate(what: str, closed: bool, shanten: int, held: int) -> Rate:
    """How often real players called on a tile of kind ``what`` (value honour, other honour, number),
    holding ``held`` copies (2 or 3): ``pon``, ``minkan`` (open kan), the rest passed."""
    c, sb, h = "closed" if closed else "open", shanten_bucket(shanten), "triplet" if held >= 3 else "pair"
    return first_solid("call", [f"{what}|{c}|{sb}|{h}", f"{what}|{c}|*|{h}", f"{what}|*|*|{h}", f"*|*|*|{h}"])
