"""Rank the readings of a hand by asking the yaku catalogue, step by step.

:func:`rank_readings` walks the decompositions and readings of a hand with one
:class:`~sanma_core.scoring.facts.Facts`, filled step by step: each catalogue entry is asked
once at the step its ``scope`` names (the hand, a decomposition, a reading), and only when
its ``needs`` hold, and fu and points are added up from the tables of :mod:`.fu` and
:mod:`.points`. No :class:`~sanma_core.scoring.reading.Reading`, group or fu line is
built: the chosen reading is rebuilt when an explanation asks for it.

Where a yakuman holds it hides the ordinary yaku and dora: asked to, :func:`rank_readings`
scores such readings too, else it answers :data:`REFERENCE` as soon as a yakuman test passes
and the hand is left to :func:`rank_reference`, which asks every entry of the catalogue on
every :class:`~sanma_core.scoring.reading.Reading`; ``tests/test_scoring_evaluate.py``
checks that both agree on thousands of random hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from ..tiles import EAST
from .compiled import CONCEALED, FU, READS, SHAPE, SHAPE_BITS, TANKI, WIND_KINDS, pack, pack_melds
from .facts import _ANKOU_BITS, Facts, HandSummary, MeldFacts, seat_tables, situation_bits
from .fu import BASE_FU, CLOSING_FU, FORM_FU, ROUNDED_FU, FuLine, fu_lines
from .points import WinPoints, points_table, win_points, with_honba
from .reading import SPECIAL_CANDIDATES, Reading
from .shapes import Decomposition
from .yaku import CATALOGUE, Catalogue, Step, Yaku, find_yaku

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .hand import WinInput


class Route(Enum):
    """What :func:`rank_readings` answers when the hand is not for it."""

    REFERENCE = "reference"  # a yakuman holds: rank with rank_reference


REFERENCE = Route.REFERENCE


class Ranked(NamedTuple):
    """The best reading as :func:`rank_readings` finds it."""

    index: int  # the reading's place in sanma_core.scoring.reading.readings
    yaku: list[tuple[str, int]]  # (yaku id, han) in catalogue order
    han: int  # yaku and bonus han
    fu: int
    points: WinPoints


_ranked = partial(tuple.__new__, Ranked)  # a Ranked from one tuple, without the Python-level __new__


class RankedYakuman(NamedTuple):
    """The best reading as :func:`rank_readings` finds it when a yakuman holds on it."""

    index: int
    yaku: list[tuple[str, int]]  # (yaku id, 13 × multiplier) of the yakuman, in catalogue order
    han: int  # 13 × the yakuman multiplier
    fu: int
    points: WinPoints
    yakuman: int  # the yakuman multiplier


_ranked_yakuman = partial(tuple.__new__, RankedYakuman)


class Scored(NamedTuple):
    """The best reading as :func:`rank_reference` finds it."""

    reading: Reading
    yakuman: int  # the yakuman multiplier (0: ordinary yaku)
    yaku: list[tuple[str, int]]
    han: int
    fu_lines: tuple[FuLine, ...]
    fu: int
    points: WinPoints


def _ask(step: Step, f: Facts, win: WinInput, rules: Ruleset) -> tuple[int, int, tuple[Yaku, ...]]:
    """The han and catalogue bits of the ordinary yaku of a step that is not plain, and its yakuman that hold."""
    held = step.yakuman
    for test, y in step.yakuman_tests:
        if test(f, win, rules):
            held += (y,)
    han = step.han
    mask = step.mask
    for test, h, bit in step.checks:
        if test(f, win, rules):
            han += h
            mask |= bit
    return han, mask, held


def rank_readings(decomps: Sequence[Decomposition], special: str | None, win_kind: int, summary: HandSummary,
                  melds: MeldFacts, bonus_han: int, win: WinInput, rules: Ruleset,
                  catalogue: Catalogue = CATALOGUE, yakuman: bool = False,
                  packs: Sequence[int] | None = None, situation: int | None = None,
                  ) -> Ranked | RankedYakuman | Route | None:
    """The best reading of a hand, None without yaku, or :data:`REFERENCE`.

    ``decomps`` are the regular decompositions of the concealed tiles, ``special`` the special
    form the hand also has (``"chiitoitsu"``, ``"kokushi"`` or None); ``packs`` their packed
    facts (:func:`~.compiled.decompositions`), else packed here; ``situation`` the
    :func:`~.facts.situation_bits` of ``win``, else worked out here. Readings rank by total
    points, then yakuman over none, han, fu and fu before rounding; ties go to the first
    reading. Without ``yakuman`` a hand where a yakuman holds answers :data:`REFERENCE`; with
    it, a best reading with a yakuman is a :class:`RankedYakuman`, as :func:`rank_reference`
    scores it (yakuman hide the ordinary yaku).

    The hand's entries are asked once; each reading is then one look-up in
    :attr:`~.yaku.Catalogue.compiled` by one packed key (the reading's bits from the flat tables
    of :mod:`.compiled`, the situation and whether the hand is closed), which is an integer
    ``mask << 8 | han`` for most keys. Only where a test must be asked are the reading's
    :class:`~.facts.Facts` filled in.
    """
    closed = melds.closed
    tsumo = win.tsumo
    f = None  # the Facts, made only where a test is asked
    if situation is None:
        situation = situation_bits(win)
    hand_bits = summary.bits | melds.bits
    hand_steps = catalogue.steps[0]
    step = hand_steps[((hand_bits | situation) & hand_steps.mask) << 1 | closed]
    if step.plain:
        hand_han, hand_mask, hand_yakuman = step.settled
    else:
        f = Facts(summary, melds)
        hand_han, hand_mask, hand_yakuman = _ask(step, f, win, rules)
        if hand_yakuman and not yakuman:
            return REFERENCE
    hand_han += bonus_han
    compiled = catalogue.compiled
    wanted = compiled.mask
    situation = (situation & wanted) << 1 | closed  # the key's bits that every reading shares
    closing = CLOSING_FU[tsumo][closed]
    dealer = win.seat == EAST
    table = points_table(rules, dealer, tsumo)  # without honba and sticks: they add the same to every reading
    pair_bits, wind_bits, pairs = seat_tables(win.seat, win.round, rules.north_is_yakuhai)
    reads = READS[tsumo][win_kind]
    if packs is None:
        packs = [pack(pair, sets) for pair, sets in decomps]
    meld_pack = pack_melds(win.melds) if melds.melded else 0
    best: tuple | None = None
    best_rank = -1
    index = -1
    n_regular = len(decomps)
    for d in range(n_regular + (special is not None)):
        if d < n_regular:
            pair, sets = decomps[d]
            packed = packs[d] + meld_pack
            bits = hand_bits | SHAPE_BITS[packed & SHAPE] | pair_bits[pair] | wind_bits[packed >> WIND_KINDS & 15]
            concealed = packed >> CONCEALED & 7
            extra_of_sets = (packed >> FU) + pairs[pair]
            candidates = [(-1, TANKI)] if pair == win_kind else []
            previous = None
            i = -1
            for tk in sets:
                i += 1
                read = reads.get(tk)
                if read is not None and tk != previous:
                    previous = tk
                    candidates.append((i, read))
        else:
            if f is None:
                f = Facts(summary, melds)
            f.set_special(special)
            bits = f.bits | pair_bits[-1] | wind_bits[0]
            candidates = SPECIAL_CANDIDATES
        for i, read in candidates:
            index += 1
            if d < n_regular:
                wait_bits, wait_fu, lost = read
                key = (bits | wait_bits | _ANKOU_BITS[concealed - lost]) & wanted
            else:
                key = bits & wanted
            found = compiled[key << 1 | situation]
            if type(found) is int:
                held = hand_yakuman
                han = (found & 255) + hand_han
                mask = found >> 8 | hand_mask
            else:
                if f is None:
                    f = Facts(summary, melds)
                if d < n_regular:
                    f.set_regular(pair, sets, win_kind)
                    f.read(sets, i, win_kind, tsumo)
                han, mask, held = _ask(found, f, win, rules)
                held = hand_yakuman + held
                if held and not yakuman:
                    return REFERENCE
                han += hand_han
                mask |= hand_mask
            if not (mask or held):
                continue  # no yaku
            if d < n_regular:
                extra = extra_of_sets + wait_fu
                raw = BASE_FU + extra + closing[extra > 0]
                fu = ROUNDED_FU[raw]
            else:
                raw = fu = FORM_FU[special]
            if held:
                multiple = 0
                for y in held:
                    multiple += y.multiplier(rules)
                han = 13 * multiple
                key = fu << 9 | han << 1 | 1
            else:
                key = fu << 9 | han << 1
            points = table.get(key)
            if points is None:
                points = table[key] = win_points(rules, han, fu, dealer, tsumo, han // 13 if held else 0)
            # total points, then a yakuman, han, fu and fu before rounding, packed into one integer
            rank = (points.total << 1 | (1 if held else 0)) << 26 | han << 16 | fu << 8 | raw
            if rank > best_rank:
                best_rank = rank
                best = (index, held or mask, han, fu, points)
    if best is None:
        return None
    index, found, han, fu, points = best
    if win.honba or win.sticks:
        points = with_honba(points, rules, tsumo, win.honba, win.sticks)
    if type(found) is int:
        return _ranked((index, list(catalogue.listings[found << 1 | closed]), han, fu, points))
    found = sorted(found, key=lambda y: catalogue.order[(y.id, y.han(closed))])
    return _ranked_yakuman((index, [(y.id, 13 * y.multiplier(rules)) for y in found], han, fu, points,
                            han // 13))


def rank_reference(found: Sequence[Reading], bonus_han: int, win: WinInput, rules: Ruleset,
                   catalogue: Catalogue = CATALOGUE) -> Scored | None:
    """Score every reading with every catalogue entry; the best, or None when no reading has a yaku.

    Readings rank by total points, then yakuman over none, han, fu and fu before rounding.
    """
    best = None
    best_rank = None
    for reading in found:
        yaku, yakuman = find_yaku(reading, win, rules, catalogue)
        if not yaku:
            continue
        lines, fu = fu_lines(reading, win.tsumo, win.seat, win.round, rules)
        if yakuman:
            han = 13 * yakuman
            listed = [(y.id, 13 * y.multiplier(rules)) for y in yaku]
        else:
            listed = [(y.id, y.han(reading.closed)) for y in yaku]
            han = sum(h for _, h in listed) + bonus_han
        points = win_points(rules, han, fu, win.dealer, win.tsumo, yakuman, win.honba, win.sticks)
        rank = (points.total, yakuman > 0, han, fu, sum(line.fu for line in lines))
        if best_rank is None or rank > best_rank:
            best_rank = rank
            best = Scored(reading, yakuman, listed, han, lines, fu, points)
    return best


__all__ = ["REFERENCE", "Ranked", "RankedYakuman", "Route", "Scored", "rank_readings", "rank_reference"]
