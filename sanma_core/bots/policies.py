"""The policies a bot level is made of: for each choice (keep a North, pon, push or fold, the discard's score,
the best discard, riichi), the ways the levels decide it. :mod:`.levels` puts them in a table per level.

A policy takes the bot (for its shared readings: threats, the table after a pon, its tie-break random numbers)
and what the choice is about; it changes nothing but the candidates' scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..analysis import chiitoitsu_shanten, kokushi_shanten, regular_shanten
from ..game.actions import Action
from ..tiles import HONOURS, NORTH, RED_5P, kind, kind_name, tile_name
from ..words import reasons as W
from ..words.reasons import reason
from .base import Decision
from .candidates import (
    DAMA_ENOUGH,
    LOOKAHEAD_SHARE,
    LOOKAHEAD_WIDTH,
    PROTECT_LEAD,
    RIICHI_GAIN,
    Candidate,
    kinds_text,
    lead,
    meld_kinds,
    open_shanten,
)
from .defence import Opponent
from .efficiency import hand_shanten, plan_distance, tenpai_routes, yaku_plans
from .table import Table
from .value import estimate_han, tenpai_value, tenpai_worth

if TYPE_CHECKING:
    from ..game.view import SeatView
    from .levels import LevelBot

Verdict = tuple[bool, str, dict[str, Any]]  # call?, the reason, the facts


# ---- keep the North or set it aside (None: set it aside) ----------------------------------------


def keep_north_for_orphans(bot: LevelBot, table: Table) -> str | None:
    """A closed hand keeps the North only for thirteen orphans."""
    c = table.counts
    if table.view.melds or sum(c) % 3 != 2:
        return None
    ks = kokushi_shanten(c)
    if ks <= 3 and ks <= regular_shanten(c):
        return reason(W.KEEP_NORTH_ORPHANS, distance=ks)
    return None


def keep_north_when_needed(bot: LevelBot, table: Table) -> str | None:
    """Keep a North the hand needs: thirteen orphans, seven pairs, an honour-heavy hand, a pair close to tenpai."""
    c = table.counts
    if sum(c) % 3 != 2:
        return None
    closed = not table.view.melds
    reg = regular_shanten(c)
    if closed:
        ks = kokushi_shanten(c)
        if ks <= 3 and ks <= reg:
            return reason(W.KEEP_NORTH_ORPHANS, distance=ks)
        if c[NORTH] >= 2:
            cs = chiitoitsu_shanten(c)
            if cs <= 2 and cs <= reg:
                return reason(W.KEEP_NORTH_PAIRS, distance=cs)
    if c[NORTH] >= 2:
        honours = sum(c[k] for k in HONOURS) + sum(table.outside[k] for k in HONOURS if k != NORTH)
        if honours >= 8:
            return reason(W.KEEP_NORTH_HONOURS)
        after = list(c)
        after[NORTH] -= 1
        now = hand_shanten(c, None)
        if now <= 1 and hand_shanten(after, None) > now:
            return reason(W.KEEP_NORTH_PAIR if c[NORTH] == 2 else W.KEEP_NORTH_TRIPLET, shanten=now)
    return None


# ---- pon or pass ------------------------------------------------------------------------------------


def never_pon(bot: LevelBot, view: SeatView, table: Table, pon: Action) -> Verdict:
    k = kind(pon.tile)
    name = kind_name(k)
    return False, reason(W.PASS, tile=name, pass_why=reason(W.PASS_EASY)), {"kind": "pon", "tile": name}


def pon_for_a_yaku(bot: LevelBot, view: SeatView, table: Table, pon: Action) -> Verdict:
    """Pon when it brings the hand closer and a yaku stays reachable (yakuhai, toitoi, honitsu, tanyao)."""
    k = kind(pon.tile)
    name = kind_name(k)
    before = open_shanten(table)
    counts, after, opts = bot._pon_after(table, k)
    facts: dict[str, Any] = {"kind": "pon", "tile": name, "shanten_before": before, "shanten_after": after}
    threats = bot._threats(view, table)
    if threats and threats[0].label == "riichi" and after >= 1:
        what = W.NOT_CALLING_AGAIN if table.is_open else W.NOT_OPENING
        return False, reason(W.PASS, tile=name, pass_why=reason(W.PASS_THREAT, what=what, shanten=after)), facts
    if k in table.yakuhai:
        if after <= before and (after <= bot.policies.yakuhai_pon_shanten or table.is_open):
            return True, reason(W.PON, tile=name, pon_why=reason(W.PON_YAKUHAI, before=before, after=after)), facts
        return False, reason(W.PASS, tile=name, pass_why=reason(W.PASS_NOT_CLOSER)), facts
    if after >= before:
        return False, reason(W.PASS, tile=name, pass_why=reason(W.PASS_NOT_CLOSER)), facts
    plans = yaku_plans(counts, [*meld_kinds(view), k], table.yakuhai, True)
    if not plans:
        return True, reason(W.PON, tile=name, pon_why=reason(W.PON_SECURED, before=before, after=after)), facts
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
    if best_plan <= limit and best_plan <= after + 1 and bot.policies.pon_worth(table, best_name, before):
        return True, reason(W.PON, tile=name, pon_why=reason(W.PON_TOWARD, plan=best_name, before=before, after=after)), facts
    return False, reason(W.PASS, tile=name, pass_why=reason(W.PASS_NO_YAKU, plan=best_name or W.NO_PLAN)), facts


def pon_worth_by_plan(table: Table, plan: str, before: int) -> bool:
    """A pon toward toitoi, honitsu or yakuhai, or on an open hand."""
    return plan in ("toitoi", "honitsu", "yakuhai") or table.is_open


def pon_worth_by_value(table: Table, plan: str, before: int) -> bool:
    """As :func:`pon_worth_by_plan`, but toitoi and tanyao only with some value or a slow hand."""
    if plan in ("honitsu", "yakuhai") or table.is_open:
        return True
    return estimate_han(table) >= 2 or before >= 3  # toitoi/tanyao: only with some value or a slow hand


# ---- push or fold against a threat: 'push', 'careful' (keep the shanten only with safe-ish tiles) or 'fold' ----


def push_limit_by_shanten(table: Table, best: Candidate, threats: list[Opponent]) -> str:
    riichi = threats[0].label == "riichi"
    if best.shanten <= 1:
        return "push"
    if not riichi:
        return "fold" if table.view.live_remaining < 20 else "careful"
    return "fold"


def push_limit_by_value(table: Table, best: Candidate, threats: list[Opponent]) -> str:
    riichi = threats[0].label == "riichi"
    han = estimate_han(table)
    left = table.view.live_remaining
    ahead = lead(table.view)
    if table.view.round_wind >= 1 and ahead >= PROTECT_LEAD and best.shanten >= 1:
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


# ---- a discard's score (higher is better) and the best discard ----------------------------------------


def score_by_tiles(bot: LevelBot, c: Candidate, table: Table) -> float:
    return c.live - 0.01 * c.keep + bot.rng.random() * 1e-4


def score_keeping_dora(bot: LevelBot, c: Candidate, table: Table) -> float:
    lost = table.dora[c.kind] + (1 if c.action.tile >= RED_5P else 0)
    return c.live - 4.0 * lost - 0.01 * c.keep + bot.rng.random() * 1e-4


def widest(bot: LevelBot, cands: list[Candidate], table: Table) -> Candidate:
    """The closest plan and shanten, then the best score."""
    top = min((c.plan, c.shanten) for c in cands)
    for c in cands:
        if (c.plan, c.shanten) == top:
            c.keep = bot._keep_value(c.kind, table)
        c.score = bot.policies.offence_score(bot, c, table)
    return min(cands, key=lambda c: (c.plan, c.shanten, -c.score))


def widest_by_value(bot: LevelBot, cands: list[Candidate], table: Table) -> Candidate:
    """The widest discard, re-ranked at tenpai and 1-shanten by the points its tenpai would be worth.

    At tenpai a wait counts its live tiles times the scorer's value of the
    hand; at 1-shanten each useful draw counts the best such tenpai it allows.
    """
    best = widest(bot, cands, table)
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
        c.worth = tenpai_worth(table, hand13, c.useful) if c.shanten == 0 else _route_worth(table, hand13, c)
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


def _route_worth(table: Table, hand13: list[int], c: Candidate) -> float:
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


# ---- riichi or dama (None: no riichi chance with this discard) -------------------------------------------


def riichi_when_waiting(bot: LevelBot, view: SeatView, legal: list[Action], table: Table, best: Candidate,
                        cands: list[Candidate]) -> Decision | None:
    """Riichi whenever the wait has a live tile."""
    act = bot._riichi_action(legal, best)
    if act is None or best.live == 0:
        return None
    return Decision(act, reason(W.RIICHI, tile=tile_name(act.tile), tiles=kinds_text(best.useful), live=best.live),
                    {"kind": "riichi", "tile": kind_name(best.kind), "waits": [kind_name(k) for k in best.useful],
                     "live": best.live})


def riichi_unless_late_and_thin(bot: LevelBot, view: SeatView, legal: list[Action], table: Table, best: Candidate,
                                cands: list[Candidate]) -> Decision | None:
    """As :func:`riichi_when_waiting`, but not on a thin wait late in the hand."""
    act = bot._riichi_action(legal, best)
    if act is None or best.live == 0:
        return None
    if view.live_remaining < 8 and best.live <= 2:
        return None
    return riichi_when_waiting(bot, view, legal, table, best, cands)


def riichi_or_dama_by_value(bot: LevelBot, view: SeatView, legal: list[Action], table: Table, best: Candidate,
                            cands: list[Candidate]) -> Decision | None:
    """Dama when the hand is worth enough without riichi (or riichi adds nothing), riichi otherwise."""
    act = bot._riichi_action(legal, best)
    if act is None or best.live == 0:
        return None
    hand13 = list(view.hand)
    hand13.remove(best.action.tile)
    value = tenpai_value(table, hand13, best.useful)
    facts = {"kind": "riichi", "tile": kind_name(best.kind), "waits": [kind_name(k) for k in best.useful],
             "live": best.live, "dama_value": round(value.dama), "riichi_value": round(value.riichi)}
    if value.dama_ron_ok and (value.dama >= DAMA_ENOUGH or value.dama * RIICHI_GAIN >= value.riichi):
        facts["kind"] = "dama"
        return Decision(best.action, reason(W.DAMA_VALUE, tile=tile_name(best.action.tile),
                                            tiles=kinds_text(best.useful), points=_hundreds(value.dama)), facts)
    if view.live_remaining < 8 and best.live <= 2 and value.dama_ron_ok:
        facts["kind"] = "dama"
        return Decision(best.action, reason(W.DAMA_THIN, tile=tile_name(best.action.tile)), facts)
    return Decision(act, reason(W.RIICHI_VALUE, tile=tile_name(act.tile), tiles=kinds_text(best.useful), live=best.live,
                                points=_hundreds(value.riichi), dama=_hundreds(value.dama)), facts)


def _hundreds(points: float) -> int:
    """Points rounded to hundreds, as a reason says them."""
    return int(f"{round(points, -2):.0f}")
