"""Words shared by the step renderers: names of seats, limits and waits, lists, plurals and signed numbers."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

#: A step renderer: the sentences of one explanation step.
Renderer = Callable[[dict[str, Any]], list[str]]

SEAT_NAMES = {"E": "East", "S": "South", "W": "West"}
LIMITS = {"": "", "mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
          "kazoe_yakuman": "counted yakuman (13+ han)", "yakuman": "yakuman"}
WAIT_NAMES = {
    "ryanmen": "two-sided wait (ryanmen)", "kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
    "tanki": "pair wait (tanki)", "shanpon": "two-pair wait (shanpon)", "nobetan": "extended pair wait (nobetan)",
    "sanmenchan": "three-sided wait (sanmenchan)", "aryanmen": "triplet-and-neighbour wait", "multi": "many-sided wait",
    "chiitoitsu": "seven-pairs wait", "kokushi": "thirteen-orphans wait", "kokushi_13": "thirteen-sided thirteen orphans",
    "chuuren": "nine-gates wait", "four_copy": "wait beside four held copies",
}


_PLURAL_S = re.compile(r"\b(\d+) ((?:[a-z]+ )*[a-z]+)\(s\)")


def tidy(text: str) -> str:
    """Engine text for people: ``"1 leftover stick(s)"`` → ``"1 leftover stick"``, ``"2 …(s)"`` → ``"2 …s"``."""
    return _PLURAL_S.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 copy``, ``2 copies``: the word in the form the number needs."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listed(items: Sequence[Any], empty: str = "none") -> str:
    """``a, b and c`` (``empty`` for no items)."""
    items = [str(i) for i in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def seat_name(s: str) -> str:
    """``"E"`` → ``"East"`` (other text as it is)."""
    return SEAT_NAMES.get(s, s)


def signed(n: float) -> str:
    """A number with its sign, ``+3`` or ``-1.5``."""
    text = f"{n:g}" if isinstance(n, float) else str(n)
    return text if n < 0 else "+" + text


def shanten_words(n: int) -> str:
    """``tenpai``, ``complete`` or ``2-shanten``."""
    return "tenpai" if n == 0 else ("complete" if n < 0 else f"{n}-shanten")
