"""The JSON Lines batch protocol shared by ``sanma analyze`` and ``sanma score``.

One JSON object per input line, one answer per line in the same order; a bad
line answers ``{"ok": false, "error": ...}`` and the batch goes on. Exit 0 when
every line was read, 2 when the input itself could not be read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

Handler = Callable[[dict[str, Any], str], dict[str, Any] | str]


class InputError(ValueError):
    """A request line is well-formed JSON but asks for something invalid."""


def answer_line(line: str, handler: Handler, default_ruleset: str) -> dict[str, Any] | str:
    """Answer one line; never raises for bad input.

    A handler may return its fields already encoded as a JSON object (a ``str``
    starting with ``{``); the answer is then the same text with ``ok`` first.
    """
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
    if not isinstance(request, dict):
        return {"ok": False, "error": f"each line must be a JSON object, got {type(request).__name__}"}
    try:
        result = handler(request, default_ruleset)
    except ValueError as exc:  # NotationError, RulesetError, InputError, ScoringError …
        return {"ok": False, "error": str(exc)}
    if isinstance(result, str):
        return '{"ok": true}' if result == "{}" else '{"ok": true, ' + result[1:]
    return {"ok": True, **result}


def encode_answer(answer: dict[str, Any] | str) -> str:
    """One output line (without the newline)."""
    return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)


def run_batch(handler: Handler, default_ruleset: str, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        for line in stdin:
            if not line.strip():
                continue
            stdout.write(encode_answer(answer_line(line, handler, default_ruleset)) + "\n")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"sanma: cannot read input: {exc}", file=sys.stderr)
        return 2
    stdout.flush()
    return 0


def require(request: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """Read a field with a type check; a missing required field names itself."""
    if name not in request:
        if default is ...:
            raise InputError(f"missing field {name!r}")
        return default
    value = request[name]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InputError(f"field {name!r} must be {want}, got {json.dumps(value)}")
    return value
