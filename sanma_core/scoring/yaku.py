"""The yaku catalogue: one entry per yaku with its names, han, the facts it needs and one test.

An entry holds when every yes/no fact it names in ``needs`` holds (see
:data:`~sanma_core.scoring.facts.NEEDS`: honours in the hand, a riichi declared, triplets in
the decomposition, …) and its ``test``, if any, passes on the
:class:`~sanma_core.scoring.facts.Facts` of the reading, the situation flags of the win and
the ruleset. ``scope`` says at which step of reading a hand the entry can be decided (the
hand, a decomposition or a reading), so the scorer asks each entry once per step, and only
where its needs hold. What sanma makes impossible (character sequences, sanshoku doujun) is
simply never satisfied.

Adding a yaku (a house rule, say) is one more entry: ``CATALOGUE.extended(Yaku(...))`` gives
a catalogue to pass to :func:`~sanma_core.scoring.hand.score_hand`.

>>> YAKU["pinfu"].romaji, YAKU["pinfu"].kanji, YAKU["pinfu"].han_closed, YAKU["pinfu"].han_open
('Pinfu', '平和', 1, 0)
>>> YAKU["honitsu"].han(closed=False)
2
>>> [y.id for y in YAKU.values() if y.yakuman][:3]
['kokushi', 'kokushi_13', 'suuankou']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

from ..i18n import N_
from .facts import HAND_BITS, NEEDS, READING_BITS, SITUATION_BITS, Facts, HandSummary, seat_bits, situation_bits

if TYPE_CHECKING:
    from ..rules import Ruleset

class Situation:
    """The situation flags a test may read (a :class:`~sanma_core.scoring.hand.WinInput` fits)."""

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


Predicate = Callable[[Facts, Situation, "Ruleset"], bool]


class Scope(IntEnum):
    """The step of reading a hand after which an entry can be decided (see :mod:`.facts`)."""

    HAND = 0  # the summary, closed or not, melds, the situation and the ruleset
    DECOMPOSITION = 1  # also the sets and pair, or the special form
    READING = 2  # also the wait and the concealed triplets


_EARLY_BITS = HAND_BITS | SITUATION_BITS  # what a HAND entry may need


@dataclass(frozen=True)
class Yaku:
    """A yaku: ids from RULES.md section 3, han closed/open (0 open = closed only).

    It holds when every fact named in ``needs`` holds and ``test`` (when given) passes;
    ``scope`` is the earliest step of reading a hand at which that is known.
    ``why`` says in words what a hand with the yaku shows (the explanations read it).
    """

    id: str
    name: str
    romaji: str
    kanji: str
    han_closed: int
    han_open: int
    test: Predicate | None = field(default=None, repr=False, compare=False)
    yakuman: bool = False
    special: bool = False  # a special yakuman form: double when rules.double_yakuman_special
    scope: Scope = Scope.HAND
    needs: frozenset[str] = frozenset()
    why: str = field(default="", repr=False, compare=False)  # what the hand shows, in words ("seven different pairs")
    needs_mask: int = field(init=False, repr=False, compare=False)  # ``needs`` as NEEDS bits

    def __post_init__(self) -> None:
        unknown = self.needs - NEEDS.keys()
        if unknown:
            raise ValueError(f"yaku {self.id!r} needs unknown facts {sorted(unknown)}; known: {list(NEEDS)}")
        mask = sum(NEEDS[name] for name in self.needs)
        if self.scope == Scope.HAND and mask & ~_EARLY_BITS:
            raise ValueError(f"yaku {self.id!r}: an entry decided by the hand cannot need decomposition facts")
        if self.scope == Scope.DECOMPOSITION and mask & READING_BITS:
            raise ValueError(f"yaku {self.id!r}: an entry decided by the decomposition cannot need reading facts")
        object.__setattr__(self, "needs_mask", mask)

    def han(self, closed: bool) -> int:
        return self.han_closed if closed else self.han_open

    def multiplier(self, rules: Ruleset) -> int:
        """Yakuman multiplier under the ruleset (0 for ordinary yaku)."""
        if not self.yakuman:
            return 0
        return 2 if self.special and rules.double_yakuman_special else 1



def _decomposition(*needs: str) -> dict:
    return {"scope": Scope.DECOMPOSITION, "needs": frozenset(needs)}


def _reading(*needs: str) -> dict:
    return {"scope": Scope.READING, "needs": frozenset(needs)}


def _hand(*needs: str) -> dict:
    return {"needs": frozenset(needs)}


# ---- tests (beyond what the needs say) ---------------------------------------

def _chuuren(f: Facts) -> bool:
    """Nine gates: 1112345678999 of one suit plus one more, all concealed and uncalled."""
    sm = f.summary
    if f.melded or sm.has_honours:
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


def _pure_chuuren(f: Facts) -> bool:
    return f.summary.win_count in (2, 4)


_ENTRIES = [
    Yaku("riichi", N_("Riichi"), "Riichi", "立直", 1, 0, **_hand("riichi"),
         why=N_("riichi was declared on a closed tenpai hand")),
    Yaku("double_riichi", N_("Double riichi"), "Daburu riichi", "両立直", 2, 0, **_hand("double_riichi"),
         why=N_("riichi on the very first discard, before any call")),
    Yaku("ippatsu", N_("One shot"), "Ippatsu", "一発", 1, 0, **_hand("ippatsu"),
         why=N_("the win came within one go-around of the riichi, with no call in between")),
    Yaku("menzen_tsumo", N_("Fully concealed self-draw"), "Menzen tsumo", "門前清自摸和", 1, 0, **_hand("tsumo"),
         why=N_("a closed hand won by self-draw")),
    Yaku("pinfu", N_("All sequences, no fu"), "Pinfu", "平和", 1, 0, **_reading("four_seqs", "ryanmen", "plain_pair"),
         why=N_("all sequences, a pair worth no fu and a two-sided wait, closed")),
    Yaku("tanyao", N_("All simples"), "Tanyao", "断么九", 1, 1, lambda f, s, rules: f.closed or rules.open_tanyao,
         **_hand("simples"), why=N_("only 2–8 tiles (in sanma: no 1m or 9m at all)")),
    Yaku("iipeikou", N_("Pure double sequence"), "Iipeikou", "一盃口", 1, 0, **_decomposition("peikou"),
         why=N_("two identical sequences in a closed hand")),
    Yaku("haku", N_("White dragon"), "Haku", "白", 1, 1, **_decomposition("haku_trip"), why=N_("a triplet of white dragons")),
    Yaku("hatsu", N_("Green dragon"), "Hatsu", "發", 1, 1, **_decomposition("hatsu_trip"), why=N_("a triplet of green dragons")),
    Yaku("chun", N_("Red dragon"), "Chun", "中", 1, 1, **_decomposition("chun_trip"), why=N_("a triplet of red dragons")),
    Yaku("seat_wind", N_("Seat wind"), "Jikaze", "自風", 1, 1, **_decomposition("seat_wind_trip"),
         why=N_("a triplet of the seat wind")),
    Yaku("round_wind", N_("Round wind"), "Bakaze", "場風", 1, 1, **_decomposition("round_wind_trip"),
         why=N_("a triplet of the round wind")),
    Yaku("north_wind", N_("North wind (house rule)"), "Peifuu", "北", 1, 1, **_decomposition("north_yakuhai_trip"),
         why=N_("a North triplet, a value triplet under this ruleset")),
    Yaku("rinshan_kaihou", N_("After a kan or kita"), "Rinshan kaihou", "嶺上開花", 1, 1, **_hand("rinshan"),
         why=N_("the winning tile was the replacement draw after a kan or a North set aside")),
    Yaku("chankan", N_("Robbing a kan"), "Chankan", "搶槓", 1, 1, **_hand("chankan"), why=N_("a ron on a tile added to a pon")),
    Yaku("haitei", N_("Last tile drawn"), "Haitei raoyue", "海底摸月", 1, 1, **_hand("haitei"),
         why=N_("a self-draw on the last live tile")),
    Yaku("houtei", N_("Last tile discarded"), "Houtei raoyui", "河底撈魚", 1, 1, **_hand("houtei"),
         why=N_("a ron on the last discard")),
    Yaku("chiitoitsu", N_("Seven pairs"), "Chiitoitsu", "七対子", 2, 0, **_decomposition("chiitoitsu"),
         why=N_("seven different pairs")),
    Yaku("toitoi", N_("All triplets"), "Toitoi", "対々和", 2, 2, **_decomposition("four_trips"),
         why=N_("four triplets or kans and a pair")),
    Yaku("sanankou", N_("Three concealed triplets"), "Sanankou", "三暗刻", 2, 2, **_reading("three_ankou"),
         why=N_("three concealed triplets")),
    Yaku("sanshoku_doukou", N_("Triple triplets"), "Sanshoku doukou", "三色同刻", 2, 2,
         **_decomposition("three_colour_trips"),
         why=N_("triplets of one number in all three suits (only 1 or 9 in sanma)")),
    Yaku("sankantsu", N_("Three kans"), "Sankantsu", "三槓子", 2, 2, **_decomposition("three_kans"),
         why=N_("three kans (a North set aside never counts as one)")),
    Yaku("honroutou", N_("All terminals and honours"), "Honroutou", "混老頭", 2, 2,
         lambda f, s, rules: f.form != "kokushi" and not f.seqs, **_decomposition("all_yaochuu"),
         why=N_("only terminals and honours")),
    Yaku("shousangen", N_("Little three dragons"), "Shousangen", "小三元", 2, 2,
         **_decomposition("two_dragon_trips", "dragon_pair"), why=N_("two dragon triplets and a dragon pair")),
    Yaku("chanta", N_("Half outside hand"), "Chanta", "混全帯么九", 2, 1, **_decomposition("seqs", "outside", "honours"),
         why=N_("every set and the pair hold a terminal or an honour")),
    Yaku("ittsu", N_("Pure straight"), "Ittsu", "一気通貫", 2, 1, **_decomposition("straight"),
         why=N_("123, 456 and 789 of one suit")),
    Yaku("honitsu", N_("Half flush"), "Honitsu", "混一色", 3, 2, **_hand("one_suit", "honours"), why=N_("one suit with honours")),
    Yaku("junchan", N_("Fully outside hand"), "Junchan", "純全帯么九", 3, 2,
         **_decomposition("seqs", "outside", "no_honours"), why=N_("every set and the pair hold a terminal, no honours")),
    Yaku("ryanpeikou", N_("Twice pure double sequence"), "Ryanpeikou", "二盃口", 3, 0, **_decomposition("two_peikou"),
         why=N_("two pairs of identical sequences")),
    Yaku("chinitsu", N_("Full flush"), "Chinitsu", "清一色", 6, 5, **_hand("one_suit", "no_honours"), why=N_("one suit only")),
    # yakuman
    Yaku("kokushi", N_("Thirteen orphans"), "Kokushi musou", "国士無双", 13, 0,
         lambda f, s, rules: f.summary.win_count != 2, yakuman=True, **_decomposition("kokushi"),
         why=N_("one of each terminal and honour plus a pair of one of them")),
    Yaku("kokushi_13", N_("Thirteen orphans, 13-sided wait"), "Kokushi musou juusanmen machi", "国士無双十三面待ち", 13, 0,
         lambda f, s, rules: f.summary.win_count == 2, yakuman=True, special=True, **_decomposition("kokushi"),
         why=N_("all thirteen terminals and honours, the win on the thirteen-sided wait")),
    Yaku("suuankou", N_("Four concealed triplets"), "Suuankou", "四暗刻", 13, 0,
         lambda f, s, rules: f.wait != "tanki", yakuman=True, **_reading("four_ankou"), why=N_("four concealed triplets")),
    Yaku("suuankou_tanki", N_("Four concealed triplets, pair wait"), "Suuankou tanki", "四暗刻単騎", 13, 0,
         yakuman=True, special=True, **_reading("four_ankou", "tanki"),
         why=N_("four concealed triplets won on the pair wait")),
    Yaku("daisangen", N_("Big three dragons"), "Daisangen", "大三元", 13, 13, yakuman=True,
         **_decomposition("three_dragon_trips"), why=N_("triplets of all three dragons")),
    Yaku("shousuushii", N_("Little four winds"), "Shousuushii", "小四喜", 13, 13, yakuman=True,
         **_decomposition("three_wind_trips", "wind_pair"), why=N_("three wind triplets and a wind pair")),
    Yaku("daisuushii", N_("Big four winds"), "Daisuushii", "大四喜", 13, 13, yakuman=True, special=True,
         **_decomposition("four_wind_trips"), why=N_("triplets of all four winds")),
    Yaku("tsuuiisou", N_("All honours"), "Tsuuiisou", "字一色", 13, 13, yakuman=True, **_hand("all_honours"),
         why=N_("honours only")),
    Yaku("ryuuiisou", N_("All green"), "Ryuuiisou", "緑一色", 13, 13, yakuman=True, **_hand("all_green"),
         why=N_("only green tiles (2, 3, 4, 6, 8 bamboo and the green dragon)")),
    Yaku("chinroutou", N_("All terminals"), "Chinroutou", "清老頭", 13, 13, yakuman=True, **_hand("all_terminals"),
         why=N_("terminals only")),
    Yaku("chuuren", N_("Nine gates"), "Chuuren poutou", "九蓮宝燈", 13, 0,
         lambda f, s, rules: _chuuren(f) and not _pure_chuuren(f), yakuman=True,
         **_hand("one_suit", "no_honours", "no_melds"), why=N_("1112345678999 of one suit plus one more")),
    Yaku("junsei_chuuren", N_("True nine gates"), "Junsei chuuren poutou", "純正九蓮宝燈", 13, 0,
         lambda f, s, rules: _chuuren(f) and _pure_chuuren(f), yakuman=True, special=True,
         **_hand("one_suit", "no_honours", "no_melds"), why=N_("nine gates won on its nine-sided wait")),
    Yaku("suukantsu", N_("Four kans"), "Suukantsu", "四槓子", 13, 13, yakuman=True, **_decomposition("four_kans"),
         why=N_("four kans")),
    Yaku("tenhou", N_("Blessing of heaven"), "Tenhou", "天和", 13, 0, yakuman=True, **_hand("tenhou"),
         why=N_("the dealer's hand was complete on the first draw, uninterrupted")),
    Yaku("chiihou", N_("Blessing of earth"), "Chiihou", "地和", 13, 0, yakuman=True, **_hand("chiihou"),
         why=N_("a non-dealer's hand was complete on the first draw, uninterrupted")),
]


class Step(NamedTuple):
    """The entries of one step whose needs hold, for a hand closed or not (see :class:`Catalogue`).

    ``mask`` has a bit per ordinary yaku of ``found`` (``1 << place in the catalogue``);
    ``checks`` has ``(test, han, bit)`` of each of ``tests``, for adding up the ones that pass.
    """

    plain: bool  # no yakuman and no tests: the yaku are ``found``
    yakuman: tuple[Yaku, ...]  # yakuman that hold on their needs alone
    yakuman_tests: tuple[tuple[Predicate, Yaku], ...]  # yakuman that hold when their test passes
    found: list[tuple[str, int]]  # (id, han) of the ordinary yaku that hold on their needs alone
    han: int  # their han
    tests: tuple[tuple[Predicate, tuple[str, int]], ...]  # (test, (id, han)) of the others
    mask: int  # the catalogue bits of ``found``
    checks: tuple[tuple[Predicate, int, int], ...]  # (test, han, catalogue bit) of each of ``tests``
    settled: tuple[int, int, tuple[Yaku, ...]]  # (han, mask, no yakuman) of ``found``: the answer of a plain step


class _Steps(dict):
    """:class:`Step` by ``bits << 1 | closed``, built the first time a key is asked for.

    Several ``scopes`` take the entries of each of them at once.
    """

    def __init__(self, entries: tuple[Yaku, ...], *scopes: Scope) -> None:
        super().__init__()
        self.entries = tuple(y for y in entries if y.scope in scopes)
        self.bit = {y.id: 1 << i for i, y in enumerate(entries)}
        self.mask = 0
        for y in self.entries:
            self.mask |= y.needs_mask

    def __missing__(self, key: int) -> Step:
        bits, closed = key >> 1, bool(key & 1)
        chosen = [y for y in self.entries if y.han(closed) and not y.needs_mask & ~bits]
        plain = [y for y in chosen if not y.yakuman and y.test is None]
        tested = [y for y in chosen if not y.yakuman and y.test is not None]
        found = [(y.id, y.han(closed)) for y in plain]
        han = sum(h for _, h in found)
        mask = sum(self.bit[y.id] for y in plain)
        step = Step(not tested and not any(y.yakuman for y in chosen),
                    tuple(y for y in chosen if y.yakuman and y.test is None),
                    tuple((y.test, y) for y in chosen if y.yakuman and y.test is not None),
                    found, han, tuple((y.test, (y.id, y.han(closed))) for y in tested), mask,
                    tuple((y.test, y.han(closed), self.bit[y.id]) for y in tested), (han, mask, ()))
        self[key] = step
        return step


class _Compiled(dict):
    """The entries decided by a decomposition or a reading, compiled for a fully read hand.

    The key is one packed integer, ``bits << 1 | closed``.

    A key where no entry that holds needs a test and no yakuman holds (most hands) gives the
    integer ``mask << 8 | han`` of its ordinary yaku; any other gives its :class:`Step`.
    ``mask`` has every bit an entry needs.
    """

    def __init__(self, entries: tuple[Yaku, ...]) -> None:
        super().__init__()
        self.steps = _Steps(entries, Scope.DECOMPOSITION, Scope.READING)
        self.mask = self.steps.mask

    def __missing__(self, key: int) -> int | Step:
        step = self.steps[key]
        value = step.mask << 8 | step.han if step.plain and step.han < 256 else step
        self[key] = value
        return value


class _Listings(dict):
    """The ``(id, han)`` items of a set of catalogue bits, by ``bits << 1 | closed``, in catalogue order."""

    def __init__(self, entries: tuple[Yaku, ...]) -> None:
        super().__init__()
        self.entries = entries

    def __missing__(self, key: int) -> tuple[tuple[str, int], ...]:
        bits, closed = key >> 1, bool(key & 1)
        listed = tuple((y.id, y.han(closed)) for i, y in enumerate(self.entries) if bits >> i & 1)
        self[key] = listed
        return listed


class Catalogue:
    """An ordered, immutable set of yaku, and the steps the scorer walks.

    ``steps[scope][bits << 1 | closed]`` (or :meth:`step`) is the :class:`Step` of the entries
    decided at ``scope`` that a hand closed or not can score and whose needs are all in
    ``bits``. ``order[item]`` places an ``(id, han)`` item of a step in catalogue order;
    ``listings[mask << 1 | closed]`` lists the items of the catalogue bits of :class:`Step`.
    ``compiled[bits << 1 | closed]`` has the entries of a decomposition and a reading at once, for a
    fully read hand (see :class:`_Compiled`).
    """

    def __init__(self, entries: Iterable[Yaku]) -> None:
        self.entries: tuple[Yaku, ...] = tuple(entries)
        self.by_id: dict[str, Yaku] = {}
        for y in self.entries:
            if y.id in self.by_id:
                raise ValueError(f"yaku id {y.id!r} is in the catalogue twice")
            self.by_id[y.id] = y
        self.order = {(y.id, y.han(closed)): i for i, y in enumerate(self.entries) for closed in (False, True)}
        self.steps = tuple(_Steps(self.entries, scope) for scope in Scope)
        self.listings = _Listings(self.entries)
        self.compiled = _Compiled(self.entries)

    def step(self, scope: Scope, closed: bool, bits: int) -> Step:
        steps = self.steps[scope]
        return steps[(bits & steps.mask) << 1 | closed]

    def extended(self, *entries: Yaku) -> Catalogue:
        """A catalogue with ``entries`` added at the end (a house rule, say)."""
        return Catalogue((*self.entries, *entries))

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, yaku_id: str) -> Yaku:
        return self.by_id[yaku_id]

    def __contains__(self, yaku_id: object) -> bool:
        return yaku_id in self.by_id


#: The standard catalogue, in the order of RULES.md section 3 (``north_wind`` only counts under
#: ``north_is_yakuhai``).
CATALOGUE = Catalogue(_ENTRIES)
#: Every yaku of :data:`CATALOGUE` by id.
YAKU: dict[str, Yaku] = CATALOGUE.by_id


def find_yaku(facts: Facts, situation: Situation, rules: Ruleset,
              catalogue: Catalogue = CATALOGUE) -> tuple[list[Yaku], int]:
    """The yaku of one fully read hand, in catalogue order, and the yakuman multiplier.

    Yakuman hide the ordinary yaku. Exclusive pairs are settled by the needs and tests
    themselves: ryanpeikou over iipeikou, chinitsu over honitsu, junchan over chanta, double
    riichi over riichi.
    """
    bits = facts.bits | situation_bits(situation) | seat_bits(facts, situation.seat, situation.round,
                                                              rules.north_is_yakuhai)
    closed = facts.closed
    yakuman: list[Yaku] = []
    found: list[tuple[str, int]] = []
    for steps in catalogue.steps:
        step = steps[(bits & steps.mask) << 1 | closed]
        yakuman += step.yakuman
        yakuman += [y for test, y in step.yakuman_tests if test(facts, situation, rules)]
        found += step.found
        found += [item for test, item in step.tests if test(facts, situation, rules)]
    if yakuman:
        yakuman.sort(key=lambda y: catalogue.order[(y.id, y.han(closed))])
        return yakuman, sum(y.multiplier(rules) for y in yakuman)
    found.sort(key=catalogue.order.__getitem__)
    return [catalogue.by_id[yaku_id] for yaku_id, _ in found], 0


__all__ = ["CATALOGUE", "YAKU", "Catalogue", "HandSummary", "Predicate", "Scope", "Situation", "Step", "Yaku",
           "find_yaku"]
