"""One family of errors: every error the engine, the drills, the course and the app raise for bad input.

Each kind is a subclass of :class:`SanmaError` (itself a ``ValueError``, so older callers still catch
them) whose message says where (file and line, hand and seat, field) and what was expected. A page or a
command catches :class:`SanmaError`, never a built-in exception.

>>> from sanma_core.tiles import parse_tiles
>>> try:
...     parse_tiles("5m")
... except SanmaError as exc:
...     print(type(exc).__name__, "|", exc)
NotationError | 5m in '5m': sanma has only 1m and 9m among the characters
"""

from __future__ import annotations


class SanmaError(ValueError):
    """The base of the family: bad input that the user can correct, with a message saying where and what."""


class NotationError(SanmaError):
    """Tiles, melds or actions written in a notation that cannot be read."""


class RulesetError(SanmaError):
    """A ruleset file or mapping is malformed: names the file and the field."""


class RecordError(SanmaError):
    """A game record that cannot be read; ``index`` is the event (or line, or hand) it concerns.

    ``hand`` names the hand (``"South 2, 1 honba"``) and ``seat`` the seat where the record says so.
    """

    def __init__(self, index: int, message: str, *, hand: str | None = None, seat: int | None = None):
        super().__init__(message)
        self.index = index
        self.hand = hand
        self.seat = seat


class IllegalActionError(SanmaError):
    """An action the rules do not allow now (the message says why)."""


class UnknownActionError(SanmaError):
    """An action id or notation that names no action at all (not merely an illegal one)."""


class InputError(SanmaError):
    """A request field (a JSON request, a form) that is missing or of the wrong kind."""


__all__ = ["IllegalActionError", "InputError", "NotationError", "RecordError", "RulesetError", "SanmaError",
           "UnknownActionError"]
