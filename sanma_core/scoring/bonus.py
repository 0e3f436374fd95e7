"""Dora, red fives, ura-dora and kita: the han that are not yaku.

Dora count the hits of each indicator's dora on the hand and melds. Kita:
one han per North set aside, plus one more per North for every indicator
that points at North (a West indicator). Ura-dora count the same way, kita
included, and only for a riichi hand.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> b = count_bonus(to_counts(parse_tiles("999m")), reds=1, kita=2, dora=parse_tiles("1m3z"),
...                 ura=parse_tiles("3z"), riichi=True)
>>> b.dora, b.aka, b.ura, b.kita
(3, 1, 2, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from ..dora import dora_from_indicator
from ..tiles import NORTH, NUM_KINDS, SANMA_KIND_SET, kind, kind_name, tile_name

# indicator tile -> dora kind (-1: not a sanma tile; dora_from_indicator raises for it)
_DORA_OF = tuple(dora_from_indicator(t) if kind(t) in SANMA_KIND_SET else -1 for t in range(NUM_KINDS + 2))


class Bonus(NamedTuple):
    dora: int
    aka: int
    ura: int
    kita: int
    dora_hits: tuple[tuple[int, int, int], ...]  # (indicator tile, dora kind, tiles hit in hand and melds)
    ura_hits: tuple[tuple[int, int, int], ...]
    kita_set_aside: int
    kita_indicator_hits: int  # dora indicators pointing at North
    ura_kita: int  # ura han from kita Norths
    ura_counted: bool

    @property
    def total(self) -> int:
        return self.dora + self.aka + self.ura + self.kita

    def to_json(self) -> dict[str, object]:
        return {
            "dora": self.dora,
            "aka": self.aka,
            "ura": self.ura,
            "kita": self.kita,
            "dora_indicators": [{"indicator": tile_name(i), "dora": kind_name(d), "hits": n}
                                for i, d, n in self.dora_hits],
            "ura_indicators": [{"indicator": tile_name(i), "dora": kind_name(d), "hits": n}
                               for i, d, n in self.ura_hits],
            "ura_counted": self.ura_counted,
            "kita_detail": {
                "set_aside": self.kita_set_aside,
                "indicators_on_north": self.kita_indicator_hits,
                "han": self.kita,
                "ura_han": self.ura_kita,
            },
        }


_bonus = partial(tuple.__new__, Bonus)  # a Bonus from one tuple, without the Python-level __new__


def _hits(counts: Sequence[int], indicators: Sequence[int]) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
    total = 0
    on_north = 0
    rows = []
    for ind in indicators:
        d = _DORA_OF[ind] if 0 <= ind < len(_DORA_OF) else -1
        if d < 0:
            d = dora_from_indicator(ind)  # raises the precise error
        n = counts[d]
        total += n
        if d == NORTH:
            on_north += 1
        rows.append((ind, d, n))
    return total, on_north, tuple(rows)


def count_bonus(
    counts: Sequence[int],
    reds: int,
    kita: int,
    dora: Sequence[int],
    ura: Sequence[int],
    riichi: bool,
) -> Bonus:
    """Bonus han for hand-and-meld kind counts, red fives, kita and the indicators.

    ``riichi`` says whether ura-dora count (riichi or double riichi, and the ruleset uses ura).
    """
    dora_n, dora_north, dora_rows = _hits(counts, dora)
    kita_han = kita + kita * dora_north
    ura_n = 0
    ura_kita = 0
    ura_rows: tuple[tuple[int, int, int], ...] = ()
    if riichi:
        ura_n, ura_north, ura_rows = _hits(counts, ura)
        ura_kita = kita * ura_north
        ura_n += ura_kita
    return _bonus((dora_n, reds, ura_n, kita_han, dora_rows, ura_rows, kita, dora_north, ura_kita, riichi))
