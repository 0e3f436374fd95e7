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

from .facts import TRIPLET_FU, Facts, HandSummary, MeldFacts, situation_bits
from .fu import BASE_FU, CLOSING_FU, FORM_FU, ROUNDED_FU, WAIT_FU, FuLine, fu_lines, pair_fu
from .points import WinPoints, points_table, win_points
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


# the fu a triplet loses when the winning tile completes it by ron (it counts as open)
_RON_TRIPLET_LOSS = tuple(closed - open_ for closed, open_ in zip(TRIPLET_FU[True], TRIPLET_FU[False], strict=True))


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
                  catalogue: Catalogue = CATALOGUE, yakuman: bool = False) -> Ranked | RankedYakuman | Route | None:
    """The best reading of a hand, None without yaku, or :data:`REFERENCE`.

    ``decomps`` are the regular decompositions of the concealed tiles, ``special`` the special
    form the hand also has (``"chiitoitsu"``, ``"kokushi"`` or None). Readings rank by total
    points, then yakuman over none, han, fu and fu before rounding; ties go to the first
    reading. Without ``yakuman`` a hand where a yakuman holds answers :data:`REFERENCE`; with
    it, a best reading with a yakuman is a :class:`RankedYakuman`, as :func:`rank_reference`
    scores it (yakuman hide the ordinary yaku).
    """
    closed = melds.closed
    tsumo = win.tsumo
    f = Facts(summary, melds)
    hand_steps, decomposition_steps, reading_steps = catalogue.steps
    situation = situation_bits(win)
    step = hand_steps[((summary.bits | situation) & hand_steps.mask) << 1 | closed]
    hand_han, hand_mask, hand_yakuman = step.settled if step.plain else _ask(step, f, win, rules)
    if hand_yakuman and not yakuman:
        return REFERENCE
    hand_han += bonus_han
    closing = CLOSING_FU[tsumo][closed]
    dealer = win.dealer
    table = points_table(rules, dealer, tsumo, win.honba, win.sticks)
    ron_loss = _RON_TRIPLET_LOSS[win_kind]
    best: tuple | None = None
    best_rank: tuple[int, bool, int, int, int] | None = None
    index = -1
    n_regular = len(decomps)
    for d in range(n_regular + (special is not None)):
        regular = d < n_regular
        if regular:
            pair, sets = decomps[d]
            candidates = f.set_regular(pair, sets, win_kind)
            extra_of_sets = f.set_fu + pair_fu(pair, win.seat, win.round, rules)
        else:
            f.set_special(special)
            candidates = SPECIAL_CANDIDATES
        bits = f.bits | situation
        step = decomposition_steps[(bits & decomposition_steps.mask) << 1 | closed]
        decomposition_han, decomposition_mask, held = step.settled if step.plain else _ask(step, f, win, rules)
        decomposition_yakuman = hand_yakuman + held
        if decomposition_yakuman and not yakuman:
            return REFERENCE
        decomposition_han += hand_han
        decomposition_mask |= hand_mask
        for i, _ in candidates:
            index += 1
            if regular:
                wait = f.read(sets, i, win_kind, tsumo)
            step = reading_steps[((f.bits | situation) & reading_steps.mask) << 1 | closed]
            han, mask, held = step.settled if step.plain else _ask(step, f, win, rules)
            held = decomposition_yakuman + held
            if held and not yakuman:
                return REFERENCE
            if not (mask or decomposition_mask or held):
                continue  # no yaku
            if regular:
                extra = extra_of_sets + WAIT_FU[wait]
                if f.ron_triplet:
                    extra -= ron_loss
                raw = BASE_FU + extra + closing[extra > 0]
                fu = ROUNDED_FU[raw]
            else:
                raw = fu = FORM_FU[special]
            if held:
                multiple = 0
                for y in held:
                    multiple += y.multiplier(rules)
                han = 13 * multiple
            else:
                han += decomposition_han
                mask |= decomposition_mask
            key = fu << 9 | han << 1 | (1 if held else 0)
            points = table.get(key)
            if points is None:
                points = table[key] = win_points(rules, han, fu, dealer, tsumo, han // 13 if held else 0, win.honba,
                                                 win.sticks)
            rank = (points.total, bool(held), han, fu, raw)
            if best is None or rank > best_rank:
                best_rank = rank
                best = (index, held or mask, han, fu, points)
    if best is None:
        return None
    index, found, han, fu, points = best
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
