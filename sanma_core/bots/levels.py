"""The three bot levels, each a table of which policy (:mod:`.policies`) decides each choice.

* ``easy``: shanten first, then the most useful tiles (counted against its own
  hand); never calls; riichi whenever tenpai; never folds.
* ``normal``: adds defence (folds against a riichi or an obvious open hand with
  genbutsu, suji, honours, no-chance tiles), pons for yakuhai, toitoi,
  honitsu and tanyao only when a yaku stays reachable, a riichi decision, and
  keeps a North the hand needs (thirteen orphans, seven pairs, a North pair
  close to tenpai, an honour-heavy hand).
* ``hard``: adds hand value: keeps dora and red fives, weighs tenpai and
  1-shanten discards by the scorer's value of the tenpai they lead to (live
  winning tiles × points), chooses dama or riichi from the scorer's values
  (tsumo loss included), and pushes or folds by value and shanten.

:class:`LevelBot` plays the turn the same way at every level (tsumo, abort, kita, kans, the discard, defence)
and asks its level's :class:`Policies` at each choice.

>>> from sanma_core.game import Game
>>> g = Game(seed=11)
>>> d = NormalBot(0).decide(g.view(0), g.legal_actions(0))
>>> d.action in g.legal_actions(0)
True
>>> NORMAL.pon is HARD.pon, NORMAL.push_limit is HARD.push_limit
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..analysis import kokushi_shanten
from ..game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, PASS, PON, RIICHI, RON, TSUMO, Action
from ..game.state import Phase
from ..tiles import NORTH, RED_5P, kind, kind_name, tile_name
from ..words import reasons as W
from ..words.reasons import reason
from . import policies
from .base import Decision
from .candidates import SAFE_ENOUGH, Candidate, kinds_text, meld_kinds
from .defence import Opponent, Watch, main_danger, total_danger
from .efficiency import after_kan, discard_table, hand_shanten, plan_distance, yaku_plans
from .table import Table, read_table

if TYPE_CHECKING:
    from ..game.view import SeatView

Riichi = Callable[["LevelBot", "SeatView", list[Action], Table, Candidate, list[Candidate]], "Decision | None"]


@dataclass(frozen=True)
class Policies:
    """A level: what it reads (``defends``, ``counts_visible``, ``values``) and which policy decides each choice."""

    level: str
    defends: bool  # watches threats: folds or pushes with care, no added kan against one, pons with a yaku plan
    counts_visible: bool  # useful tiles counted against every visible tile (not only the own hand)
    values: bool  # dora kept in the keep value of a tile
    keep_north: Callable[[LevelBot, Table], str | None]
    pon: Callable[[LevelBot, SeatView, Table, Action], policies.Verdict]
    pon_worth: Callable[[Table, str, int], bool]
    yakuhai_pon_shanten: int  # a far-off closed hand is worth more as a riichi hand than as a quick yakuhai
    push_limit: Callable[[Table, Candidate, list[Opponent]], str]
    offence_score: Callable[[LevelBot, Candidate, Table], float]
    best_offence: Callable[[LevelBot, list[Candidate], Table], Candidate]
    riichi: Riichi


ABORT_KOKUSHI_SHANTEN = 3  # the hand-written rules abort a nine-terminal deal this far or further from kokushi

EASY = Policies(
    "easy", defends=False, counts_visible=False, values=False,
    keep_north=policies.keep_north_for_orphans,
    pon=policies.never_pon, pon_worth=policies.pon_worth_by_plan, yakuhai_pon_shanten=2,
    push_limit=policies.push_limit_by_shanten,  # never asked: an easy bot sees no threat
    offence_score=policies.score_by_tiles, best_offence=policies.widest,
    riichi=policies.riichi_when_waiting,
)
NORMAL = Policies(
    "normal", defends=True, counts_visible=True, values=False,
    keep_north=policies.keep_north_when_needed,
    pon=policies.pon_for_a_yaku, pon_worth=policies.pon_worth_by_plan, yakuhai_pon_shanten=2,
    push_limit=policies.push_limit_by_shanten,
    offence_score=policies.score_by_tiles, best_offence=policies.widest,
    riichi=policies.riichi_unless_late_and_thin,
)
HARD = Policies(
    "hard", defends=True, counts_visible=True, values=True,
    keep_north=policies.keep_north_when_needed,
    pon=policies.pon_for_a_yaku, pon_worth=policies.pon_worth_by_value, yakuhai_pon_shanten=2,
    push_limit=policies.push_limit_by_value,
    offence_score=policies.score_keeping_dora, best_offence=policies.widest_by_value,
    riichi=policies.riichi_or_dama_by_value,
)


class LevelBot:
    """A bot of one level: the shared turn, with its level's policies at each choice."""

    policies: Policies = EASY

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)
        self.watch = Watch()

    @property
    def level(self) -> str:
        return self.policies.level

    # ---- entry point -------------------------------------------------------

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        legal = list(legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        table = read_table(view)
        if view.phase is Phase.RESPONSE:
            decision = self._respond(view, legal, table)
        else:
            decision = self._turn(view, legal, table)
        if decision.action not in legal:  # a bug guard: never hand the engine an illegal action
            fallback = next((a for a in legal if a.kind in (PASS, DISCARD)), legal[0])
            return Decision(fallback, f"{fallback.kind} (fallback)", {"fallback": True})
        return decision

    # ---- responses -----------------------------------------------------------

    def _respond(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        by_kind = {a.kind: a for a in reversed(legal)}
        tile = view.last_tile
        if RON in by_kind:
            return Decision(by_kind[RON], reason(W.RON, tile=tile_name(tile)), {"kind": "ron"})
        pass_ = by_kind[PASS]
        pons = [a for a in legal if a.kind == PON]
        if pons:
            pon = min(pons, key=lambda a: sum(1 for t in a.consumed if t >= RED_5P))  # keep red fives in hand
            verdict = self._pon_verdict(view, table, pon)
            if verdict[0]:
                return Decision(pon, verdict[1], verdict[2])
            return Decision(pass_, verdict[1], verdict[2])
        return Decision(pass_, reason(W.NO_OPEN_KAN, tile=tile_name(tile)), {"kind": "pass"})

    def _pon_after(self, table: Table, k: int) -> tuple[list[int], int, Any]:
        counts = list(table.counts)
        counts[k] -= 2
        opts = [o for o in discard_table(counts, None) if o.tile != k]  # no swap-calling
        best = min(opts, key=lambda o: (o.shanten, -table.live_count(o.ukeire.tiles)))
        return counts, best.shanten, opts

    def _pon_verdict(self, view: SeatView, table: Table, pon: Action) -> policies.Verdict:
        """The level's pon policy (a learned bot puts its model here)."""
        return self.policies.pon(self, view, table, pon)

    # ---- own turn --------------------------------------------------------------

    def _turn(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        kinds = {a.kind for a in legal}
        if TSUMO in kinds:
            return Decision(Action.tsumo(view.seat), reason(W.TSUMO), {"kind": "tsumo"})
        if ABORT in kinds and self._rule_aborts(table):
            ks = kokushi_shanten(table.counts)
            return Decision(next(a for a in legal if a.kind == ABORT),
                            reason(W.ABORT, steps=ks),
                            {"kind": "abort", "kokushi_shanten": ks})
        in_riichi = view.seats[view.seat].riichi
        keep = None
        if KITA in kinds:
            keep = None if in_riichi else self.policies.keep_north(self, table)
            if keep is None:
                han = 1 + table.dora[NORTH]
                return Decision(Action.kita(view.seat),
                                reason(W.KITA, han=han), {"kind": "kita", "han": han})
        if ANKAN in kinds or KAKAN in kinds:
            kan = self._kan_choice(view, legal, table, in_riichi)
            if kan is not None:
                return kan
        if in_riichi:
            act = next(a for a in legal if a.kind == DISCARD)
            return Decision(act, reason(W.RIICHI_DISCARD, tile=tile_name(act.tile)), {"kind": "discard", "riichi": True})
        decision = self._discard(view, legal, table)
        if keep is not None:
            decision = Decision(decision.action, f"{decision.reason}; {keep}", {**decision.facts, "kept_north": keep})
        return decision

    @staticmethod
    def _rule_aborts(table: Table) -> bool:
        """The hand-written rule: abort a nine-terminal deal three or more steps from thirteen orphans."""
        return kokushi_shanten(table.counts) >= ABORT_KOKUSHI_SHANTEN

    def _kan_choice(self, view: SeatView, legal: list[Action], table: Table, in_riichi: bool) -> Decision | None:
        best = min(o.shanten for o in discard_table(table.counts, None))
        for a in legal:
            if a.kind not in (ANKAN, KAKAN):
                continue
            k = kind(a.tile)
            if in_riichi or hand_shanten(after_kan(table.counts, k, a.kind == ANKAN), None) <= best:
                if a.kind == KAKAN and self._threats(view, table):
                    continue
                word = W.CLOSED_KAN if a.kind == ANKAN else W.ADDED_KAN
                return Decision(a, reason(W.KAN, kan=word, tile=kind_name(k)),
                                {"kind": a.kind, "tile": kind_name(k)})
        return None

    def _threats(self, view: SeatView, table: Table) -> list[Opponent]:
        return self.watch.threats(view, table) if self.policies.defends else []

    # ---- discards ------------------------------------------------------------------

    def _keep_value(self, k: int, table: Table) -> float:
        c = table.counts
        if k >= 27 or k in (0, 8):
            v = 1.0 if k in table.yakuhai else (0.2 if k == NORTH else 0.5 if k >= 27 else 0.6)
            if c[k] >= 2:
                v += 2.0 * (c[k] - 1)
            v -= 0.1 * (table.visible[k] - c[k])
        else:
            r = k % 9
            v = 1.0 + 0.4 * min(r, 8 - r)
            for d, w in ((-1, 0.6), (1, 0.6), (-2, 0.3), (2, 0.3)):
                j = r + d
                if 0 <= j <= 8 and c[k - r + j]:
                    v += w
            if c[k] >= 2:
                v += 0.8
        if self.policies.values:
            v += 3.0 * table.dora[k]
        return v

    def _candidates(self, view: SeatView, legal: list[Action], table: Table) -> list[Candidate]:
        tiles: dict[int, Action] = {}
        for a in legal:
            if a.kind == DISCARD:
                k = kind(a.tile)
                if k not in tiles or tiles[k].tile >= RED_5P:  # a plain five before a red one
                    tiles[k] = a
        defends = self.policies.defends
        plans = yaku_plans(table.counts, meld_kinds(view), table.yakuhai, table.is_open) if defends else []
        out = []
        counts = list(table.counts)
        for o in discard_table(table.counts, None):
            if o.tile not in tiles:
                continue
            live = table.live_count(o.ukeire.tiles) if self.policies.counts_visible else o.ukeire.count
            if plans:
                counts[o.tile] -= 1
                plan = plan_distance(plans, counts, o.shanten)
                counts[o.tile] += 1
            else:
                plan = o.shanten
            out.append(Candidate(o.tile, tiles[o.tile], o.shanten, o.ukeire.tiles, live, 0.0, plan))
        return out

    def _discard(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        cands = self._candidates(view, legal, table)
        best = self.policies.best_offence(self, cands, table)
        threats = self._threats(view, table)
        if threats:
            for c in cands:
                c.danger = total_danger(c.kind, threats, table.visible)
            folded = self._defend(view, legal, table, cands, best, threats)
            if folded is not None:
                return folded
        return self._offence_decision(view, legal, table, best, cands)

    def _defend(self, view, legal, table, cands, best, threats) -> Decision | None:
        mode = self.policies.push_limit(table, best, threats)
        who = (threats[0].seat, threats[0].label)
        if mode == "push":
            pool = [c for c in cands if c.plan == best.plan and c.shanten == best.shanten]
            top = max(c.live for c in pool)
            choice = min((c for c in pool if c.live >= top * 0.6), key=lambda c: (c.danger, -c.score))
            if choice is best:
                return None
            facts = {"kind": "discard", "mode": "push", "tile": kind_name(choice.kind), "danger": choice.danger}
            riichi = self._riichi_choice(view, legal, table, choice, cands)
            if riichi is not None:
                return riichi
            return Decision(choice.action, reason(W.PUSH, against=who, tile=tile_name(choice.action.tile),
                                                  shape=self._describe(table, choice, None)), facts)
        if mode == "careful":
            pool = [c for c in cands if c.shanten == best.shanten and c.plan == best.plan]
            choice = min(pool, key=lambda c: (c.danger, -c.score))
            if choice.danger <= SAFE_ENOUGH * len(threats):
                if choice is best and threats[0].label != "riichi":
                    return None
                d = main_danger(choice.kind, threats, table.visible)
                facts = {"kind": "discard", "mode": "careful", "tile": kind_name(choice.kind), "category": d.category}
                return Decision(choice.action, reason(W.CAREFUL, against=who, tile=tile_name(choice.action.tile),
                                                      category=d.category, shape=self._describe(table, choice, None)),
                                facts)
        safest = min(cands, key=lambda c: (c.danger, c.shanten, -c.score))
        d = main_danger(safest.kind, threats, table.visible)
        facts = {"kind": "discard", "mode": "fold", "tile": kind_name(safest.kind), "category": d.category,
                 "shanten": best.shanten}
        return Decision(safest.action, reason(W.FOLD, shanten=best.shanten, against=who, danger=d.reason), facts)

    def _describe(self, table: Table, c: Candidate, before: int | None) -> str:
        if c.shanten == 0:
            text = reason(W.SHAPE_TENPAI, tiles=kinds_text(c.useful), live=c.live)
        elif before is not None and c.shanten == before:
            text = reason(W.SHAPE_STAYS, shanten=c.shanten, live=c.live)
        else:
            text = reason(W.SHAPE, shanten=c.shanten, live=c.live)
        if c.worth is not None and c.live < c.widest:  # valued by the points of its tenpai (hard)
            text = reason(W.SHAPE_WORTH, base=text, widest=c.widest)
        return text

    def _before(self, view: SeatView, table: Table) -> int | None:
        if view.drawn is None:
            return None
        counts = list(table.counts)
        counts[kind(view.drawn)] -= 1
        return hand_shanten(counts, None)

    def _offence_decision(self, view, legal, table, best: Candidate, cands) -> Decision:
        facts = {"kind": "discard", "tile": kind_name(best.kind), "shanten": best.shanten, "useful": best.live,
                 "mode": "offence"}
        riichi = self._riichi_choice(view, legal, table, best, cands)
        if riichi is not None:
            return riichi
        text = self._describe(table, best, self._before(view, table))
        return Decision(best.action, reason(W.DISCARD, tile=tile_name(best.action.tile), shape=text), facts)

    def _riichi_action(self, legal: list[Action], c: Candidate) -> Action | None:
        return next((a for a in legal if a.kind == RIICHI and a.tile == c.action.tile), None)

    def _riichi_choice(self, view, legal, table, best: Candidate, cands) -> Decision | None:
        """The level's riichi policy (a learned bot puts its model here)."""
        return self.policies.riichi(self, view, legal, table, best, cands)


class EasyBot(LevelBot):
    """Efficiency only."""

    policies = EASY


class NormalBot(LevelBot):
    """Efficiency, defence, yaku-aware pons, a riichi decision, kita only when the North is not needed."""

    policies = NORMAL


class HardBot(LevelBot):
    """Normal play plus hand value: dora kept, dama or riichi by the scorer, push or fold by value."""

    policies = HARD


__all__ = ["EASY", "HARD", "NORMAL", "Candidate", "EasyBot", "HardBot", "LevelBot", "NormalBot", "Policies"]
