"""Seven pairs (chiitoitsu) and thirteen orphans (kokushi) as replacement numbers.

Both forms exist only for closed 13/14-tile hands. With caps (copies left
after the player's own melds and kita), a kind with fewer than 2 usable copies
cannot be one of the seven pairs or the orphans' pair, and a kind with none
cannot be an orphan.

>>> chiitoitsu_r([2] * 6 + [1] + [0] * 27, None)  # six pairs and a single: one draw
1
>>> kokushi_r([1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, *[0] * 7, 1, 1, 1, 1, 1, 1, 1, 1], None)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ..tiles import NUM_KINDS, SANMA_KINDS
from .groups import INF

KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_kokushi_counts = itemgetter(*KOKUSHI_KINDS)


def chiitoitsu_r(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    """Draws needed for seven distinct pairs."""
    if caps is None:
        kinds = NUM_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
    else:
        pairs = sum(1 for k in range(NUM_KINDS) if counts[k] >= 2 and caps[k] >= 2)
        kinds = sum(1 for k in range(NUM_KINDS) if counts[k] >= 1 and caps[k] >= 2)
    if pairs >= 7:
        return 0
    singles = kinds - pairs
    return 14 - 2 * pairs - (singles if singles < 7 - pairs else 7 - pairs)


def kokushi_r(counts: Sequence[int], caps: Sequence[int] | None) -> int:
    """Draws needed for the 13 terminal and honour kinds plus a pair of one ( ``INF``: impossible)."""
    held = _kokushi_counts(counts)
    present = 13 - held.count(0)
    pair = max(held) >= 2
    if caps is not None:
        if any(caps[k] < 1 for k in KOKUSHI_KINDS):
            return INF
        if not pair and all(caps[k] < 2 for k in KOKUSHI_KINDS):
            return INF
    return 14 - present - pair


def closed_useful(counts: Sequence[int], caps: Sequence[int] | None, r: int) -> set[int]:
    """Kinds whose draw brings seven pairs or thirteen orphans below ``r`` draws."""
    out: set[int] = set()
    if caps is None:
        if chiitoitsu_r(counts, None) <= r:
            # a held single that pairs always helps; a new kind helps while fewer than 7 kinds are held
            out.update([k for k in SANMA_KINDS if counts[k] == 1])
            if NUM_KINDS - counts.count(0) < 7:
                out.update([k for k in SANMA_KINDS if counts[k] == 0])
        if kokushi_r(counts, None) <= r:
            held = _kokushi_counts(counts)
            out.update([k for k in KOKUSHI_KINDS if counts[k] == 0])
            if max(held) < 2:
                out.update([k for k in KOKUSHI_KINDS if counts[k] == 1])
        return out
    if chiitoitsu_r(counts, caps) <= r:
        kinds = sum(1 for k in SANMA_KINDS if counts[k] and caps[k] >= 2)
        for k in SANMA_KINDS:
            if caps[k] >= 2 and (counts[k] == 1 or counts[k] == 0 and kinds < 7):
                out.add(k)
    if kokushi_r(counts, caps) <= r:
        has_pair = any(counts[k] >= 2 for k in KOKUSHI_KINDS)
        for k in KOKUSHI_KINDS:
            if counts[k] == 0 and caps[k] >= 1 or counts[k] == 1 and not has_pair and caps[k] >= 2:
                out.add(k)
    return out
