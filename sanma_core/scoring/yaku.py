"""The yaku catalogue: one entry per yaku with its names, han and one predicate.

Each predicate looks at a :class:`Reading` (one way to read the hand), the
situation flags of the win and the ruleset. What sanma makes impossible
(character sequences, sanshoku doujun) is simply never satisfied.

>>> YAKU["pinfu"].romaji, YAKU["pinfu"].kanji, YAKU["pinfu"].han_closed, YAKU["pinfu"].han_open
('Pinfu', '平和', 1, 0)
>>> YAKU["honitsu"].han(closed=False)
2
>>> [y.id for y in YAKU.values() if y.yakuman][:3]
['kokushi', 'kokushi_13', 'suuankou']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..tiles import CHUN, DRAGONS, HAKU, HATSU, NORTH, TERMINALS, TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    from ..rules import Ruleset

WIND_KINDS = frozenset({27, 28, 29, 30})
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, HATSU})
_TERMINAL_LIST = [k in TERMINALS for k in range(34)]
_YAOCHUU_LIST = [k in TERMINALS_AND_HONOURS for k in range(34)]


class HandSummary:
    """Facts about the whole hand (concealed tiles and melds) shared by every reading."""

    __slots__ = ("counts", "suits", "has_honours", "all_simples", "all_yaochuu", "all_terminals", "all_honours",
                 "all_green", "win_kind", "win_count", "maybe_yakuman")

    def __init__(self, counts: tuple[int, ...], win_kind: int) -> None:
        self.counts = c = counts
        honours = c[27] + c[28] + c[29] + c[30] + c[31] + c[32] + c[33]
        man = c[0] + c[8]  # 2m–8m never occur in sanma
        pin = sum(c[9:18])
        sou = sum(c[18:27])
        total = man + pin + sou + honours
        yaochuu = man + c[9] + c[17] + c[18] + c[26] + honours
        self.suits = _SUIT_SETS[(man > 0) | (pin > 0) << 1 | (sou > 0) << 2]
        self.has_honours = honours > 0
        self.all_simples = yaochuu == 0
        self.all_yaochuu = yaochuu == total
        self.all_terminals = yaochuu - honours == total
        self.all_honours = honours == total
        self.all_green = c[19] + c[20] + c[21] + c[23] + c[25] + c[HATSU] == total
        self.win_kind = win_kind
        self.win_count = c[win_kind]
        # a necessary condition of the hand-wide yakuman (all honours / green / terminals, nine gates)
        self.maybe_yakuman = (self.all_honours or self.all_green or self.all_terminals
                              or (not honours and not man and (pin == 0) != (sou == 0)))


# the suits present (0 characters, 1 dots, 2 bamboo) by a bit set of them
_SUIT_SETS = tuple(frozenset(i for i in range(3) if bits >> i & 1) for bits in range(8))


class Group(NamedTuple):
    """One set of a regular reading.

    ``shape`` is ``"sequence"``, ``"triplet"`` or ``"kan"``; ``tile`` its first kind;
    ``source`` ``"hand"``, ``"pon"``, ``"minkan"`` or ``"ankan"``; ``concealed`` tells
    whether it counts as concealed for fu and ankou (a triplet completed by ron does not).
    """

    shape: str
    tile: int
    source: str
    concealed: bool

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == "sequence":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.shape == "kan" else 3)


class Reading:
    """One way to read a complete hand: the form, its groups, the pair(s) and the wait.

    ``form`` is ``"regular"``, ``"chiitoitsu"`` or ``"kokushi"``; ``pair`` the pair kind of a
    regular reading (-1 otherwise); ``pairs`` the seven pairs of chiitoitsu; ``wait`` one of
    ``ryanmen kanchan penchan tanki shanpon kokushi``; ``win_group`` the index of the group the
    winning tile completes (-1: the pair, or not regular).
    """

    __slots__ = ("form", "groups", "pair", "pairs", "wait", "win_group", "closed", "summary", "seqs", "trips",
                 "ankou", "kans", "dragon_sets", "wind_sets", "peikou", "memo")

    def __init__(self, form: str, groups: tuple[Group, ...], pair: int, pairs: tuple[int, ...], wait: str,
                 win_group: int, closed: bool, summary: HandSummary) -> None:
        self.form = form
        self.groups = groups
        self.pair = pair
        self.pairs = pairs
        self.wait = wait
        self.win_group = win_group
        self.closed = closed
        self.summary = summary
        seqs = []
        trips = []
        ankou = kans = dragons = winds = 0
        for g in groups:
            if g.shape == "sequence":
                seqs.append(g.tile)
                continue
            t = g.tile
            trips.append(t)
            if g.concealed:
                ankou += 1
            if g.shape == "kan":
                kans += 1
            if t >= 31:
                dragons += 1
            elif t >= 27:
                winds += 1
        self.seqs = tuple(seqs)
        self.trips = tuple(trips)
        self.ankou = ankou
        self.kans = kans
        self.dragon_sets = dragons
        self.wind_sets = winds
        peikou = 0
        if len(seqs) >= 2:
            seen: dict[int, int] = {}
            for t in seqs:
                seen[t] = seen.get(t, 0) + 1
            peikou = sum(n // 2 for n in seen.values())
        self.peikou = peikou  # pairs of identical sequences
        self.memo: dict = {}  # per-situation results cached by the scorer

    def variant(self, groups: tuple[Group, ...], wait: str, win_group: int) -> Reading:
        """The same decomposition read with another winning group (only the ankou count can change)."""
        other = object.__new__(Reading)
        for name in Reading.__slots__:
            setattr(other, name, getattr(self, name))
        other.groups = groups
        other.wait = wait
        other.win_group = win_group
        other.ankou = sum(1 for g in groups if g.shape != "sequence" and g.concealed)
        other.memo = {}
        return other


class Situation:
    """The situation flags a predicate may read (a :class:`~sanma_core.scoring.hand.WinInput` fits)."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    seat: int
    round: int


Predicate = Callable[[Reading, Situation, "Ruleset"], bool]


@dataclass(frozen=True)
class Yaku:
    """A yaku: ids from RULES.md section 3, han closed/open (0 open = closed only)."""

    id: str
    name: str
    romaji: str
    kanji: str
    han_closed: int
    han_open: int
    test: Predicate = field(repr=False, compare=False)
    yakuman: bool = False
    special: bool = False  # a special yakuman form: double when rules.double_yakuman_special

    def han(self, closed: bool) -> int:
        return self.han_closed if closed else self.han_open

    def multiplier(self, rules: Ruleset) -> int:
        """Yakuman multiplier under the ruleset (0 for ordinary yaku)."""
        if not self.yakuman:
            return 0
        return 2 if self.special and rules.double_yakuman_special else 1


# ---- predicates -------------------------------------------------------------

def _regular(r: Reading) -> bool:
    return r.form == "regular"


def _pinfu(r: Reading, s: Situation, rules: Ruleset) -> bool:
    return (
        r.closed
        and r.form == "regular"
        and not r.trips
        and r.wait == "ryanmen"
        and pair_fu(r.pair, s.seat, s.round, rules) == 0
    )


def _has_trip(kind: int) -> Predicate:
    return lambda r, s, rules: kind in r.trips


def _outside(r: Reading, allowed: list[bool]) -> bool:
    if r.form != "regular" or not r.seqs or not allowed[r.pair]:
        return False
    for g in r.groups:
        if g.shape == "sequence":
            if not (allowed[g.tile] or allowed[g.tile + 2]):
                return False
        elif not allowed[g.tile]:
            return False
    return True


def _ittsu(r: Reading) -> bool:
    s = r.seqs
    return (9 in s and 12 in s and 15 in s) or (18 in s and 21 in s and 24 in s)


def _sanshoku_doukou(r: Reading) -> bool:
    # characters have only 1m and 9m, so only terminal triplets can match across the three suits
    t = r.trips
    return (0 in t and 9 in t and 18 in t) or (8 in t and 17 in t and 26 in t)


def _four_concealed(r: Reading) -> bool:
    return r.closed and r.form == "regular" and r.ankou == 4


def _chuuren(r: Reading) -> bool:
    if r.form != "regular" or not r.closed or any(g.source != "hand" for g in r.groups):
        return False
    sm = r.summary
    if sm.has_honours or len(sm.suits) != 1:
        return False
    base = 9 * next(iter(sm.suits))
    if base == 0:
        return False
    c = list(sm.counts[base : base + 9])
    if c[0] < 3 or c[8] < 3 or any(x < 1 for x in c):
        return False
    c[0] -= 2
    c[8] -= 2
    return sorted(c) == [1, 1, 1, 1, 1, 1, 1, 1, 2]


def _pure_chuuren(r: Reading) -> bool:
    return r.summary.win_count in (2, 4)


def _honitsu(r: Reading) -> bool:
    return r.summary.has_honours and len(r.summary.suits) == 1


def _chinitsu(r: Reading) -> bool:
    return not r.summary.has_honours and len(r.summary.suits) == 1


def _seat_wind(r: Reading, s: Situation, rules: Ruleset) -> bool:
    return s.seat in r.trips


def _round_wind(r: Reading, s: Situation, rules: Ruleset) -> bool:
    return s.round in r.trips


def pair_fu(pair: int, seat: int, round_wind: int, rules: Ruleset) -> int:
    """Fu of a pair: 2 for a dragon, 2 each for the seat and round wind, North 0 unless yakuhai."""
    if pair in DRAGONS:
        return 2
    fu = 0
    if pair == seat:
        fu += 2
    if pair == round_wind:
        fu += 2
    if pair == NORTH and rules.north_is_yakuhai:
        fu += 2
    return fu


_CATALOGUE = [
    Yaku("riichi", "Riichi", "Riichi", "立直", 1, 0, lambda r, s, rules: s.riichi and not s.double_riichi),
    Yaku("double_riichi", "Double riichi", "Daburu riichi", "両立直", 2, 0, lambda r, s, rules: s.double_riichi),
    Yaku("ippatsu", "One shot", "Ippatsu", "一発", 1, 0, lambda r, s, rules: s.ippatsu),
    Yaku("menzen_tsumo", "Fully concealed self-draw", "Menzen tsumo", "門前清自摸和", 1, 0,
         lambda r, s, rules: r.closed and s.tsumo),
    Yaku("pinfu", "All sequences, no fu", "Pinfu", "平和", 1, 0, _pinfu),
    Yaku("tanyao", "All simples", "Tanyao", "断么九", 1, 1,
         lambda r, s, rules: r.summary.all_simples and (r.closed or rules.open_tanyao)),
    Yaku("iipeikou", "Pure double sequence", "Iipeikou", "一盃口", 1, 0,
         lambda r, s, rules: r.closed and r.peikou == 1),
    Yaku("haku", "White dragon", "Haku", "白", 1, 1, _has_trip(HAKU)),
    Yaku("hatsu", "Green dragon", "Hatsu", "發", 1, 1, _has_trip(HATSU)),
    Yaku("chun", "Red dragon", "Chun", "中", 1, 1, _has_trip(CHUN)),
    Yaku("seat_wind", "Seat wind", "Jikaze", "自風", 1, 1, _seat_wind),
    Yaku("round_wind", "Round wind", "Bakaze", "場風", 1, 1, _round_wind),
    Yaku("north_wind", "North wind (house rule)", "Peifuu", "北", 1, 1,
         lambda r, s, rules: rules.north_is_yakuhai and NORTH in r.trips),
    Yaku("rinshan_kaihou", "After a kan or kita", "Rinshan kaihou", "嶺上開花", 1, 1, lambda r, s, rules: s.rinshan),
    Yaku("chankan", "Robbing a kan", "Chankan", "搶槓", 1, 1, lambda r, s, rules: s.chankan),
    Yaku("haitei", "Last tile drawn", "Haitei raoyue", "海底摸月", 1, 1, lambda r, s, rules: s.haitei),
    Yaku("houtei", "Last tile discarded", "Houtei raoyui", "河底撈魚", 1, 1, lambda r, s, rules: s.houtei),
    Yaku("chiitoitsu", "Seven pairs", "Chiitoitsu", "七対子", 2, 0, lambda r, s, rules: r.form == "chiitoitsu"),
    Yaku("toitoi", "All triplets", "Toitoi", "対々和", 2, 2, lambda r, s, rules: _regular(r) and len(r.trips) == 4),
    Yaku("sanankou", "Three concealed triplets", "Sanankou", "三暗刻", 2, 2, lambda r, s, rules: r.ankou == 3),
    Yaku("sanshoku_doukou", "Triple triplets", "Sanshoku doukou", "三色同刻", 2, 2,
         lambda r, s, rules: _sanshoku_doukou(r)),
    Yaku("sankantsu", "Three kans", "Sankantsu", "三槓子", 2, 2, lambda r, s, rules: r.kans == 3),
    Yaku("honroutou", "All terminals and honours", "Honroutou", "混老頭", 2, 2,
         lambda r, s, rules: r.form != "kokushi" and not r.seqs and r.summary.all_yaochuu),
    Yaku("shousangen", "Little three dragons", "Shousangen", "小三元", 2, 2,
         lambda r, s, rules: r.dragon_sets == 2 and r.pair in DRAGONS),
    Yaku("chanta", "Half outside hand", "Chanta", "混全帯么九", 2, 1,
         lambda r, s, rules: r.summary.has_honours and _outside(r, _YAOCHUU_LIST)),
    Yaku("ittsu", "Pure straight", "Ittsu", "一気通貫", 2, 1, lambda r, s, rules: _ittsu(r)),
    Yaku("honitsu", "Half flush", "Honitsu", "混一色", 3, 2, lambda r, s, rules: _honitsu(r)),
    Yaku("junchan", "Fully outside hand", "Junchan", "純全帯么九", 3, 2,
         lambda r, s, rules: _outside(r, _TERMINAL_LIST)),
    Yaku("ryanpeikou", "Twice pure double sequence", "Ryanpeikou", "二盃口", 3, 0,
         lambda r, s, rules: r.closed and r.peikou == 2),
    Yaku("chinitsu", "Full flush", "Chinitsu", "清一色", 6, 5, lambda r, s, rules: _chinitsu(r)),
    # yakuman
    Yaku("kokushi", "Thirteen orphans", "Kokushi musou", "国士無双", 13, 0,
         lambda r, s, rules: r.form == "kokushi" and r.summary.win_count != 2, yakuman=True),
    Yaku("kokushi_13", "Thirteen orphans, 13-sided wait", "Kokushi musou juusanmen machi", "国士無双十三面待ち", 13, 0,
         lambda r, s, rules: r.form == "kokushi" and r.summary.win_count == 2, yakuman=True, special=True),
    Yaku("suuankou", "Four concealed triplets", "Suuankou", "四暗刻", 13, 0,
         lambda r, s, rules: _four_concealed(r) and r.wait != "tanki", yakuman=True),
    Yaku("suuankou_tanki", "Four concealed triplets, pair wait", "Suuankou tanki", "四暗刻単騎", 13, 0,
         lambda r, s, rules: _four_concealed(r) and r.wait == "tanki", yakuman=True, special=True),
    Yaku("daisangen", "Big three dragons", "Daisangen", "大三元", 13, 13,
         lambda r, s, rules: r.dragon_sets == 3, yakuman=True),
    Yaku("shousuushii", "Little four winds", "Shousuushii", "小四喜", 13, 13,
         lambda r, s, rules: r.wind_sets == 3 and r.pair in WIND_KINDS, yakuman=True),
    Yaku("daisuushii", "Big four winds", "Daisuushii", "大四喜", 13, 13,
         lambda r, s, rules: r.wind_sets == 4, yakuman=True, special=True),
    Yaku("tsuuiisou", "All honours", "Tsuuiisou", "字一色", 13, 13,
         lambda r, s, rules: r.form != "kokushi" and r.summary.all_honours, yakuman=True),
    Yaku("ryuuiisou", "All green", "Ryuuiisou", "緑一色", 13, 13,
         lambda r, s, rules: r.form != "kokushi" and r.summary.all_green, yakuman=True),
    Yaku("chinroutou", "All terminals", "Chinroutou", "清老頭", 13, 13,
         lambda r, s, rules: r.form != "kokushi" and r.summary.all_terminals, yakuman=True),
    Yaku("chuuren", "Nine gates", "Chuuren poutou", "九蓮宝燈", 13, 0,
         lambda r, s, rules: _chuuren(r) and not _pure_chuuren(r), yakuman=True),
    Yaku("junsei_chuuren", "True nine gates", "Junsei chuuren poutou", "純正九蓮宝燈", 13, 0,
         lambda r, s, rules: _chuuren(r) and _pure_chuuren(r), yakuman=True, special=True),
    Yaku("suukantsu", "Four kans", "Suukantsu", "四槓子", 13, 13, lambda r, s, rules: r.kans == 4, yakuman=True),
    Yaku("tenhou", "Blessing of heaven", "Tenhou", "天和", 13, 0, lambda r, s, rules: s.tenhou, yakuman=True),
    Yaku("chiihou", "Blessing of earth", "Chiihou", "地和", 13, 0, lambda r, s, rules: s.chiihou, yakuman=True),
]

#: Every yaku by id, in the order of RULES.md section 3 (``north_wind`` only counts under ``north_is_yakuhai``).
YAKU: dict[str, Yaku] = {y.id: y for y in _CATALOGUE}
ORDINARY: tuple[Yaku, ...] = tuple(y for y in _CATALOGUE if not y.yakuman)
YAKUMAN: tuple[Yaku, ...] = tuple(y for y in _CATALOGUE if y.yakuman)

# A shortcut, not a rule: these yaku can only hold with triplets/kans, or only with sequences.
_NEEDS_SETS = frozenset({"haku", "hatsu", "chun", "seat_wind", "round_wind", "north_wind", "toitoi", "sanankou",
                         "sanshoku_doukou", "sankantsu", "shousangen"})
_NEEDS_SEQS = frozenset({"pinfu", "iipeikou", "chanta", "ittsu", "junchan", "ryanpeikou"})
_NEEDS_HONOURS = frozenset({"haku", "hatsu", "chun", "seat_wind", "round_wind", "north_wind", "shousangen", "chanta",
                            "honitsu"})
_NEEDS_YAOCHUU = frozenset({"honroutou", "chanta", "junchan", "sanshoku_doukou"})
_NEEDS_SIMPLES_ONLY = frozenset({"tanyao"})
#: Yaku that read only the situation flags (the others read the reading, seat and round wind and
#: the ruleset's open_tanyao / north_is_yakuhai, so their result is memoised per reading).
SITUATION_ONLY = frozenset({"riichi", "double_riichi", "ippatsu", "menzen_tsumo", "rinshan_kaihou", "chankan",
                            "haitei", "houtei"})
_SITUATION = {closed: tuple(y for y in ORDINARY if y.id in SITUATION_ONLY and (closed or y.han_open))
              for closed in (False, True)}
_SHAPE = {
    (closed, sets, seqs, honours, simples): tuple(
        y for y in ORDINARY
        if y.id not in SITUATION_ONLY and (closed or y.han_open)
        and (sets or y.id not in _NEEDS_SETS) and (seqs or y.id not in _NEEDS_SEQS)
        and (honours or y.id not in _NEEDS_HONOURS)
        and (not simples or y.id not in _NEEDS_YAOCHUU) and (simples or y.id not in _NEEDS_SIMPLES_ONLY)
    )
    for closed in (False, True) for sets in (False, True) for seqs in (False, True)
    for honours in (False, True) for simples in (False, True)
}
_ORDER = {y.id: i for i, y in enumerate(_CATALOGUE)}


def _order(y: Yaku) -> int:
    return _ORDER[y.id]


def find_yaku(reading: Reading, situation: Situation, rules: Ruleset) -> tuple[list[Yaku], int]:
    """The yaku of one reading and the yakuman multiplier (yakuman hide ordinary yaku).

    Exclusive pairs are settled here: ryanpeikou over iipeikou, chinitsu over honitsu,
    junchan over chanta, double riichi over riichi.
    """
    r = reading
    if (r.summary.maybe_yakuman or r.ankou == 4 or r.kans == 4 or r.dragon_sets == 3 or r.wind_sets >= 3
            or r.form == "kokushi" or situation.tenhou or situation.chiihou):
        found = [y for y in YAKUMAN if y.test(reading, situation, rules)]
        if found:
            return found, sum(y.multiplier(rules) for y in found)
    key = ("yaku", situation.seat, situation.round, rules.open_tanyao, rules.north_is_yakuhai)
    shape = r.memo.get(key)
    if shape is None:
        sm = r.summary
        shape = r.memo[key] = [y for y in _SHAPE[(r.closed, bool(r.trips), bool(r.seqs), sm.has_honours,
                                                  sm.all_simples)]
                               if y.test(r, situation, rules)]
    flags = [y for y in _SITUATION[r.closed] if y.test(r, situation, rules)]
    if not flags:
        return list(shape), 0
    if not shape:
        return flags, 0
    return sorted(flags + shape, key=_order), 0
