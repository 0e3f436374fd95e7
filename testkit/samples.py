"""Seeded random winning hands with their situations, for drills, tests and benchmarks.

Hands are built from sets and a pair in one of several styles (riichi hands,
open yakuhai hands, natural tanyao / toitoi / flush / outside hands, seven pairs,
thirteen orphans, yakuman shapes, many kans, …) so that rare yaku appear too.
Every tile respects the 108-tile supply, counting melds, kita and indicators.

>>> import random
>>> from sanma_core.rules import load_preset
>>> w = random_win(random.Random(7), load_preset())
>>> len(w.hand) + 3 * len(w.melds)
14
>>> random_win(random.Random(7), load_preset()) == w
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from sanma_core.melds import Meld, make_meld
from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoreResult, ScoringError, WinInput, score_hand
from sanma_core.tiles import (
    CHUN,
    DRAGONS,
    FIVE_P,
    FIVE_S,
    HAKU,
    HATSU,
    NORTH,
    RED_5P,
    RED_5S,
    SANMA_KINDS,
    TERMINALS,
    TERMINALS_AND_HONOURS,
    WEST,
)

SEQ_STARTS = tuple(k for base in (9, 18) for k in range(base, base + 7))
SIMPLE_STARTS = tuple(k for base in (9, 18) for k in range(base + 1, base + 5))
TERMINAL_STARTS = tuple(k for base in (9, 18) for k in (base, base + 6))
HONOURS = tuple(range(27, 34))
WINDS3 = (27, 28, 29)
SIMPLES = tuple(k for k in SANMA_KINDS if k not in TERMINALS_AND_HONOURS)
GREEN = (19, 20, 21, 23, 25, HATSU)

STYLES: dict[str, float] = {
    "riichi": 30,
    "open_yakuhai": 14,
    "tanyao": 8,
    "honitsu": 6,
    "chinitsu": 4,
    "toitoi": 6,
    "chiitoitsu": 6,
    "outside": 5,
    "ittsu": 3,
    "peikou": 3,
    "sanshoku": 2,
    "kans": 4,
    "kokushi": 1.5,
    "yakuman": 3,
    "blessing": 1,
    "random": 4,
}


class _Pool:
    def __init__(self) -> None:
        self.left = {k: 4 for k in SANMA_KINDS}

    def take(self, kinds: Sequence[int]) -> bool:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if any(self.left.get(k, 0) < n for k, n in need.items()):
            return False
        for k, n in need.items():
            self.left[k] -= n
        return True


def _sets(rng: random.Random, pool: _Pool, n: int, starts: Sequence[int], trips: Sequence[int],
          p_seq: float) -> list[tuple[str, int]] | None:
    out = []
    for _ in range(n):
        for _attempt in range(20):
            if starts and (not trips or rng.random() < p_seq):
                s = rng.choice(starts)
                if pool.take((s, s + 1, s + 2)):
                    out.append(("seq", s))
                    break
            elif trips:
                t = rng.choice(trips)
                if pool.take((t, t, t)):
                    out.append(("trip", t))
                    break
        else:
            return None
    return out


def _pair(rng: random.Random, pool: _Pool, kinds: Sequence[int]) -> int | None:
    for _ in range(20):
        k = rng.choice(kinds)
        if pool.take((k, k)):
            return k
    return None


def _shape(rng: random.Random, style: str, seat: int, round_wind: int) -> tuple[list[tuple[str, int]], list[int], _Pool] | None:
    """Sets and loose tiles (pair or special form) for a style, or None to retry."""
    pool = _Pool()
    all_kinds = SANMA_KINDS
    if style == "chiitoitsu":
        kinds = rng.sample(rng.choice([all_kinds, SIMPLES, HONOURS + (0, 8, 9, 17), tuple(range(18, 34))]), 7)
        pool.take([k for k in kinds for _ in range(2)])
        return [], [k for k in kinds for _ in range(2)], pool
    if style == "kokushi":
        tiles = sorted(TERMINALS_AND_HONOURS) + [rng.choice(sorted(TERMINALS_AND_HONOURS))]
        pool.take(tiles)
        return [], tiles, pool
    if style == "yakuman":
        kind = rng.choice(["daisangen", "suushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "suuankou"])
        if kind == "chuuren":
            base = rng.choice((9, 18))
            tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3 + [base + rng.randrange(9)]
            pool.take(tiles)
            return [], tiles, pool
        if kind == "daisangen":
            sets = [("trip", d) for d in sorted(DRAGONS)]
            pool.take([d for d in DRAGONS for _ in range(3)])
            more = _sets(rng, pool, 1, SEQ_STARTS, all_kinds, 0.5)
            pair = _pair(rng, pool, all_kinds)
        elif kind == "suushii":
            winds = [27, 28, 29, 30]
            rng.shuffle(winds)
            n = rng.choice((3, 4))
            sets = [("trip", w) for w in winds[:n]]
            pool.take([w for w in winds[:n] for _ in range(3)])
            more = _sets(rng, pool, 4 - n, SEQ_STARTS, all_kinds, 0.5)
            pair = _pair(rng, pool, winds[n:] if n == 3 else all_kinds)
        else:
            groups = {"tsuuiisou": (HONOURS, ()), "ryuuiisou": (GREEN, (19,)), "chinroutou": (tuple(TERMINALS), ()),
                      "suuankou": (all_kinds, ())}[kind]
            sets = []
            more = _sets(rng, pool, 4, groups[1], groups[0], 0.3 if groups[1] else 0)
            pair = _pair(rng, pool, groups[0])
        if more is None or pair is None:
            return None
        return sets + more, [pair, pair], pool
    starts, trips, pairs, p_seq = SEQ_STARTS, all_kinds, all_kinds, 0.6
    if style == "tanyao":
        starts, trips, pairs = SIMPLE_STARTS, SIMPLES, SIMPLES
    elif style in ("honitsu", "chinitsu"):
        base = rng.choice((0, 9, 18) if style == "honitsu" else (9, 18))
        suit = (0, 8) if base == 0 else tuple(range(base, base + 9))
        starts = () if base == 0 else tuple(range(base, base + 7))
        trips = suit + (HONOURS if style == "honitsu" else ())
        pairs = trips
    elif style == "toitoi":
        starts, p_seq = (), 0
    elif style == "outside":
        starts = TERMINAL_STARTS
        trips = tuple(sorted(TERMINALS)) + (HONOURS if rng.random() < 0.6 else ())
        pairs = trips
    elif style in ("ittsu", "peikou", "sanshoku"):
        fixed: list[tuple[str, int]] = []
        if style == "ittsu":
            base = rng.choice((9, 18))
            fixed = [("seq", base), ("seq", base + 3), ("seq", base + 6)]
        elif style == "peikou":
            s = rng.choice(SEQ_STARTS)
            fixed = [("seq", s), ("seq", s)]
            if rng.random() < 0.4:
                t = rng.choice(SEQ_STARTS)
                fixed += [("seq", t), ("seq", t)]
        else:
            r = rng.choice((0, 8))
            fixed = [("trip", r), ("trip", 9 + r), ("trip", 18 + r)]
        for shape, k in fixed:
            if not pool.take((k, k + 1, k + 2) if shape == "seq" else (k, k, k)):
                return None
        more = _sets(rng, pool, 4 - len(fixed), starts, trips, p_seq)
        pair = _pair(rng, pool, pairs)
        if more is None or pair is None:
            return None
        return fixed + more, [pair, pair], pool
    elif style == "open_yakuhai":
        valued = [HAKU, HATSU, CHUN, seat, round_wind]
        k = rng.choice(valued)
        if not pool.take((k, k, k)):
            return None
        more = _sets(rng, pool, 3, starts, trips, p_seq)
        pair = _pair(rng, pool, pairs)
        if more is None or pair is None:
            return None
        return [("trip", k), *more], [pair, pair], pool
    elif style == "kans":
        starts, p_seq = SEQ_STARTS, 0.15
    sets = _sets(rng, pool, 4, starts, trips, p_seq)
    pair = _pair(rng, pool, pairs)
    if sets is None or pair is None:
        return None
    return sets, [pair, pair], pool


def _physical(rng: random.Random, kinds: list[int], reds_left: dict[int, int], plain_left: dict[int, int]) -> list[int]:
    """Turn kinds into tiles, making some fives red within the ruleset's supply."""
    out = []
    for k in kinds:
        if k in reds_left:
            use_red = reds_left[k] > 0 and (plain_left[k] == 0 or rng.random() < 0.35)
            if use_red:
                reds_left[k] -= 1
                out.append(RED_5P if k == FIVE_P else RED_5S)
                continue
            plain_left[k] -= 1
        out.append(k)
    return out


def random_win(rng: random.Random, rules: Ruleset, style: str | None = None) -> WinInput:
    """A random complete hand with a random but consistent situation (it may lack a yaku in style 'random')."""
    for _ in range(1000):
        w = _attempt(rng, rules, style or rng.choices(list(STYLES), weights=list(STYLES.values()))[0])
        if w is not None:
            return w
    raise RuntimeError("could not build a hand")  # pragma: no cover - every style succeeds quickly


def scored_random_wins(rng: random.Random, rules: Ruleset, n: int) -> Iterator[tuple[WinInput, ScoreResult]]:
    """Score ``n`` random wins; yields each that scores with its result (those without a yaku are skipped).

    >>> from sanma_core.rules import load_preset
    >>> wins = list(scored_random_wins(random.Random(1), load_preset("tenhou"), 20))
    >>> 0 < len(wins) <= 20 and all(r.total > 0 for _, r in wins)
    True
    """
    for _ in range(n):
        win = random_win(rng, rules)
        try:
            yield win, score_hand(win, rules)
        except ScoringError:
            continue


def _attempt(rng: random.Random, rules: Ruleset, style: str) -> WinInput | None:
    seat = rng.choice(WINDS3)
    round_wind = rng.choice((27, 27, 28, 28, 29))
    if style == "blessing":
        seat = rng.choice(WINDS3)
    built = _shape(rng, "riichi" if style == "blessing" else style, seat, round_wind)
    if built is None:
        return None
    sets, loose, pool = built
    # melds: only triplets can be called
    meld_specs: list[tuple[str, int]] = []
    hand_kinds = list(loose)
    p_meld = {"riichi": 0, "blessing": 0, "chiitoitsu": 0, "kokushi": 0, "open_yakuhai": 0.4, "kans": 0.95,
              "toitoi": 0.5}.get(style, 0.25)
    first = True
    for shape, k in sets:
        if shape == "seq":
            hand_kinds += [k, k + 1, k + 2]
            continue
        force = style == "open_yakuhai" and first
        first = False
        if force or rng.random() < p_meld:
            if style == "kans":
                kind = rng.choice(("minkan", "ankan", "ankan", "pon"))
            else:
                kind = rng.choice(("pon", "pon", "pon", "minkan", "ankan"))
            if force and kind == "ankan":
                kind = "pon"
            if kind != "pon" and not pool.take((k,)):
                kind = "pon"
            meld_specs.append((kind, k))
        else:
            hand_kinds += [k, k, k]
    closed = all(kind == "ankan" for kind, _ in meld_specs)
    # kita, indicators
    norths_left = pool.left[NORTH]
    kita = rng.randint(0, norths_left) if rng.random() < 0.5 else 0
    pool.take([NORTH] * kita)
    n_kans = sum(1 for kind, _ in meld_specs if kind != "pon")
    n_ind = 1 + (n_kans if rules.kan_dora else 0)

    def indicators() -> list[int] | None:
        out = []
        for _ in range(n_ind):
            for _attempt in range(30):
                k = rng.choice((0, 8, WEST)) if rng.random() < 0.3 else rng.choice(SANMA_KINDS)
                if pool.take((k,)):
                    out.append(k)
                    break
            else:
                return None
        return out

    dora = indicators()
    ura = indicators()
    if dora is None or ura is None:
        return None
    reds_left = {FIVE_P: rules.red_five_p, FIVE_S: rules.red_five_s}
    plain_left = {k: 4 - n for k, n in reds_left.items()}
    hand = _physical(rng, hand_kinds, reds_left, plain_left)
    melds: list[Meld] = []
    for kind, k in meld_specs:
        size = 3 if kind == "pon" else 4
        melds.append(make_meld(kind, _physical(rng, [k] * size, reds_left, plain_left)))
    dora_t = _physical(rng, dora, reds_left, plain_left)
    ura_t = _physical(rng, ura, reds_left, plain_left)
    if min(plain_left.values()) < 0:
        return None
    rng.shuffle(hand)
    win = rng.choice(hand)
    win_kind_count = sum(1 for t in hand if (t if t < 34 else (FIVE_P if t == RED_5P else FIVE_S)) ==
                         (win if win < 34 else (FIVE_P if win == RED_5P else FIVE_S)))
    tsumo = rng.random() < 0.5
    riichi = closed and (style == "riichi" or rng.random() < 0.4)
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.25
    has_kan = any(kind != "pon" for kind, _ in meld_specs)
    rinshan = tsumo and (has_kan or kita > 0) and not ippatsu and rng.random() < 0.25
    chankan = not tsumo and win_kind_count == 1 and rng.random() < 0.06
    haitei = tsumo and not rinshan and rng.random() < 0.06
    houtei = not tsumo and not chankan and rng.random() < 0.06
    tenhou = chiihou = False
    if style == "blessing":
        if melds or kita and rules.kita_is_call:
            return None
        tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei = (True,) + (False,) * 7
        tenhou = seat == 27
        chiihou = not tenhou
    return WinInput(
        hand=tuple(hand), win=win, melds=tuple(melds), kita=kita, tsumo=tsumo, riichi=riichi and not double_riichi,
        double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan, chankan=chankan, haitei=haitei,
        houtei=houtei, tenhou=tenhou, chiihou=chiihou, seat=seat, round=round_wind, dora=tuple(dora_t),
        ura=tuple(ura_t), honba=rng.choice((0, 0, 0, 1, 2, 3, 5)), sticks=rng.choice((0, 0, 1, 2, 3)),
    )
