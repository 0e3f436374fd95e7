"""What a bot reads off its seat view: own counts, visible tiles, dora and yakuhai.

Everything here comes from :class:`~sanma_core.game.SeatView`, so a bot can
only use what its seat may see.

>>> from sanma_core.game import Game
>>> t = read_table(Game(seed=3).view(0))
>>> sum(t.counts), t.visible[t.dora_kinds[0]] <= 4
(14, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dora import dora_from_indicator
from ..tiles import NORTH, NUM_KINDS, RED_5P, kind
from .knowledge import visible_counts, yakuhai_kinds

if TYPE_CHECKING:
    from ..game.view import SeatView


@dataclass
class Table:
    """One seat's reading of the table at a decision."""

    view: SeatView
    counts: list[int]  # concealed kinds
    outside: list[int]  # own melds and kita Norths, by kind
    visible: list[int]  # every tile this seat can see, by kind
    dora: list[int]  # han per tile of each kind from the dora indicators
    dora_kinds: tuple[int, ...]
    reds: int  # red fives in the hand and own melds
    yakuhai: frozenset[int]  # kinds whose triplet is a yaku for this seat
    is_open: bool
    unseen: list[int]  # copies of each kind this seat cannot see

    def live(self, k: int) -> int:
        """Copies of ``k`` this seat cannot see (still somewhere in the wall or in other hands)."""
        return self.unseen[k]

    def live_count(self, kinds) -> int:
        return sum(map(self.unseen.__getitem__, kinds))

    @property
    def dealer(self) -> bool:
        return self.view.dealer == self.view.seat


def read_table(view: SeatView) -> Table:
    counts = [0] * NUM_KINDS
    reds = 0
    for t in view.hand:
        if t >= RED_5P:
            reds += 1
            counts[kind(t)] += 1
        else:
            counts[t] += 1
    outside = [0] * NUM_KINDS
    is_open = False
    for cm in view.seats[view.seat].melds:
        m = cm.meld
        outside[m.tile_kind] += len(m.tiles)
        reds += sum(1 for t in m.tiles if t >= RED_5P)
        is_open = is_open or m.is_open
    outside[NORTH] += view.kita
    visible = visible_counts(view, counts)
    dora = [0] * NUM_KINDS
    kinds = []
    for ind in view.dora_indicators:
        k = dora_from_indicator(ind)
        dora[k] += 1
        kinds.append(k)
    yakuhai = yakuhai_kinds(view.rules, (view.seat - view.dealer) % 3, view.round_wind)
    unseen = [4 - v if v < 4 else 0 for v in visible]
    return Table(view, counts, outside, visible, dora, tuple(kinds), reds, yakuhai, is_open, unseen)
