"""Hints for the human seat, from public information only: shape, waits, furiten, kita, danger against riichi.

Shape numbers come from :mod:`sanma_core.analysis`; useful tiles are counted as
the copies this seat cannot see (the same count the reviews and the efficiency
drill use); danger comes from the bots' defence logic (:mod:`sanma_core.bots.safety`).
With ``advised=True`` the advisor's choice (:func:`~sanma_core.review.advice.advise`,
the same one the reviews compare with) comes first, with its reason.

>>> from sanma_core.game import Game
>>> g = Game(seed=3)
>>> h = hints_for(g.view(0), g.events)
>>> h.shanten >= -1 and len(h.discards) == len(set(k for k in map(kind, g.view(0).hand)))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis import outside_counts, shanten, ukeire
from ..analysis.efficiency import discard_values, rank_discards
from ..bots.base import Decision
from ..bots.safety import Danger, Threat, danger
from ..dora import dora_kinds
from ..game import SeatView
from ..tiles import NORTH, NUM_KINDS, from_mjai, kind, to_counts


@dataclass(frozen=True)
class DiscardHint:
    """The hand after discarding one kind, and how dangerous that tile is against the riichi players."""

    tile: int  # a kind
    shanten: int
    useful: tuple[int, ...]
    useful_count: int
    danger: float | None = None  # summed over the riichi players; None when nobody is in riichi
    dangers: tuple[Danger, ...] = ()


@dataclass(frozen=True)
class KitaHint:
    """The North that may be set aside, and whether the hand would miss it."""

    shanten_keep: int  # best shanten after a normal discard, the North kept
    shanten_kita: int  # shanten of the hand once the North is set aside (before the replacement draw)

    @property
    def costs_shape(self) -> bool:
        return self.shanten_kita > self.shanten_keep


@dataclass(frozen=True)
class Hints:
    shanten: int  # -1 complete, 0 tenpai
    useful: tuple[int, ...]  # kinds that lower the shanten (13-tile-sized hands)
    useful_count: int  # copies of them this seat cannot see
    waits: tuple[int, ...]
    furiten: bool
    kita: KitaHint | None
    threats: tuple[int, ...]  # seats in riichi
    discards: tuple[DiscardHint, ...]  # own turn: one per distinct kind, the advisor's first, then best shape
    advice: Decision | None = None  # the advisor's choice among the legal actions (with advised=True)


def _threats(view: SeatView, events: Sequence[dict[str, Any]]) -> dict[int, Threat]:
    """A Threat per opponent in riichi: their discards, and what others discarded after their riichi."""
    start = max((i for i, e in enumerate(events) if e.get("type") == "start_kyoku"), default=0)
    riichi_at: dict[int, int] = {}
    for i in range(start, len(events)):
        e = events[i]
        if e.get("type") == "reach" and e.get("actor") != view.seat:
            riichi_at.setdefault(e["actor"], i)
    out = {}
    for seat, at in riichi_at.items():
        if not view.seats[seat].riichi:
            continue
        own = frozenset(kind(d.tile) for d in view.seats[seat].discards)
        passed = frozenset(
            kind(from_mjai(e["pai"]))
            for e in events[at:]
            if e.get("type") == "dahai" and e.get("actor") != seat
        )
        out[seat] = Threat(discards=own, passed=passed)
    return out


def visible_counts(view: SeatView) -> list[int]:
    """Every tile the seat can see, by kind: own hand, ponds, melds, kita, dora indicators."""
    seen = to_counts(view.hand)
    for p in view.seats:
        for d in p.discards:
            if not d.called:
                seen[kind(d.tile)] += 1
        for cm in p.melds:
            for t in cm.meld.tiles:
                seen[kind(t)] += 1
        seen[NORTH] += p.kita
    for t in view.dora_indicators:
        seen[kind(t)] += 1
    return [min(4, c) for c in seen[:NUM_KINDS]]


def hints_for(view: SeatView, events: Sequence[dict[str, Any]], advised: bool = False) -> Hints:
    """All hints for the seat of ``view``; ``events`` are the game's public events (for the riichi timing)."""
    counts = to_counts(view.hand)
    outside = outside_counts(view.melds, view.kita)
    sh = shanten(counts, outside)
    threats = _threats(view, events)
    visible = visible_counts(view)
    useful: tuple[int, ...] = ()
    useful_count = 0
    options: list[DiscardHint] = []
    kita_hint = None
    unseen = [4 - v for v in visible]  # the same count as sanma_core.analysis.efficiency with seen=visible
    if len(view.hand) % 3 == 1:
        u = ukeire(counts, outside)
        useful, useful_count = tuple(u.tiles), sum(unseen[k] for k in u.tiles)
    else:
        dangers = {k: tuple(danger(k, t, visible) for t in threats.values()) for k in {kind(t) for t in view.hand}}
        values = discard_values(view.hand, dora_kinds(view.dora_indicators))
        ranked = rank_discards(counts, outside, seen=visible, value=values,
                               danger={k: sum(d.value for d in ds) for k, ds in dangers.items()})
        for opt in ranked:  # the one order of sanma_core.analysis.efficiency
            ds = dangers[opt.tile]
            options.append(DiscardHint(opt.tile, opt.shanten, opt.useful, opt.useful_count,
                                       sum(d.value for d in ds) if ds else None, ds))
        if any(a.kind == "kita" for a in view.legal_actions):
            without = list(counts)
            without[NORTH] -= 1
            out_kita = list(outside)
            out_kita[NORTH] += 1
            keep = min((o.shanten for o in options), default=sh)
            kita_hint = KitaHint(keep, shanten(without, out_kita))
    advice = None
    if advised and len(view.legal_actions) > 1:
        from .advice import advise

        advice = advise(view, view.legal_actions)
        if advice.action.tile is not None and advice.action.kind in ("discard", "riichi"):
            pick = kind(advice.action.tile)
            options.sort(key=lambda o: o.tile != pick)  # stable: the rest keep the shape order
    return Hints(sh, useful, useful_count, tuple(view.waits), view.furiten, kita_hint, tuple(sorted(threats)),
                 tuple(options), advice)


__all__ = ["DiscardHint", "Hints", "KitaHint", "hints_for", "visible_counts"]
