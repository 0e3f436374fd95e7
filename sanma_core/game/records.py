"""Read any game record the project knows: tenhou.net/6 JSON, Tenhou's mjlog XML or mjai lines.

The format is told from the text itself; every record is re-played through the
referee and checked (see :mod:`.replay` and :mod:`.tenhou6_import`).

>>> record_format('{"log": []}'), record_format("<mjloggm ver=\\"2.3\\">"), record_format('{"type":"start_game"}\\n')
('tenhou6', 'mjlog', 'mjai')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..rules import Ruleset, get_ruleset
from .mjai import RecordError, loads
from .replay import ReplayResult, replay_events

#: The largest record read (a long real hanchan is about 100 kB in any of the formats).
MAX_RECORD_BYTES = 5 * 1024 * 1024


def read_record_text(path: str) -> str:
    """The text of a record file (``-``: standard input), read up to just past the size limit.

    Raises ``OSError`` or ``UnicodeDecodeError``; :func:`read_record` refuses a text over the limit.
    """
    import sys

    if path == "-":
        return sys.stdin.read(MAX_RECORD_BYTES + 1)
    with open(path, encoding="utf-8") as fh:
        return fh.read(MAX_RECORD_BYTES + 1)


def record_format(text: str) -> str:
    """``"mjlog"``, ``"tenhou6"`` or ``"mjai"``."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        return "mjlog"
    first = stripped.split("\n", 1)[0]
    if stripped.startswith("{") and ('"log"' in first or '"type"' not in first):
        return "tenhou6"  # mjai events each carry "type" on their own line
    return "mjai"


def tenhou6_document(text: str) -> dict[str, Any]:
    """The tenhou.net/6 object of a record in either of Tenhou's forms (JSON or mjlog XML)."""
    if record_format(text) == "mjlog":
        from .mjlog import mjlog_to_tenhou6

        return mjlog_to_tenhou6(text)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(0, f"not valid tenhou.net/6 JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise RecordError(0, "a tenhou.net/6 game is a JSON object with a 'log' list")
    return doc


def read_record(text: str, rules: str | Ruleset | None = None, *, observers: Sequence[Any] = (),
                mismatches: list[RecordError] | None = None) -> ReplayResult:
    """Re-play a record of any known format; raises :class:`RecordError` naming where it disagrees.

    ``observers`` see each action before it is applied; with ``mismatches``, a Tenhou
    record's score figures that differ are collected there instead of raised.
    """
    if len(text.encode("utf-8", "ignore")) > MAX_RECORD_BYTES:
        raise RecordError(0, f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB")
    ruleset = get_ruleset(rules)
    if record_format(text) == "mjai":
        return replay_events(loads(text), ruleset, observers)
    from .tenhou6_import import from_tenhou6

    game = from_tenhou6(tenhou6_document(text), ruleset, observers=observers, mismatches=mismatches)
    final = game.events[-1].get("scores") if game.is_over() else list(game.scores)
    return ReplayResult(game, len(game.results), len(game.events), list(final))
