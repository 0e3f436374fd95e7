"""Why a hand cannot be scored: one exception type per problem, all in the :class:`SanmaError` family.

>>> issubclass(NoYakuError, SanmaError)
True
"""

from __future__ import annotations

from ..errors import SanmaError
from ..tiles import NotationError


class ScoringError(SanmaError):
    """A hand or its situation cannot be scored; the message names the problem."""


class IncompleteHandError(ScoringError):
    """The tiles do not form a complete hand (wrong size or no winning shape)."""


class NoYakuError(ScoringError):
    """The hand is complete but has no yaku (dora and kita are not yaku)."""


class ContradictionError(ScoringError):
    """Situation flags that cannot all be true at once (ippatsu without riichi, …)."""


class WinTileError(ScoringError):
    """The winning tile is missing from the hand."""


__all__ = [
    "ContradictionError",
    "IncompleteHandError",
    "NoYakuError",
    "NotationError",
    "ScoringError",
    "WinTileError",
]
