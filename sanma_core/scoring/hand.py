"""Score a winning hand: readings, yaku, fu, dora and payments in one call.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.tiles import parse_tile, parse_tiles
>>> win = WinInput(hand=tuple(parse_tiles("123p456p789s11z555s")), win=parse_tile("5s"), tsumo=True,
...                riichi=True, dora=(parse_tile("3z"),), kita=2)
>>> r = score_hand(win, load_preset("tenhou"))
>>> r.han, r.fu, [y for y, _ in r.yaku], r.kita, r.limit, r.payments, r.total
(6, 30, ['riichi', 'menzen_tsumo'], 4, 'haneman', {'each': 6000}, 12000)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field, fields
from functools import partial
from typing import Any, NamedTuple

from ..i18n import gettext
from ..melds import Meld, format_meld
from ..rules import Ruleset
from ..tiles import (
    EAST,
    NORTH,
    NUM_KINDS,
    RED_5P,
    RED_5S,
    SANMA_KINDS,
    SOUTH,
    WEST,
    NotationError,
    check_tile_supply,
    format_tiles,
    kind,
    kind_name,
    tile_name,
)
from .bonus import Bonus, count_bonus
from .compiled import decompositions
from .errors import ContradictionError, IncompleteHandError, NoYakuError, ScoringError, WinTileError
from .evaluate import Ranked, RankedYakuman, Route, Scored, rank_readings, rank_reference
from .facts import NEEDS, NO_MELDS, HandSummary, MeldFacts, situation_bits
from .fu import FuLine, fu_lines
from .payments import Settlement, settle_win
from .points import clear_points
from .reading import Reading, readings
from .shapes import Decomposition, is_chiitoitsu_shape, is_kokushi_shape
from .yaku import CATALOGUE, Catalogue

WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST}
WIND_OF_KIND = {v: k for k, v in WIND_LETTERS.items()}


def parse_wind(value: object, field_name: str) -> int:
    """``"E"``/``"S"``/``"W"`` (or the kinds 27/28/29) to a wind kind; North is never a seat or round."""
    if isinstance(value, str) and value.upper() in WIND_LETTERS:
        return WIND_LETTERS[value.upper()]
    if isinstance(value, int) and not isinstance(value, bool) and value in WIND_OF_KIND:
        return value
    if value in ("N", NORTH):
        raise ContradictionError(gettext("{field_name} 'N': nobody sits North in sanma and there is no North round").format(field_name=field_name))
    raise ScoringError(gettext("{field_name} must be one of E, S, W, got {value}").format(field_name=field_name, value=repr(value)))


@dataclass(frozen=True)
class WinInput:
    """A winning hand and its situation, as in the CONTRACTS.md ``sanma score`` input.

    ``hand`` holds the concealed tiles including the winning tile; ``seat`` and
    ``round`` are wind kinds (27 East, 28 South, 29 West; ``"E"``/``"S"``/``"W"``
    are accepted and converted). ``dora`` and ``ura`` are indicator tiles.
    """

    hand: tuple[int, ...]
    win: int
    _: KW_ONLY  # the rest by name
    melds: tuple[Meld, ...] = ()
    kita: int = 0
    seat: int = EAST
    round: int = EAST
    honba: int = 0
    sticks: int = 0
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    # the situation flags
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False

    def __post_init__(self) -> None:
        for name in ("hand", "melds", "dora", "ura"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        object.__setattr__(self, "seat", parse_wind(self.seat, "seat"))
        object.__setattr__(self, "round", parse_wind(self.round, "round"))

    @property
    def dealer(self) -> bool:
        return self.seat == EAST


class ChosenReading(NamedTuple):
    """Which reading of a hand a result scored: entry ``index`` of :func:`readings` of the rest."""

    concealed: tuple[int, ...]
    win_kind: int
    summary: HandSummary
    decompositions: tuple[Decomposition, ...]
    index: int

    def reading(self, win: WinInput) -> Reading:
        return readings(self.concealed, self.win_kind, win.melds, win.tsumo, self.summary,
                        self.decompositions)[self.index]


_chosen = partial(tuple.__new__, ChosenReading)  # a ChosenReading from one tuple, without the Python-level __new__


@dataclass
class ScoreResult:
    """The value of a hand; ``to_json()`` gives the CONTRACTS.md output fields.

    ``settlement`` (the worded payment steps), ``reading``, ``fu_lines`` and ``explanation``
    are built when first read, from ``chosen`` (which reading was scored), so scoring alone
    builds no explanation data it does not need.
    """

    han: int
    fu: int
    yakuman: int
    yaku: list[tuple[str, int]]  # (yaku id, han) in catalogue order
    dora: int
    aka: int
    ura: int
    kita: int
    limit: str
    payments: dict[str, int]
    total: int
    bonus: Bonus = field(repr=False)
    win: WinInput = field(repr=False)
    rules: Ruleset = field(repr=False)
    chosen: ChosenReading = field(repr=False, compare=False)
    catalogue: Catalogue = field(default=CATALOGUE, repr=False, compare=False)

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__name__}({shown}, settlement={self.settlement!r})"

    @functools.cached_property
    def settlement(self) -> Settlement:
        """The payments with the worded steps."""
        win = self.win
        return settle_win(self.rules, self.han, self.fu, win.dealer, win.tsumo, self.yakuman, win.honba, win.sticks)

    @functools.cached_property
    def reading(self) -> Reading:
        """The reading that was scored."""
        return self.chosen.reading(self.win)

    @functools.cached_property
    def fu_lines(self) -> tuple[FuLine, ...]:
        """The fu of the reading, line by line."""
        win = self.win
        return fu_lines(self.reading, win.tsumo, win.seat, win.round, self.rules)[0]

    @functools.cached_property
    def explanation(self) -> dict[str, Any]:
        """Itemised reasoning as data: reading, yaku, fu lines, dora breakdown, payment steps."""
        from .explain import explain

        return explain(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "yaku": [{"id": i, "han": h} for i, h in self.yaku],
            "dora": self.dora,
            "aka": self.aka,
            "ura": self.ura,
            "kita": self.kita,
            "limit": self.limit,
            "payments": dict(self.payments),
            "total": self.total,
            "explanation": self.explanation,
        }


# ---- validation -------------------------------------------------------------

_KIND_OF = tuple(kind(t) for t in range(NUM_KINDS + 2))
_VALID_TILES = frozenset((*SANMA_KINDS, RED_5P, RED_5S))


def _count_supply(win: WinInput, rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """Concealed kind counts, hand-and-meld kind counts and red fives, if the tile supply is plainly fine.

    None sends the caller to the precise (slow) check, :func:`_check_counts`.
    """
    melds = win.melds
    dora = win.dora
    ura = win.ura
    kita = win.kita
    honba = win.honba
    sticks = win.sticks
    if (len(melds) > 4 or len(dora) > 5 or len(ura) > 5 or type(kita) is not int or type(honba) is not int
            or type(sticks) is not int or kita < 0 or kita > 4 or honba < 0 or sticks < 0):
        return None
    hand = win.hand
    if not _VALID_TILES.issuperset(hand):  # also rules out 2m-8m
        return None
    n = [0] * (NUM_KINDS + 2)
    try:
        for t in hand:
            n[t] += 1
        concealed = n[:NUM_KINDS]
        concealed[13] += n[RED_5P]
        concealed[22] += n[RED_5S]
        if melds:
            full = concealed.copy()
            for m in melds:
                tiles = m.tiles
                for t in tiles:
                    n[t] += 1
                full[_KIND_OF[tiles[0]]] += len(tiles)
            full_counts = tuple(full)
            concealed = tuple(concealed)
            if any(n[1:8]):  # 2m-8m are not in the sanma set
                return None
        else:
            full_counts = concealed = tuple(concealed)
        reds = n[RED_5P] + n[RED_5S]
        if dora:
            if not _VALID_TILES.issuperset(dora):
                return None
            for t in dora:
                n[t] += 1
        if ura:
            if not _VALID_TILES.issuperset(ura):
                return None
            for t in ura:
                n[t] += 1
    except (TypeError, IndexError, ValueError):
        return None
    n[NORTH] += kita
    red_p = rules.red_five_p
    red_s = rules.red_five_s
    # at most `red` red fives and 4 - `red` plain ones (so at most 4 in all) of each five; the maximum takes
    # the red fives in too: more than 4 of them only sends the hand to the precise check as well
    if max(n) > 4 or n[RED_5P] > red_p or n[RED_5S] > red_s or n[13] > 4 - red_p or n[22] > 4 - red_s:
        return None
    return concealed, full_counts, reds


def _check_counts(win: WinInput, rules: Ruleset) -> None:
    for name in ("kita", "honba", "sticks"):
        value = getattr(win, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ScoringError(gettext("{name} must be a whole number ≥ 0, got {value}").format(name=name, value=repr(value)))
    if win.kita > 4:
        raise ScoringError(gettext("kita {kita}: at most 4 Norths can be set aside").format(kita=win.kita))
    if len(win.melds) > 4:
        raise IncompleteHandError(gettext("{n} melds: a hand has at most 4").format(n=len(win.melds)))
    for t in (*win.hand, win.win, *win.dora, *win.ura):
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < NUM_KINDS + 2:
            raise NotationError(gettext("not a tile: {tile} (tiles are 0–35)").format(tile=repr(t)))
    physical = [*win.hand, *(t for m in win.melds for t in m.tiles), *([NORTH] * win.kita), *win.dora, *win.ura]
    try:
        check_tile_supply(physical, rules.red_fives)
    except NotationError as exc:
        raise NotationError(gettext("{exc} (counting hand, melds, kita and indicators)").format(exc=exc)) from None
    for five, reds in rules.red_fives.items():
        plain = sum(1 for t in physical if t == five)
        if reds and plain > 4 - reds:
            raise NotationError(gettext("{plain} plain {tile} but this ruleset makes {reds} of the four red: write "
                                        "{red} for the red one").format(
                plain=plain, tile=kind_name(five), reds=reds, red=tile_name(RED_5P if five == 13 else RED_5S)))
    if len(win.dora) > 5 or len(win.ura) > 5:
        raise ScoringError(gettext("at most 5 dora and 5 ura indicators can be revealed"))


def _check_situation(win: WinInput, rules: Ruleset) -> None:
    """Raise ContradictionError when the situation flags cannot all hold."""
    problems = []
    opened = [m for m in win.melds if m.is_open]
    riichi = win.riichi or win.double_riichi
    if win.ippatsu and not riichi:
        problems.append(gettext("ippatsu without riichi: ippatsu needs riichi or double riichi"))
    if riichi and opened:
        problems.append(gettext("riichi with an open meld ({meld}): riichi needs a closed hand").format(meld=format_meld(opened[0])))
    if win.rinshan and not win.tsumo:
        problems.append(gettext("rinshan on a ron: rinshan kaihou is a self-draw on a replacement tile"))
    if win.rinshan and not win.kita and not any(m.is_kan for m in win.melds):
        problems.append(gettext("rinshan without a kan or a North set aside: there was no replacement draw"))
    if win.rinshan and win.ippatsu and not (win.kita and not rules.kita_is_call):
        problems.append(gettext("ippatsu with rinshan: the winner's own kan (or kita, a call in this ruleset) ends ippatsu"))
    if win.chankan and win.tsumo:
        problems.append(gettext("chankan on a tsumo: robbing a kan is a ron"))
    if win.haitei and not win.tsumo:
        problems.append(gettext("haitei on a ron: haitei is the self-draw of the last tile (a ron on it is houtei)"))
    if win.houtei and win.tsumo:
        problems.append(gettext("houtei on a tsumo: houtei is a ron on the last discard"))
    if win.haitei and win.rinshan:
        problems.append(gettext("haitei with rinshan: a replacement draw is never the last tile of the wall"))
    if win.houtei and win.chankan:
        problems.append(gettext("houtei with chankan: the last discard is not a kan"))
    for flag, dealer_only in (("tenhou", True), ("chiihou", False)):
        if not getattr(win, flag):
            continue
        if dealer_only and not win.dealer:
            problems.append(gettext("tenhou for a non-dealer (seat {seat}): tenhou is the dealer's").format(seat=WIND_OF_KIND[win.seat]))
        if not dealer_only and win.dealer:
            problems.append(gettext("chiihou for the dealer: the dealer's first-draw win is tenhou"))
        if not win.tsumo:
            problems.append(gettext("{flag} on a ron: {flag} is a win on the first self-draw").format(flag=flag))
        if win.melds:
            problems.append(gettext("{flag} with melds: {flag} needs an untouched hand").format(flag=flag))
        if riichi:
            problems.append(gettext("{flag} with riichi: {flag} comes before any discard").format(flag=flag))
        if win.kita and rules.kita_is_call:
            problems.append(gettext("{flag} with kita: in this ruleset a North set aside cancels {flag}").format(flag=flag))
        if win.rinshan or win.chankan or win.haitei or win.houtei:
            problems.append(gettext("{flag} with rinshan/chankan/haitei/houtei: {flag} is the first draw").format(flag=flag))
    if win.tenhou and win.chiihou:
        problems.append(gettext("tenhou and chiihou together: one is the dealer's, the other a non-dealer's"))
    if problems:
        raise ContradictionError("; ".join(dict.fromkeys(problems)))


# ---- scoring -----------------------------------------------------------------

def _full_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> tuple[int, ...]:
    counts = list(concealed)
    for m in melds:
        counts[m.tile_kind] += len(m.tiles)
    return tuple(counts)


def _situation_flagged(win: WinInput) -> bool:
    """Whether any flag that :func:`_check_situation` can object to is set."""
    return bool(win.ippatsu or win.rinshan or win.chankan or win.haitei or win.houtei or win.tenhou or win.chiihou
                or ((win.riichi or win.double_riichi) and win.melds))


#: The situation bits of the flags :func:`_check_situation` can object to on their own, and of a riichi.
_CHECKED_BITS = sum(NEEDS[name] for name in ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou"))
_RIICHI_BITS = NEEDS["riichi"] | NEEDS["double_riichi"]


def _special_form(chiitoi: bool, special: bool) -> str | None:
    if not special:
        return None
    return "chiitoitsu" if chiitoi else "kokushi"


def _fast_best(decomps: Sequence[Decomposition], chiitoi: bool, special: bool, win_kind: int, summary: HandSummary,
               bonus: Bonus, win: WinInput, rules: Ruleset, catalogue: Catalogue = CATALOGUE) -> Ranked | Route | None:
    """:func:`~.evaluate.rank_readings` of a hand: seven pairs when ``chiitoi``, else thirteen orphans when ``special``."""
    melds = MeldFacts(win.melds) if win.melds else NO_MELDS
    return rank_readings(decomps, _special_form(chiitoi, special), win_kind, summary, melds, bonus.total, win,
                         rules, catalogue)


def _reference_best(key: tuple[int, ...], win_kind: int, summary: HandSummary, bonus: Bonus, win: WinInput,
                    rules: Ruleset, decomps: Sequence[Decomposition] | None = None,
                    catalogue: Catalogue = CATALOGUE) -> Scored | None:
    """:func:`~.evaluate.rank_reference` over every :func:`readings` entry of the hand."""
    found = readings(key, win_kind, win.melds, win.tsumo, summary, decomps)
    return rank_reference(found, bonus.total, win, rules, catalogue)


def score_hand(win: WinInput, rules: Ruleset, catalogue: Catalogue = CATALOGUE) -> ScoreResult:
    """Value of a winning hand under a ruleset, with the yaku of ``catalogue``.

    Of several readings the one that pays most wins; on a tie the one with more
    han, then more fu (CONTRACTS.md). Raises :class:`IncompleteHandError`,
    :class:`NoYakuError`, :class:`ContradictionError`, :class:`WinTileError` or
    :class:`~sanma_core.tiles.NotationError`.

    Readings are ranked by :func:`~sanma_core.scoring.evaluate.rank_readings`, yakuman
    included; the chosen reading's :class:`Reading` and fu lines are rebuilt when first read.
    """
    counted = _count_supply(win, rules) if win.win in _VALID_TILES else None
    if counted is None:
        _check_counts(win, rules)
        concealed = [0] * NUM_KINDS
        for t in win.hand:
            concealed[_KIND_OF[t]] += 1
        full = _full_counts(concealed, win.melds) if win.melds else tuple(concealed)
        reds = sum(1 for t in (*win.hand, *(t for m in win.melds for t in m.tiles)) if t >= NUM_KINDS)
        concealed = tuple(concealed)
    else:
        concealed, full, reds = counted
    win_kind = _KIND_OF[win.win]
    if not concealed[win_kind]:
        raise WinTileError(gettext("winning tile {tile} is not in the hand {tiles}").format(tile=tile_name(win.win), tiles=format_tiles(win.hand)))
    melds = win.melds
    expected = 14 - 3 * len(melds)
    if len(win.hand) != expected:
        raise IncompleteHandError(gettext("not a complete hand: {n} concealed tiles {tiles} with {melds} meld(s); a "
                                          "complete hand has {expected}").format(
            n=len(win.hand), tiles=format_tiles(win.hand), melds=len(melds), expected=expected))
    situation = situation_bits(win)
    if situation & _CHECKED_BITS or (situation & _RIICHI_BITS and melds):  # _situation_flagged
        _check_situation(win, rules)
    decomps, packs = decompositions(concealed)
    chiitoi = not melds and concealed.count(2) == 7 and is_chiitoitsu_shape(concealed)
    # thirteen orphans never split into sets, so it is only looked for when nothing else reads
    special = chiitoi or (not melds and not decomps and is_kokushi_shape(concealed))
    if not decomps and not special:
        said = gettext("not a complete hand: {tiles} has no winning shape next to {melds} meld(s)") if melds else \
            gettext("not a complete hand: {tiles} has no winning shape")
        raise IncompleteHandError(said.format(tiles=format_tiles(win.hand), melds=len(melds)))
    summary = HandSummary(full, win_kind)
    bonus = count_bonus(full, reds, win.kita, win.dora, win.ura, (win.riichi or win.double_riichi) and rules.ura_dora)
    best = rank_readings(decomps, ("chiitoitsu" if chiitoi else "kokushi") if special else None, win_kind, summary,
                         MeldFacts(melds) if melds else NO_MELDS, bonus.total, win, rules, catalogue, True, packs,
                         situation)
    if best is None:
        raise NoYakuError(
            f"no yaku: {format_tiles(win.hand)} is complete but has no yaku"
            + (" (dora, red fives and kita are not yaku)" if bonus.total else "")
        )
    yakuman = best.yakuman if type(best) is RankedYakuman else 0
    points = best.points
    if yakuman:
        dora = aka = ura = kita = 0
    else:
        dora, aka, ura, kita = bonus.dora, bonus.aka, bonus.ura, bonus.kita
    return ScoreResult(best.han, best.fu, yakuman, best.yaku, dora, aka, ura, kita, points.limit, dict(points.payments),
                       points.total, bonus, win, rules, _chosen((concealed, win_kind, summary, decomps, best.index)), catalogue)


def clear_caches() -> None:
    """Forget every memoised scoring result, for cold-start timings.

    Scoring keeps no memo of the hands it has scored: the per-suit split tables of
    :func:`~sanma_core.scoring.shapes.tables` are complete and fixed, not a memo. The points
    of each han and fu (:func:`~sanma_core.scoring.points.points_table`) are, and are cleared.
    """
    clear_points()


def try_score(win: WinInput, rules: Ruleset, catalogue: Catalogue = CATALOGUE) -> ScoreResult | None:
    """:func:`score_hand`, or None when the hand is incomplete or has no yaku (for legality checks)."""
    try:
        return score_hand(win, rules, catalogue)
    except (IncompleteHandError, NoYakuError):
        return None


__all__ = ["ChosenReading", "ScoreResult", "WinInput", "clear_caches", "readings", "score_hand", "try_score"]
