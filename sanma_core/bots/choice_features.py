"""The features the decision models read, one row per decision, from a seat's :class:`.knowledge.SeatKnowledge`.

Five yes-or-no choices: ``riichi`` (declare or stay dama, at a tenpai discard
where riichi is legal), ``kita`` (set a North aside or keep it), ``call``
(pon a discard or pass), ``kan`` (a closed or added kan at the seat's turn, or
none) and ``abort`` (the nine-terminal abort, or play on). Each kind has its features in order with words for a
learner; the rows are what :mod:`scripts/train_bots.py <scripts>` fits and what
the hard bot asks at play.

>>> len(set(FEATURES["riichi"])) == len(FEATURES["riichi"])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..analysis import chiitoitsu_shanten, kokushi_shanten, ukeire
from ..tiles import HONOURS, ISOLATED_KINDS, NORTH, TERMINALS_AND_HONOURS, kind
from ..words.features import CHOICE_FEATURES
from .defence import total_danger
from .efficiency import after_kan, discard_table, hand_shanten, plan_distance, yaku_plans

if TYPE_CHECKING:
    from .knowledge import SeatKnowledge
    from .levels import Candidate
    from .value import TenpaiValue

_ISOLATED = frozenset(ISOLATED_KINDS)

WORDS_BY_KIND = CHOICE_FEATURES
FEATURES = {k: tuple(n for n, _ in v) for k, v in WORDS_BY_KIND.items()}
WORDS = {k: dict(v) for k, v in WORDS_BY_KIND.items()}


def situation(know: SeatKnowledge) -> list[float]:
    t = know.table
    v = t.view
    return [v.live_remaining / 10.0, float(know.own_discards), float(v.dealer == v.seat), float(v.round_wind),
            float(know.placement), know.lead / 1000.0, know.gap_up / 1000.0, know.gap_down / 1000.0,
            v.seats[v.seat].score / 1000.0, float(know.riichi_threats), float(know.open_threats),
            float(know.opponent_melds), float(know.dora_han), float(v.sticks + v.honba)]


def riichi_row(know: SeatKnowledge, cand: Candidate, value: TenpaiValue, hard_riichi: bool,
               riichi_tiles: int) -> list[float]:
    """A tenpai discard ``cand`` where riichi is legal (``riichi_tiles`` kinds would allow it): declare or not."""
    v = know.table.view
    own = {kind(d.tile) for d in v.seats[v.seat].discards}
    waits = cand.useful
    return [float(cand.live), float(len(waits)), value.dama / 1000.0, value.riichi / 1000.0,
            (value.riichi - value.dama) / 1000.0, float(not value.dama_ron_ok),
            float(any(w in _ISOLATED for w in waits)), float(any(w in own or w == cand.kind for w in waits)),
            float(riichi_tiles), float(hard_riichi), float(waited_before(know)), *situation(know)]


def waited_before(know: SeatKnowledge) -> bool:
    """Whether the hand was already waiting before this draw: the seat stayed dama at an earlier chance (or its
    wait was not yet one to declare on). The 13 tiles before the draw are the hand minus the tile drawn."""
    v = know.table.view
    if v.drawn is None:
        return False
    before = list(know.table.counts)
    before[kind(v.drawn)] -= 1
    return hand_shanten(before, None) == 0


def kita_row(know: SeatKnowledge, hard_keeps: bool) -> list[float]:
    """A North that may be set aside (the seat not in riichi): set it aside or keep it."""
    t = know.table
    c = t.counts
    after = list(c)
    after[NORTH] -= 1
    now = hand_shanten(c, None)
    riichi = [o for o in know.threats if o.label == "riichi"]
    danger = total_danger(NORTH, riichi, t.visible) if riichi else 0.0
    safe = 0
    if riichi:
        safe = sum(c[k] for k in range(34) if c[k] and k != NORTH and total_danger(k, riichi, t.visible) <= 1.0)
    return [float(c[NORTH]), float(t.dora[NORTH]), float(now), float(hand_shanten(after, None) - now),
            float(kokushi_shanten(c)), float(chiitoitsu_shanten(c)), float(sum(c[k] for k in HONOURS)),
            float(t.visible[NORTH] - c[NORTH]), danger, float(safe), float(t.is_open), float(hard_keeps),
            *situation(know)]


def call_row(know: SeatKnowledge, tile_kind: int, facts: dict[str, Any], hard_calls: bool, kan: bool,
             han: float) -> list[float]:
    """A pon offer of ``tile_kind``; ``facts`` are the hand-written verdict's (shanten before and after)."""
    t = know.table
    c = t.counts
    k = tile_kind
    suited_terminal = k < 27 and k % 9 in (0, 8)
    before = facts.get("shanten_before", 8)
    after = facts.get("shanten_after", 8)
    left = list(c)
    left[k] -= 2
    plans = yaku_plans(left, [*(m.tile_kind for m in t.view.melds), k], t.yakuhai, True)
    plan = after
    if plans:
        plan = 99
        for o in discard_table(left, None):
            if o.tile != k:
                left[o.tile] -= 1
                plan = min(plan, plan_distance(plans, left, o.shanten))
                left[o.tile] += 1
    secured = float(not plans)
    return [float(k in t.yakuhai), float(t.dora[k]), float(k in HONOURS), float(suited_terminal),
            float(before), float(after), float(hand_shanten(c, None)), float(len(t.view.melds)), float(plan),
            secured, float(sum(1 for n in c if n >= 2)), float(t.visible[k] - c[k]), float(kan), han,
            float(hard_calls), *situation(know)]


def kan_row(know: SeatKnowledge, tile_kind: int, closed: bool, hard_kans: bool) -> list[float]:
    """A closed (``closed``) or added kan of ``tile_kind`` that the seat may make at its turn: make it or not."""
    t = know.table
    v = t.view
    c = t.counts
    k = tile_kind
    table = discard_table(c, None)
    best = min(o.shanten for o in table)
    useful_now = max(o.ukeire.count for o in table if o.shanten == best)
    after = after_kan(c, k, closed)
    left = hand_shanten(after, None)
    useful_after = ukeire(after).count if left == best else 0
    kans = sum(1 for s in v.seats for m in s.melds if m.meld.is_kan)
    return [float(closed), float(v.seats[v.seat].riichi), float(best), float(left), float(left <= best),
            float(max(0, useful_now - useful_after)), float(t.dora[k]), float(k in t.yakuhai), float(k in HONOURS),
            float(k < 27 and k % 9 in (0, 8)), float(len(v.melds)), float(t.is_open), float(kans),
            float(hard_kans), *situation(know)]


def abort_row(know: SeatKnowledge, hard_aborts: bool) -> list[float]:
    """The first draw with nine or more kinds of terminals and honours: abort the hand or play on."""
    t = know.table
    c = t.counts
    orphans = sum(1 for k in TERMINALS_AND_HONOURS if c[k])
    return [float(orphans), float(kokushi_shanten(c)), float(hand_shanten(c, None)),
            float(chiitoitsu_shanten(c)), float(sum(c[k] for k in HONOURS)), float(c[NORTH]),
            float(sum(1 for k in t.yakuhai if c[k] >= 2)), float(hard_aborts), *situation(know)]


def deciding(kind_name: str, contributions: Sequence[float], toward: bool, n: int = 2) -> list[str]:
    """Words for the features that pushed the probability most toward ``toward`` (yes when True)."""
    names = FEATURES[kind_name]
    sign = 1.0 if toward else -1.0
    ranked = sorted(((sign * c, i) for i, c in enumerate(contributions[:len(names)])), reverse=True)
    return [WORDS[kind_name][names[i]] for gain, i in ranked[:n] if gain > 0]
