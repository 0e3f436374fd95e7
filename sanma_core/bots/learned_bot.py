"""The hard bot's discard chosen by the learned ranking model (:mod:`.learned`), the rest as the value bot.

Calls, kans, kita and riichi or dama stay with the hand-written rules of
:class:`~sanma_core.bots.levels.HardBot`; the discard itself is the candidate
the model ranks first, and the reason says what decided it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..game.actions import Action
from ..tiles import kind, tile_name
from .base import Decision
from .defence import main_danger, total_danger
from .learned import candidate_features, deciding_words, load_model
from .levels import Candidate, HardBot
from .table import Table

if TYPE_CHECKING:
    from ..game.view import SeatView


class LearnedBot(HardBot):
    """``hard``: the value bot with its discards ranked by the model fitted on Phoenix-room games."""

    def ranked(self, view: SeatView, legal: Sequence[Action], table: Table) -> tuple[list[Candidate], list[list[float]]]:
        """The candidate discards (keep value and danger filled in) and their feature rows."""
        cands = self._candidates(view, list(legal), table)
        threats = self._threats(view, table)
        riichi = [o for o in threats if o.label == "riichi"]
        choice = HardBot._discard(self, view, list(legal), table).action  # the hand-written bot's pick, defence included
        value_choice = kind(choice.tile) if choice.tile is not None else None
        categories = {}
        for c in cands:
            c.keep = self._keep_value(c.kind, table)
            c.danger = total_danger(c.kind, threats, table.visible) if threats else 0.0
            if riichi:
                categories[c.kind] = main_danger(c.kind, riichi, table.visible).category
        drawn = kind(view.drawn) if view.drawn is not None else None
        return cands, candidate_features(table, cands, bool(riichi), drawn, categories, value_choice)

    def _discard(self, view: SeatView, legal: list[Action], table: Table) -> Decision:
        model = load_model()
        if model is None:
            return super()._discard(view, legal, table)
        cands, rows = self.ranked(view, legal, table)
        if not cands:
            return super()._discard(view, legal, table)
        scores = model.score(rows)
        order = sorted(range(len(cands)), key=lambda i: (-scores[i], cands[i].kind))
        chosen = cands[order[0]]
        if chosen.shanten == 0:
            riichi = self._riichi_choice(view, legal, table, chosen, cands)
            if riichi is not None:
                return riichi
        text = self._describe(table, chosen, self._before(view, table))
        if len(order) > 1:
            words = deciding_words(rows[order[0]], rows[order[1]], model.effects())
            if words:
                text += f" ({' and '.join(words)}, as strong players weigh it)"
        facts = {"kind": "discard", "tile": tile_name(chosen.action.tile), "shanten": chosen.shanten,
                 "useful": chosen.live, "mode": "learned", "score": round(scores[order[0]], 3)}
        return Decision(chosen.action, f"discard {tile_name(chosen.action.tile)}: {text}", facts)
