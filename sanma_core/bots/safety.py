"""How dangerous a discard is against one threatening opponent (usually a riichi).

Pure functions over public information, shared by the bots and the play-mode
hints. Categories, safest first: genbutsu (the threat discarded it, or it passed
after the riichi), no-chance honours and terminals, suji, one-chance, other.

In sanma 1m and 9m cannot be part of a sequence, so they are judged like
honours: only a pair or single wait can take them.

>>> from sanma_core.tiles import parse_tile, to_counts, parse_tiles
>>> t = Threat(discards=frozenset({parse_tile("4p")}))
>>> danger(parse_tile("1p"), t, to_counts(parse_tiles("4p"))).category
'suji'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tiles import ISOLATED_KINDS, kind_name
from ..words import reasons as W
from ..words.reasons import reason

_ISOLATED = frozenset(ISOLATED_KINDS)

# danger levels on a 0–100 scale, roughly the deal-in chance in percent against a riichi
GENBUTSU = 0.0


@dataclass(frozen=True)
class Threat:
    """One opponent to defend against.

    ``discards`` are the kinds they discarded (furiten makes them safe against
    that player); ``passed`` are kinds others discarded after the riichi that
    the threat did not ron.
    """

    discards: frozenset[int]
    passed: frozenset[int] = frozenset()

    @property
    def safe(self) -> frozenset[int]:
        return self.discards | self.passed


@dataclass(frozen=True)
class Danger:
    tile: int
    value: float
    category: str
    reason: str


def _is_suji(k: int, safe: frozenset[int]) -> bool:
    """Both ryanmen waits that could take ``k`` are ruled out by the threat's safe tiles."""
    rank = k % 9
    base = k - rank
    # waits taking k as the outer tile of a ryanmen: (k+1,k+2) waiting k/k+3 and (k-2,k-1) waiting k-3/k
    sides = []
    if rank <= 5:
        sides.append(base + rank + 3)
    if rank >= 3:
        sides.append(base + rank - 3)
    return all(s in safe for s in sides)


def _no_chance(k: int, visible: Sequence[int]) -> bool:
    """No ryanmen or kanchan can use ``k`` because the tiles next to it are all visible."""
    rank = k % 9
    base = k - rank
    neighbours = [base + r for r in (rank - 1, rank + 1) if 0 <= r <= 8]
    return all(visible[n] >= 4 for n in neighbours)


def danger(tile_kind: int, threat: Threat, visible: Sequence[int]) -> Danger:
    """Danger of discarding ``tile_kind`` against ``threat``.

    ``visible`` is a 34-length count of every tile the deciding player can see
    (own hand, all discards, melds, kita, dora indicators).
    """
    name = kind_name(tile_kind)
    if tile_kind in threat.safe:
        return Danger(tile_kind, GENBUTSU, "genbutsu", reason(W.DANGER_GENBUTSU, tile=name))
    seen = visible[tile_kind]
    if tile_kind in _ISOLATED:
        if seen >= 4:
            return Danger(tile_kind, 0.0, "genbutsu", reason(W.DANGER_ALL_VISIBLE, tile=name))
        value = {3: 1.0, 2: 3.0, 1: 6.0}.get(seen, 8.0)
        what = W.HONOUR if tile_kind >= 27 else W.ISOLATED_TERMINAL
        return Danger(tile_kind, value, "honour", reason(W.DANGER_ISOLATED, tile=name, isolated=what, seen=seen))
    rank = tile_kind % 9
    terminal = rank in (0, 8)
    if _is_suji(tile_kind, threat.safe):
        value = 2.5 if terminal else (4.0 if rank in (1, 7) else 5.0)
        return Danger(tile_kind, value, "suji", reason(W.DANGER_SUJI, tile=name))
    if _no_chance(tile_kind, visible):
        return Danger(tile_kind, 3.5, "no_chance", reason(W.DANGER_NO_CHANCE, tile=name))
    value = 6.0 if terminal else (8.0 if rank in (1, 7) else 12.0)
    if seen >= 3:
        value -= 2.0
    return Danger(tile_kind, value, "other", reason(W.DANGER_OTHER, tile=name))


def safest_order(hand_kinds: Sequence[int], threats: Sequence[Threat], visible: Sequence[int]) -> list[tuple[int, float]]:
    """Distinct kinds of a hand, safest first, with their total danger against all threats."""
    totals = {}
    for k in set(hand_kinds):
        totals[k] = sum(danger(k, t, visible).value for t in threats)
    return sorted(totals.items(), key=lambda kv: (kv[1], kv[0]))
