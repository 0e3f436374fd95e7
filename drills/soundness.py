"""Checks that a decision question shows a sound position: no play is asked of a hand that has already won.

>>> complete_hand({"hand": "234678999s44477z", "melds": []})
True
>>> complete_hand({"hand": "234678999s4447z5z", "melds": []})
False
"""

from __future__ import annotations

from typing import Any

from sanma_core.analysis import shanten
from sanma_core.melds import parse_meld
from sanma_core.tiles import kind, parse_tiles, to_counts

#: The drill types that ask for a play (a discard, kita or keep, push or fold, riichi or dama, a call).
DECISION_TYPES = frozenset({"efficiency", "kita", "push_fold", "riichi_dama", "call_pass", "all_last"})


def complete_hand(data: dict[str, Any]) -> bool:
    """Whether the question data shows a complete 14-tile hand (concealed tiles plus melds; kita not counted)."""
    text = data.get("hand")
    if not isinstance(text, str) or not text:
        return False
    counts = to_counts(parse_tiles(text))
    outside = [0] * 34
    melds = [parse_meld(m) for m in data.get("melds") or []]
    for m in melds:
        for t in m.tiles:
            outside[kind(t)] += 1
    if sum(counts) + 3 * len(melds) != 14:
        return False
    return shanten(counts, outside) < 0
