"""The three bot levels.

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

>>> from sanma_core.game import Game
>>> g = Game(seed=11)
>>> d = NormalBot(0).decide(g.view(0), g.legal_actions(0))
>>> d.action in g.legal_actions(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..analysis import chiitoitsu_shanten, kokushi_shanten, regular_shanten
from ..game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, PASS, PON, RIICHI, RON, TSUMO, Action
from ..game.state import Phase
from ..tiles import HONOURS, NORTH, RED_5P, kind, kind_name, tile_name
from .base import Decision
from .defence import Opponent, Watch, main_danger, total_danger
from .efficiency import discard_table, hand_shanten, plan_distance, tenpai_routes, yaku_plans
from .table import Table, read_table
from .value import estimate_han, tenpai_value, tenpai_worth

if TYPE_CHECKING:
    from ..game.view import SeatView

DAMA_ENOUGH = 12000  # a hand worth a haneman without riichi stays hidden
RIICHI_GAIN = 1.0  # below that, dama only when riichi would add nothing (the hand is at its limit already)
PROTECT_LEAD = 8000  # a lead in the South round worth keeping by folding
SAFE_ENOUGH = 3.5  # danger at or below which a 1-shanten hand may keep pushing (suji, no-chance, honours)
LOOKAHEAD_WIDTH = 4  # discards (the widest first) whose tenpai are valued
LOOKAHEAD_SHARE = 0.5  # ... among those with at least this share of the best useful-tile count


def _shanten_words(s: int) -> str:
    return "tenpai" if s == 0 else f"{s}-shanten"


def _lead(view: SeatView) -> int:
    """Points ahead of the best other seat (negative when behind)."""
    me = view.seats[view.seat].score
    return me - max(ps.score for ps in view.seats if ps.seat != view.seat)


def _meld_kinds(view: SeatView) -> list[int]:
    return [cm.meld.tile_kind for cm in view.seats[view.seat].melds]


def _open_shanten(table: Table) -> int:
    """Shanten as an open hand could go on: sets and a pair, unless seven pairs or orphans are well ahead."""
    counts = table.counts
    reg = regular_shanten(counts)
    if table.view.melds:
        return reg
    closed = hand_shanten(counts, None)
    return reg if closed >= reg - 1 else closed


def _kinds_text(kinds: Sequence[int]) -> str:
    return " ".join(kind_name(k) for k in kinds)


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


class EasyBot:
    """Efficiency only."""

    level = "easy"
    defends = False
    values = False
    counts_visible = False  # useful tiles counted against the own hand only

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)
        self.watch = Watch()

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
            return Decision(by_kind[RON], f"ron on {tile_name(tile)}: the hand is complete", {"kind": "ron"})
        pass_ = by_kind[PASS]
        pons = [a for a in legal if a.kind == PON]
        if pons:
            pon = min(pons, key=lambda a: sum(1 for t in a.consumed if t >= RED_5P))  # keep red fives in hand
            verdict = self._pon_verdict(view, table, pon)
            if verdict[0]:
                return Decision(pon, verdict[1], verdict[2])
            return Decision(pass_, verdict[1], verdict[2])
        return Decision(pass_, f"pass on {tile_name(tile)}: an open kan gains nothing here", {"kind": "pass"})

    def _pon_after(self, table: Table, k: int) -> tuple[list[int], int, Any]:
        counts = list(table.counts)
        counts[k] -= 2
        opts = [o for o in discard_table(counts, None) if o.tile != k]  # no swap-calling
        best = min(opts, key=lambda o: (o.shanten, -table.live_count(o.ukeire.tiles)))
        return counts, best.shanten, opts

    def _pon_verdict(self, view: SeatView, table: Table, pon: Action) -> tuple[bool, str, dict[str, Any]]:
        k = kind(pon.tile)
        name = kind_name(k)
        return False, f"pass on {name}: an easy bot keeps its hand closed", {"kind": "pon", "tile": name}

    # ---- own turn --------------------------------------------------------------

    def _turn(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        kinds = {a.kind for a in legal}
        if TSUMO in kinds:
            return Decision(Action.tsumo(view.seat), "tsumo: the hand is complete", {"kind": "tsumo"})
        if ABORT in kinds:
            ks = kokushi_shanten(table.counts)
            act = next(a for a in legal if a.kind == ABORT)
            if ks >= 3:
                return Decision(act, f"abort: nine or more terminals and honours, {ks} steps from thirteen orphans",
                                {"kind": "abort", "kokushi_shanten": ks})
        in_riichi = view.seats[view.seat].riichi
        keep = None
        if KITA in kinds:
            keep = None if in_riichi else self._keep_north(table)
            if keep is None:
                han = 1 + table.dora[NORTH]
                return Decision(Action.kita(view.seat),
                                f"kita: North set aside for {han} han and a replacement draw", {"kind": "kita", "han": han})
        if ANKAN in kinds or KAKAN in kinds:
            kan = self._kan_choice(view, legal, table, in_riichi)
            if kan is not None:
                return kan
        if in_riichi:
            act = next(a for a in legal if a.kind == DISCARD)
            return Decision(act, f"riichi: the drawn {tile_name(act.tile)} goes out", {"kind": "discard", "riichi": True})
        decision = self._discard(view, legal, table)
        if keep is not None:
            decision = Decision(decision.action, f"{decision.reason}; {keep}", {**decision.facts, "kept_north": keep})
        return decision

    def _keep_north(self, table: Table) -> str | None:
        """Why the North stays in the hand, or None to set it aside."""
        c = table.counts
        if table.view.melds or sum(c) % 3 != 2:
            return None
        ks = kokushi_shanten(c)
        if ks <= 3 and ks <= regular_shanten(c):
            return f"keep North: thirteen orphans needs it ({ks}-shanten)"
        return None

    def _kan_choice(self, view: SeatView, legal: list[Action], table: Table, in_riichi: bool) -> Decision | None:
        best = min(o.shanten for o in discard_table(table.counts, None))
        for a in legal:
            if a.kind not in (ANKAN, KAKAN):
                continue
            k = kind(a.tile)
            n = 4 if a.kind == ANKAN else 1
            counts = list(table.counts)
            counts[k] -= n
            if in_riichi or hand_shanten(counts, None) <= best:
                if a.kind == KAKAN and self._threats(view, table):
                    continue
                word = "closed kan" if a.kind == ANKAN else "added kan"
                return Decision(a, f"{word} of {kind_name(k)}: the hand keeps its shape and gets a replacement draw",
                                {"kind": a.kind, "tile": kind_name(k)})
        return None

    def _threats(self, view: SeatView, table: Table) -> list[Opponent]:
        return self.watch.threats(view, table) if self.defends else []

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
        if self.values:
            v += 3.0 * table.dora[k]
        return v

    def _candidates(self, view: SeatView, legal: list[Action], table: Table) -> list[Candidate]:
        tiles: dict[int, Action] = {}
        for a in legal:
            if a.kind == DISCARD:
                k = kind(a.tile)
                if k not in tiles or tiles[k].tile >= RED_5P:  # a plain five before a red one
                    tiles[k] = a
        plans = yaku_plans(table.counts, _meld_kinds(view), table.yakuhai, table.is_open) if self.defends else []
        out = []
        counts = list(table.counts)
        for o in discard_table(table.counts, None):
            if o.tile not in tiles:
                continue
            live = table.live_count(o.ukeire.tiles) if self.counts_visible else o.ukeire.count
            if plans:
                counts[o.tile] -= 1
                plan = plan_distance(plans, counts, o.shanten)
                counts[o.tile] += 1
            else:
                plan = o.shanten
            out.append(Candidate(o.tile, tiles[o.tile], o.shanten, o.ukeire.tiles, live, 0.0, plan))
        return out

    def _offence_score(self, c: Candidate, table: Table) -> float:
        return c.live - 0.01 * c.keep + self.rng.random() * 1e-4

    def _best_offence(self, cands: list[Candidate], table: Table) -> Candidate:
        top = min((c.plan, c.shanten) for c in cands)
        for c in cands:
            if (c.plan, c.shanten) == top:
                c.keep = self._keep_value(c.kind, table)
            c.score = self._offence_score(c, table)
        return min(cands, key=lambda c: (c.plan, c.shanten, -c.score))

    def _discard(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        cands = self._candidates(view, legal, table)
        best = self._best_offence(cands, table)
        threats = self._threats(view, table)
        if threats:
            for c in cands:
                c.danger = total_danger(c.kind, threats, table.visible)
            folded = self._defend(view, legal, table, cands, best, threats)
            if folded is not None:
                return folded
        return self._offence_decision(view, legal, table, best, cands)

    def _defend(self, view, legal, table, cands, best, threats) -> Decision | None:
        return None

    def _describe(self, table: Table, c: Candidate, before: int | None) -> str:
        if c.shanten == 0:
            live = c.live
            return f"tenpai waiting on {_kinds_text(c.useful)} ({live} left)"
        if before is not None and c.shanten == before:
            return f"stays {c.shanten}-shanten with {c.live} useful tiles"
        return f"{_shanten_words(c.shanten)} with {c.live} useful tiles"

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
        return Decision(best.action, f"discard {tile_name(best.action.tile)}: {text}", facts)

    def _riichi_action(self, legal: list[Action], c: Candidate) -> Action | None:
        return next((a for a in legal if a.kind == RIICHI and a.tile == c.action.tile), None)

    def _riichi_choice(self, view, legal, table, best: Candidate, cands) -> Decision | None:
        act = self._riichi_action(legal, best)
        if act is None or best.live == 0:
            return None
        return Decision(act, f"riichi with {tile_name(act.tile)}: waiting on {_kinds_text(best.useful)} ({best.live} left)",
                        {"kind": "riichi", "tile": kind_name(best.kind), "waits": [kind_name(k) for k in best.useful],
                         "live": best.live})


class NormalBot(EasyBot):
    """Efficiency, defence, yaku-aware pons, a riichi decision, kita only when the North is not needed."""

    level = "normal"
    defends = True
    counts_visible = True
    yakuhai_pon_shanten = 2  # a far-off closed hand is worth more as a riichi hand than as a quick yakuhai

    def _keep_north(self, table: Table) -> str | None:
        c = table.counts
        if sum(c) % 3 != 2:
            return None
        closed = not table.view.melds
        reg = regular_shanten(c)
        if closed:
            ks = kokushi_shanten(c)
            if ks <= 3 and ks <= reg:
                return f"keep North: thirteen orphans needs it ({ks}-shanten)"
            if c[NORTH] >= 2:
                cs = chiitoitsu_shanten(c)
                if cs <= 2 and cs <= reg:
                    return f"keep North: the North pair counts for seven pairs ({cs}-shanten)"
        if c[NORTH] >= 2:
            honours = sum(c[k] for k in HONOURS) + sum(table.outside[k] for k in HONOURS if k != NORTH)
            if honours >= 8:
                return "keep North: an honour-heavy hand uses the North pair"
            after = list(c)
            after[NORTH] -= 1
            now = hand_shanten(c, None)
            if now <= 1 and hand_shanten(after, None) > now:
                return f"keep North: the North {'pair' if c[NORTH] == 2 else 'triplet'} is part of a {_shanten_words(now)} hand"
        return None

    def _pon_verdict(self, view: SeatView, table: Table, pon: Action) -> tuple[bool, str, dict[str, Any]]:
        k = kind(pon.tile)
        name = kind_name(k)
        before = _open_shanten(table)
        counts, after, opts = self._pon_after(table, k)
        facts: dict[str, Any] = {"kind": "pon", "tile": name, "shanten_before": before, "shanten_after": after}
        threats = self._threats(view, table)
        if threats and threats[0].label == "riichi" and after >= 1:
            return False, f"pass on {name}: not opening the hand against {threats[0].label} at {_shanten_words(after)}", facts
        if k in table.yakuhai:
            if after <= before and (after <= self.yakuhai_pon_shanten or table.is_open):
                return True, f"pon {name}: yakuhai, {_shanten_words(before)} → {_shanten_words(after)}", facts
            return False, f"pass on {name}: the pon would not bring the hand closer", facts
        if after >= before:
            return False, f"pass on {name}: the pon would not bring the hand closer", facts
        plans = yaku_plans(counts, [*_meld_kinds(view), k], table.yakuhai, True)
        if not plans:
            return True, f"pon {name}: the yaku is secured, {_shanten_words(before)} → {_shanten_words(after)}", facts
        best_plan, best_name = 99, ""
        for o in opts:
            counts[o.tile] -= 1
            for p in plans:
                d = plan_distance([p], counts, o.shanten)
                if d < best_plan:
                    best_plan, best_name = d, p[0]
            counts[o.tile] += 1
        facts["plan"] = best_name
        facts["plan_distance"] = best_plan
        limit = 2 if best_name in ("honitsu", "yakuhai") else 1
        if best_plan <= limit and best_plan <= after + 1 and self._pon_worth(table, best_name, before):
            return True, f"pon {name}: toward {best_name}, {_shanten_words(before)} → {_shanten_words(after)}", facts
        return False, f"pass on {name}: after the pon no yaku would be close ({best_name or 'none'})", facts

    def _pon_worth(self, table: Table, plan: str, before: int) -> bool:
        return plan in ("toitoi", "honitsu", "yakuhai") or table.is_open

    # ---- defence ---------------------------------------------------------------------

    def _push_limit(self, table: Table, best: Candidate, threats: list[Opponent]) -> str:
        """'push', 'careful' (keep the shanten only with safe-ish tiles) or 'fold'."""
        riichi = threats[0].label == "riichi"
        if best.shanten <= 1:
            return "push"
        if not riichi:
            return "fold" if table.view.live_remaining < 20 else "careful"
        return "fold"

    def _defend(self, view, legal, table, cands, best, threats) -> Decision | None:
        mode = self._push_limit(table, best, threats)
        who = f"seat {threats[0].seat}'s {threats[0].label}"
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
            return Decision(choice.action, f"push against {who}: discard {tile_name(choice.action.tile)}, "
                            f"{self._describe(table, choice, None)}, the safer way", facts)
        if mode == "careful":
            pool = [c for c in cands if c.shanten == best.shanten and c.plan == best.plan]
            choice = min(pool, key=lambda c: (c.danger, -c.score))
            if choice.danger <= SAFE_ENOUGH * len(threats):
                if choice is best and threats[0].label != "riichi":
                    return None
                d = main_danger(choice.kind, threats, table.visible)
                facts = {"kind": "discard", "mode": "careful", "tile": kind_name(choice.kind), "category": d.category}
                return Decision(choice.action, f"careful against {who}: discard {tile_name(choice.action.tile)} "
                                f"({d.category.replace('_', '-')}), {self._describe(table, choice, None)}", facts)
        safest = min(cands, key=lambda c: (c.danger, c.shanten, -c.score))
        d = main_danger(safest.kind, threats, table.visible)
        facts = {"kind": "discard", "mode": "fold", "tile": kind_name(safest.kind), "category": d.category,
                 "shanten": best.shanten}
        return Decision(safest.action, f"fold: {_shanten_words(best.shanten)} against {who}; "
                        f"{d.reason}", facts)

    # ---- riichi ----------------------------------------------------------------------

    def _riichi_choice(self, view, legal, table, best: Candidate, cands) -> Decision | None:
        act = self._riichi_action(legal, best)
        if act is None or best.live == 0:
            return None
        if view.live_remaining < 8 and best.live <= 2:
            return None
        return super()._riichi_choice(view, legal, table, best, cands)


class HardBot(NormalBot):
    """Normal play plus hand value: dora kept, dama or riichi by the scorer, push or fold by value."""

    level = "hard"
    values = True

    def _offence_score(self, c: Candidate, table: Table) -> float:
        lost = table.dora[c.kind] + (1 if c.action.tile >= RED_5P else 0)
        return c.live - 4.0 * lost - 0.01 * c.keep + self.rng.random() * 1e-4

    def _pon_worth(self, table: Table, plan: str, before: int) -> bool:
        if plan in ("honitsu", "yakuhai") or table.is_open:
            return True
        return estimate_han(table) >= 2 or before >= 3  # toitoi/tanyao: only with some value or a slow hand

    def _push_limit(self, table: Table, best: Candidate, threats: list[Opponent]) -> str:
        riichi = threats[0].label == "riichi"
        han = estimate_han(table)
        left = table.view.live_remaining
        lead = _lead(table.view)
        if table.view.round_wind >= 1 and lead >= PROTECT_LEAD and best.shanten >= 1:
            return "careful" if best.shanten == 1 and han >= 3 else "fold"  # keep first place late in the game
        if best.shanten == 0:
            return "push" if best.live >= 3 or han >= 3 or not riichi else "careful"
        if best.shanten == 1:
            return "push" if han >= 3 and best.live >= 8 else "careful"
        if not riichi:
            return "fold" if left < 20 and han < 3 else "careful"
        if han >= 4 and left >= 30:
            return "careful"
        return "fold"

    # ---- hand value in the tile choice -----------------------------------------------

    def _best_offence(self, cands: list[Candidate], table: Table) -> Candidate:
        """The widest discard, re-ranked at tenpai and 1-shanten by the points its tenpai would be worth.

        At tenpai a wait counts its live tiles times the scorer's value of the
        hand; at 1-shanten each useful draw counts the best such tenpai it allows.
        """
        best = super()._best_offence(cands, table)
        if best.shanten > 1:
            return best
        key = (best.plan, best.shanten)
        pool = [c for c in cands if (c.plan, c.shanten) == key]
        top = max(c.live for c in pool)
        pool = sorted((c for c in pool if c.live and c.live >= top * LOOKAHEAD_SHARE),
                      key=lambda c: -c.live)[:LOOKAHEAD_WIDTH]
        if len(pool) < 2:
            return best
        for c in pool:
            hand13 = list(table.view.hand)
            hand13.remove(c.action.tile)
            c.widest = top
            c.worth = tenpai_worth(table, hand13, c.useful) if c.shanten == 0 else self._route_worth(table, hand13, c)
        scale = max(c.worth or 0.0 for c in pool) / max(1, top)
        if scale <= 0:
            return best
        for c in pool:
            c.score += (c.worth or 0.0) / scale - c.live  # live tiles, weighted by what they are worth
        floor = min(c.score for c in pool)
        for c in cands:
            if c.worth is None and (c.plan, c.shanten) == key:
                c.score = min(c.score, floor - 1.0)
        return min(cands, key=lambda c: (c.plan, c.shanten, -c.score))

    def _describe(self, table: Table, c: Candidate, before: int | None) -> str:
        text = super()._describe(table, c, before)
        if c.worth is not None and c.live < c.widest:
            text += f", fewer than the widest choice's {c.widest} but worth more"
        return text

    def _route_worth(self, table: Table, hand13: list[int], c: Candidate) -> float:
        """Sum over useful draws of live copies × the best tenpai worth the draw allows."""
        counts = list(table.counts)
        counts[c.kind] -= 1
        total = 0.0
        for u, routes in tenpai_routes(counts, c.useful):
            live = table.live(u)
            if not live or not routes:
                continue
            best = 0.0
            for d, waits in routes:
                hand = [*hand13, u]
                hand.remove(d if d in hand else next(t for t in hand if kind(t) == d))  # a plain copy first
                best = max(best, tenpai_worth(table, hand, waits))
            total += live * best
        return total

    def _riichi_choice(self, view, legal, table, best: Candidate, cands) -> Decision | None:
        act = self._riichi_action(legal, best)
        if act is None or best.live == 0:
            return None
        hand13 = list(view.hand)
        hand13.remove(best.action.tile)
        value = tenpai_value(table, hand13, best.useful)
        facts = {"kind": "riichi", "tile": kind_name(best.kind), "waits": [kind_name(k) for k in best.useful],
                 "live": best.live, "dama_value": round(value.dama), "riichi_value": round(value.riichi)}
        if value.dama_ron_ok and (value.dama >= DAMA_ENOUGH or value.dama * RIICHI_GAIN >= value.riichi):
            facts["kind"] = "dama"
            return Decision(best.action, f"dama with {tile_name(best.action.tile)}: waiting on {_kinds_text(best.useful)}, "
                            f"already about {round(value.dama, -2):.0f} points without riichi", facts)
        if view.live_remaining < 8 and best.live <= 2 and value.dama_ron_ok:
            facts["kind"] = "dama"
            return Decision(best.action, f"dama with {tile_name(best.action.tile)}: few tiles left and a thin wait", facts)
        return Decision(act, f"riichi with {tile_name(act.tile)}: waiting on {_kinds_text(best.useful)} "
                        f"({best.live} left), about {round(value.riichi, -2):.0f} points with riichi "
                        f"against {round(value.dama, -2):.0f} dama", facts)
