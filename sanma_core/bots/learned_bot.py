"""The hard bot: its choices made by models fitted on Phoenix-room games, the rest as the value bot.

The discard is the candidate the ranking model (:mod:`.learned`) ranks first;
riichi or dama, kita or keep and pon or pass are the yes-or-no models of
:mod:`.choice_model`, read from the seat's :class:`~.knowledge.SeatKnowledge`
(built once per position). Every such decision carries the model's
probabilities (``facts["probs"]``) and a reason naming what decided it. A
closed or added kan and the nine-terminal abort are yes-or-no models too (the
kan asked of the option that keeps the hand's shape best). Folding stays with
the hand-written rules of :class:`~sanma_core.bots.levels.HardBot`; without a
shipped model a choice falls back to them too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game.actions import ABORT, ANKAN, KAKAN, KITA, MINKAN, PON, RIICHI, TSUMO, Action
from ..tiles import NORTH, kind, kind_name, tile_name
from ..words import reasons as W
from .base import Decision
from .candidates import Candidate, kinds_text
from .choice_features import abort_row, call_row, kan_row, kita_row, riichi_row
from .choice_model import choice_model
from .defence import main_danger, total_danger
from .discard_features import position_features
from .efficiency import after_kan, hand_shanten
from .knowledge import SeatKnowledge
from .learned import candidate_features, deciding_words, load_model
from .levels import HardBot
from .table import Table
from .value import estimate_han, tenpai_value

if TYPE_CHECKING:
    from ..game.view import SeatView


class LearnedBot(HardBot):
    """``hard``: the value bot with its choices made by the models fitted on Phoenix-room games."""

    _kan_offered = False

    # ---- what the seat knows, once per position ------------------------------------------

    def knowledge(self, view: SeatView, table: Table) -> SeatKnowledge:
        cached = getattr(self, "_known", None)
        if cached is not None and cached[0] is table:
            return cached[1]
        know = SeatKnowledge.of(view, table, self._threats(view, table))
        self._known = (table, know)
        return know

    # ---- feature rows (shared with scripts/train_bots.py) ------------------------------------

    def riichi_row(self, view: SeatView, legal: Sequence[Action], table: Table, cand: Candidate,
                   cands: list[Candidate]) -> tuple[list[float], Decision | None]:
        """The riichi model's row for tenpai discard ``cand`` and the hand-written value rules' choice."""
        hard = self.policies.riichi(self, view, list(legal), table, cand, cands)
        hand13 = list(view.hand)
        hand13.remove(cand.action.tile)
        value = tenpai_value(table, hand13, cand.useful)
        hard_riichi = hard is not None and hard.action.kind == RIICHI
        ready = len({kind(a.tile) for a in legal if a.kind == RIICHI})
        return riichi_row(self.knowledge(view, table), cand, value, hard_riichi, ready), hard

    def kita_row(self, view: SeatView, table: Table) -> tuple[list[float], str | None]:
        """The kita model's row and the hand-written rules' reason to keep the North (None: set it aside)."""
        keep = self.policies.keep_north(self, table)
        return kita_row(self.knowledge(view, table), keep is not None), keep

    def call_row(self, view: SeatView, table: Table, pon: Action, kan: bool) -> tuple[list[float], tuple]:
        """The call model's row for a pon offer and the hand-written verdict (call?, reason, facts)."""
        verdict = self.policies.pon(self, view, table, pon)
        row = call_row(self.knowledge(view, table), kind(pon.tile), verdict[2], verdict[0], kan, estimate_han(table))
        return row, verdict

    def kan_option(self, legal: Sequence[Action], table: Table) -> Action | None:
        """The closed or added kan that keeps the hand's shape best (a closed one first), or None."""
        kans = [a for a in legal if a.kind in (ANKAN, KAKAN)]
        if not kans:
            return None

        def left(a: Action) -> int:
            return hand_shanten(after_kan(table.counts, kind(a.tile), a.kind == ANKAN), None)

        return min(kans, key=lambda a: (left(a), a.kind != ANKAN, kind(a.tile)))

    def kan_row(self, view: SeatView, legal: Sequence[Action], table: Table, kan: Action) -> list[float]:
        """The kan model's row for ``kan`` (with the hand-written rules' verdict on the same turn)."""
        hard = self._kan_choice(view, list(legal), table, view.seats[view.seat].riichi) is not None
        return kan_row(self.knowledge(view, table), kind(kan.tile), kan.kind == ANKAN, hard)

    def abort_row(self, view: SeatView, table: Table) -> list[float]:
        """The abort model's row (with the hand-written rule's verdict beside it)."""
        return abort_row(self.knowledge(view, table), self._rule_aborts(table))

    # ---- discards -------------------------------------------------------------------------------

    def ranked(self, view: SeatView, legal: Sequence[Action], table: Table) -> tuple[list[Candidate], list[list[float]]]:
        """The candidate discards (keep value and danger filled in) and their feature rows."""
        cands = self._candidates(view, list(legal), table)
        know = self.knowledge(view, table)
        threats = list(know.threats)
        riichi = [o for o in threats if o.label == "riichi"]
        # the hand-written bot's pick, defence included, its exact ties broken alike at every call (a fresh
        # tie-break generator), so that the hint, the review and the drills rank one position the same way
        rng, self.rng = self.rng, random.Random(0)
        try:
            choice = HardBot._discard(self, view, list(legal), table).action
        finally:
            self.rng = rng
        value_choice = kind(choice.tile) if choice.tile is not None else None
        categories = {}
        for c in cands:
            c.keep = self._keep_value(c.kind, table)
            c.danger = total_danger(c.kind, threats, table.visible) if threats else 0.0
            if riichi:
                categories[c.kind] = main_danger(c.kind, riichi, table.visible).category
        drawn = kind(view.drawn) if view.drawn is not None else None
        rows = candidate_features(table, cands, bool(riichi), drawn, categories, value_choice)
        position = position_features(know, cands)
        return cands, [a + b for a, b in zip(rows, position, strict=True)]

    def _discard(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        model = load_model()
        if model is None:
            return super()._discard(view, legal, table)
        cands, rows = self.ranked(view, legal, table)
        if not cands:
            return super()._discard(view, legal, table)
        scores = model.score(rows)
        order = sorted(range(len(cands)), key=lambda i: (-scores[i], cands[i].kind))
        top = scores[order[0]]
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        probs = {f"discard:{kind_name(c.kind)}": w / total for c, w in zip(cands, weights, strict=True)}
        chosen = cands[order[0]]
        riichi = self._riichi_first(view, legal, table, cands, order)
        if riichi is not None and (riichi.action.kind == RIICHI or riichi.action == chosen.action):
            return Decision(riichi.action, riichi.reason, {**riichi.facts, "probs": {**probs, **riichi.facts["probs"]}})
        if riichi is None and chosen.shanten == 0:  # no model: the value rules decide
            ruled = self._riichi_choice(view, legal, table, chosen, cands)
            if ruled is not None:
                return Decision(ruled.action, ruled.reason, {**ruled.facts, "probs": probs})
        shape = self._describe(table, chosen, self._before(view, table))
        words = []
        if len(order) > 1:
            first, second = rows[order[0]], rows[order[1]]
            words = deciding_words(first, second, *model.contributions([first, second]))
        name = tile_name(chosen.action.tile)
        text = (W.reason(W.DISCARD_LEARNED, tile=name, shape=shape, features=words) if words
                else W.reason(W.DISCARD, tile=name, shape=shape))
        facts = {"kind": "discard", "tile": tile_name(chosen.action.tile), "shanten": chosen.shanten,
                 "useful": chosen.live, "mode": "learned", "score": round(scores[order[0]], 3), "probs": probs}
        if riichi is not None:
            p = riichi.facts["probs"]["riichi"]
            text += "; " + W.reason(W.NO_RIICHI, share=1 - p)
            facts["probs"] = {**probs, **riichi.facts["probs"]}
        return Decision(chosen.action, text, facts)

    def _riichi_first(self, view: SeatView, legal: list[Action], table: Table, cands: list[Candidate],
                      order: list[int]) -> Decision | None:
        """At a riichi chance, the riichi model on the best-ranked discard that allows riichi (None: no chance or
        no model)."""
        if choice_model("riichi") is None:
            return None
        ready = next((cands[i] for i in order if self._riichi_action(legal, cands[i]) is not None), None)
        if ready is None:
            return None
        return self._riichi_choice(view, legal, table, ready, cands)

    # ---- riichi or dama ---------------------------------------------------------------------------

    def _riichi_choice(self, view, legal, table, best: Candidate, cands) -> Decision | None:
        model = choice_model("riichi")
        act = self._riichi_action(legal, best)
        if model is None or act is None:
            return super()._riichi_choice(view, legal, table, best, cands)
        row, hard = self.riichi_row(view, legal, table, best, cands)
        p = model.probability(row)
        declare = p >= 0.5
        facts: dict[str, Any] = {"kind": "riichi" if declare else "dama", "tile": kind_name(best.kind),
                                 "waits": [kind_name(k) for k in best.useful], "live": best.live,
                                 "probs": {"riichi": p, "dama": 1.0 - p}}
        if hard is not None:
            facts.update({k: hard.facts[k] for k in ("dama_value", "riichi_value") if k in hard.facts})
        why = W.decided(model.why(row, declare))
        waits = {"tiles": kinds_text(best.useful), "live": best.live, "why": why}
        if declare:
            return Decision(act, W.reason(W.RIICHI_MODEL, tile=tile_name(act.tile), share=p, **waits), facts)
        return Decision(best.action, W.reason(W.DAMA_MODEL, tile=tile_name(best.action.tile), share=1 - p, **waits),
                        facts)

    # ---- the turn: abort, kita, kan, then the discard --------------------------------------------

    def _turn(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        """Each yes-or-no choice of the turn asked of its model in turn (abort, kita, kan); a "no" leaves the
        rest of the turn to the next, its probabilities kept beside theirs."""
        kinds = {a.kind for a in legal}
        if TSUMO not in kinds:
            if ABORT in kinds and choice_model("abort") is not None:
                return self._abort_choice(view, legal, table)
            if KITA in kinds and not view.seats[view.seat].riichi and choice_model("kita") is not None:
                return self._kita_choice(view, legal, table)
            if kinds & {ANKAN, KAKAN} and choice_model("kan") is not None:
                return self._kan_model_choice(view, legal, table)
        return super()._turn(view, legal, table)

    def _rest(self, view: SeatView, legal: list[Action], table: Table, drop: frozenset[str], reason: str,
              probs: dict[str, float], **facts: Any) -> Decision:
        """The turn without the actions of ``drop`` (a "no"), its reason and probabilities joined to this one's."""
        d = self._turn(view, [a for a in legal if a.kind not in drop], table)
        merged = {**d.facts.get("probs", {}), **probs}
        return Decision(d.action, f"{d.reason}; {reason}", {**d.facts, **facts, "probs": merged})

    def _abort_choice(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        model = choice_model("abort")
        row = self.abort_row(view, table)
        p = model.probability(row)
        probs = {"abort": p, "play_on": 1.0 - p}
        why = W.decided(model.why(row, p >= 0.5))
        kinds = int(row[0])
        if p >= 0.5:
            return Decision(next(a for a in legal if a.kind == ABORT),
                            W.reason(W.ABORT_MODEL, kinds=kinds, steps=int(row[1]), share=p, why=why),
                            {"kind": "abort", "kokushi_shanten": int(row[1]), "probs": probs})
        return self._rest(view, legal, table, frozenset({ABORT}),
                          W.reason(W.PLAY_ON_MODEL, kinds=kinds, share=1 - p, why=why), probs)

    def _kita_choice(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        model = choice_model("kita")
        row, _keep = self.kita_row(view, table)
        p = model.probability(row)
        probs = {"kita": p, "keep": 1.0 - p}
        why = W.decided(model.why(row, p >= 0.5))
        if p >= 0.5:
            han = 1 + table.dora[NORTH]
            return Decision(next(a for a in legal if a.kind == KITA), W.reason(W.KITA_MODEL, han=han, share=p, why=why),
                            {"kind": "kita", "han": han, "probs": probs})
        keep = W.reason(W.KEEP_NORTH_MODEL, share=1 - p, why=why)
        return self._rest(view, legal, table, frozenset({KITA}), keep, probs, kept_north=keep)

    def _kan_model_choice(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        model = choice_model("kan")
        kan = self.kan_option(legal, table)
        row = self.kan_row(view, legal, table, kan)
        p = model.probability(row)
        probs = {"kan": p, "no_kan": 1.0 - p}
        why = W.decided(model.why(row, p >= 0.5))
        word = W.CLOSED_KAN if kan.kind == ANKAN else W.ADDED_KAN
        name = kind_name(kind(kan.tile))
        if p >= 0.5:
            return Decision(kan, W.reason(W.KAN_MODEL, kan=word, tile=name, share=p, why=why),
                            {"kind": kan.kind, "tile": name, "kan_tile": kan.tile, "probs": probs})
        return self._rest(view, legal, table, frozenset({ANKAN, KAKAN}),
                          W.reason(W.NO_KAN_MODEL, kan=word, tile=name, share=1 - p, why=why), probs,
                          kan_tile=kan.tile)

    # ---- pon or pass --------------------------------------------------------------------------------

    def _respond(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        self._kan_offered = any(a.kind == MINKAN for a in legal)
        return super()._respond(view, legal, table)

    def _pon_verdict(self, view: SeatView, table: Table, pon: Action) -> tuple[bool, str, dict[str, Any]]:
        model = choice_model("call")
        if model is None or pon.kind != PON:
            return super()._pon_verdict(view, table, pon)
        row, (rule_calls, rule_reason, facts) = self.call_row(view, table, pon, self._kan_offered)
        p = model.probability(row)
        call = p >= 0.5
        name = kind_name(kind(pon.tile))
        why = W.decided(model.why(row, call))
        facts = {**facts, "probs": {"call": p, "pass": 1.0 - p}}
        if rule_calls == call:
            detail = rule_reason.split(": ", 1)[-1]
        else:
            detail = (W.reason(W.SHANTEN_CHANGE, before=facts["shanten_before"], after=facts["shanten_after"])
                      if "shanten_after" in facts else "")
        share = p if call else 1 - p
        if detail:
            return call, W.reason(W.PON_MODEL if call else W.PASS_MODEL, tile=name, detail=detail, share=share,
                                  why=why), facts
        return call, W.reason(W.PON_MODEL_PLAIN if call else W.PASS_MODEL_PLAIN, tile=name, share=share, why=why), facts
