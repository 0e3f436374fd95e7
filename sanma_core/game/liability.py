"""Liability (pao): the seat that fed the last dragon triplet of a daisangen or wind triplet of a daisuushii.

A win whose yakuman the ruleset names under ``pao`` is paid differently when the
triplet (or kan) completing that yakuman's sets was called from another seat's
discard: on a tsumo the liable seat pays it alone, honba included; on a ron by
a third seat the liable seat and the discarder share it half and half, the
liable seat paying the honba. With ``pao_whole_hand`` false the liability covers
only the share of the pao yakuman in the hand's yakuman (a daisangen with a
tsuuiisou: half the hand); the rest is paid as usual.

>>> from sanma_core.melds import make_meld
>>> from sanma_core.tiles import parse_tiles
>>> pons = [CalledMeld(make_meld("pon", parse_tiles(t)), parse_tiles(t)[0], s) for t, s in (("555z", 1), ("666z", 2), ("777z", 1))]
>>> liable_seat(pons, "daisangen")
1
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Ruleset
from ..scoring import ScoreResult
from ..tiles import DRAGONS, WINDS
from .state import CalledMeld

#: The kinds whose sets make each pao yakuman, and how many of them it takes.
PAO_SETS = {"daisangen": (frozenset(DRAGONS), 3), "daisuushii": (frozenset(WINDS), 4)}


def liable_seat(melds: Sequence[CalledMeld], yaku: str) -> int | None:
    """The seat whose discard, called, completed the sets of ``yaku`` among ``melds`` (in the order made), or None.

    The last of the sets must be a pon or open kan (an added kan keeps its pon's place and source);
    a closed kan as the last set makes nobody liable.
    """
    kinds, needed = PAO_SETS[yaku]
    made = [cm for cm in melds if cm.meld.tile_kind in kinds]
    if len(made) < needed:
        return None
    last = made[needed - 1]
    return last.source if last.meld.is_open else None


def pao_of(score: ScoreResult, melds: Sequence[CalledMeld], winner: int, rules: Ruleset) -> tuple[str, int] | None:
    """(yakuman, liable seat) when this win's settlement falls under liability, else None."""
    held = dict(score.yaku)
    for yaku in rules.pao:
        if yaku in held:
            seat = liable_seat(melds, yaku)
            if seat is not None and seat != winner:
                return yaku, seat
    return None


def pao_deltas(score: ScoreResult, pao: tuple[str, int], winner: int, dealer: int, tsumo: bool,
               discarder: int | None, honba: int, sticks: int, rules: Ruleset) -> list[int]:
    """Score changes of a win under liability (sticks to the winner), in seat order.

    >>> from sanma_core.rules import load_preset
    >>> from sanma_core.scoring import WinInput, score_hand
    >>> from sanma_core.melds import make_meld
    >>> from sanma_core.tiles import parse_tiles, parse_tile
    >>> melds = tuple(make_meld("pon", parse_tiles(t)) for t in ("555z", "666z", "777z"))
    >>> tenhou = load_preset("tenhou")
    >>> win = WinInput(hand=tuple(parse_tiles("111p22s")), win=parse_tile("2s"), melds=melds, tsumo=True, seat=28,
    ...                round=27, honba=1)
    >>> pao_deltas(score_hand(win, tenhou), ("daisangen", 2), 1, 0, True, None, 1, 0, tenhou)
    [0, 24200, -24200]
    """
    han_of = dict(score.yaku)
    share = han_of[pao[0]] / 13 / score.yakuman if rules.pao_whole_hand is False else 1.0
    liable = pao[1]
    payers = [s for s in range(3) if s != winner]
    deltas = [0, 0, 0]
    if tsumo:
        honba_each = rules.honba_tsumo * honba
        for seat in payers:
            role = "each" if "each" in score.payments else ("dealer" if seat == dealer else "non_dealer")
            base = score.payments[role] - honba_each
            moved = round(base * share)
            deltas[liable] -= moved + honba_each  # the liable seat answers for this payer's share and honba
            deltas[seat] -= base - moved
    else:
        assert discarder is not None
        honba_ron = rules.honba_ron * honba
        base = score.payments["ron"] - honba_ron
        if liable == discarder:
            deltas[discarder] -= base + honba_ron
        else:
            half = round(base * share / 2)
            deltas[liable] -= half + honba_ron
            deltas[discarder] -= base - half
    deltas[winner] = -sum(deltas) + sticks * rules.riichi_stick
    return deltas


__all__ = ["PAO_SETS", "liable_seat", "pao_deltas", "pao_of"]
