"""mjai records (three-player dialect): writing, masking per seat, reading back.

Both spellings of a North set aside (``nukidora`` and ``kita``) are read; the
game writes the one it was given.

>>> mask_event({"type": "tsumo", "actor": 1, "pai": "5p"}, seat=0)
{'type': 'tsumo', 'actor': 1, 'pai': '?'}
>>> is_kita_event({"type": "kita"}), is_kita_event({"type": "nukidora"})
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import RecordError
from ..i18n import gettext
from .actions import Action, IllegalActionError

if TYPE_CHECKING:
    from .referee import Game

KITA_TYPES = frozenset({"kita", "nukidora"})



def is_kita_event(event: dict[str, Any]) -> bool:
    return event.get("type") in KITA_TYPES


class Observer(Protocol):
    """Anything that looks at each action just before the referee applies it (reviews, step limits)."""

    def before(self, game: Game, action: Action) -> None: ...


def apply_recorded(game: Game, actions: Iterable[Action], observers: Sequence[Observer],
                   refused: Callable[[Action, IllegalActionError], RecordError]) -> None:
    """Apply a record's actions in order, each shown to every observer first; an action the
    referee refuses raises ``refused(action, error)`` instead."""
    for action in actions:
        for observer in observers:
            observer.before(game, action)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise refused(action, exc) from None


def mask_event(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """The event as ``seat`` sees it: other seats' draws and starting hands hidden."""
    kind = event.get("type")
    if kind == "tsumo" and event.get("actor") != seat:
        return {**event, "pai": "?"}
    if kind == "start_kyoku":
        tehais = [h if s == seat else ["?"] * len(h) for s, h in enumerate(event["tehais"])]
        return {**event, "tehais": tehais}
    return event


def dumps(events: Iterable[dict[str, Any]]) -> str:
    """JSON Lines text, one event per line."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


def loads(text: str) -> list[dict[str, Any]]:
    """Parse JSON Lines (blank lines skipped); a bad line raises :class:`RecordError`."""
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(len(events), gettext("line {line} is not valid JSON: {problem}").format(
                line=number, problem=exc.msg)) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(len(events), gettext("line {line} is not an mjai event (an object with a 'type')").format(
                line=number))
        events.append(event)
    return events
