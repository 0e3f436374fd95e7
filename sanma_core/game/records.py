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

from ..i18n import gettext
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
        raise RecordError(0, gettext("not valid tenhou.net/6 JSON: line {line}, column {column}: {problem}").format(
            line=exc.lineno, column=exc.colno, problem=exc.msg)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise RecordError(0, gettext("a tenhou.net/6 game is a JSON object with a 'log' list"))
    return doc


def read_record(text: str, rules: str | Ruleset | None = None, *, observers: Sequence[Any] = (),
                mismatches: list[RecordError] | None = None) -> ReplayResult:
    """Re-play a record of any known format; raises :class:`RecordError` naming where it disagrees.

    ``rules`` None reads the ruleset from the record (:func:`choose_ruleset`); the result's ``why`` says
    which and why. ``observers`` see each action before it is applied; with ``mismatches``, a Tenhou
    record's score figures that differ are collected there instead of raised.
    """
    if len(text.encode("utf-8", "ignore")) > MAX_RECORD_BYTES:
        raise RecordError(0, gettext("the record is larger than {limit} MB").format(limit=MAX_RECORD_BYTES // (1024 * 1024)))
    fmt = record_format(text)
    parsed: Any = loads(text) if fmt == "mjai" else tenhou6_document(text)
    return read_parsed(parsed, fmt, rules, observers=observers, mismatches=mismatches)


def _read_once(parsed: Any, fmt: str, ruleset: Ruleset, observers: Sequence[Any],
               mismatches: list[RecordError] | None, why: str) -> ReplayResult:
    if fmt == "mjai":
        result = replay_events(parsed, ruleset, observers)
        return ReplayResult(result.game, result.kyoku, result.events, result.scores, why)
    from .tenhou6_import import from_tenhou6

    notes: list[str] = []
    game = from_tenhou6(parsed, ruleset, observers=observers, mismatches=mismatches, notes=notes)
    final = game.events[-1].get("scores") if game.is_over() else list(game.scores)
    return ReplayResult(game, len(game.results), len(game.events), list(final), why, tuple(notes))


def read_parsed(parsed: Any, fmt: str, rules: str | Ruleset | None = None, *, observers: Sequence[Any] = (),
                mismatches: list[RecordError] | None = None) -> ReplayResult:
    """:func:`read_record` for a record already parsed (mjai events, or a tenhou.net/6 object)."""
    if rules is not None:
        ruleset = get_ruleset(rules)
        return _read_once(parsed, fmt, ruleset, observers, mismatches, gettext("as asked"))
    candidates = choose_ruleset(parsed, fmt)
    if len(candidates) == 1:
        name, why = candidates[0]
        return _read_once(parsed, fmt, get_ruleset(name), observers, mismatches, why)
    first_error: RecordError | None = None
    for name, why in candidates:  # the record names no platform: the first ruleset it verifies under
        try:
            found = _read_once(parsed, fmt, get_ruleset(name), (), None, why)
        except RecordError as exc:
            first_error = first_error or exc
            continue
        if not observers and mismatches is None:
            return found
        return _read_once(parsed, fmt, get_ruleset(name), observers, mismatches, why)
    name, _ = candidates[0]
    if mismatches is not None:  # lenient: the default ruleset, its differences collected
        return _read_once(parsed, fmt, get_ruleset(name), observers, mismatches,
                          gettext("the record names no platform and verifies under none; read as {name}").format(
                              name=name))
    assert first_error is not None
    raise first_error


def choose_ruleset(parsed: Any, fmt: str) -> list[tuple[str, str]]:
    """The presets to read a record under, each with why: the one it names, else Tenhou's then Mahjong Soul's.

    >>> choose_ruleset({"rule": {"disp": "三玉の間赤"}}, "tenhou6")
    [('mahjongsoul', "the record's rule.disp '三玉の間赤' is Mahjong Soul's")]
    >>> [name for name, _ in choose_ruleset([{"type": "start_game"}], "mjai")]
    ['tenhou', 'mahjongsoul']
    """
    from .platform import stated_platform

    stated = stated_platform(parsed, fmt)
    if stated is not None:
        return [(stated.preset, stated.why)]
    return [("tenhou", gettext("the record names no platform; it verifies under Tenhou's rules")),
            ("mahjongsoul", gettext("the record names no platform; it verifies under Mahjong Soul's rules, not Tenhou's"))]
