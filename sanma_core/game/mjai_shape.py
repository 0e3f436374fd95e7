"""The shape of each mjai event (three-player dialect), checked before a record is re-played.

>>> check_events([{"type": "tsumo", "actor": 3, "pai": "5p"}])
Traceback (most recent call last):
...
sanma_core.errors.RecordError: event 0 (tsumo): 'actor' must be a seat 0–2, got 3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tiles import NotationError, from_mjai
from .mjai import KITA_TYPES, RecordError

Check = Callable[[Any], str | None]


def _seat(v: Any) -> str | None:
    return None if type(v) is int and 0 <= v <= 2 else "a seat 0–2"


def _count(v: Any) -> str | None:
    return None if type(v) is int and v >= 0 else "a whole number ≥ 0"


def _tile(v: Any) -> str | None:
    try:
        from_mjai(v)
    except NotationError:
        return "an mjai tile such as 5p, 5pr or N"
    return None


def _tiles(n: int | None) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, list) or (n is not None and len(v) != n) or any(_tile(t) for t in v):
            return f"a list of {n if n is not None else 'some'} mjai tiles"
        return None
    return check


def _ints(n: int) -> Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, list) and len(v) == n and all(type(x) is int for x in v)
        return None if ok else f"a list of {n} whole numbers"
    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _wind(v: Any) -> str | None:
    return None if isinstance(v, str) and v in ("E", "S", "W") else "E, S or W"


def _kyoku(v: Any) -> str | None:
    return None if type(v) is int and 1 <= v <= 3 else "1, 2 or 3"


def _hands(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) != 3 or any(_tiles(13)(h) for h in v):
        return "3 starting hands of 13 mjai tiles"
    return None


def _names(v: Any) -> str | None:
    return None if isinstance(v, list) else "a list of names"


#: Required fields, then optional ones, of each event type.
SHAPES: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "start_game": ({}, {"names": _names}),
    "start_kyoku": ({"bakaze": _wind, "kyoku": _kyoku, "honba": _count, "kyotaku": _count, "oya": _seat,
                     "dora_marker": _tile, "tehais": _hands}, {"scores": _ints(3)}),
    "tsumo": ({"actor": _seat, "pai": _tile}, {}),
    "dahai": ({"actor": _seat, "pai": _tile}, {"tsumogiri": _bool}),
    "pon": ({"actor": _seat, "target": _seat, "pai": _tile, "consumed": _tiles(2)}, {}),
    "daiminkan": ({"actor": _seat, "target": _seat, "pai": _tile, "consumed": _tiles(3)}, {}),
    "kakan": ({"actor": _seat, "pai": _tile}, {"consumed": _tiles(3)}),
    "ankan": ({"actor": _seat, "consumed": _tiles(4)}, {}),
    "dora": ({"dora_marker": _tile}, {}),
    "reach": ({"actor": _seat}, {}),
    "reach_accepted": ({"actor": _seat}, {"scores": _ints(3)}),
    "hora": ({"actor": _seat, "target": _seat}, {"deltas": _ints(3), "ura_markers": _tiles(None), "pai": _tile}),
    "ryukyoku": ({}, {"deltas": _ints(3)}),
    "end_kyoku": ({}, {"scores": _ints(3)}),
    "end_game": ({}, {"scores": _ints(3)}),
    **{k: ({"actor": _seat}, {}) for k in KITA_TYPES},
}


def check_events(events: list[dict[str, Any]]) -> None:
    """Raise :class:`RecordError` at the first event whose type or fields are not of the dialect."""
    for i, e in enumerate(events):
        kind = e.get("type")
        if not isinstance(kind, str) or kind not in SHAPES:
            raise RecordError(i, f"event {i}: unknown mjai event type {kind!r}")
        required, optional = SHAPES[kind]
        for key, check in required.items():
            if key not in e:
                raise RecordError(i, f"event {i} ({kind}): the field {key!r} is missing")
            problem = check(e[key])
            if problem:
                raise RecordError(i, f"event {i} ({kind}): {key!r} must be {problem}, got {e[key]!r}")
        for key, check in optional.items():
            if key in e and e[key] is not None:
                problem = check(e[key])
                if problem:
                    raise RecordError(i, f"event {i} ({kind}): {key!r} must be {problem}, got {e[key]!r}")
