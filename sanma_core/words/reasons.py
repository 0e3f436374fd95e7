"""The engine's reasons and moments name a seat by number (``seat 2``, written by :func:`seat_ref`); at the
edge :func:`speak` says it with the players' names, "you" for the reader.

>>> from .seats import Cast
>>> seat_ref(2), seat_ref(2, possessive=True)
('seat 2', "seat 2's")
>>> speak("fold against seat 2's riichi, then seat 1", Cast(("You", "Bot A", "Bot B"), you=0))
"fold against Bot B's riichi, then Bot A"
>>> speak("push against seat 0's riichi", Cast(("You", "Bot A", "Bot B"), you=0))
'push against your riichi'
"""

from __future__ import annotations

import re

from .seats import Cast

_SEAT_REF = re.compile(r"\bseat ([0-2])('s)?")


def seat_ref(seat: int, possessive: bool = False) -> str:
    """How engine text refers to a seat before names are known: ``seat 2`` (``seat 2's``)."""
    return f"seat {seat}" + ("'s" if possessive else "")


def speak(text: str, cast: Cast) -> str:
    """Engine text with every :func:`seat_ref` said with the cast's names (``you`` / ``your`` for the reader)."""
    def spoken(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return cast.possessive(seat) if m.group(2) else cast.object(seat)

    return _SEAT_REF.sub(spoken, text)


__all__ = ["seat_ref", "speak"]
