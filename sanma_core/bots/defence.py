"""Who is threatening, and which tiles are safe against them (uses :mod:`.safety`).

A riichi is a full threat. An open hand is an "obvious" threat when it shows
two or more pons with a yakuhai or a dora pon, three pons, or two pons late in
the hand; it weighs half. Tiles discarded by anyone after a riichi are safe
against it (the riichi player passed them); :class:`Watch` remembers the pond
sizes when it first saw each riichi, so it never counts a tile discarded before
the riichi as passed.

>>> from sanma_core.game import Game
>>> Watch().threats(Game(seed=3).view(0), None)
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..tiles import kind
from .knowledge import passed_since, yakuhai_kinds
from .safety import Danger, Threat, danger

if TYPE_CHECKING:
    from ..game.view import SeatView
    from .table import Table

RIICHI_WEIGHT = 1.0
OPEN_WEIGHT = 0.5
LATE = 20  # live tiles left below which two pons look dangerous


@dataclass(frozen=True)
class Opponent:
    """One threatening seat, its weight and what is safe against it."""

    seat: int
    weight: float
    label: str  # "riichi" or "open hand"
    threat: Threat


class Watch:
    """Per-hand memory of each riichi: the pond sizes when this seat first saw it."""

    def __init__(self) -> None:
        self._hand: tuple[int, int, int] | None = None
        self._total = 0
        self._marks: dict[int, tuple[int, int, int]] = {}

    def _sync(self, view: SeatView) -> None:
        key = (view.round_wind, view.dealer, view.honba)
        total = sum(len(ps.discards) for ps in view.seats)
        if key != self._hand or total < self._total:
            self._hand = key
            self._marks = {}
        self._total = total
        for ps in view.seats:
            if ps.riichi and ps.seat != view.seat and ps.seat not in self._marks:
                self._marks[ps.seat] = tuple(len(p.discards) for p in view.seats)  # type: ignore[assignment]

    def threats(self, view: SeatView, table: Table | None) -> list[Opponent]:
        """Threatening opponents, riichi first."""
        if not any(ps.riichi or len(ps.melds) >= 2 for ps in view.seats if ps.seat != view.seat):
            return []
        self._sync(view)
        out = []
        for ps in view.seats:
            if ps.seat == view.seat:
                continue
            own = frozenset(kind(d.tile) for d in ps.discards)
            if ps.riichi:
                mark = ps.riichi_ponds or self._marks[ps.seat]  # when the riichi was made, else first seen
                passed = passed_since(view, ps.seat, mark)
                out.append(Opponent(ps.seat, RIICHI_WEIGHT, "riichi", Threat(own, passed)))
                continue
            n = len(ps.melds)
            if n < 2 or table is None:
                continue
            kinds = [cm.meld.tile_kind for cm in ps.melds]
            their_yakuhai = yakuhai_kinds(view.rules, (ps.seat - view.dealer) % 3, view.round_wind)
            loud = any(k in their_yakuhai or table.dora[k] for k in kinds)
            if n >= 3 or loud or view.live_remaining < LATE:
                safe = set(own)
                suits = {k // 9 for k in kinds if k < 27}
                if len(suits) == 1 and next(iter(suits)) in (1, 2):  # a flush look: the other suit is nearly safe
                    other = 3 - next(iter(suits))
                    safe.update(range(9 * other, 9 * other + 9))
                out.append(Opponent(ps.seat, OPEN_WEIGHT, "open hand", Threat(frozenset(safe))))
        out.sort(key=lambda o: -o.weight)
        return out


def total_danger(k: int, opponents: list[Opponent], visible) -> float:
    """Danger of discarding kind ``k`` summed over the opponents, by weight."""
    return sum(o.weight * danger(k, o.threat, visible).value for o in opponents)


def main_danger(k: int, opponents: list[Opponent], visible) -> Danger:
    """The judgement against the heaviest opponent (for the reason line)."""
    return danger(k, opponents[0].threat, visible)
