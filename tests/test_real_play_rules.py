"""The ``tenhou`` preset checked against 400 real Tenhou Phoenix-room sanma games.

The games (``../shared/data/tenhou-phoenix-dev.jsonl.gz``, tenhou.net/6 JSON) are
read once and scanned with the standard library: each hand's draw and discard
lists are interleaved into one sequence of actions (draw, discard, kita, pon,
kans), hands are followed tile by tile, and the results (deltas, the payment
text, the yaku) give the evidence. Every test compares what the logs show with a
field of ``get_ruleset("tenhou")`` (or with a payment function of
``sanma_core.scoring.payments`` fed by that ruleset), so a wrong preset value
fails here. ``docs/real-play-rules.md`` lists the measured counts.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sanma_core.rules import Ruleset, get_ruleset
from sanma_core.scoring.payments import (
    final_placement,
    nagashi_payments,
    noten_payments,
    settle_win,
    win_deltas,
)

DATA = Path(os.environ.get("SANMA_REAL_GAMES", Path(__file__).resolve().parents[2] / "shared" / "data"
                          / "tenhou-phoenix-dev.jsonl.gz"))
LIVE_DRAWS = 55  # self-draws from the live wall per hand, replacement draws included (RULES.md §1)
NORTH = 44
RED = {51: 15, 52: 25, 53: 35}
TERMINALS_HONOURS = (11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47)
SUITED = (*range(21, 30), *range(31, 40))  # dots and bamboo: the only sequences in sanma
KINDS = (11, 19, *SUITED, *range(41, 48))
LIMIT_HAN = {"満貫": 5, "跳満": 6, "倍満": 8, "三倍満": 11}
SPECIAL_YAKUMAN = ("国士無双１３面", "四暗刻単騎", "純正九蓮宝燈", "大四喜")
CALLS = ("pon", "minkan", "ankan", "kakan")
WEST_1, SOUTH_3, WEST_3 = 8, 6, 10  # kyoku indices (4 × round wind + dealer)


def kind(code: int) -> int:
    return RED.get(code, code)


# ---- a small stdlib tenpai check (only for nagashi and exhaustive draws) ------

def _sets_only(c: dict[int, int]) -> bool:
    k = next((t for t in KINDS if c.get(t, 0)), None)
    if k is None:
        return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_only(c)
        c[k] += 3
        if ok:
            return True
    if k in SUITED and k % 10 <= 7 and c.get(k + 1, 0) and c.get(k + 2, 0):
        for t in (k, k + 1, k + 2):
            c[t] -= 1
        ok = _sets_only(c)
        for t in (k, k + 1, k + 2):
            c[t] += 1
        return ok
    return False


def complete(c: dict[int, int]) -> bool:
    n = sum(c.values())
    if n == 14 and all(c.get(t, 0) in (0, 2) for t in KINDS):
        return True
    if n == 14 and all(c.get(t, 0) for t in TERMINALS_HONOURS):
        return True
    for t in KINDS:
        if c.get(t, 0) >= 2:
            c[t] -= 2
            ok = _sets_only(c)
            c[t] += 2
            if ok:
                return True
    return False


def tenpai(concealed: Counter) -> bool:
    c = {t: n for t, n in concealed.items() if n}
    for t in KINDS:
        c[t] = c.get(t, 0) + 1
        ok = complete(c)
        c[t] -= 1
        if ok:
            return True
    return False


# ---- one hand, replayed from the lists -----------------------------------------

class ReplayError(AssertionError):
    pass


@dataclass
class Ev:
    kind: str  # draw, discard, kita, pon, minkan, ankan, kakan
    seat: int
    tile: int = 0
    replacement: bool = False  # draw from the dead wall (after kita or a kan)
    riichi: bool = False  # discard declaring riichi
    source: int = -1  # pon / open kan: the discarder
    live_left: int = 0  # live tiles left after this draw (draws only)


@dataclass
class Win:
    winner: int
    loser: int  # == winner for a tsumo
    deltas: list[int]
    text: str
    yaku: list[str]

    @property
    def tsumo(self) -> bool:
        return self.winner == self.loser


@dataclass
class Hand:
    game: str
    number: int  # index in the game's log
    kyoku: int
    honba: int
    sticks: int
    scores: list[int]
    dora: list[int]
    ura: list[int]
    result: list
    events: list[Ev] = field(default_factory=list)
    concealed: list[Counter] = field(default_factory=list)
    melds: list[list[tuple[str, int]]] = field(default_factory=list)
    seen: Counter = field(default_factory=Counter)  # every physical tile code that showed
    wins: list[Win] = field(default_factory=list)
    riichi_paid: list[int] = field(default_factory=list)  # seats whose riichi stick went down
    deals: list[list[int]] = field(default_factory=list)

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    def concealed_at(self, index: int, seat: int) -> Counter:
        """The seat's concealed tiles right after event ``index`` (replayed from the deal)."""
        c = Counter(kind(t) for t in self.deals[seat])
        for e in self.events[:index + 1]:
            if e.seat != seat:
                continue
            if e.kind == "draw":
                c[kind(e.tile)] += 1
            elif e.kind in ("discard", "kita", "kakan"):
                c[kind(e.tile)] -= 1
            elif e.kind == "pon":
                c[kind(e.tile)] -= 2
            elif e.kind == "minkan":
                c[kind(e.tile)] -= 3
            elif e.kind == "ankan":
                c[kind(e.tile)] -= 4
        return c

    @property
    def where(self) -> str:
        winds = "ESW"
        return f"{self.game} hand {self.number} ({winds[self.kyoku // 4]}{self.kyoku % 4 + 1}-{self.honba})"


def _call(text: str, caller: int) -> tuple[str, int, int]:
    """(kind, tile, source seat) of a pon or open kan written in a draw list."""
    letter = next(ch for ch in text if ch.isalpha())
    pos = text.index(letter)
    last = len(text) - 3  # the letter's slot for the next seat (d = 1)
    d = 3 if pos == 0 else 2 if pos == 2 else 1
    assert pos in (0, 2, last), text
    return ("pon" if letter == "p" else "minkan"), int(text[pos + 1:pos + 3]), (caller + d) % 4


def replay(game_id: str, number: int, raw: list) -> Hand:
    kyoku, honba, sticks = raw[0]
    hand = Hand(game_id, number, kyoku, honba, sticks, list(raw[1][:3]), list(raw[2]), list(raw[3]), raw[16])
    draws = [raw[5], raw[8], raw[11]]
    discs = [raw[6], raw[9], raw[12]]
    di, ci = [0, 0, 0], [0, 0, 0]
    hand.concealed = [Counter(kind(t) for t in raw[4 + 3 * s]) for s in range(3)]
    hand.melds = [[], [], []]
    hand.deals = [list(raw[4 + 3 * s]) for s in range(3)]
    for s in range(3):
        hand.seen.update(raw[4 + 3 * s])
    hand.seen.update(hand.dora + hand.ura)
    drawn: list[int | None] = [None, None, None]
    n_draws = 0
    ev = hand.events

    def draw(s: int, replacement: bool) -> bool:
        nonlocal n_draws
        if di[s] >= len(draws[s]):
            return False
        t = draws[s][di[s]]
        if not isinstance(t, int):
            raise ReplayError(f"{hand.where}: seat {s} expected a draw, found {t!r}")
        di[s] += 1
        n_draws += 1
        hand.concealed[s][kind(t)] += 1
        hand.seen[t] += 1
        drawn[s] = t
        ev.append(Ev("draw", s, t, replacement=replacement, live_left=LIVE_DRAWS - n_draws))
        return True

    def take(s: int, k: int, n: int) -> None:
        hand.concealed[s][k] -= n
        if hand.concealed[s][k] < 0:
            raise ReplayError(f"{hand.where}: seat {s} gives up a {k} it does not hold")

    def act(s: int) -> Ev | None:
        """The seat's actions after a draw or a pon, up to its discard (None: the hand ended)."""
        while ci[s] < len(discs[s]):
            a = discs[s][ci[s]]
            ci[s] += 1
            if a == "f44":
                take(s, NORTH, 1)
                ev.append(Ev("kita", s, NORTH))
                if not draw(s, True):
                    return None
                continue
            if isinstance(a, str) and ("a" in a or "k" in a):
                letter = "a" if "a" in a else "k"
                i = a.index(letter)
                tile = int(a[i + 1:i + 3])
                if letter == "a":
                    take(s, kind(tile), 4)
                    hand.melds[s].append(("ankan", kind(tile)))
                else:
                    take(s, kind(tile), 1)
                    hand.melds[s].remove(("pon", kind(tile)))
                    hand.melds[s].append(("kakan", kind(tile)))
                ev.append(Ev("ankan" if letter == "a" else "kakan", s, tile))
                if not draw(s, True):
                    return None
                continue
            riichi = isinstance(a, str) and a.startswith("r")
            code = int(a[1:]) if riichi else a
            tile = drawn[s] if code == 60 else code
            if not isinstance(tile, int) or tile == 0:
                raise ReplayError(f"{hand.where}: seat {s} discards {a!r} with no drawn tile")
            take(s, kind(tile), 1)
            drawn[s] = None
            e = Ev("discard", s, tile, riichi=riichi)
            ev.append(e)
            return e
        return None

    s = hand.dealer
    need_draw = True
    while True:
        if need_draw and not draw(s, False):
            break
        d = act(s)
        if d is None:
            break
        caller = None
        for o in ((s + 1) % 3, (s + 2) % 3):
            nxt = draws[o][di[o]] if di[o] < len(draws[o]) else None
            if isinstance(nxt, str):
                ck, ct, src = _call(nxt, o)
                if src == s and kind(ct) == kind(d.tile):
                    caller = o
                    break
        if caller is None:
            s, need_draw = (s + 1) % 3, True
            continue
        di[caller] += 1
        take(caller, kind(d.tile), 2 if ck == "pon" else 3)
        hand.melds[caller].append((ck, kind(d.tile)))
        ev.append(Ev(ck, caller, d.tile, source=s))
        s, need_draw = caller, False
        if ck == "minkan":
            if discs[s][ci[s]] != 0:
                raise ReplayError(f"{hand.where}: open kan without its 0 placeholder")
            ci[s] += 1
            if not draw(s, True):
                break
    for s in range(3):
        if di[s] != len(draws[s]) or ci[s] != len(discs[s]):
            raise ReplayError(f"{hand.where}: seat {s} lists not consumed ({di[s]}/{len(draws[s])}, {ci[s]}/{len(discs[s])})")

    res = hand.result
    if res[0] == "和了":
        for k in range(1, len(res), 2):
            info = res[k + 1]
            hand.wins.append(Win(info[0], info[1], list(res[k][:3]), info[3], list(info[4:])))
    ronned_last = bool(hand.wins) and not hand.wins[0].tsumo
    for i, e in enumerate(ev):
        if e.kind == "discard" and e.riichi and not (ronned_last and i == len(ev) - 1):
            hand.riichi_paid.append(e.seat)
    return hand


# ---- the whole data set, scanned once ----------------------------------------------

@dataclass
class Game:
    id: str
    hands: list[Hand]
    sc: list[float]
    rule: dict


def han_of(yaku: list[str]) -> tuple[int, list[str]]:
    han, yakuman = 0, []
    for y in yaku:
        m = re.search(r"\((\d+)飜\)", y)
        if m:
            han += int(m.group(1))
        elif "役満" in y:
            yakuman.append(y.split("(")[0])
    return han, yakuman


TEXT = re.compile(r"^(?:(\d+)符(\d+)飜)?(満貫|跳満|倍満|三倍満|役満)?(\d+)(?:-(\d+))?点(∀)?$")


def parse_text(text: str) -> tuple[int | None, str | None, int, int | None, bool]:
    """(fu, limit, first amount, second amount, each) from e.g. '30符2飜2000点', '満貫2000-4000点'."""
    m = TEXT.match(text)
    if not m:
        raise ReplayError(f"unknown result text {text!r}")
    fu = int(m.group(1)) if m.group(1) else None
    second = int(m.group(5)) if m.group(5) else None
    return fu, m.group(3), int(m.group(4)), second, bool(m.group(6))


def win_value(win: Win, rules: Ruleset) -> tuple[int, int, int]:
    """(han, fu, yakuman multiplier) for the engine's payment function."""
    fu, limit, *_ = parse_text(win.text)
    han, yakuman = han_of(win.yaku)
    if yakuman:
        mult = sum(2 if (rules.double_yakuman_special and y in SPECIAL_YAKUMAN) else 1 for y in yakuman)
        return 13, 30, mult
    if limit in LIMIT_HAN and han < LIMIT_HAN[limit]:
        han = LIMIT_HAN[limit]  # e.g. 4 han 40 fu: the text gives no fu, the value is the limit's
    return han, fu or 30, 0


def text_shares(win: Win, dealer: int) -> dict[int, int]:
    """What each loser pays before honba and sticks, read from the result text."""
    _, _, first, second, each = parse_text(win.text)
    if not win.tsumo:
        return {win.loser: first}
    payers = [s for s in range(3) if s != win.winner]
    if each:
        return {p: first for p in payers}
    return {p: (second if p == dealer else first) for p in payers}


@pytest.fixture(scope="module")
def games() -> list[Game]:
    out = []
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            hands = [replay(g["id"], i, raw) for i, raw in enumerate(g["log"])]
            out.append(Game(g["id"], hands, g["sc"], g["rule"]))
    return out


@pytest.fixture(scope="module")
def hands(games: list[Game]) -> list[Hand]:
    return [h for g in games for h in g.hands]


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return get_ruleset("tenhou")


def ended(h: Hand) -> str:
    return h.result[0]


def after_scores(h: Hand, rules: Ruleset) -> list[int]:
    """Scores after the hand, without the sticks left on the table."""
    out = list(h.scores)
    for s in h.riichi_paid:
        out[s] -= rules.riichi_stick
    if len(h.result) > 1 and isinstance(h.result[1], list):
        for k in range(1, len(h.result), 2):
            for s in range(3):
                out[s] += h.result[k][s]
    return out


def dealer_stays(h: Hand) -> bool:
    r = ended(h)
    if r == "和了":
        return any(w.winner == h.dealer for w in h.wins)
    if r == "流局":
        return h.result[1][h.dealer] > 0
    if r in ("全員聴牌", "九種九牌", "四槓散了"):
        return True
    if r == "流し満貫":
        return tenpai(h.concealed[h.dealer])
    return False  # 全員不聴


# ---- sanity: the replay is sound ---------------------------------------------------------

def test_every_hand_replays_and_exhaustive_draws_use_55_live_draws(games, hands):
    """The fixture replayed every hand (all lists consumed, no tile given up that was not held)."""
    exhaustive = [h for h in hands if ended(h) in ("流局", "全員聴牌", "全員不聴", "流し満貫")]
    short = [(h.where, LIVE_DRAWS - min(e.live_left for e in h.events if e.kind == "draw"))
             for h in exhaustive if min(e.live_left for e in h.events if e.kind == "draw") != 0]
    assert exhaustive and not short, (
        f"{len(short)} of {len(exhaustive)} exhaustive draws without exactly {LIVE_DRAWS} live draws: {short[:5]}")


def test_scores_follow_deltas_and_riichi_sticks(games, rules):
    """Each next header = scores + deltas − one stick per riichi that went down; honba and sticks carry."""
    bad = []
    checked = 0
    for g in games:
        for h, nxt in zip(g.hands, g.hands[1:], strict=False):
            checked += 1
            if after_scores(h, rules) != nxt.scores:
                bad.append((h.where, "scores"))
            sticks = 0 if h.wins else h.sticks + len(h.riichi_paid)
            honba = 0 if (h.wins and not dealer_stays(h)) else h.honba + 1
            if (nxt.sticks, nxt.honba) != (sticks, honba):
                bad.append((h.where, "honba/sticks", (nxt.honba, nxt.sticks), (honba, sticks)))
            if (nxt.kyoku == h.kyoku) != dealer_stays(h):
                bad.append((h.where, "dealer"))
    assert checked and not bad, f"{len(bad)} of {checked} hand transitions disagree: {bad[:5]}"


# ---- measurements (each a pure function of the replayed hands) ----------------------

def riichi_evidence(hands: list[Hand]) -> dict:
    """Kita under riichi, live tiles and points at each riichi declaration."""
    out = {"riichi": 0, "kita_under_riichi": 0, "kita_under_riichi_drawn": 0, "live_left": Counter(),
           "points": Counter(), "riichi_holding_north": 0, "below_min_points_hands": 0, "examples": []}
    for h in hands:
        out["below_min_points_hands"] += sum(0 <= p < 1000 for p in h.scores)
        in_riichi = [False] * 3
        last_draw: list[int | None] = [None] * 3
        live = LIVE_DRAWS
        for e in h.events:
            if e.kind == "draw":
                last_draw[e.seat] = e.tile
                live = e.live_left
            elif e.kind == "discard":
                last_draw[e.seat] = None
                if e.riichi:
                    out["riichi"] += 1
                    out["live_left"][live] += 1
                    out["points"][h.scores[e.seat]] += 1
                    in_riichi[e.seat] = True
            elif e.kind == "kita" and in_riichi[e.seat]:
                out["kita_under_riichi"] += 1
                if last_draw[e.seat] == NORTH:
                    out["kita_under_riichi_drawn"] += 1
                else:
                    out["examples"].append(h.where)
                last_draw[e.seat] = None
        for s in range(3):
            if in_riichi[s] and h.concealed[s][NORTH]:
                out["riichi_holding_north"] += 1  # a North kept in a riichi hand was never set aside
    return out


def payment_evidence(hands: list[Hand], rules: Ruleset) -> dict:
    """Every win's deltas against the engine's payment functions under ``rules``; honba measured."""
    out = {"wins": 0, "mismatch": [], "honba_ron": Counter(), "honba_tsumo": Counter(), "tsumo": 0,
           "tsumo_shares_only": 0, "kazoe": 0, "kiriage_candidates": 0, "special_yakuman": 0,
           "yakuman": 0, "double_ron": 0, "double_ron_extra": Counter(), "double_ron_with_extras": 0}
    for h in hands:
        if not h.wins:
            continue
        sticks_total = h.sticks + len(h.riichi_paid)
        double = len(h.wins) == 2
        if double:
            out["double_ron"] += 1
            loser = h.wins[0].loser
            nearest = min(h.wins, key=lambda w: (w.winner - loser) % 3).winner
            out["double_ron_with_extras"] += bool(sticks_total or h.honba)
        for w in h.wins:
            out["wins"] += 1
            han, fu, mult = win_value(w, rules)
            shares = text_shares(w, h.dealer)
            raw_han, yakuman = han_of(w.yaku)
            out["yakuman"] += bool(yakuman)
            out["kazoe"] += (not yakuman and raw_han >= 13)
            out["special_yakuman"] += any(y in SPECIAL_YAKUMAN for y in yakuman)
            out["kiriage_candidates"] += parse_text(w.text)[0] is not None and (fu, han) in ((30, 4), (60, 3))
            gets_extras = not double or w.winner == nearest
            if double:
                # the winner's gain beyond the text value: honba and sticks, or nothing
                extra = w.deltas[w.winner] - sum(shares.values())
                role = "nearest" if gets_extras else "farther"
                out["double_ron_extra"][role, extra] += 1
            honba = h.honba if gets_extras else 0
            sticks = sticks_total if gets_extras else 0
            s = settle_win(rules, han, fu, dealer=w.winner == h.dealer, tsumo=w.tsumo, yakuman=mult, honba=honba)
            pred = win_deltas(s, w.winner, h.dealer, w.tsumo, None if w.tsumo else w.loser, rules, sticks)
            if pred != w.deltas:
                out["mismatch"].append((h.where, w.text, w.deltas, pred))
            if not double and h.honba:
                for p, amount in shares.items():
                    per = (-w.deltas[p] - amount) / h.honba
                    out["honba_tsumo" if w.tsumo else "honba_ron"][per] += 1
            if not double and w.tsumo:
                out["tsumo"] += 1
                gain = w.deltas[w.winner] - sticks_total * rules.riichi_stick
                if all(-w.deltas[p] == a + h.honba * rules.honba_tsumo for p, a in shares.items()) and \
                        gain == sum(shares.values()) + 2 * h.honba * rules.honba_tsumo:
                    out["tsumo_shares_only"] += 1
    return out


def draw_evidence(hands: list[Hand], rules: Ruleset) -> dict:
    """Exhaustive draws (noten payments) and nagashi mangan."""
    out = {"ryukyoku": 0, "one_tenpai": 0, "two_tenpai": 0, "all_tenpai": 0, "all_noten": 0, "mismatch": [],
           "tenpai_check_agrees": 0, "tenpai_check_disagrees": [], "nagashi": []}
    for h in hands:
        r = ended(h)
        out["all_tenpai"] += r == "全員聴牌"
        out["all_noten"] += r == "全員不聴"
        if r == "流局":
            out["ryukyoku"] += 1
            deltas = h.result[1][:3]
            ten = [d > 0 for d in deltas]
            out["one_tenpai" if sum(ten) == 1 else "two_tenpai"] += 1
            if noten_payments(rules, ten) != deltas:
                out["mismatch"].append((h.where, deltas))
            for s in range(3):
                if tenpai(h.concealed[s]) == ten[s]:
                    out["tenpai_check_agrees"] += 1
                else:
                    out["tenpai_check_disagrees"].append((h.where, s))
        if r == "流し満貫":
            winner = max(range(3), key=lambda s: h.result[1][s])
            out["nagashi"].append({
                "hand": h, "winner": winner, "deltas": h.result[1][:3],
                "tenpai": [tenpai(h.concealed[s]) for s in range(3)],
            })
    return out


def first_turn_evidence(hands: list[Hand]) -> dict:
    """Kita in the first go-around: double riichi, tenhou/chiihou and the nine-terminal abort.

    Keys are (kita before it: "none" / "self" / "other", outcome).
    """
    out = {"first_riichi_won": Counter(), "first_riichi": Counter(), "first_tsumo": Counter(),
           "nine_kinds_chance": Counter(), "nine_terminal_aborts_after_kita": 0}
    for h in hands:
        called, kita_by, discarded = False, set(), set()
        last = len(h.events) - 1
        for i, e in enumerate(h.events):
            before = "none" if not kita_by else "self" if kita_by == {e.seat} else "other"
            first = not called and e.seat not in discarded
            if e.kind == "draw" and first and not e.replacement:
                kinds = sum(1 for t in TERMINALS_HONOURS if h.concealed_at(i, e.seat)[t])
                if kinds >= 9:
                    aborted = ended(h) == "九種九牌" and i == last
                    out["nine_kinds_chance"][before, aborted] += 1
            if e.kind == "draw" and first and i == last and h.wins and h.wins[0].tsumo:
                yaku = h.wins[0].yaku
                special = any(y.startswith(("天和", "地和")) for y in yaku)
                who = "dealer" if e.seat == h.dealer else "non-dealer"
                out["first_tsumo"][who, before if not e.replacement else f"{before}+replacement", special] += 1
            if e.kind == "discard" and e.riichi and first:
                out["first_riichi"][before] += 1
                for w in h.wins:
                    if w.winner == e.seat:
                        dbl = any(y.startswith("両立直") for y in w.yaku)
                        out["first_riichi_won"][before, "double riichi" if dbl else "riichi"] += 1
            if e.kind in CALLS:
                called = True
            elif e.kind == "kita":
                kita_by.add(e.seat)
            elif e.kind == "discard":
                discarded.add(e.seat)
        if ended(h) == "九種九牌" and kita_by:
            out["nine_terminal_aborts_after_kita"] += 1
    return out


def ippatsu_evidence(hands: list[Hand]) -> dict:
    """Wins inside a riichi player's ippatsu window, by what happened in the window first.

    Key: (what came first: "clean" / "call" / "own kita" / "other's kita" / "ron on the kita", ippatsu given).
    Also counts every ron on a North set aside.
    """
    out = {"window_wins": Counter(), "ron_on_kita": 0, "ron_on_kita_chankan": 0, "ron_on_kita_examples": [],
           "chankan_yaku": 0}
    for h in hands:
        last = len(h.events) - 1
        final = h.events[last] if h.events else None
        rons = [w for w in h.wins if not w.tsumo]
        if rons and final.kind == "kita":
            for w in rons:
                out["ron_on_kita"] += 1
                out["ron_on_kita_chankan"] += any(y.startswith("槍槓") for y in w.yaku)
                out["ron_on_kita_examples"].append(f"{h.where}, seat {w.winner} on seat {w.loser}'s kita")
        for w in h.wins:
            out["chankan_yaku"] += any(y.startswith("槍槓") for y in w.yaku)
        for i, e in enumerate(h.events):
            if not (e.kind == "discard" and e.riichi) or i == last:
                continue
            window = []
            for f in h.events[i + 1:]:
                if f.kind == "discard" and f.seat == e.seat:
                    break
                window.append(f)
            else:  # the hand ended inside the window
                for w in h.wins:
                    if w.winner != e.seat:
                        continue
                    things = window if w.tsumo else window[:-1]
                    first = next((f for f in things if f.kind in CALLS or f.kind == "kita"), None)
                    if first is None:
                        what = "ron on the kita" if (not w.tsumo and window[-1].kind == "kita") else "clean"
                    elif first.kind in CALLS:
                        what = "call"
                    else:
                        what = "own kita" if first.seat == e.seat else "other's kita"
                    out["window_wins"][what, any(y.startswith("一発") for y in w.yaku)] += 1
    return out


def abort_evidence(hands: list[Hand]) -> dict:
    """Abortive draws, and hands where kans plus kita reached four without an abort."""
    out = {"nine_terminal": 0, "four_kan": 0, "four_kan_hands": [], "kans_plus_kita_4": 0, "max_kans_one_hand": 0}
    for h in hands:
        out["nine_terminal"] += ended(h) == "九種九牌"
        kans = [e for e in h.events if e.kind in ("minkan", "ankan", "kakan")]
        kitas = sum(e.kind == "kita" for e in h.events)
        out["max_kans_one_hand"] = max(out["max_kans_one_hand"], len(kans))
        if ended(h) == "四槓散了":
            out["four_kan"] += 1
            out["four_kan_hands"].append((h.where, len(kans), len({e.seat for e in kans})))
        elif len(kans) < 4 and len(kans) + kitas >= 4:
            out["kans_plus_kita_4"] += 1
    return out


def tile_evidence(hands: list[Hand]) -> dict:
    """Red fives and dora indicators."""
    out = {"red_p_hands": 0, "red_s_hands": 0, "code_51": 0, "all_four_5p": Counter(),
           "all_four_5s": Counter(), "kan_hands": 0, "kan_dora_shown": 0, "extra_indicators_match_kans": 0,
           "kita_only_hands": 0, "kita_only_one_indicator": 0, "ura_shown": 0, "ura_with_riichi_win": 0,
           "ura_yaku": 0}
    for h in hands:
        seen = h.seen
        out["code_51"] += seen[51]
        out["red_p_hands"] += seen[52] > 0
        out["red_s_hands"] += seen[53] > 0
        if seen[25] + seen[52] == 4:
            out["all_four_5p"][seen[52]] += 1
        if seen[35] + seen[53] == 4:
            out["all_four_5s"][seen[53]] += 1
        kans = sum(e.kind in ("minkan", "ankan", "kakan") for e in h.events)
        kitas = sum(e.kind == "kita" for e in h.events)
        if kans:
            out["kan_hands"] += 1
            out["kan_dora_shown"] += len(h.dora) > 1
            out["extra_indicators_match_kans"] += len(h.dora) - 1 == kans
        elif kitas:
            out["kita_only_hands"] += 1
            out["kita_only_one_indicator"] += len(h.dora) == 1
        if h.ura:
            out["ura_shown"] += 1
            out["ura_with_riichi_win"] += any(w.winner in h.riichi_paid for w in h.wins)
        out["ura_yaku"] += sum(any(y.startswith("裏ドラ") for y in w.yaku) for w in h.wins)
    return out


def call_evidence(hands: list[Hand]) -> dict:
    """Kita right after a pon, open tanyao, a North triplet in a winning hand, rinshan on the kita draw."""
    out = {"pons": 0, "pon_holding_north": 0, "kita_right_after_pon": 0, "north_kept_then_set_aside": 0,
           "open_tanyao": 0, "north_triplet_wins": 0, "north_yakuhai": 0, "rinshan_on_kita_draw": 0,
           "rinshan_on_kan_draw": 0, "kita_on_last_live_draw": 0, "kita_total": 0}
    for h in hands:
        ev = h.events
        for i, e in enumerate(ev):
            if e.kind == "kita":
                out["kita_total"] += 1
                prev = ev[i - 1]
                if prev.kind == "draw" and not prev.replacement and prev.live_left == 0:
                    out["kita_on_last_live_draw"] += 1
            if e.kind != "pon":
                continue
            out["pons"] += 1
            if h.concealed_at(i, e.seat)[NORTH]:
                out["pon_holding_north"] += 1
                nxt = ev[i + 1] if i + 1 < len(ev) else None
                if nxt is not None and nxt.kind == "kita":
                    out["kita_right_after_pon"] += 1
                elif any(f.kind == "kita" and f.seat == e.seat for f in ev[i + 1:]):
                    out["north_kept_then_set_aside"] += 1
        for w in h.wins:
            open_hand = any(m[0] in ("pon", "minkan", "kakan") for m in h.melds[w.winner])
            out["open_tanyao"] += open_hand and any(y.startswith("断幺九") for y in w.yaku)
            tiles = Counter(h.concealed[w.winner])
            if not w.tsumo:
                tiles[kind(ev[-1].tile)] += 1
            if tiles[NORTH] >= 3 or any(m[1] == NORTH for m in h.melds[w.winner]):
                out["north_triplet_wins"] += 1
                out["north_yakuhai"] += any("北" in y for y in w.yaku)
            if w.tsumo and any(y.startswith("嶺上開花") for y in w.yaku):
                source = next(f for f in reversed(ev[:-1]) if f.seat == w.winner)
                out["rinshan_on_kita_draw" if source.kind == "kita" else "rinshan_on_kan_draw"] += 1
    return out


def game_ends(rules: Ruleset, h: Hand, after: list[int]) -> bool:
    """Whether the game ends after this hand, under the ruleset's game-end fields."""
    if rules.bust_below_zero and min(after) < 0:
        return True
    top = max(after)
    stays = dealer_stays(h)
    if h.kyoku >= WEST_1:  # sudden death: the first hand that leaves someone at the target ends it
        return top >= rules.target_points or (h.kyoku >= WEST_3 and not stays)
    if h.kyoku < SOUTH_3:
        return False
    if stays:  # all-last, dealer keeps the deal: it stops only as first with the target, after a win or tenpai
        first = min(range(3), key=lambda s: (-after[s], s))  # ties: seat order from the first dealer
        eligible = ended(h) in ("和了", "流局", "全員聴牌")  # not after an abortive draw
        return rules.all_last_dealer_stop and eligible and first == h.dealer and after[h.dealer] >= rules.target_points
    return top >= rules.target_points or not rules.extension_round


def game_evidence(games: list[Game], rules: Ruleset) -> dict:
    """Start points, game end, final placement points."""
    out = {"start": Counter(), "end_mismatch": [], "west_games": 0, "west_hands": 0, "busted": 0,
           "exactly_zero_played_on": [], "dealer_first_with_target": Counter(), "final_ties": 0,
           "continued_top": 0, "ended_top": 10**9, "ended_by_target_after_all_last": 0,
           "placement_mismatch": [], "leftover_games": 0, "leftover_to_first": 0, "sc_points_mismatch": [],
           "placement_zero_sum": 0}
    for g in games:
        out["start"][tuple(g.hands[0].scores)] += 1
        out["west_games"] += any(h.kyoku >= WEST_1 for h in g.hands)
        out["west_hands"] += sum(h.kyoku >= WEST_1 for h in g.hands)
        for i, h in enumerate(g.hands):
            after = after_scores(h, rules)
            last = i == len(g.hands) - 1
            if game_ends(rules, h, after) != last:
                out["end_mismatch"].append((h.where, after, "ended" if last else "went on"))
            if min(after) == 0 and not last:
                out["exactly_zero_played_on"].append(h.where)
            if min(after) < 0:
                out["busted"] += 1
            if h.kyoku >= SOUTH_3 and dealer_stays(h) and min(after) >= 0:
                first = min(range(3), key=lambda s: (-after[s], s))
                if first == h.dealer and after[h.dealer] >= rules.target_points:
                    how = {"和了": "win", "九種九牌": "abort", "四槓散了": "abort"}.get(ended(h), "tenpai")
                    out["dealer_first_with_target"][how, "ended" if last else "went on"] += 1
            if h.kyoku >= SOUTH_3 and not dealer_stays(h) and min(after) >= 0:
                # the all-last (or a West hand) passed: the top score decides between ending and going on
                if last:
                    out["ended_top"] = min(out["ended_top"], max(after))
                    out["ended_by_target_after_all_last"] += 1
                else:
                    out["continued_top"] = max(out["continued_top"], max(after))
        h = g.hands[-1]
        after = after_scores(h, rules)
        leftover = 0 if h.wins else h.sticks + len(h.riichi_paid)
        places = final_placement(rules, after, leftover, first_dealer=0)
        sc_points, sc_score = g.sc[0:6:2], g.sc[1:6:2]
        if leftover:
            out["leftover_games"] += 1
            first = min(places, key=lambda p: p.rank).seat
            out["leftover_to_first"] += sc_points[first] - after[first] == leftover * rules.riichi_stick
        if [p.points for p in places] != sc_points:
            out["sc_points_mismatch"].append((g.id, after, leftover, sc_points))
        if any(abs(p.score - s) > 1e-6 for p, s in zip(places, sc_score, strict=True)):
            out["placement_mismatch"].append((g.id, sc_points, sc_score, [p.score for p in places]))
        out["placement_zero_sum"] += abs(sum(sc_score)) < 1e-6
        out["final_ties"] += len(set(sc_points)) < 3
    return out


# ---- the preset against the evidence ----------------------------------------------------

@pytest.fixture(scope="module")
def riichi_ev(hands):
    return riichi_evidence(hands)


@pytest.fixture(scope="module")
def pay_ev(hands, rules):
    return payment_evidence(hands, rules)


@pytest.fixture(scope="module")
def ippatsu_ev(hands):
    return ippatsu_evidence(hands)


@pytest.fixture(scope="module")
def game_ev(games, rules):
    return game_evidence(games, rules)


@pytest.fixture(scope="module")
def draw_ev(hands, rules):
    return draw_evidence(hands, rules)


@pytest.fixture(scope="module")
def tile_ev(hands):
    return tile_evidence(hands)


@pytest.fixture(scope="module")
def call_ev(hands):
    return call_evidence(hands)


def test_kita_under_riichi_is_always_the_north_just_drawn(riichi_ev, rules):
    ev = riichi_ev
    observed = ev["kita_under_riichi"] > 0 and ev["kita_under_riichi_drawn"] == ev["kita_under_riichi"]
    assert rules.kita_under_riichi_drawn_only is observed, (
        f"{ev['kita_under_riichi_drawn']} of {ev['kita_under_riichi']} kita after a riichi were the North just "
        f"drawn (others: {ev['examples'][:3]}); {ev['riichi_holding_north']} riichi hands kept a North in hand")


def test_riichi_needs_three_live_tiles(riichi_ev, rules):
    left = riichi_ev["live_left"]
    fewest = min(left)
    assert fewest == rules.riichi_min_live_tiles, (
        f"{riichi_ev['riichi']} riichi: the fewest live tiles left at a declaration was {fewest} "
        f"({left[fewest]} times), never fewer")


def test_riichi_needs_1000_points(riichi_ev, rules):
    points = riichi_ev["points"]
    fewest = min(points)
    assert fewest == rules.riichi_min_points, (
        f"{riichi_ev['riichi']} riichi: the fewest points held at a declaration was {fewest} ({points[fewest]} "
        f"times); {riichi_ev['below_min_points_hands']} times a player started a hand with 0–900 and none declared")


def test_every_win_is_paid_as_the_preset_says(pay_ev):
    """Honba, tsumo loss, sticks, limits, kiriage, kazoe and double ron, all at once through the engine."""
    bad = pay_ev["mismatch"]
    assert pay_ev["wins"] and not bad, (
        f"{len(bad)} of {pay_ev['wins']} wins paid otherwise than settle_win/win_deltas: {bad[:3]}")


def test_honba_on_ron_and_on_tsumo(pay_ev, rules):
    ron, tsumo = pay_ev["honba_ron"], pay_ev["honba_tsumo"]
    assert set(ron) == {rules.honba_ron}, f"honba per counter on {sum(ron.values())} rons with honba: {dict(ron)}"
    assert set(tsumo) == {rules.honba_tsumo}, (
        f"honba per counter and payer on {sum(tsumo.values())} tsumo payments with honba: {dict(tsumo)}")


def test_tsumo_loss(pay_ev, rules):
    observed = "tsumo_loss" if pay_ev["tsumo"] and pay_ev["tsumo_shares_only"] == pay_ev["tsumo"] else "north_bisection"
    assert rules.tsumo_payment == observed, (
        f"{pay_ev['tsumo_shares_only']} of {pay_ev['tsumo']} single tsumo wins were paid exactly the two "
        "four-player shares (the North's share unpaid)")


def test_limits_kiriage_kazoe_and_special_yakuman(pay_ev, rules):
    assert rules.kiriage_mangan is (pay_ev["kiriage_candidates"] == 0), (
        f"{pay_ev['kiriage_candidates']} wins of 4 han 30 fu or 3 han 60 fu were paid below mangan")
    assert pay_ev["kazoe"] > 0 and rules.kazoe_yakuman, (
        f"{pay_ev['kazoe']} wins of 13+ han without a yakuman were paid as yakuman")
    assert pay_ev["special_yakuman"] > 0 and not rules.double_yakuman_special, (
        f"{pay_ev['special_yakuman']} wins with a special form (suuankou tanki) were paid as a single yakuman")


def test_double_ron_sticks_and_honba_go_to_the_nearest_winner(pay_ev, rules):
    extra = pay_ev["double_ron_extra"]
    farther = {k[1] for k in extra if k[0] == "farther"}
    nearest_paid = sum(n for (role, amount), n in extra.items() if role == "nearest" and amount > 0)
    assert rules.double_ron is (pay_ev["double_ron"] > 0), f"{pay_ev['double_ron']} double rons"
    assert farther == {0} and nearest_paid == pay_ev["double_ron_with_extras"], (
        f"{pay_ev['double_ron']} double rons, {pay_ev['double_ron_with_extras']} with honba or sticks: "
        f"what each winner got beyond the hand value: {dict(extra)}")


def test_noten_payments(draw_ev, rules):
    ev = draw_ev
    assert ev["one_tenpai"] and ev["two_tenpai"]
    assert not ev["mismatch"], (
        f"{len(ev['mismatch'])} of {ev['ryukyoku']} exhaustive draws ({ev['one_tenpai']} with one tenpai player, "
        f"{ev['two_tenpai']} with two) paid otherwise than a pool of {rules.noten_pool}: {ev['mismatch'][:3]}")
    assert not ev["tenpai_check_disagrees"], ev["tenpai_check_disagrees"][:5]


def test_nagashi_mangan(hands, draw_ev, rules):
    """Paid as a mangan tsumo with no noten payments; sticks stay, honba +1, the dealer stays only if tenpai.

    (Both nagashi in the 400 games came at 0 honba: whether honba is paid on it is not shown.)
    """
    cases = draw_ev["nagashi"]
    assert cases, "the development games hold two nagashi mangan"
    following = {(h.game, h.number): h for h in hands}
    for c in cases:
        h = c["hand"]
        assert c["deltas"] == nagashi_payments(rules, c["winner"], h.dealer, 0), (
            f"{h.where}: nagashi deltas {c['deltas']} (tenpai: {c['tenpai']}, honba {h.honba})")
        nxt = following[h.game, h.number + 1]
        assert (nxt.honba, nxt.sticks) == (h.honba + 1, h.sticks + len(h.riichi_paid)), h.where
        assert (nxt.kyoku == h.kyoku) is c["tenpai"][h.dealer], f"{h.where}: dealer tenpai {c['tenpai'][h.dealer]}"


def test_kita_is_a_call(hands, ippatsu_ev, rules):
    first = first_turn_evidence(hands)
    won, nine, window = first["first_riichi_won"], first["nine_kinds_chance"], ippatsu_ev["window_wins"]
    kept_without_kita = won["none", "double riichi"] > 0 and nine["none", True] > 0 and window["clean", True] > 0
    cancelled_by_kita = (
        won["self", "double riichi"] + won["other", "double riichi"] == 0 and won["self", "riichi"] + won["other", "riichi"] > 0
        and nine["other", True] == 0 and nine["other", False] > 0 and first["nine_terminal_aborts_after_kita"] == 0
        and window["other's kita", True] + window["own kita", True] == 0
        and window["other's kita", False] + window["own kita", False] > 0
    )
    assert kept_without_kita
    assert rules.kita_is_call is cancelled_by_kita, (
        f"first-discard riichi won, by kita before it: {dict(won)}; nine-kind hands at the first draw "
        f"(kita before, aborted): {dict(nine)}; wins in the ippatsu window (first event, ippatsu): {dict(window)}; "
        f"tenhou/chiihou chances: {dict(first['first_tsumo'])}")


def test_ron_on_kita(ippatsu_ev, rules):
    ev = ippatsu_ev
    assert rules.ron_on_kita is (ev["ron_on_kita"] > 0), (
        f"{ev['ron_on_kita']} rons on a North set aside; chankan in {ev['chankan_yaku']} wins in all")
    assert ev["ron_on_kita_chankan"] == 0, "a ron on a kita counted chankan"


def test_ron_on_kita_keeps_ippatsu(ippatsu_ev, rules):
    window = ippatsu_ev["window_wins"]
    kept, lost = window["ron on the kita", True], window["ron on the kita", False]
    assert kept + lost > 0
    assert rules.ron_on_kita_keeps_ippatsu is (lost == 0), (
        f"rons on a kita inside the riichi player's ippatsu window: {kept} with ippatsu, {lost} without "
        f"({ippatsu_ev['ron_on_kita_examples']}); wins in the window by what came first, with ippatsu: {dict(window)}")


def test_abortive_draws(hands, rules):
    ev = abort_evidence(hands)
    assert rules.nine_terminal_abort is (ev["nine_terminal"] > 0), f"{ev['nine_terminal']} nine-terminal aborts"
    assert rules.four_kan_abort is (ev["four_kan"] > 0), f"four-kan aborts: {ev['four_kan_hands']}"
    assert ev["kans_plus_kita_4"] > 0, "kita never counts toward four kans"


def test_red_fives(games, tile_ev, rules):
    ev = tile_ev
    assert ev["code_51"] == 0
    assert set(ev["all_four_5p"]) == {rules.red_five_p}, (
        f"red 5p among the four 5p, in {sum(ev['all_four_5p'].values())} hands where all four showed: "
        f"{dict(ev['all_four_5p'])}")
    assert set(ev["all_four_5s"]) == {rules.red_five_s}, (
        f"red 5s among the four 5s, in {sum(ev['all_four_5s'].values())} hands where all four showed: "
        f"{dict(ev['all_four_5s'])}")
    assert {(g.rule["aka52"], g.rule["aka53"]) for g in games} == {(rules.red_five_p, rules.red_five_s)}


def test_ura_and_kan_dora(tile_ev, rules):
    ev = tile_ev
    assert rules.ura_dora is (ev["ura_yaku"] > 0), f"{ev['ura_yaku']} wins scored ura dora"
    assert rules.kan_dora is (ev["kan_dora_shown"] > 0), (
        f"{ev['kan_dora_shown']} of {ev['kan_hands']} hands with a kan showed a new indicator")
    assert ev["kita_only_one_indicator"] == ev["kita_only_hands"], "kita never reveals an indicator"


def test_kita_after_pon(call_ev, rules):
    ev = call_ev
    assert ev["pon_holding_north"] > 0
    assert rules.kita_after_pon is (ev["kita_right_after_pon"] > 0), (
        f"{ev['pons']} pons, {ev['pon_holding_north']} by a player holding a North: {ev['kita_right_after_pon']} "
        f"set it aside before the discard, {ev['north_kept_then_set_aside']} set it aside on a later turn")


def test_open_tanyao_and_north_not_yakuhai(call_ev, rules):
    ev = call_ev
    assert rules.open_tanyao is (ev["open_tanyao"] > 0), f"{ev['open_tanyao']} open hands won with tanyao"
    assert ev["north_triplet_wins"] > 0
    assert rules.north_is_yakuhai is (ev["north_yakuhai"] > 0), (
        f"{ev['north_triplet_wins']} wins held a North triplet; {ev['north_yakuhai']} scored a North yaku")


def test_start_points(game_ev, rules):
    assert set(game_ev["start"]) == {(rules.start_points,) * 3}, dict(game_ev["start"])


def test_final_placement_points(game_ev, rules):
    """(points − return) / 1000 + uma + oka, exact to 0.1 (no rounding); leftover sticks go to first first."""
    ev = game_ev
    assert not ev["sc_points_mismatch"], f"final points: {ev['sc_points_mismatch'][:3]}"
    assert not ev["placement_mismatch"], (
        f"{len(ev['placement_mismatch'])} of 400 games' placement points differ from return {rules.return_points}, "
        f"uma {rules.uma}, oka {rules.oka}: {ev['placement_mismatch'][:3]}")
    assert ev["leftover_games"] > 0 and ev["leftover_to_first"] == ev["leftover_games"], (
        f"leftover sticks went to first in {ev['leftover_to_first']} of {ev['leftover_games']} games")
    assert ev["placement_zero_sum"] == 400


def test_game_end(game_ev, rules):
    ev = game_ev
    assert not ev["end_mismatch"], f"games ending otherwise than the preset says: {ev['end_mismatch'][:3]}"
    assert ev["continued_top"] < rules.target_points <= ev["ended_top"], (
        f"after the all-last or a West hand the game went on with a top score of up to {ev['continued_top']} "
        f"and ended with one as low as {ev['ended_top']}")
    assert rules.extension_round is (ev["west_games"] > 0), f"{ev['west_games']} games played West hands"
    assert rules.bust_below_zero is (ev["busted"] > 0), f"{ev['busted']} games ended with a player below 0"
    assert ev["exactly_zero_played_on"], "a player at exactly 0 plays on"
    stops = ev["dealer_first_with_target"]
    assert rules.all_last_dealer_stop is (stops["win", "ended"] + stops["tenpai", "ended"] > 0), dict(stops)
    assert stops["win", "went on"] + stops["tenpai", "went on"] == 0, dict(stops)


def test_facts_every_preset_shares(call_ev):
    """Kita: never right after the last live draw; a win on its replacement tile is rinshan kaihou."""
    ev = call_ev
    assert ev["kita_on_last_live_draw"] == 0, f"{ev['kita_on_last_live_draw']} of {ev['kita_total']} kita"
    assert ev["rinshan_on_kita_draw"] > 0, "rinshan kaihou on a kita replacement tile"
