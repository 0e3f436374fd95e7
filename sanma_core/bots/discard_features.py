"""More of the position for the discard ranking: the opponents' ponds and calls, the seat's standing and the
shape and suits each discard leaves.

Appended to the candidate rows of :func:`.learned.candidate_features`
(:func:`position_features`). From the table (:func:`extra_features`): per
candidate whether the opponents threw the tile (and just now), whether it is a
value honour for an opponent or in the suit of an opponent's flush look; per
decision the threats, the tsumogiri streaks that hint at a hidden tenpai, the
tiles left and the seat's place. From the hand (:func:`shape_features`): how
the suits stand after the discard (a one-suit look is common in sanma), the
pairs and terminals kept, and how wide the hand gets after the next useful
tile (:func:`next_width`), so that the trees can tell apart discards of equal
useful-tile counts.

>>> len(set(POSITION_FEATURES)) == len(POSITION_FEATURES)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..analysis.shape import discard_options
from ..tiles import HONOURS, kind
from ..words.features import SHAPE_FEATURES, TABLE_FEATURES
from .knowledge import yakuhai_kinds

if TYPE_CHECKING:
    from .knowledge import SeatKnowledge
    from .levels import Candidate
    from .table import Table

EXTRA_FEATURES = tuple(n for n, _ in TABLE_FEATURES)
SHAPE_NAMES = tuple(n for n, _ in SHAPE_FEATURES)
#: Every feature appended to a candidate's row, in order.
POSITION_FEATURES = EXTRA_FEATURES + SHAPE_NAMES
YAOCHU = frozenset((0, 8, 9, 17, 18, 26, *HONOURS))
#: :func:`next_width` is worked out for the widest few discards at the best shanten, when that is at most two
#: (it walks every useful draw: far from tenpai the draws are many and the shape is still loose).
NEXT_WIDTH_OF = 3
NEXT_WIDTH_SHANTEN = 2


def _streak(discards) -> int:
    n = 0
    for d in reversed(discards):
        if not d.tsumogiri:
            break
        n += 1
    return n


def extra_features(know: SeatKnowledge, cands: Sequence[Candidate]) -> list[list[float]]:
    """One row of :data:`EXTRA_FEATURES` per candidate."""
    t = know.table
    v = t.view
    others = [ps for ps in v.seats if ps.seat != v.seat]
    ponds = [frozenset(kind(d.tile) for d in ps.discards) for ps in others]
    last = {kind(ps.discards[-1].tile) for ps in others if ps.discards}
    values: set[int] = set()
    flush: set[int] = set()
    for ps in others:
        values |= yakuhai_kinds(v.rules, (ps.seat - v.dealer) % 3, v.round_wind)
        suits = {cm.meld.tile_kind // 9 for cm in ps.melds if cm.meld.tile_kind < 27}
        if ps.melds and len(suits) == 1:
            s = next(iter(suits))
            flush |= set(range(9 * s, 9 * s + 9))
    streak = max((_streak(ps.discards) for ps in others), default=0)
    shared = [float(know.riichi_threats), float(know.open_threats), float(min(streak, 6)),
              v.live_remaining / 10.0, float(know.placement), know.lead / 1000.0, float(know.opponent_melds),
              float(len(v.melds)), float(len(cands))]
    rows = []
    for c in cands:
        k = c.kind
        rows.append([float(sum(k in p for p in ponds)), float(k in last), float(k in HONOURS and k in values),
                     float(k in flush), float(t.visible[k] - t.counts[k]), *shared])
    return rows


def next_width(table: Table, cand: Candidate) -> tuple[float, float]:
    """How wide the hand gets one step on: after discarding ``cand`` and drawing each of its useful kinds, the
    most unseen useful tiles of the best discard then, averaged over those draws (weighted by their unseen
    copies), and the weighted total. Both zero for a tenpai (or complete) hand.

    >>> from sanma_core.game import Game
    >>> from sanma_core.bots.levels import Candidate
    >>> from sanma_core.bots.table import read_table
    >>> table = read_table(Game(seed=3).view(0))
    >>> next_width(table, Candidate(27, None, 0, (), 0, 0.0, 0))
    (0.0, 0.0)
    """
    if cand.shanten <= 0 or not cand.useful:
        return 0.0, 0.0
    counts = list(table.counts)
    counts[cand.kind] -= 1
    outside = table.outside if any(table.outside) else None
    unseen = table.unseen
    weight = total = 0
    for u in cand.useful:
        w = unseen[u]
        if w <= 0:
            continue
        counts[u] += 1
        options = discard_options(counts, outside)
        counts[u] -= 1
        low = min(o.shanten for o in options)
        total += w * max(sum(map(unseen.__getitem__, o.ukeire.tiles)) for o in options if o.shanten == low)
        weight += w
    return (total / weight / 20.0 if weight else 0.0), total / 400.0


def shape_features(table: Table, turn: int, cands: Sequence[Candidate]) -> list[list[float]]:
    """One row of :data:`SHAPE_NAMES` per candidate: the suits, pairs and terminals the discard leaves, the
    dora held, the seat's turn, the copies held, its useful kinds and :func:`next_width` (for the
    :data:`NEXT_WIDTH_OF` widest candidates at the best shanten, when it is at most :data:`NEXT_WIDTH_SHANTEN`)."""
    c0 = table.counts
    held = [n + o for n, o in zip(c0, table.outside, strict=True)]
    suits = [sum(held[9 * s:9 * s + 9]) for s in range(3)]
    honours = sum(held[27:])
    dora_held = sum(d * n for d, n in zip(table.dora, c0, strict=True)) / 4.0
    yaochu = sum(c0[k] for k in YAOCHU)
    pairs = sum(1 for n in c0 if n >= 2)
    best = min(c.shanten for c in cands)
    widest = sorted((c for c in cands if c.shanten == best), key=lambda c: (-c.live, c.kind))[:NEXT_WIDTH_OF]
    looked = {c.kind for c in widest} if best <= NEXT_WIDTH_SHANTEN else set()
    rows = []
    for c in cands:
        k = c.kind
        s = k // 9 if k < 27 else -1
        left = list(suits)
        if s >= 0:
            left[s] -= 1
        h = honours - (s < 0)
        big, small = max(left[1:]), min(left[1:])
        same = left[s] if s >= 0 else h
        width, reach = next_width(table, c) if k in looked else (0.0, 0.0)
        rows.append([same / 13.0, float(s in (1, 2) and left[s] == small < big), (big + h) / 13.0, small / 13.0,
                     h / 13.0, (pairs - (c0[k] == 2)) / 7.0, (yaochu - (k in YAOCHU)) / 13.0, dora_held,
                     turn / 18.0, float(c0[k]), len(c.useful) / 10.0, width, reach])
    return rows


def position_features(know: SeatKnowledge, cands: Sequence[Candidate]) -> list[list[float]]:
    """One row of :data:`POSITION_FEATURES` per candidate: :func:`extra_features` then :func:`shape_features`."""
    v = know.table.view
    shape = shape_features(know.table, len(v.seats[v.seat].discards), cands)
    return [a + b for a, b in zip(extra_features(know, cands), shape, strict=True)]
