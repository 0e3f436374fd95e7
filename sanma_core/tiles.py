"""Tile kinds, red fives and the three notations (MPSZ, mjai, Tenhou codes).

Kinds use the common 34-index space so records and reference tools need no
remapping: 0–8 characters (only 0 = 1m and 8 = 9m exist in sanma), 9–17 dots,
18–26 bamboo, 27–33 honours (E S W N haku hatsu chun).

A *tile* is an ``int``: a kind 0–33, or ``RED_5P`` (34) / ``RED_5S`` (35) for
the red fives.

>>> format_tiles(parse_tiles("19m0p5p7z"))
'19m05p7z'
>>> to_mjai(parse_tile("0s")), to_tenhou(parse_tile("4z"))
('5sr', 44)
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence

from .errors import NotationError
from .i18n import gettext

NUM_KINDS = 34
RED_5P = 34
RED_5S = 35
FIVE_P = 13
FIVE_S = 22
NORTH = 30
EAST, SOUTH, WEST = 27, 28, 29
HAKU, HATSU, CHUN = 31, 32, 33

#: The 27 kinds that exist in sanma, in MPSZ sort order.
SANMA_KINDS: tuple[int, ...] = (0, 8, *range(9, 18), *range(18, 27), *range(27, 34))
SANMA_KIND_SET = frozenset(SANMA_KINDS)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
HONOURS = frozenset(range(27, 34))
TERMINALS_AND_HONOURS = TERMINALS | HONOURS
DRAGONS = frozenset({HAKU, HATSU, CHUN})
WINDS = (EAST, SOUTH, WEST, NORTH)
#: Kinds that can only form pairs and triplets in sanma (no sequences).
ISOLATED_KINDS: tuple[int, ...] = (0, 8, *range(27, 34))

SUITS = "mps"
_MJAI_HONOURS = "ESWNPFC"



def kind(tile: int) -> int:
    """The kind (0–33) of a tile; red fives map to their plain five."""
    if tile < NUM_KINDS:
        return tile
    return FIVE_P if tile == RED_5P else FIVE_S


def is_red(tile: int) -> bool:
    return tile >= NUM_KINDS


def red_of(kind_index: int) -> int:
    """The red tile of a five kind (5p or 5s)."""
    if kind_index == FIVE_P:
        return RED_5P
    if kind_index == FIVE_S:
        return RED_5S
    raise NotationError(gettext("there is no red {tile}").format(tile=kind_name(kind_index)))


def kind_name(k: int) -> str:
    """MPSZ name of a kind: ``kind_name(30) == '4z'``."""
    if k >= 27:
        return f"{k - 26}z"
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def tile_name(tile: int) -> str:
    """MPSZ name of one tile, ``0p``/``0s`` for red fives."""
    if tile == RED_5P:
        return "0p"
    if tile == RED_5S:
        return "0s"
    return kind_name(tile)


def _sort_key(tile: int) -> tuple[int, int]:
    # red five sorts just before its plain five
    return (kind(tile), 0 if is_red(tile) else 1)


def sort_tiles(tiles: Iterable[int]) -> list[int]:
    return sorted(tiles, key=_sort_key)


def _suit_tile(digit: int, suit: str, text: str) -> int:
    base = SUITS.index(suit) * 9 if suit != "z" else 27
    if suit == "z":
        if not 1 <= digit <= 7:
            raise NotationError(gettext("{tile} in {text}: honours are 1z–7z").format(tile=f"{digit}z", text=repr(text)))
        return base + digit - 1
    if suit == "m":
        if digit == 0:
            raise NotationError(gettext("0m in {text}: there is no red 5m in sanma").format(text=repr(text)))
        if digit not in (1, 9):
            raise NotationError(gettext("{tile} in {text}: sanma has only 1m and 9m among the characters").format(
                tile=f"{digit}m", text=repr(text)))
        return base + digit - 1
    if digit == 0:
        return RED_5P if suit == "p" else RED_5S
    return base + digit - 1


_PLAIN_MPSZ = re.compile(r"(?:[0-9]+[mpsz])+")
_MPSZ_GROUP = re.compile(r"([0-9]+)([mpsz])")
# every valid digit-and-suit pair of plain MPSZ ("1m", "0p", "7z", …) and its tile
_MPSZ_TILE: dict[str, int] = {}


def parse_tiles(text: str) -> list[int]:
    """Parse MPSZ (``123p0s44z``), also accepting mjai honour letters and ``5pr``.

    The result keeps the written order; raises :class:`NotationError` naming the bad part.
    """
    if isinstance(text, str) and _PLAIN_MPSZ.fullmatch(text):  # the common plain form, by lookup
        try:
            return [_MPSZ_TILE[d + suit] for digits, suit in _MPSZ_GROUP.findall(text) for d in digits]
        except KeyError:
            pass  # the careful parser below names the bad tile
    if not isinstance(text, str):
        raise NotationError(gettext("tiles must be a string, got {kind}").format(kind=type(text).__name__))
    tiles: list[int] = []
    pending: list[int] = []
    i = 0
    s = text.strip()
    if not s:
        raise NotationError(gettext("empty tile string"))
    while i < len(s):
        ch = s[i]
        if ch.isascii() and ch.isdigit():  # not "²", which int() refuses
            pending.append(int(ch))
            i += 1
        elif ch in "mpsz":
            if not pending:
                raise NotationError(gettext("suit letter {letter} at position {i} of {text} has no digits before it").format(
                    letter=repr(ch), i=i, text=repr(text)))
            red_suffix = s[i + 1 : i + 2] == "r"
            if red_suffix:
                if ch not in "ps" or pending != [5]:
                    raise NotationError(gettext("'r' at position {i} of {text}: only 5pr and 5sr are red fives").format(
                        i=i + 1, text=repr(text)))
                pending = [0]
            tiles.extend(_suit_tile(d, ch, text) for d in pending)
            pending = []
            i += 2 if red_suffix else 1
        elif ch in _MJAI_HONOURS:
            if pending:
                raise NotationError(gettext("digits {digits} before {letter} in {text} have no suit letter").format(
                    digits=repr("".join(map(str, pending))), letter=repr(ch), text=repr(text)))
            tiles.append(27 + _MJAI_HONOURS.index(ch))
            i += 1
        elif ch in " ,":
            if pending:
                raise NotationError(gettext("digits {digits} in {text} have no suit letter").format(
                    digits=repr("".join(map(str, pending))), text=repr(text)))
            i += 1
        else:
            raise NotationError(gettext("unexpected character {char} at position {i} of {text}").format(
                char=repr(ch), i=i, text=repr(text)))
    if pending:
        raise NotationError(gettext("digits {digits} at the end of {text} have no suit letter").format(
            digits=repr("".join(map(str, pending))), text=repr(text)))
    return tiles


for _suit in "mpsz":
    for _digit in range(10):
        with contextlib.suppress(NotationError):  # 2m–8m, 0m, 0z, 8z, 9z stay out
            _MPSZ_TILE[f"{_digit}{_suit}"] = _suit_tile(_digit, _suit, "")


def parse_tile(text: str) -> int:
    """Parse exactly one tile."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(gettext("expected one tile, got {n} in {text}").format(n=len(tiles), text=repr(text)))
    return tiles[0]


def format_tiles(tiles: Iterable[int]) -> str:
    """Canonical MPSZ: sorted m, p, s, z; a red five written 0 before its 5."""
    out: list[str] = []
    current = ""
    digits: list[str] = []
    for t in sort_tiles(tiles):
        name = tile_name(t)
        if name[1] != current and digits:
            out.append("".join(digits) + current)
            digits = []
        current = name[1]
        digits.append(name[0])
    if digits:
        out.append("".join(digits) + current)
    return "".join(out)


def to_counts(tiles: Iterable[int]) -> list[int]:
    """34-length count array of kinds (red fives counted as fives)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[kind(t)] += 1
    return counts


def counts_to_kinds(counts: Sequence[int]) -> list[int]:
    return [k for k, n in enumerate(counts) for _ in range(n)]


# ---- mjai ---------------------------------------------------------------

def to_mjai(tile: int) -> str:
    """mjai spelling: ``1m``, ``5pr``, ``E`` … ``C``."""
    if tile == RED_5P:
        return "5pr"
    if tile == RED_5S:
        return "5sr"
    if tile >= 27:
        return _MJAI_HONOURS[tile - 27]
    return kind_name(tile)


def from_mjai(text: str) -> int:
    if not isinstance(text, str):
        raise NotationError(f"mjai tile must be a string, got {text!r}")
    if len(text) == 1 and text in _MJAI_HONOURS:
        return 27 + _MJAI_HONOURS.index(text)
    if text in ("5pr", "5sr"):
        return RED_5P if text[1] == "p" else RED_5S
    if len(text) == 2 and text[0] in "123456789" and text[1] in SUITS and text[0] != "0":
        return _suit_tile(int(text[0]), text[1], text)
    raise NotationError(f"not an mjai tile: {text!r}")


# ---- Tenhou codes -------------------------------------------------------

def to_tenhou(tile: int) -> int:
    """tenhou.net/6 code: 11/19 characters, 21–29 dots, 31–39 bamboo, 41–47 honours, 52/53 red."""
    if tile == RED_5P:
        return 52
    if tile == RED_5S:
        return 53
    if tile >= 27:
        return 41 + tile - 27
    return 10 * (tile // 9 + 1) + tile % 9 + 1


def from_tenhou(code: int) -> int:
    if code == 52:
        return RED_5P
    if code == 53:
        return RED_5S
    if isinstance(code, int) and 41 <= code <= 47:
        return 27 + code - 41
    if isinstance(code, int) and 11 <= code <= 39 and code % 10:
        suit, digit = divmod(code, 10)
        return _suit_tile(digit, SUITS[suit - 1], str(code))
    raise NotationError(f"not a Tenhou tile code: {code!r}")


# ---- validation -----------------------------------------------------------

def check_tile_supply(tiles: Iterable[int], red_fives: dict[int, int] | None = None) -> None:
    """Raise if the tiles need a fifth copy or more red fives than exist.

    ``red_fives`` maps a five kind (13 or 22) to how many red copies the ruleset has.
    """
    counts = [0] * (NUM_KINDS + 2)  # red fives counted apart in 34 and 35 first
    for t in tiles:
        if not 0 <= t <= RED_5S:
            raise NotationError(gettext("not a tile: {tile} (tiles are 0–35)").format(tile=repr(t)))
        counts[t] += 1
    for k in range(1, 8):
        if counts[k]:
            raise NotationError(gettext("{tile} does not exist in sanma").format(tile=kind_name(k)))
    reds = {FIVE_P: counts[RED_5P], FIVE_S: counts[RED_5S]}
    counts[FIVE_P] += counts[RED_5P]
    counts[FIVE_S] += counts[RED_5S]
    if max(counts) > 4:
        for k in range(NUM_KINDS):
            if counts[k] > 4:
                raise NotationError(gettext("{n} copies of {tile}: only 4 exist").format(n=counts[k], tile=kind_name(k)))
    if red_fives is not None:
        for k, n in reds.items():
            allowed = red_fives.get(k, 0)
            if n > allowed:
                name = tile_name(red_of(k))
                raise NotationError(gettext("{n} red fives {tile} but the ruleset has {allowed}").format(n=n, tile=name, allowed=allowed))
