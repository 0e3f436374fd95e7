"""The JSON side of ``sanma score``: parse a request, answer with the CONTRACTS.md fields.

:func:`win_input` builds the same checked :class:`WinInput` from tiles already parsed (the
calculator and the lessons), so nothing has to write JSON only to read it back.

>>> from sanma_core.tiles import parse_tile, parse_tiles
>>> win = win_input(parse_tiles("123p456p789s11z555s"), parse_tile("5s"), flags=("tsumo", "riichi"))
>>> win == win_input_from_request({"hand": "123p456p789s11z555s", "win": "5s", "tsumo": True, "riichi": True})
True
>>> ans = score_request({"hand": "123p456p789s11z555s", "win": "5s", "tsumo": True, "riichi": True}, "tenhou")
>>> ans["han"], ans["fu"], ans["payments"], ans["total"]
(2, 30, {'each': 1000}, 2000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..inputs import InputError, require
from ..melds import Meld, parse_meld
from ..rules import get_ruleset
from ..tiles import parse_tile, parse_tiles
from .hand import WinInput, parse_wind, score_hand

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
FIELDS = frozenset({"hand", "win", "melds", "kita", "seat", "round", "dora", "ura", "honba", "sticks", "ruleset",
                    *FLAGS})


def _tiles_field(request: dict[str, Any], name: str) -> tuple[int, ...]:
    value = require(request, name, (list, str), [])
    if isinstance(value, str):
        return tuple(parse_tiles(value)) if value.strip() else ()
    out = []
    for item in value:
        if not isinstance(item, str):
            raise InputError(f"field {name!r} must list tiles as strings, got {item!r}")
        out.extend(parse_tiles(item))
    return tuple(out)


def win_input(
    hand: Sequence[int],
    win: int,
    *,
    melds: Iterable[Meld] = (),
    flags: Iterable[str] = (),
    kita: int = 0,
    seat: str | int = "E",
    round: str | int = "E",
    dora: Iterable[int] = (),
    ura: Iterable[int] = (),
    honba: int = 0,
    sticks: int = 0,
) -> WinInput:
    """A checked :class:`WinInput` from parsed tiles and melds; ``flags`` names the situations of :data:`FLAGS`.

    The checks and messages are those of a ``sanma score`` request: an unknown flag or a negative
    count is an :class:`InputError`, a bad wind a ``ScoringError``.
    """
    chosen = {}
    for name in flags:
        if name not in FLAGS:
            raise InputError(f"unknown situation {name!r}: choose from {', '.join(FLAGS)}")
        chosen[name] = True
    numbers = {name: _count(name, value) for name, value in (("kita", kita), ("honba", honba), ("sticks", sticks))}
    return WinInput(
        hand=tuple(hand), win=win, melds=tuple(melds), seat=parse_wind(seat, "seat"), round=parse_wind(round, "round"),
        dora=tuple(dora), ura=tuple(ura), **chosen, **numbers,
    )


def _count(name: str, value: int) -> int:
    if value < 0:
        raise InputError(f"field {name!r} must be ≥ 0, got {value}")
    return value


def win_input_from_request(request: dict[str, Any]) -> WinInput:
    """Build a :class:`WinInput` from the JSON fields; unknown fields are an error that names them."""
    unknown = sorted(set(request) - FIELDS)
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}")
    hand = tuple(parse_tiles(require(request, "hand", str)))
    win = parse_tile(require(request, "win", str))
    melds_raw = require(request, "melds", list, [])
    melds = []
    for m in melds_raw:
        if not isinstance(m, str):
            raise InputError(f"field 'melds' must list strings like 'pon:555p', got {m!r}")
        melds.append(parse_meld(m))
    flags = [name for name in FLAGS if require(request, name, bool, False)]
    numbers = {name: _count(name, require(request, name, int, 0)) for name in ("kita", "honba", "sticks")}
    seat = parse_wind(require(request, "seat", str, "E"), "seat")
    round_wind = parse_wind(require(request, "round", str, "E"), "round")
    return win_input(hand, win, melds=melds, flags=flags, seat=seat, round=round_wind,
                     dora=_tiles_field(request, "dora"), ura=_tiles_field(request, "ura"), **numbers)


def score_request(request: dict[str, Any], default_ruleset: str) -> dict[str, Any]:
    """Answer one ``sanma score`` request (without the ``ok`` field)."""
    rules = get_ruleset(require(request, "ruleset", str, default_ruleset))
    win = win_input_from_request(request)
    return score_hand(win, rules).to_json()
