"""The advisor's choice in a position: the one answer the hints and the reviews both give.

A fresh advisor bot, seeded the same way, decides from the seat's view alone
(what was discarded after each riichi is part of the view), so the hint shown
during play and the review afterwards never disagree about the same position.

>>> from sanma_core.game import Game
>>> g = Game("tenhou", seed=2)
>>> advise(g.view(0), g.legal_actions(0)) == advise(g.view(0), g.legal_actions(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..bots import make_bot
from ..bots.base import Decision
from ..game.actions import Action

if TYPE_CHECKING:
    from ..game.view import SeatView

ADVISOR = "hard"
SEED = "advisor"


def advise(view: SeatView, legal: Sequence[Action], advisor: str = ADVISOR) -> Decision:
    """What the advisor bot would do with ``legal`` in ``view``."""
    return make_bot(advisor, SEED).decide(view, legal)
