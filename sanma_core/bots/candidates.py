"""What the bot levels share: the tuning constants, a candidate discard and the small readings of a table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..analysis import regular_shanten
from ..game.actions import Action
from ..tiles import kind_name
from .efficiency import hand_shanten
from .table import Table

if TYPE_CHECKING:
    from ..game.view import SeatView

DAMA_ENOUGH = 12000  # a hand worth a haneman without riichi stays hidden
RIICHI_GAIN = 1.0  # below that, dama only when riichi would add nothing (the hand is at its limit already)
PROTECT_LEAD = 8000  # a lead in the South round worth keeping by folding
SAFE_ENOUGH = 3.5  # danger at or below which a 1-shanten hand may keep pushing (suji, no-chance, honours)
LOOKAHEAD_WIDTH = 4  # discards (the widest first) whose tenpai are valued
LOOKAHEAD_SHARE = 0.5  # ... among those with at least this share of the best useful-tile count


def kinds_text(kinds: Sequence[int]) -> str:
    """Tile kinds as ``1p 4p``."""
    return " ".join(kind_name(k) for k in kinds)


def lead(view: SeatView) -> int:
    """Points ahead of the best other seat (negative when behind)."""
    me = view.seats[view.seat].score
    return me - max(ps.score for ps in view.seats if ps.seat != view.seat)


def meld_kinds(view: SeatView) -> list[int]:
    return [cm.meld.tile_kind for cm in view.seats[view.seat].melds]


def open_shanten(table: Table) -> int:
    """Shanten as an open hand could go on: sets and a pair, unless seven pairs or orphans are well ahead."""
    counts = table.counts
    reg = regular_shanten(counts)
    if table.view.melds:
        return reg
    closed = hand_shanten(counts, None)
    return reg if closed >= reg - 1 else closed


@dataclass
class Candidate:
    """One possible discard, with what it leaves."""

    kind: int
    action: Action
    shanten: int
    useful: tuple[int, ...]
    live: int
    keep: float  # how much the tile is worth keeping (lower is discarded first)
    plan: int  # steps to a hand with a yaku (open hands), else the shanten
    danger: float = 0.0
    score: float = 0.0
    worth: float | None = None  # expected points × live tiles of the tenpai it leads to (hard)
    widest: int = 0  # the most live useful tiles among the discards valued with it
