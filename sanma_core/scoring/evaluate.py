"""Straight-line yaku, fu and ranking of the readings of an ordinary hand.

:func:`best_regular` gives what building a :class:`~sanma_core.scoring.yaku.Reading` per
reading and testing every catalogue predicate gives (:func:`~sanma_core.scoring.yaku.find_yaku`,
:func:`~sanma_core.scoring.fu.fu_lines`), from a few facts per decomposition and without
building objects or strings; :func:`best_chiitoitsu` does the same for seven pairs. They
only answer for hands that cannot be a yakuman: otherwise :func:`best_regular` returns
:data:`REFERENCE` and the scorer reads the hand the reference way. The reading and fu lines
of the chosen reading are rebuilt the reference way when an explanation needs them.
``tests/test_scoring_evaluate.py`` checks that both ways agree on thousands of random hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..tiles import CHUN, HAKU, HATSU, NORTH, TERMINALS_AND_HONOURS
from .points import win_points
from .shapes import Decomposition
from .yaku import YAKU, HandSummary, pair_fu

if TYPE_CHECKING:
    from ..melds import Meld
    from ..rules import Ruleset
    from .hand import WinInput

#: Returned by :func:`best_regular` when the hand needs the reference reading.
REFERENCE = "reference"

_ENTRY = {closed: {y.id: (y.id, y.han(closed)) for y in YAKU.values()} for closed in (False, True)}
_YAOCHUU = tuple(k in TERMINALS_AND_HONOURS for k in range(34))
# a concealed hand triplet's fu (an open one has half); kans are four times a triplet
_CLOSED_TRIP_FU = tuple(8 if y else 4 for y in _YAOCHUU)
# a sequence start whose sequence holds a terminal (dots and bamboo only have sequences)
_SEQ_OUTSIDE = tuple(k in (9, 15, 18, 24) for k in range(34))
_DRAGON_YAKU = ((HAKU, "haku"), (HATSU, "hatsu"), (CHUN, "chun"))


def best_regular(decomps: Sequence[Decomposition], win_kind: int, melds: Sequence[Meld], summary: HandSummary,
                 bonus_han: int, win: WinInput, rules: Ruleset) -> tuple | str | None:
    """The best reading as ``(index, yaku list, han, fu, points)``, None without yaku, or :data:`REFERENCE`.

    ``index`` is the reading's place in :func:`sanma_core.scoring.hand.readings`; ``points``
    the :func:`~sanma_core.scoring.points.win_points` tuple. Ties go to the first reading, as
    in the reference ranking (total, han, fu, raw fu).
    """
    closed = True
    meld_trips: list[int] = []
    meld_kans = meld_ankou = meld_fu = 0
    meld_outside = True
    for m in melds:
        k = m.tiles[0]
        if k > 33:
            k = 13 if k == 34 else 22
        meld_trips.append(k)
        fu = _CLOSED_TRIP_FU[k] >> 1
        if m.kind == "pon":
            closed = False
        else:
            meld_kans += 1
            fu *= 4
            if m.kind == "ankan":
                meld_ankou += 1
                fu *= 2
            else:
                closed = False
        meld_fu += fu
        if not _YAOCHUU[k]:
            meld_outside = False
    tsumo = win.tsumo
    seat = win.seat
    rnd = win.round
    e = _ENTRY[closed]
    sm = summary
    head: list[tuple[str, int]] = []  # riichi … menzen tsumo: the same for every reading
    if win.riichi or win.double_riichi or win.ippatsu or (closed and tsumo):
        if win.double_riichi:
            head.append(e["double_riichi"])
        elif win.riichi:
            head.append(e["riichi"])
        if win.ippatsu:
            head.append(e["ippatsu"])
        if closed and tsumo:
            head.append(e["menzen_tsumo"])
    flags: list[tuple[str, int]] = []  # rinshan … houtei
    if win.rinshan or win.chankan or win.haitei or win.houtei:
        if win.rinshan:
            flags.append(e["rinshan_kaihou"])
        if win.chankan:
            flags.append(e["chankan"])
        if win.haitei:
            flags.append(e["haitei"])
        if win.houtei:
            flags.append(e["houtei"])
    tanyao = sm.all_simples and (closed or rules.open_tanyao)
    one_suit = len(sm.suits) == 1
    honitsu = one_suit and sm.has_honours
    chinitsu = one_suit and not sm.has_honours
    north_yakuhai = rules.north_is_yakuhai
    dealer = seat == 27
    pinfu_entry = e["pinfu"]
    sanankou_entry = e["sanankou"]
    best = None
    best_rank = None
    index = -1
    for pair, sets in decomps:
        seqs: list[int] = []
        trips = meld_trips.copy()
        hand_trips = 0
        outside = meld_outside and _YAOCHUU[pair]
        trip_fu = meld_fu
        peikou = 0
        last_seq = -1
        run = 0
        for t, k in sets:
            if t:
                trips.append(k)
                hand_trips += 1
                trip_fu += _CLOSED_TRIP_FU[k]
                if outside and not _YAOCHUU[k]:
                    outside = False
            else:
                seqs.append(k)
                if k == last_seq:
                    run += 1
                    if run == 2:
                        peikou += 1
                        run = 0
                else:
                    last_seq = k
                    run = 1
                if outside and not _SEQ_OUTSIDE[k]:
                    outside = False
        dragons = winds = 0
        if sm.has_honours:
            for k in trips:
                if k >= 31:
                    dragons += 1
                elif k >= 27:
                    winds += 1
        kans = meld_kans
        if ((closed and hand_trips + meld_ankou == 4) or kans == 4 or dragons == 3 or winds == 4
                or (winds == 3 and 27 <= pair <= 30)):
            return REFERENCE  # a possible yakuman (four concealed triplets, four kans, dragons, winds)
        pfu = pair_fu(pair, seat, rnd, rules)
        # yaku that do not depend on the winning group, in catalogue order, split around pinfu / sanankou
        mid: list[tuple[str, int]] = []  # tanyao … houtei (after pinfu)
        if tanyao:
            mid.append(e["tanyao"])
        if closed and peikou == 1:
            mid.append(e["iipeikou"])
        if dragons or winds:
            for k, name in _DRAGON_YAKU:
                if k in trips:
                    mid.append(e[name])
            if seat in trips:
                mid.append(e["seat_wind"])
            if rnd in trips:
                mid.append(e["round_wind"])
            if north_yakuhai and NORTH in trips:
                mid.append(e["north_wind"])
        mid += flags
        toitoi = not seqs  # four triplets or kans (the hand is regular)
        if toitoi:
            mid.append(e["toitoi"])
        tail: list[tuple[str, int]] = []  # sanshoku doukou … chinitsu (after sanankou)
        if len(trips) >= 3:
            if (0 in trips and 9 in trips and 18 in trips) or (8 in trips and 17 in trips and 26 in trips):
                tail.append(e["sanshoku_doukou"])
            if kans == 3:
                tail.append(e["sankantsu"])
        if toitoi and sm.all_yaochuu:
            tail.append(e["honroutou"])
        if dragons == 2 and pair >= 31:
            tail.append(e["shousangen"])
        if seqs:
            if outside and sm.has_honours:
                tail.append(e["chanta"])
            if (9 in seqs and 12 in seqs and 15 in seqs) or (18 in seqs and 21 in seqs and 24 in seqs):
                tail.append(e["ittsu"])
        if honitsu:
            tail.append(e["honitsu"])
        if seqs and outside and not sm.has_honours:
            tail.append(e["junchan"])
        if closed and peikou == 2:
            tail.append(e["ryanpeikou"])
        if chinitsu:
            tail.append(e["chinitsu"])
        fixed = head + mid
        n_fixed = len(fixed) + len(tail)
        fixed_han = bonus_han
        for _, h in fixed:
            fixed_han += h
        for _, h in tail:
            fixed_han += h
        could_pinfu = closed and not trips and pfu == 0
        base_extra = trip_fu + pfu
        ankou = hand_trips + meld_ankou
        # the winning groups, in the order of the reference readings
        candidates: list[tuple[int, int]] = []  # (set index or -1 for the pair, kind of set)
        if pair == win_kind:
            candidates.append((-1, -1))
        previous = None
        for i, tk in enumerate(sets):
            if tk == previous:
                continue
            t, k = tk
            if (t == 0 and k <= win_kind <= k + 2) or (t and k == win_kind):
                previous = tk
                candidates.append((i, t))
        for i, t in candidates:
            index += 1
            extra = base_extra
            n_ankou = ankou
            pinfu = False
            if i < 0:
                extra += 2  # tanki
            elif t:  # shanpon
                if not tsumo:
                    extra -= _CLOSED_TRIP_FU[win_kind] >> 1
                    n_ankou -= 1
            else:
                start = sets[i][1]
                if win_kind == start + 1 or (start % 9 == 0 and win_kind == start + 2) or (
                        start % 9 == 6 and win_kind == start):
                    extra += 2  # kanchan or penchan
                elif could_pinfu:
                    pinfu = True
            if tsumo and extra:
                extra += 2
            if closed:
                if not tsumo:
                    extra += 10
            elif not extra:
                extra = 2
            raw = 20 + extra
            fu = -(-raw // 10) * 10
            han = fixed_han
            sanankou = n_ankou == 3
            if pinfu:
                han += pinfu_entry[1]
            if sanankou:
                han += sanankou_entry[1]
            if not (n_fixed or pinfu or sanankou):
                continue  # no yaku
            points = win_points(rules, han, fu, dealer, tsumo, 0, win.honba, win.sticks)
            rank = (points[3], han, fu, raw)
            if best_rank is None or rank > best_rank:
                best_rank = rank
                yaku = head.copy()
                if pinfu:
                    yaku.append(pinfu_entry)
                yaku += mid
                if sanankou:
                    yaku.append(sanankou_entry)
                yaku += tail
                best = (index, yaku, han, fu, points)
    return best


def best_chiitoitsu(summary: HandSummary, bonus_han: int, win: WinInput, rules: Ruleset) -> tuple | None:
    """:func:`best_regular` for a seven-pairs hand with no regular reading (index 0, 25 fu)."""
    e = _ENTRY[True]
    sm = summary
    yaku: list[tuple[str, int]] = []
    if win.double_riichi:
        yaku.append(e["double_riichi"])
    elif win.riichi:
        yaku.append(e["riichi"])
    if win.ippatsu:
        yaku.append(e["ippatsu"])
    if win.tsumo:
        yaku.append(e["menzen_tsumo"])
    if sm.all_simples:
        yaku.append(e["tanyao"])
    if win.rinshan:
        yaku.append(e["rinshan_kaihou"])
    if win.chankan:
        yaku.append(e["chankan"])
    if win.haitei:
        yaku.append(e["haitei"])
    if win.houtei:
        yaku.append(e["houtei"])
    yaku.append(e["chiitoitsu"])
    if sm.all_yaochuu:
        yaku.append(e["honroutou"])
    if len(sm.suits) == 1:
        yaku.append(e["honitsu" if sm.has_honours else "chinitsu"])
    han = bonus_han
    for _, h in yaku:
        han += h
    return 0, yaku, han, 25, win_points(rules, han, 25, win.seat == 27, win.tsumo, 0, win.honba, win.sticks)


__all__ = ["REFERENCE", "best_chiitoitsu", "best_regular"]
