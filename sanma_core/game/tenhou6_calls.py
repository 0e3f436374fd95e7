"""Tenhou's call strings (``"35p3535"``, ``"k41414141"``, ``"373737a37"``) and tile order.

Tenhou places the call letter by the seat the tile came from, counted in its
four-seat numbering even in sanma: with ``d = (source − caller) mod 4``,
``d = 3`` (the seat before) puts the letter first, ``d = 2`` in the middle,
``d = 1`` last. An added kan reuses the pon's string with ``k`` and the added
tile in place of ``p``; a closed kan puts ``a`` before its last tile.

>>> call_string("p", 25, [25, 52], caller=0, source=2)
'25p2552'
>>> parse_call("25p2552", caller=0)
Call(letter='p', called=25, others=(25, 52), source=2, added=None)
>>> parse_call("3535k5335", caller=1).added, parse_call("3535k5335", caller=1).source
(53, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..errors import SanmaError
from ..tiles import RED_5P, RED_5S, from_tenhou, kind, to_tenhou

TSUMOGIRI = 60  # in a discard list: the tile just drawn
KITA = "f44"  # in a discard list: a North set aside

#: Letter slot (0 first … last) by ``d = (source − caller) mod 4``, for 3 and 4 own-plus-called tiles.
_SLOT = {3: {3: 0, 2: 1, 1: 2}, 4: {3: 0, 2: 1, 1: 3}}


class CallError(SanmaError):
    """A call string Tenhou would not write; the message says what is wrong."""


class Call(NamedTuple):
    letter: str  # p pon, m open kan, k added kan, a closed kan
    called: int  # Tenhou code of the called tile (the kan's last tile for ``a``)
    others: tuple[int, ...]  # the other codes, in the string's order
    source: int | None  # seat the called tile came from (None for a closed kan)
    added: int | None  # added kan: the code put onto the pon


def tenhou_key(tile: int) -> tuple[int, bool]:
    """Tenhou's order of physical tiles: by kind, a red five after the plain fives."""
    return kind(tile), tile in (RED_5P, RED_5S)


def tenhou_sorted(tiles: Iterable[int]) -> list[int]:
    """Tiles in the order Tenhou writes starting hands and the own tiles of a call."""
    return sorted(tiles, key=tenhou_key)


def call_string(letter: str, called: int, own: list[int], caller: int, source: int) -> str:
    """A pon (``p``) or open kan (``m``) as Tenhou writes it; ``own`` in the order to write."""
    d = (source - caller) % 4
    slots = _SLOT[len(own) + 1]
    if d not in slots:
        raise CallError(f"seat {caller} cannot call from seat {source}")
    codes = [str(c) for c in own]
    codes.insert(slots[d], f"{letter}{called}")
    return "".join(codes)


def _codes(text: str, whole: str) -> list[int]:
    if len(text) % 2 or (text and not text.isdigit()):
        raise CallError(f"{whole!r} is not a Tenhou call string (tile codes are two digits)")
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


def parse_call(text: str, caller: int) -> Call:
    """Read a call string of seat ``caller``; raises :class:`CallError` for anything malformed."""
    if not isinstance(text, str):
        raise CallError(f"{text!r} is not a Tenhou call string")
    letters = [(i, ch) for i, ch in enumerate(text) if ch in "pmka"]
    if len(letters) != 1:
        raise CallError(f"{text!r} is not a Tenhou call string (one of the letters p, m, k, a expected)")
    pos, letter = letters[0]
    before, after = _codes(text[:pos], text), _codes(text[pos + 1 :], text)
    if not after:
        raise CallError(f"{text!r} has no tile after its letter {letter!r}")
    added = None
    if letter == "k":
        if len(after) < 2:
            raise CallError(f"{text!r}: an added kan needs the added tile and the called tile after 'k'")
        added, after = after[0], after[1:]
    called, rest = after[0], before + after[1:]
    size = {"p": 3, "m": 4, "k": 3, "a": 4}[letter]
    if len(rest) + 1 != size:
        raise CallError(f"{text!r}: a {'pon' if letter in 'pk' else 'kan'} string needs {size} tiles here")
    for code in [called, *rest, *([added] if added is not None else [])]:
        try:
            from_tenhou(code)
        except ValueError:
            raise CallError(f"{text!r}: {code} is not a Tenhou tile code") from None
    if len({to_tenhou(kind(from_tenhou(c))) for c in [called, *rest]}) != 1:
        raise CallError(f"{text!r}: a call's tiles must all be of one kind")
    source = None
    if letter != "a":
        slot = len(before)
        by_slot = {v: k for k, v in _SLOT[size if letter != "k" else 3].items()}
        if slot not in by_slot:
            raise CallError(f"{text!r}: the letter cannot stand in slot {slot}")
        source = (caller + by_slot[slot]) % 4
        if source == 3:
            raise CallError(f"{text!r}: seat {caller}'s call points at the empty fourth seat")
    return Call(letter, called, tuple(rest), source, added)
