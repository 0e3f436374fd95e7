"""More of the position for the discard ranking: each opponent's pond and calls, and the seat's standing.

Appended to the candidate rows of :func:`.learned.candidate_features`: per
candidate whether the opponents threw the tile (and just now), whether it is a
value honour for an opponent or in the suit of an opponent's flush look; per
decision the threats, the tsumogiri streaks that hint at a hidden tenpai, the
tiles left and the seat's place, so that trees can weigh them together.
Read by ``scripts/train_bots.py --rank`` (lambdarank trees); the shipped hard
bot does not use them yet.

>>> len(set(EXTRA_FEATURES)) == len(EXTRA_FEATURES)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..tiles import HONOURS, kind
from .knowledge import yakuhai_kinds

if TYPE_CHECKING:
    from .knowledge import SeatKnowledge
    from .levels import Candidate

EXTRA_WORDS = (
    ("thrown_by", "the opponents have thrown it"),
    ("just_thrown", "an opponent has just thrown it"),
    ("their_value", "a value honour for an opponent"),
    ("flush_suit", "the suit of an opponent's flush look"),
    ("in_ponds", "copies already in the ponds"),
    ("riichi_count", "the riichi on the table"),
    ("open_count", "the open threats"),
    ("streak", "an opponent throwing the tiles they draw"),
    ("left", "the tiles left"),
    ("place", "the seat's place"),
    ("lead_k", "the seat's lead"),
    ("melds_max", "the opponents' calls"),
    ("own_melds", "the seat's own calls"),
    ("candidates", "the number of choices"),
)
EXTRA_FEATURES = tuple(n for n, _ in EXTRA_WORDS)


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
