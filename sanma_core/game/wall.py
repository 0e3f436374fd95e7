"""The sanma wall: 108 tiles, a 14-tile dead wall, 8 shared replacement tiles, 55 draws.

Layout (indices into ``Wall.tiles``):

- 0–38: the deal (three rounds of four tiles per seat from the dealer, then one each);
- 39–93: the live wall, drawn from the front;
- 94–107: the dead wall. Replacement tiles (kans and kita) are taken from
  106, 107, 104, 105, 102, 103, 100, 101; every replacement draw moves the last
  live tile into the dead wall, so live draws plus replacement draws are always 55.
  Dora indicators are the tops of the 5th–9th stacks from the end (98, 96, 94,
  92, 90), their ura below them (99, 97, 95, 93, 91); later indicators lie in
  what was live wall, and kans have always shortened the live wall before they
  are revealed.

>>> from sanma_core.rules import load_preset
>>> w = Wall.shuffled(load_preset("tenhou"), seed=7)
>>> len(w.tiles), w.live_remaining
(108, 55)
>>> hands = w.deal(dealer=0)
>>> [len(h) for h in hands]
[13, 13, 13]
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Sequence

from ..errors import SanmaError
from ..rules import Ruleset
from ..tiles import FIVE_P, FIVE_S, RED_5P, RED_5S, SANMA_KINDS, format_tiles, kind, tile_name

TOTAL_TILES = 108
DEAL_TILES = 39
LIVE_START = 39
LIVE_END = 94
LIVE_DRAWS = LIVE_END - LIVE_START  # 55
REPLACEMENT_POSITIONS = (106, 107, 104, 105, 102, 103, 100, 101)
DORA_POSITIONS = (98, 96, 94, 92, 90)
URA_POSITIONS = (99, 97, 95, 93, 91)


class WallError(SanmaError):
    """A wall that cannot exist (wrong size, a fifth copy, a tile the ruleset lacks)."""


def full_tile_set(rules: Ruleset) -> list[int]:
    """The 108 tiles of the ruleset, red fives included, in kind order."""
    tiles: list[int] = []
    for k in SANMA_KINDS:
        reds = rules.red_five_p if k == FIVE_P else rules.red_five_s if k == FIVE_S else 0
        red_tile = RED_5P if k == FIVE_P else RED_5S
        tiles.extend([red_tile] * reds + [k] * (4 - reds))
    return tiles


def _deal_order() -> list[list[int]]:
    """Wall indices dealt to each seat counted from the dealer (0 = dealer)."""
    order: list[list[int]] = [[], [], []]
    pos = 0
    for _ in range(3):
        for rel in range(3):
            order[rel].extend(range(pos, pos + 4))
            pos += 4
    for rel in range(3):
        order[rel].append(pos)
        pos += 1
    return order


DEAL_ORDER = _deal_order()


class Wall:
    """One hand's wall. Draw state lives here; the tiles never move."""

    __slots__ = ("tiles", "next_live", "live_end", "replacements_drawn")

    def __init__(self, tiles: Sequence[int]):
        if len(tiles) != TOTAL_TILES:
            raise WallError(f"a sanma wall has {TOTAL_TILES} tiles, got {len(tiles)}")
        self.tiles = list(tiles)
        self.next_live = LIVE_START
        self.live_end = LIVE_END
        self.replacements_drawn = 0

    # ---- construction ----------------------------------------------------

    @classmethod
    def shuffled(cls, rules: Ruleset, seed: int | str | None = None, rng: random.Random | None = None) -> Wall:
        """A random wall from an explicit seed (same seed, same wall)."""
        rng = rng or random.Random(seed)
        tiles = full_tile_set(rules)
        rng.shuffle(tiles)
        return cls(tiles)

    @classmethod
    def arranged(
        cls,
        rules: Ruleset,
        hands: Sequence[Sequence[int] | None] = (None, None, None),
        draws: Sequence[int] = (),
        replacements: Sequence[int] = (),
        dora: Sequence[int] = (),
        ura: Sequence[int] = (),
        dealer: int = 0,
        seed: int | str = 0,
    ) -> Wall:
        """A wall with chosen tiles in chosen places; the rest shuffled from ``seed``.

        ``hands`` are by absolute seat (13 tiles or None); ``draws`` are the live
        draws in order; ``replacements`` the replacement draws in order; ``dora``
        and ``ura`` the indicators in reveal order. Raises :class:`WallError`
        if the chosen tiles need more copies than the ruleset has.

        >>> from sanma_core.rules import load_preset
        >>> from sanma_core.tiles import parse_tiles
        >>> w = Wall.arranged(load_preset(), draws=parse_tiles("4z"), dora=parse_tiles("3z"))
        >>> tile_name(w.draw_live()), tile_name(w.dora_indicator(0))
        ('4z', '3z')
        """
        slots: list[int | None] = [None] * TOTAL_TILES
        for seat, hand in enumerate(hands):
            if hand is None:
                continue
            if len(hand) != 13:
                raise WallError(f"seat {seat}'s starting hand needs 13 tiles, got {len(hand)}")
            for pos, tile in zip(DEAL_ORDER[(seat - dealer) % 3], hand, strict=True):
                slots[pos] = tile
        groups = (
            ("live draw", draws, list(range(LIVE_START, LIVE_END))),
            ("replacement draw", replacements, list(REPLACEMENT_POSITIONS)),
            ("dora indicator", dora, list(DORA_POSITIONS)),
            ("ura indicator", ura, list(URA_POSITIONS)),
        )
        for label, tiles, positions in groups:
            if len(tiles) > len(positions):
                raise WallError(f"at most {len(positions)} {label}s, got {len(tiles)}")
            for pos, tile in zip(positions, tiles, strict=False):
                if slots[pos] is not None:
                    raise WallError(f"{label} {tile_name(tile)} lands on wall index {pos}, which is already used")
                slots[pos] = tile
        pool = full_tile_set(rules)
        for tile in slots:
            if tile is None:
                continue
            if tile in pool:
                pool.remove(tile)
            else:
                copies = sum(1 for t in slots if t is not None and kind(t) == kind(tile))
                raise WallError(
                    f"the arranged tiles need {tile_name(tile)} more often than the ruleset has it "
                    f"({copies} of {format_tiles([kind(tile)])} chosen)"
                )
        random.Random(seed).shuffle(pool)
        filled = [t if t is not None else pool.pop() for t in slots]
        return cls(filled)

    def copy(self) -> Wall:
        """The same wall at the same draw position, drawn on independently (the tiles never move)."""
        return _copy.copy(self)

    # ---- play ------------------------------------------------------------

    def deal(self, dealer: int) -> list[list[int]]:
        """The three starting hands by absolute seat."""
        return [[self.tiles[i] for i in DEAL_ORDER[(seat - dealer) % 3]] for seat in range(3)]

    @property
    def live_remaining(self) -> int:
        return self.live_end - self.next_live

    @property
    def replacements_remaining(self) -> int:
        return len(REPLACEMENT_POSITIONS) - self.replacements_drawn

    def draw_live(self) -> int:
        if self.live_end <= self.next_live:
            raise WallError("the live wall is empty")
        tile = self.tiles[self.next_live]
        self.next_live += 1
        return tile

    def draw_replacement(self) -> int:
        """A replacement tile (kan or kita); the last live tile joins the dead wall."""
        if self.replacements_drawn >= len(REPLACEMENT_POSITIONS) or self.live_end <= self.next_live:
            raise WallError("no replacement tile can be drawn")
        tile = self.tiles[REPLACEMENT_POSITIONS[self.replacements_drawn]]
        self.replacements_drawn += 1
        self.live_end -= 1
        return tile

    def dora_indicator(self, index: int) -> int:
        return self.tiles[DORA_POSITIONS[index]]

    def ura_indicator(self, index: int) -> int:
        return self.tiles[URA_POSITIONS[index]]

    def undrawn(self) -> list[int]:
        """Every tile still in the wall (live, unused replacements, dead wall), for tile accounting."""
        used = set(range(self.next_live)) | set(REPLACEMENT_POSITIONS[: self.replacements_drawn])
        return [t for i, t in enumerate(self.tiles) if i not in used]
