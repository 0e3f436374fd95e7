"""The facts a yaku test reads, computed once per hand, per decomposition and per reading.

A hand is read in three steps, and each step fills the facts it decides:

- the **hand** (:class:`HandSummary`, whether it is closed, whether it has melds) is the same
  for every reading;
- a **decomposition** (the pair and sets, or one of the special forms) fixes the sets: the
  triplet and sequence kinds, kans, dragon and wind sets, identical sequences, whether every
  set and the pair hold a terminal or honour, and the fu of the sets;
- a **reading** (which group the winning tile completes) fixes the wait and how many
  triplets count as concealed.

:class:`Facts` holds them; :class:`~sanma_core.scoring.reading.Reading` is a
:class:`Facts` with the groups for an explanation. The scorer fills one :class:`Facts`
step by step and asks the catalogue's tests of each step only once per step.

>>> from sanma_core.tiles import parse_tiles, to_counts
>>> counts = tuple(to_counts(parse_tiles("223344p567p234s99s")))
>>> f = Facts(HandSummary(counts, 11), NO_MELDS)
>>> f.set_regular(26, ((0, 10), (0, 10), (0, 13), (0, 19)), 11)
[(0, 0)]
>>> f.seqs, f.trips, f.peikou, f.outside
([10, 10, 13, 19], [], 1, False)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from ..tiles import CHUN, HAKU, HATSU, NORTH, TERMINALS, TERMINALS_AND_HONOURS
from .fu import SET_FU, pair_fu_table

if TYPE_CHECKING:
    from ..melds import Meld

YAOCHUU = tuple(k in TERMINALS_AND_HONOURS for k in range(34))
#: A sequence starting at this kind holds a terminal (1-2-3 or 7-8-9 of dots or bamboo).
SEQ_OUTSIDE = tuple(k < 27 and (k in TERMINALS or k + 2 in TERMINALS) for k in range(34))
#: Fu of a triplet by kind: ``TRIPLET_FU[concealed][kind]``; a kan has four times as many.
TRIPLET_FU = tuple(tuple(SET_FU[("triplet", YAOCHUU[k], concealed)] for k in range(34)) for concealed in (False, True))
KAN_FU = tuple(tuple(SET_FU[("kan", YAOCHUU[k], concealed)] for k in range(34)) for concealed in (False, True))
_CONCEALED_TRIPLET_FU = TRIPLET_FU[True]
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, HATSU})
#: The wait of each special form.
SPECIAL_WAIT = {"chiitoitsu": "tanki", "kokushi": "kokushi"}

#: The yes/no facts a yaku can name in ``needs``, as a bit each (see :class:`~.yaku.Yaku`).
NEEDS = {name: 1 << i for i, name in enumerate((
    # the hand (HandSummary.bits; no_melds from MeldFacts.bits: not even a concealed kan)
    "honours", "no_honours", "yaochuu", "simples", "all_yaochuu", "one_suit", "all_honours", "all_green",
    "all_terminals", "no_melds",
    # the situation (situation_bits)
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
    # the decomposition (Facts.bits): its form; triplets or kans (melds included), three or four of them,
    # three or four kans; sequences, three or four of them, one or two pairs of identical ones; every set and
    # the pair hold a terminal or honour; honour triplets (any, each dragon, winds, two or three dragons, three
    # or four winds), a dragon or wind pair, 1-2-3, 4-5-6 and 7-8-9 of one suit, and triplets of the same
    # terminal in all three suits
    "regular", "chiitoitsu", "kokushi", "trips", "three_trips", "four_trips", "three_kans", "four_kans", "seqs",
    "three_seqs", "four_seqs", "peikou", "two_peikou", "outside", "honour_trips", "haku_trip", "hatsu_trip",
    "chun_trip", "wind_trips", "two_dragon_trips", "three_dragon_trips", "three_wind_trips", "four_wind_trips",
    "dragon_pair", "wind_pair", "straight", "three_colour_trips",
    # the decomposition seen from the seat (seat_bits): a triplet of the seat wind, of the round wind, of North
    # where the ruleset makes North a value tile, and a pair that gives no fu
    "seat_wind_trip", "round_wind_trip", "north_yakuhai_trip", "plain_pair",
    # the reading (Facts.read): the wait, three or four concealed triplets
    "ryanmen", "tanki", "three_ankou", "four_ankou",
))}
_HONOURS, _NO_HONOURS, _YAOCHUU, _SIMPLES, _ALL_YAOCHUU, _ONE_SUIT, _ALL_HONOURS, _ALL_GREEN, _ALL_TERMINALS = (
    NEEDS[name] for name in ("honours", "no_honours", "yaochuu", "simples", "all_yaochuu", "one_suit",
                             "all_honours", "all_green", "all_terminals"))
_TSUMO, _RIICHI, _DOUBLE_RIICHI, _IPPATSU, _RINSHAN, _CHANKAN, _HAITEI, _HOUTEI, _TENHOU, _CHIIHOU = (
    NEEDS[name] for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                             "tenhou", "chiihou"))
FORM_BITS = {form: NEEDS[form] for form in ("regular", "chiitoitsu", "kokushi")}
_REGULAR = FORM_BITS["regular"]
_OUTSIDE, _HONOUR_TRIPS, _DRAGON_PAIR, _WIND_PAIR, _STRAIGHT, _THREE_COLOUR_TRIPS, _NO_MELDS = (
    NEEDS[name] for name in ("outside", "honour_trips", "dragon_pair", "wind_pair", "straight", "three_colour_trips",
                             "no_melds"))
_RYANMEN, _TANKI, _THREE_ANKOU, _FOUR_ANKOU = (NEEDS[name] for name in ("ryanmen", "tanki", "three_ankou",
                                                                          "four_ankou"))
#: Bits by count: ``_TRIP_BITS[n]`` for n triplets or kans, ``_SEQ_BITS[n]`` for n sequences, …
_TRIP_BITS = (0, NEEDS["trips"], NEEDS["trips"], NEEDS["trips"] | NEEDS["three_trips"],
              NEEDS["trips"] | NEEDS["three_trips"] | NEEDS["four_trips"])
_KAN_BITS = (0, 0, 0, NEEDS["three_kans"], NEEDS["four_kans"])
_SEQ_BITS = (0, NEEDS["seqs"], NEEDS["seqs"], NEEDS["seqs"] | NEEDS["three_seqs"],
             NEEDS["seqs"] | NEEDS["three_seqs"] | NEEDS["four_seqs"])
_PEIKOU_BITS = (0, NEEDS["peikou"], NEEDS["two_peikou"])
_DRAGON_COUNT_BITS = (0, 0, NEEDS["two_dragon_trips"], NEEDS["two_dragon_trips"] | NEEDS["three_dragon_trips"])
_WIND_COUNT_BITS = (0, NEEDS["wind_trips"], NEEDS["wind_trips"], NEEDS["wind_trips"] | NEEDS["three_wind_trips"],
                    NEEDS["wind_trips"] | NEEDS["three_wind_trips"] | NEEDS["four_wind_trips"])
#: The bit of a triplet of each dragon, by kind (0 for every other kind).
_DRAGON_TRIP_BIT = tuple({HAKU: NEEDS["haku_trip"], HATSU: NEEDS["hatsu_trip"], CHUN: NEEDS["chun_trip"]}.get(k, 0)
                         for k in range(34))
#: The bits of a pair, by kind (-1, no pair, is the last entry).
_PAIR_BITS = tuple(_DRAGON_PAIR if k >= 31 else _WIND_PAIR if k >= 27 else 0 for k in range(34)) + (0,)
#: The bits decided by the hand and by the situation.
HAND_BITS = sum(NEEDS[name] for name in ("honours", "no_honours", "yaochuu", "simples", "all_yaochuu", "one_suit",
                                          "all_honours", "all_green", "all_terminals", "no_melds"))
SITUATION_BITS = sum(NEEDS[name] for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
                                               "haitei", "houtei", "tenhou", "chiihou"))
#: The bits decided by a reading (the wait and the concealed triplets).
READING_BITS = _RYANMEN | _TANKI | _THREE_ANKOU | _FOUR_ANKOU
#: The reading bits of each wait, and of the number of concealed triplets.
_WAIT_BITS = {"ryanmen": _RYANMEN, "tanki": _TANKI, "kanchan": 0, "penchan": 0, "shanpon": 0, "kokushi": 0}
_ANKOU_BITS = (0, 0, 0, _THREE_ANKOU, _FOUR_ANKOU)


_SEAT_WIND_TRIP, _ROUND_WIND_TRIP, _NORTH_YAKUHAI_TRIP, _PLAIN_PAIR = (
    NEEDS[name] for name in ("seat_wind_trip", "round_wind_trip", "north_yakuhai_trip", "plain_pair"))
#: The bits :func:`seat_bits` decides.
SEAT_BITS = _SEAT_WIND_TRIP | _ROUND_WIND_TRIP | _NORTH_YAKUHAI_TRIP | _PLAIN_PAIR


@functools.cache
def seat_tables(seat: int, round_wind: int,
                north_is_yakuhai: bool) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The :func:`seat_bits` of one seat, round and North rule as flat tables, and the fu of each pair.

    ``pairs[pair kind]`` (-1, no pair, is the last entry) holds the pair's bits: its
    :data:`_PAIR_BITS` and ``plain_pair``; ``winds[wind kinds]`` the bits of the wind triplets
    whose kinds are the bit set ``wind kinds`` (bit ``k - 27`` for East, South, West and North);
    ``fu[pair kind]`` is :func:`~.fu.pair_fu_table`.
    """
    fu = pair_fu_table(seat, round_wind, north_is_yakuhai)
    pairs = tuple(_PAIR_BITS[k] | (0 if fu[k] else _PLAIN_PAIR) for k in (*range(34), -1))
    winds = tuple((_SEAT_WIND_TRIP if kinds >> (seat - 27) & 1 else 0)
                  | (_ROUND_WIND_TRIP if kinds >> (round_wind - 27) & 1 else 0)
                  | (_NORTH_YAKUHAI_TRIP if north_is_yakuhai and kinds >> (NORTH - 27) & 1 else 0)
                  for kinds in range(16))
    return pairs, winds, fu


def seat_bits(facts: Facts, seat: int, round_wind: int, north_is_yakuhai: bool) -> int:
    """The :data:`NEEDS` bits of a decomposition that the seat and round decide (see :func:`seat_tables`)."""
    pairs, winds, _ = seat_tables(seat, round_wind, north_is_yakuhai)
    kinds = 0
    for k in facts.trips:
        if 27 <= k <= NORTH:
            kinds |= 1 << (k - 27)
    return pairs[facts.pair] | winds[kinds]


_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
          "chiihou")
_flags = attrgetter(*_FLAGS)  # the flags of a win in one call
# the bits of every combination of the flags (a double riichi is not also a riichi)
_FLAG_BITS = {
    flags: sum(NEEDS[name] for name, on in zip(_FLAGS, flags, strict=True) if on and not (
        name == "riichi" and flags[2]))
    for flags in itertools.product((False, True), repeat=len(_FLAGS))
}


def situation_bits(s: object) -> int:
    """The situation flags of a win (a :class:`~.hand.WinInput`) as :data:`NEEDS` bits.

    ``riichi`` is a riichi that is not a double riichi.
    """
    flags = _flags(s)
    found = _FLAG_BITS.get(flags)
    if found is None:  # flags that are not plain booleans
        found = _FLAG_BITS[tuple(bool(x) for x in flags)]
    return found


class HandSummary:
    """Facts about the whole hand (concealed tiles and melds) shared by every reading.

    ``bits`` holds them as :data:`NEEDS` bits; the yes/no attributes read the same bits.
    """

    __slots__ = ("counts", "win_kind", "bits", "_suit_bits")

    def __init__(self, counts: tuple[int, ...], win_kind: int) -> None:
        self.counts = c = counts
        self.win_kind = win_kind
        honours = sum(c[27:34])
        man = c[0] + c[8]  # 2m–8m never occur in sanma
        pin = sum(c[9:18])
        sou = sum(c[18:27])
        total = man + pin + sou + honours
        yaochuu = man + c[9] + c[17] + c[18] + c[26] + honours
        self._suit_bits = suits = (man > 0) | (pin > 0) << 1 | (sou > 0) << 2
        bits = (_HONOURS if honours else _NO_HONOURS) | (_YAOCHUU if yaochuu else _SIMPLES) | _ONE_SUIT_OF[suits]
        if yaochuu == total:
            bits |= _ALL_YAOCHUU
            if honours == total:
                bits |= _ALL_HONOURS
            if yaochuu - honours == total:
                bits |= _ALL_TERMINALS
        if not man and not pin and c[19] + c[20] + c[21] + c[23] + c[25] + c[HATSU] == total:  # GREEN_KINDS
            bits |= _ALL_GREEN
        self.bits = bits

    @property
    def suits(self) -> frozenset[int]:
        """The suits present: 0 characters, 1 dots, 2 bamboo."""
        return _SUIT_SETS[self._suit_bits]

    @property
    def has_honours(self) -> bool:
        return bool(self.bits & _HONOURS)

    @property
    def all_simples(self) -> bool:
        return bool(self.bits & _SIMPLES)

    @property
    def all_yaochuu(self) -> bool:
        return bool(self.bits & _ALL_YAOCHUU)

    @property
    def all_terminals(self) -> bool:
        return bool(self.bits & _ALL_TERMINALS)

    @property
    def all_honours(self) -> bool:
        return bool(self.bits & _ALL_HONOURS)

    @property
    def all_green(self) -> bool:
        return bool(self.bits & _ALL_GREEN)

    @property
    def win_count(self) -> int:
        """How many of the winning tile's kind the hand holds."""
        return self.counts[self.win_kind]


# the suits present (0 characters, 1 dots, 2 bamboo) by a bit set of them
_SUIT_SETS = tuple(frozenset(i for i in range(3) if bits >> i & 1) for bits in range(8))
_ONE_SUIT_OF = tuple(_ONE_SUIT if len(suits) == 1 else 0 for suits in _SUIT_SETS)


class MeldFacts:
    """What the called and concealed-kan sets add to every decomposition of a hand."""

    __slots__ = ("closed", "melded", "trips", "kans", "ankans", "fu", "outside", "dragon_sets", "wind_sets",
                 "dragon_bits", "bits")

    def __init__(self, melds: Sequence[Meld]) -> None:
        closed = True
        trips = []
        kans = ankans = fu = dragons = winds = dragon_bits = 0
        outside = True
        for m in melds:
            k = m.tile_kind
            trips.append(k)
            if m.kind == "pon":
                closed = False
                fu += TRIPLET_FU[False][k]
            elif m.kind == "ankan":
                kans += 1
                ankans += 1
                fu += KAN_FU[True][k]
            else:
                closed = False
                kans += 1
                fu += KAN_FU[False][k]
            if k >= 31:
                dragons += 1
                dragon_bits |= _DRAGON_TRIP_BIT[k]
            elif k >= 27:
                winds += 1
            elif not YAOCHUU[k]:
                outside = False
        self.closed = closed
        self.melded = bool(melds)
        self.bits = 0 if melds else _NO_MELDS  # the hand's NEEDS bits the melds decide
        self.trips = trips  # every meld is a triplet or a kan
        self.kans = kans
        self.ankans = ankans
        self.fu = fu
        self.outside = outside
        self.dragon_sets = dragons
        self.wind_sets = winds
        self.dragon_bits = dragon_bits


NO_MELDS = MeldFacts(())


class Facts:
    """What the yaku tests read about one reading, filled hand, decomposition and reading in turn.

    Hand: ``summary``, ``closed``, ``melded`` (any meld, concealed kans included), ``melds``.
    Decomposition: ``form`` (``regular``, ``chiitoitsu`` or ``kokushi``), ``pair`` (-1 unless
    regular), ``seqs`` and ``trips`` (first kinds, melds included; kans are in ``trips``),
    ``kans``, ``dragon_sets``, ``wind_sets``, ``peikou`` (pairs of identical sequences),
    ``outside`` (every set and the pair hold a terminal or honour), ``set_fu`` (the sets' fu,
    concealed triplets counted as concealed) and ``concealed_trips``.
    ``set_bits`` holds the hand's and the decomposition's :data:`NEEDS` bits, ``bits`` those and the
    reading's.
    Reading: ``wait``, ``ron_triplet`` (the winning tile completed a triplet by ron: it counts
    as open for fu and ankou) and ``ankou`` (concealed triplets).
    """

    __slots__ = ("summary", "closed", "melded", "melds", "form", "pair", "seqs", "trips", "kans", "dragon_sets",
                 "wind_sets", "peikou", "outside", "set_fu", "concealed_trips", "hand_bits", "set_bits", "bits", "wait", "ron_triplet",
                 "ankou")

    def __init__(self, summary: HandSummary, melds: MeldFacts) -> None:
        self.summary = summary
        self.closed = melds.closed
        self.melds = melds
        self.melded = melds.melded
        self.bits = self.hand_bits = summary.bits | melds.bits

    def set_regular(self, pair: int, sets: Sequence[tuple[int, int]], win_kind: int) -> list[tuple[int, int]]:
        """The facts of a regular decomposition, and its readings.

        ``sets`` are the concealed ``(TRIPLET or SEQ, first kind)``, sorted. The readings are the
        groups the winning tile can complete: ``(index in sets, or -1 for the pair; SEQ or
        TRIPLET, or -1)``; identical sets (next to each other) give one reading.
        """
        melds = self.melds
        seqs = []
        trips = melds.trips.copy()
        set_fu = melds.fu
        outside = melds.outside and YAOCHUU[pair]
        dragons = melds.dragon_sets
        winds = melds.wind_sets
        dragon_bits = melds.dragon_bits
        peikou = 0
        last_seq = -1  # a sequence not yet paired with an identical one
        candidates = [(-1, -1)] if pair == win_kind else []
        previous = None
        i = -1
        for tk in sets:
            i += 1
            t, k = tk
            if t:
                trips.append(k)
                set_fu += _CONCEALED_TRIPLET_FU[k]
                if k >= 27:
                    if k >= 31:
                        dragons += 1
                        dragon_bits |= _DRAGON_TRIP_BIT[k]
                    else:
                        winds += 1
                elif outside and not YAOCHUU[k]:
                    outside = False
                if k == win_kind and tk != previous:
                    previous = tk
                    candidates.append((i, t))
            else:
                seqs.append(k)
                if k == last_seq:
                    peikou += 1
                    last_seq = -1
                else:
                    last_seq = k
                if outside and not SEQ_OUTSIDE[k]:
                    outside = False
                if k <= win_kind <= k + 2 and tk != previous:
                    previous = tk
                    candidates.append((i, t))
        self.form = "regular"
        self.pair = pair
        self.seqs = seqs
        self.trips = trips
        self.kans = kans = melds.kans
        self.dragon_sets = dragons
        self.wind_sets = winds
        self.peikou = peikou
        self.outside = outside
        self.set_fu = set_fu
        self.concealed_trips = len(trips) - len(melds.trips) + melds.ankans
        bits = (self.hand_bits | _REGULAR | _TRIP_BITS[len(trips)] | _SEQ_BITS[len(seqs)] | _PEIKOU_BITS[peikou]
                | _KAN_BITS[kans] | _PAIR_BITS[pair])
        if len(seqs) >= 3 and ((9 in seqs and 12 in seqs and 15 in seqs) or (18 in seqs and 21 in seqs and 24 in seqs)):
            bits |= _STRAIGHT
        # characters have only 1m and 9m, so only terminal triplets can match across the three suits
        if len(trips) >= 3 and ((0 in trips and 9 in trips and 18 in trips) or (8 in trips and 17 in trips
                                                                                 and 26 in trips)):
            bits |= _THREE_COLOUR_TRIPS
        if dragons or winds:
            bits |= _HONOUR_TRIPS | dragon_bits | _DRAGON_COUNT_BITS[dragons] | _WIND_COUNT_BITS[winds]
        if outside:
            bits |= _OUTSIDE
        self.set_bits = self.bits = bits
        return candidates

    def set_special(self, form: str) -> None:
        """The facts of seven pairs or thirteen orphans: no sets, no pair of the regular kind."""
        self.form = form
        self.pair = -1
        self.seqs = []
        self.trips = []
        self.kans = self.dragon_sets = self.wind_sets = self.peikou = self.set_fu = self.concealed_trips = 0
        self.outside = False
        self.set_bits = bits = self.hand_bits | FORM_BITS[form]
        self.wait = wait = SPECIAL_WAIT[form]  # the only reading of a special form
        self.bits = bits | _WAIT_BITS[wait]
        self.ron_triplet = False
        self.ankou = 0

    def read(self, sets: Sequence[tuple[int, int]], index: int, win_kind: int, tsumo: bool) -> str:
        """The facts of the regular reading whose winning tile completes ``sets[index]`` (-1: the pair); the wait."""
        ankou = self.concealed_trips
        ron_triplet = False
        if index < 0:
            wait = "tanki"
        else:
            t, k = sets[index]
            if t:
                wait = "shanpon"
                if not tsumo:
                    ron_triplet = True
                    ankou -= 1
            elif win_kind == k + 1:
                wait = "kanchan"
            elif (k % 9 == 0 and win_kind == k + 2) or (k % 9 == 6 and win_kind == k):
                wait = "penchan"
            else:
                wait = "ryanmen"
        self.wait = wait
        self.ron_triplet = ron_triplet
        self.ankou = ankou
        self.bits = self.set_bits | _WAIT_BITS[wait] | _ANKOU_BITS[ankou]
        return wait


__all__ = ["FORM_BITS", "GREEN_KINDS", "HAND_BITS", "KAN_FU", "NEEDS", "NO_MELDS", "READING_BITS", "SEQ_OUTSIDE",
           "SEAT_BITS", "SITUATION_BITS", "TRIPLET_FU", "YAOCHUU", "Facts", "HandSummary", "MeldFacts",
           "SPECIAL_WAIT", "seat_bits", "seat_tables", "situation_bits"]
