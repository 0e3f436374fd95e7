"""Checked fields of a JSON request: the input errors shared by the engine's request parsers and the CLI.

This module sits below both :mod:`sanma_core.scoring` and :mod:`sanma_core.commands`, so the scoring
side can read a ``sanma score`` request without depending on the command line.

>>> require({"kita": 2}, "kita", int, 0)
2
>>> require({}, "kita", int, 0)
0
>>> require({"kita": True}, "kita", int, 0)
Traceback (most recent call last):
...
sanma_core.errors.InputError: field 'kita' must be int, got true
"""

from __future__ import annotations

import json
from typing import Any

from .errors import InputError


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
