"""What a seat knows at one position: tiles seen, threats, scores and the stage of the hand.

The one home of three facts every reader needs: the tiles a seat can see
(:func:`visible_counts`), the honours whose triplet is a yaku for a seat
(:func:`yakuhai_kinds`) and the tiles passed since a riichi
(:func:`passed_since`). :class:`SeatKnowledge` gathers, once per position, what
the decision models read (:mod:`.choice_features`): the bot's
:class:`~sanma_core.bots.table.Table`, its threats and the scores.

>>> from sanma_core.game import Game
>>> from sanma_core.bots.table import read_table
>>> view = Game(seed=3).view(0)
>>> k = SeatKnowledge.of(view, read_table(view), [])
>>> k.placement, k.riichi_threats, sum(k.table.counts)
(0, 0, 14)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..tiles import DRAGONS, EAST, NORTH, NUM_KINDS, RED_5P, kind

if TYPE_CHECKING:
    from ..game.view import SeatView
    from ..rules import Ruleset
    from .defence import Opponent
    from .table import Table


def yakuhai_kinds(rules: Ruleset, seat_wind: int, round_wind: int) -> frozenset[int]:
    """Honour kinds whose triplet is a yaku for a seat of wind ``seat_wind`` (0 East … 2 West) in that round.

    >>> from sanma_core.rules import load_preset
    >>> sorted(yakuhai_kinds(load_preset("tenhou"), 1, 0))
    [27, 28, 31, 32, 33]
    """
    north = (NORTH,) if rules.north_is_yakuhai else ()
    return frozenset((*DRAGONS, EAST + seat_wind, EAST + round_wind, *north))


def visible_counts(view: SeatView, hand_counts: Sequence[int] | None = None) -> list[int]:
    """Copies of each kind the seat can see: its hand, every pond (tiles called away count in the meld),
    every meld, every North set aside and the dora indicators."""
    if hand_counts is None:
        visible = [0] * NUM_KINDS
        for t in view.hand:
            visible[kind(t) if t >= RED_5P else t] += 1
    else:
        visible = list(hand_counts)
    for ps in view.seats:
        for d in ps.discards:
            if not d.called:
                visible[kind(d.tile)] += 1
        for cm in ps.melds:
            visible[cm.meld.tile_kind] += len(cm.meld.tiles)
        visible[NORTH] += ps.kita
    for ind in view.dora_indicators:
        visible[kind(ind)] += 1
    return visible


def passed_since(view: SeatView, riichi_seat: int, mark: Sequence[int]) -> frozenset[int]:
    """Kinds the other seats discarded after the riichi of ``riichi_seat``; ``mark`` holds the three ponds'
    sizes at the riichi (a tile passed is safe against it: the riichi player did not ron it)."""
    return frozenset(kind(d.tile) for other in view.seats if other.seat != riichi_seat
                     for d in other.discards[mark[other.seat]:])


@dataclass(frozen=True)
class SeatKnowledge:
    """One seat's knowledge at one position, gathered once for the models and the reasons."""

    table: Table
    threats: tuple[Opponent, ...]
    riichi_threats: int  # opponents in riichi
    open_threats: int  # opponents whose open hand looks dangerous
    placement: int  # 0 first … 2 last (ties: the seat nearer the dealer ranks first)
    lead: int  # points ahead of the best other seat (negative when behind)
    gap_up: int  # points to the seat just above (0 when first)
    gap_down: int  # points ahead of the seat just below (0 when last)
    own_discards: int
    opponent_melds: int  # most melds of an opponent
    dora_han: int  # dora, red fives and kita han in hand and melds

    @classmethod
    def of(cls, view: SeatView, table: Table, threats: Sequence[Opponent]) -> SeatKnowledge:
        me = view.seat
        order = sorted(range(3), key=lambda s: (-view.seats[s].score, (s - view.dealer) % 3))
        place = order.index(me)
        scores = [view.seats[s].score for s in order]
        own = scores[place]
        up = scores[place - 1] - own if place > 0 else 0
        down = own - scores[place + 1] if place < 2 else 0
        lead = own - max(view.seats[s].score for s in range(3) if s != me)
        han = table.reds + view.kita * (1 + table.dora[NORTH])
        han += sum(d * (table.counts[k] + table.outside[k]) for k, d in enumerate(table.dora) if d and k != NORTH)
        han += table.dora[NORTH] * (table.counts[NORTH] + table.outside[NORTH] - view.kita)
        return cls(table, tuple(threats), sum(1 for o in threats if o.label == "riichi"),
                   sum(1 for o in threats if o.label != "riichi"), place, lead, up, down,
                   len(view.seats[me].discards), max(len(view.seats[s].melds) for s in range(3) if s != me), han)
