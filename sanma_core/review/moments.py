"""Notable moments of a reviewed player's game, found while a record is re-played.

:class:`MomentFinder` is a replay observer (like :class:`~sanma_core.review.decisions.DecisionReviewer`):
``before(game, action)`` is called just before each action is applied, and ``moments`` lists
what it found for the reviewed seats, in the order of the game. Every moment has a one-line
reason (``text``) and the numbers behind it (``data``, JSON-ready). The kinds:

``win_not_taken``
    Tsumo or ron was legal and the seat did something else; the win's han, fu and points come
    from the engine's own scoring of it.
``north_kept``
    Kita was legal and the seat discarded instead (first time in the hand only). The han lost
    per North comes from the bonus rules and the dora indicators (one more per indicator on
    North). If the seat later wins the hand after throwing that North away, the text adds what
    the win would have been worth with the North set aside.
``riichi`` / ``dama``
    The first discard of a hand that keeps the hand tenpai while riichi is legal: ``riichi``
    when declared, ``dama`` otherwise. The value is the ron on the main wait (most unseen copies
    from the seat's view), scored with and without riichi (no ura, ippatsu or honba).
``deal_in``
    An opponent's ron on the seat's discard (or added kan or kita). At each of the seat's
    discards the tiles in hand that were genbutsu (danger 0 in the hints) against every riichi
    opponent are remembered and named.
``pon_broke_yaku``
    After a pon the hand has no easy yaku left, while it had one before (a closed hand always
    has: riichi). Easy yaku, by this rule: a value honour (dragon, seat or round wind, North
    where the rules make it yakuhai) as a meld or a pair in hand; all simples (open tanyao
    allowed, every meld simple, at most 3 terminals or honours in hand); a half flush (every
    meld in one suit or honours, at most 3 tiles in hand off that suit); all triplets (at least
    ``4 - melds`` pairs in hand); an outside hand (every meld terminals or honours, at most 2
    tiles ranked 4 to 6 in hand). Rarer yaku (straight, three colours, kan or last-tile yaku)
    are not looked for.
``furiten``
    The seat is tenpai and ``is_furiten`` turns true (once per hand): a wait among its own
    discards, a winning tile passed under riichi, a ron passed, or a winning tile gone by
    while the hand had no yaku. The moment is placed at the action that caused it.
``fold_behind``
    Folding when far behind: in the South or West round, the seat is last by 8,000 or more
    (to second place), an opponent is in riichi, the seat is not tenpai, and it discards a
    tile genbutsu against every riichi opponent that leaves the hand further from tenpai than
    its best discard. Only attacking can change the placement, so breaking the hand for a safe
    tile is noted (once per hand).

``turn`` is the seat's own turn number in the hand: the turn it is playing (or, answering
another seat's tile, the turn it plays next); a deal-in and a furiten caused by the seat's own
discard take that discard's turn. ``step`` counts the actions applied in the game before the
moment's action (``replay_to(step)`` shows the position).

>>> from sanma_core.game.scenario import arranged_game
>>> g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z", dora="1z")
>>> f = MomentFinder({0})
>>> a = Action.discard(0, 30)  # the North, instead of setting it aside
>>> f.before(g, a); g.apply(a)
>>> [(m.kind, m.turn) for m in f.moments]
[('north_kept', 1), ('dama', 1)]
>>> f.moments[0].text
'Discarded a North that could have been set aside: +1 han'
"""

from __future__ import annotations

import bisect
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

from ..game import Action, Game, evaluation
from ..game.actions import DISCARD, KAKAN, KITA, PASS, PON, RIICHI, RON, TSUMO
from ..scoring import ScoreResult, WinInput, try_score
from ..scoring.bonus import count_bonus
from ..scoring.payments import settle_win
from ..tiles import (
    CHUN,
    EAST,
    FIVE_P,
    HAKU,
    HATSU,
    HONOURS,
    NORTH,
    NUM_KINDS,
    RED_5P,
    RED_5S,
    TERMINALS_AND_HONOURS,
    kind,
    kind_name,
)
from .decisions import action_label, action_text
from .hints import Hints, hints_for, visible_counts

MOMENT_KINDS = ("win_not_taken", "north_kept", "riichi", "dama", "deal_in", "pon_broke_yaku", "furiten",
                "fold_behind")

#: Last place behind second place by at least this much, in the South or West round, counts as far behind.
FAR_BEHIND = 8000
#: All simples stays possible with at most this many terminals and honours in the hand.
TANYAO_SLACK = 3
#: An outside hand stays possible with at most this many 4s, 5s and 6s in the hand.
CHANTA_SLACK = 2
#: A half flush stays possible with at most this many tiles in the hand outside the suit and honours.
FLUSH_SLACK = 3

_HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
_SUITS = (("m", range(0, 9)), ("p", range(9, 18)), ("s", range(18, 27)))


def tile_word(tile: int) -> str:
    """``5p``, or the word for an honour: ``North``, ``White``."""
    k = kind(tile)
    return _HONOUR_NAMES[k - 27] if k in HONOURS else kind_name(k)


def _waits_text(waits: Collection[int]) -> str:
    return "-".join(tile_word(w) for w in waits)


def _did(a: Action) -> str:
    """The seat's own action as a phrase: ``discarding 9p``, ``setting a North aside``, ``the closed kan 1z``."""
    if a.kind == DISCARD:
        return f"discarding {tile_word(a.tile)}"
    if a.kind == RIICHI:
        return f"the riichi discard {tile_word(a.tile)}"
    if a.kind == KITA:
        return "setting a North aside"
    return f"the {action_label(a).lower()}"


@dataclass(frozen=True)
class Moment:
    """One notable moment of a reviewed seat."""

    hand: int  # engine hand index (game.hand_index)
    seat: int
    kind: str  # one of MOMENT_KINDS
    turn: int  # the seat's own turn number in the hand (1 = its first draw/discard turn)
    left: int  # live wall tiles left
    step: int  # actions applied in the whole game before this moment's action
    text: str  # one readable English sentence
    data: dict[str, Any] = field(default_factory=dict, hash=False)  # the numbers behind the text


def hand_points(score: ScoreResult) -> int:
    """What a win is worth by itself: the losers' payments without honba and riichi sticks."""
    win = score.win
    return settle_win(score.rules, score.han, score.fu, win.dealer, win.tsumo, score.yakuman).total


def _worth(score: ScoreResult) -> str:
    if score.yakuman:
        head = "yakuman" if score.yakuman == 1 else f"{score.yakuman}× yakuman"
    else:
        head = f"{score.han} han {score.fu} fu"
    return f"{head}, {hand_points(score):,} points"


def _score_data(score: ScoreResult) -> dict[str, Any]:
    return {"han": score.han, "fu": score.fu, "yakuman": score.yakuman, "points": hand_points(score),
            "yaku": [y for y, _ in score.yaku]}


def ron_input(game: Game, seat: int, hand13: Collection[int], tile: int, riichi: bool) -> WinInput:
    """A ron of the kind ``tile`` on a 13-tile-sized hand, as ``Game._context`` builds it (no honba, sticks or ura).

    A five is the red one when the seat already holds every plain copy of it.
    """
    melds = tuple(cm.meld for cm in game.melds[seat])
    reds = game.rules.red_fives.get(tile, 0)
    if reds:
        plain = sum(t == tile for t in hand13) + sum(t == tile for m in melds for t in m.tiles)
        if plain >= 4 - reds:
            tile = RED_5P if tile == FIVE_P else RED_5S
    return WinInput(
        hand=(*hand13, tile),
        win=tile,
        melds=melds,
        kita=game.kita[seat],
        riichi=riichi,
        double_riichi=riichi and game.uninterrupted and game.first_turn[seat],
        seat=EAST + game.seat_wind(seat),
        round=EAST + game.round_wind,
        dora=tuple(game.dora_indicators()),
    )


def _score(win: WinInput, game: Game) -> ScoreResult | None:
    """The engine's score of a hypothetical win, None without yaku or when no copy of the tile is left."""
    try:
        return try_score(win, game.rules)
    except ValueError:  # the win tile's copies are all in the hand, melds and indicators
        return None


def yaku_blocks(game: Game, seat: int, counts: list[int], meld_kinds: list[int]) -> dict[str, str | None]:
    """For each easy yaku of an open hand, why it is out of reach (None: still possible).

    ``counts`` are the concealed hand's kinds, ``meld_kinds`` the kinds of its melds (all
    triplets or quads in sanma). The rule is the module docstring's.
    """
    value = {HAKU, HATSU, CHUN, EAST + game.seat_wind(seat), EAST + game.round_wind}
    if game.rules.north_is_yakuhai:
        value.add(NORTH)
    blocks: dict[str, str | None] = {}
    held = any(k in value for k in meld_kinds) or any(counts[k] >= 2 for k in value)
    blocks["yakuhai"] = None if held else "no value honour (dragon, seat or round wind) pair"
    loud = sum(counts[k] for k in TERMINALS_AND_HONOURS)
    if not game.rules.open_tanyao:
        blocks["tanyao"] = "no open all simples in these rules"
    elif any(k in TERMINALS_AND_HONOURS for k in meld_kinds):
        blocks["tanyao"] = "a terminal or honour meld against all simples"
    else:
        blocks["tanyao"] = None if loud <= TANYAO_SLACK else f"{loud} terminals and honours against all simples"
    offs = [sum(counts[k] for k in range(27) if k not in suit)
            for _, suit in _SUITS if all(k in suit or k in HONOURS for k in meld_kinds)]
    if not offs:
        blocks["honitsu"] = "melds in two suits against a flush"
    else:
        blocks["honitsu"] = None if min(offs) <= FLUSH_SLACK else f"{min(offs)} tiles off suit against a flush"
    pairs = sum(c >= 2 for c in counts)
    blocks["toitoi"] = (None if pairs >= 4 - len(meld_kinds)
                        else f"{pairs} pair{'' if pairs == 1 else 's'} against all triplets")
    middle = sum(counts[k] for k in range(9, 27) if k % 9 in (3, 4, 5))
    if not all(k in TERMINALS_AND_HONOURS for k in meld_kinds):
        blocks["chanta"] = "a middle meld against an outside hand"
    else:
        blocks["chanta"] = None if middle <= CHANTA_SLACK else f"{middle} tiles 4-6 against an outside hand"
    return blocks


def yaku_paths(game: Game, seat: int, counts: list[int], meld_kinds: list[int]) -> list[str]:
    """The easy yaku an open hand can still reach (see :func:`yaku_blocks`)."""
    return [y for y, why in yaku_blocks(game, seat, counts, meld_kinds).items() if why is None]


@dataclass
class _Out:
    """One of the reviewed seat's tiles given out (discard, added kan, kita), kept in case it is ronned."""

    tile: int
    turn: int
    step: int
    left: int
    safe: list[int]  # kinds in hand genbutsu against every riichi opponent
    threats: list[int]  # opponents in riichi


@dataclass
class _NorthTrack:
    """A north_kept moment followed to the end of the hand."""

    moment: Moment
    base: str  # the text before any notes
    thrown: int = 0  # Norths discarded since (the moment's own discard included)
    thrown_turns: list[int] = field(default_factory=list)  # turns of later North discards
    notes: dict[str, str] = field(default_factory=dict)  # topic → note, in order


class MomentFinder:
    """A replay observer: call :meth:`before` with each action just before it is applied.

    ``moments`` are the reviewed seats' notable moments, in game order (by ``step``).
    Use one finder per game.
    """

    def __init__(self, seats: Collection[int]):
        self.seats = frozenset(seats)
        self.moments: list[Moment] = []
        self._game: Game | None = None
        self._step = 0
        self._hand = -1
        self._reset_hand()

    # ---- bookkeeping ---------------------------------------------------------

    def _reset_hand(self) -> None:
        self._once: set[tuple[str, int]] = set()  # (kind, seat) already found in this hand
        self._north: dict[int, _NorthTrack] = {}
        self._out: dict[int, _Out] = {}
        self._window: Any = None  # the response window of the last ron seen
        self._window_rons: dict[int, Moment] = {}  # winner → deal-in moment in that window
        self._passed: dict[int, int] = {}  # seat → tile of a ron it passed
        self._prev: tuple[int, int, Action] | None = None  # step, live tiles left, action
        self._last_tile = -1  # the last tile given out by any seat (discard, added kan, kita)

    def _add(self, m: Moment) -> Moment:
        bisect.insort(self.moments, m, key=lambda x: x.step)
        return m

    def _swap(self, old: Moment, new: Moment) -> Moment:
        i = next(i for i, x in enumerate(self.moments) if x is old)
        self.moments[i] = new
        return new

    def _moment(self, game: Game, seat: int, kind_: str, turn: int, text: str, data: dict[str, Any],
                step: int | None = None, left: int | None = None) -> Moment:
        return self._add(Moment(game.hand_index, seat, kind_, turn, game.live_remaining if left is None else left,
                                self._step if step is None else step, text, data))

    @staticmethod
    def _turn(game: Game, seat: int) -> int:
        return len(game.discards[seat]) + 1

    # ---- the observer hook ------------------------------------------------------

    def before(self, game: Game, action: Action) -> None:
        if game is not self._game:
            self._game, self._step, self._hand = game, 0, -1
        if game.hand_index != self._hand:
            self._hand = game.hand_index
            self._reset_hand()
        self._check_furiten(game)
        seat, k = action.seat, action.kind
        if k == RON and game.window is not None and game.window.seat in self.seats:
            self._deal_in(game, action)
        if seat in self.seats:
            self._own(game, action)
        self._prev = (self._step, game.live_remaining, action)
        if k in (DISCARD, RIICHI, KAKAN, KITA):
            self._last_tile = action.tile
        self._step += 1

    def _own(self, game: Game, action: Action) -> None:
        seat, k = action.seat, action.kind
        legal = game.legal_actions(seat)
        if k != TSUMO and Action.tsumo(seat) in legal:
            self._win_not_taken(game, action, game.tsumo_win(seat)[0], tsumo=True)
        w = game.window
        if w is not None and k != RON and Action.ron(seat, w.tile) in legal:
            self._passed[seat] = w.tile
            self._win_not_taken(game, action, game.ron_win(seat, w.tile, w.kind)[0], tsumo=False)
        if seat in self._north:
            self._north_later(game, action)
        if k == PON:
            self._pon(game, action)
        if k not in (DISCARD, RIICHI, KAKAN, KITA):
            return
        hints = self._hints(game, seat)
        if k in (DISCARD, RIICHI):
            if Action.kita(seat) in legal and ("north_kept", seat) not in self._once:
                self._north_kept(game, action)
            if ("tenpai", seat) not in self._once and (k == RIICHI or Action.riichi(seat, action.tile) in legal):
                self._riichi_or_dama(game, action)
            if k == DISCARD and hints is not None and ("fold_behind", seat) not in self._once:
                self._fold_behind(game, action, hints)
        safe = [h.tile for h in hints.discards if h.danger == 0] if hints is not None else []
        self._out[seat] = _Out(action.tile, self._turn(game, seat), self._step, game.live_remaining, safe,
                               [o for o in range(3) if o != seat and game.riichi[o]])

    def _hints(self, game: Game, seat: int) -> Hints | None:
        """Hints (shape and danger per discard) when an opponent is in riichi, else None."""
        if not any(game.riichi[o] for o in range(3) if o != seat):
            return None
        return hints_for(game.view(seat), game.events)

    # ---- the kinds ------------------------------------------------------------

    def _win_not_taken(self, game: Game, action: Action, score: ScoreResult | None, tsumo: bool) -> None:
        if score is None:
            return
        seat = action.seat
        tile = game.drawn if tsumo else game.window.tile
        how = "tsumo" if tsumo else "ron"
        text = (f"Did not take a {how} on {tile_word(tile)} worth {_worth(score)} "
                f"({action_text(action).lower() if action.kind != PASS else 'passed'} instead)")
        data = {"win": how, "tile": kind_name(kind(tile)), "action": action_text(action), **_score_data(score)}
        self._moment(game, seat, "win_not_taken", self._turn(game, seat), text, data)

    def _north_kept(self, game: Game, action: Action) -> None:
        seat = action.seat
        self._once.add(("north_kept", seat))
        bonus = count_bonus([0] * NUM_KINDS, 0, 1, game.dora_indicators(), (), False)
        han = bonus.kita
        threw = kind(action.tile) == NORTH
        verb = "Discarded" if threw else "Kept"
        text = f"{verb} a North that could have been set aside: +{han} han"
        hits = bonus.kita_indicator_hits
        if hits:
            text += ", as the West indicator makes North dora" if hits == 1 else \
                f", as {hits} West indicators make North dora"
        data = {"han": han, "indicators_on_north": bonus.kita_indicator_hits, "norths": game.counts[seat][NORTH],
                "discard": kind_name(kind(action.tile)), "riichi": action.kind == RIICHI}
        self._north[seat] = _NorthTrack(self._moment(game, seat, "north_kept", self._turn(game, seat), text, data),
                                        text, thrown=int(threw))

    def _north_later(self, game: Game, action: Action) -> None:
        """What became of the kept North: set aside or discarded later, or what the seat's win would have been."""
        seat, track = action.seat, self._north[action.seat]
        if action.kind == KITA:
            del self._north[seat]
            turn = self._turn(game, seat)
            self._north_note(track, "kita", f"set aside on turn {turn}", kita_turn=turn)
        elif action.kind in (DISCARD, RIICHI) and kind(action.tile) == NORTH:
            track.thrown += 1
            turns = track.thrown_turns
            turns.append(self._turn(game, seat))
            where = f"turn {turns[0]}" if len(turns) == 1 else f"turns {', '.join(map(str, turns))}"
            self._north_note(track, "discarded", f"discarded on {where}", discarded_turns=list(turns))
        elif action.kind in (TSUMO, RON):
            del self._north[seat]
            self._north_won(game, action, track)

    def _north_note(self, track: _NorthTrack, topic: str, note: str, **data: Any) -> None:
        track.notes[topic] = note
        old = track.moment
        track.moment = self._swap(old, replace(old, text=f"{track.base} ({'; '.join(track.notes.values())})",
                                               data={**old.data, **data}))

    def _north_won(self, game: Game, action: Action, track: _NorthTrack) -> None:
        """The seat won: with the North(s) it threw away set aside instead, what would the same win be worth?"""
        seat = action.seat
        if action.kind == TSUMO:
            score, ctx = game.tsumo_win(seat)
        else:
            w = game.window
            score, ctx = game.ron_win(seat, w.tile, w.kind)
        if score is None:
            return
        won = hand_points(score)
        if track.thrown:
            alt = _score(replace(ctx, kita=ctx.kita + track.thrown), game)
            if alt is not None:
                self._north_note(track, "won", f"{won:,} → {hand_points(alt):,} if it had won as it did", won=won,
                                 won_with_kita=hand_points(alt))
        elif ctx.hand.count(NORTH):
            self._north_note(track, "won", f"the North stayed in the winning hand, worth {won:,}", won=won)

    def _riichi_or_dama(self, game: Game, action: Action) -> None:
        seat, tile = action.seat, action.tile
        self._once.add(("tenpai", seat))
        hand13 = list(game.hands[seat])
        hand13.remove(tile)
        counts = list(game.counts[seat])
        counts[kind(tile)] -= 1
        waits = evaluation.waits(counts, game.outside[seat])
        if not waits:
            return
        unseen = [4 - v for v in visible_counts(game.view(seat))]
        rows = []
        for w in waits:
            dama = _score(ron_input(game, seat, hand13, w, False), game)
            riichi = _score(ron_input(game, seat, hand13, w, True), game)
            rows.append((unseen[w], hand_points(dama) if dama else 0, hand_points(riichi) if riichi else 0, w))
        left, dama_pts, riichi_pts, main = max(rows)
        waits_text = _waits_text(waits)
        data = {"waits": [kind_name(w) for w in waits], "main_wait": kind_name(main), "unseen": left,
                "dama": dama_pts, "riichi": riichi_pts, "discard": kind_name(kind(tile))}
        if action.kind == RIICHI:
            dama_text = f"{dama_pts:,} dama" if dama_pts else "no yaku dama"
            text = f"Riichi on {waits_text}: {riichi_pts:,} by ron on {tile_word(main)} ({dama_text})"
            kind_ = "riichi"
        else:
            head = f"at {dama_pts:,} by ron" if dama_pts else "with no yaku for a ron"
            text = f"Dama on {waits_text} {head} on {tile_word(main)} (riichi would make it {riichi_pts:,})"
            kind_ = "dama"
        self._moment(game, seat, kind_, self._turn(game, seat), text, data)

    def _deal_in(self, game: Game, action: Action) -> None:
        """A ron on a reviewed seat's tile. With two rons the honba go to the winner nearer the
        discarder (double ron), or only that winner wins (head bump); a moment already made for
        the farther winner is redone or dropped when the nearer one's ron comes."""
        w = game.window
        loser, winner = w.seat, action.seat
        out = self._out.get(loser)
        if out is None:
            return
        if self._window is not w:
            self._window, self._window_rons = w, {}
        nearer = (loser + 1) % 3
        other = (loser + 2) % 3 if winner == nearer else nearer
        other_rons = w.answers.get(other) is not None and w.answers[other].kind == RON
        if winner != nearer and other_rons and not game.rules.double_ron:
            return  # head bump: the nearer winner takes it alone
        first = winner == nearer or not other_rons  # the winner who takes the honba and sticks
        score = game.ron_win(winner, w.tile, w.kind, game.honba if first else 0, game.sticks if first else 0)[0]
        if score is None:
            return
        if winner == nearer and other in self._window_rons:
            old = self._window_rons.pop(other)
            i = next(i for i, x in enumerate(self.moments) if x is old)
            if game.rules.double_ron:
                self.moments[i] = self._deal_in_moment(game, loser, other, w, out,
                                                       game.ron_win(other, w.tile, w.kind, 0, 0)[0])
            else:
                del self.moments[i]
        self._window_rons[winner] = self._add(self._deal_in_moment(game, loser, winner, w, out, score))

    def _deal_in_moment(self, game: Game, loser: int, winner: int, w: Any, out: _Out, score: ScoreResult) -> Moment:
        paid = score.payments["ron"]
        what = {"kakan": " (added kan)", "kita": " (kita)"}.get(w.kind, "")
        text = f"Dealt in with {tile_word(w.tile)}{what} to seat {winner}'s ron ({_worth(score)}): paid {paid:,}"
        if out.safe:
            text += f"; {', '.join(tile_word(k) for k in out.safe)} in hand was safe against the riichi"
        elif out.threats:
            text += "; no tile in hand was safe against the riichi"
        data = {"tile": kind_name(kind(w.tile)), "winner": winner, "paid": paid,
                "safe": [kind_name(k) for k in out.safe], "riichi_seats": out.threats,
                "winner_in_riichi": bool(game.riichi[winner]), **_score_data(score)}
        return Moment(game.hand_index, loser, "deal_in", out.turn, out.left, out.step, text, data)

    def _pon(self, game: Game, action: Action) -> None:
        seat = action.seat
        before_counts = list(game.counts[seat])
        before_melds = [cm.meld.tile_kind for cm in game.melds[seat]]
        closed = not any(cm.meld.is_open for cm in game.melds[seat])
        counts = list(before_counts)
        for t in action.consumed:
            counts[kind(t)] -= 1
        melds = [*before_melds, kind(action.tile)]
        if yaku_paths(game, seat, counts, melds):
            return
        if not closed and not yaku_paths(game, seat, before_counts, before_melds):
            return  # an earlier call had already left the hand without a yaku
        blocks = yaku_blocks(game, seat, counts, melds)
        text = f"Pon {tile_word(action.tile)} left no easy yaku: {', '.join(str(b) for b in blocks.values())}"
        data = {"tile": kind_name(kind(action.tile)), "melds": [kind_name(k) for k in melds], "was_closed": closed,
                "terminals_honours": sum(counts[k] for k in TERMINALS_AND_HONOURS),
                "pairs": sum(c >= 2 for c in counts),
                "middle": sum(counts[k] for k in range(9, 27) if k % 9 in (3, 4, 5)),
                "blocks": [str(b) for b in blocks.values()]}
        self._moment(game, seat, "pon_broke_yaku", self._turn(game, seat), text, data)

    def _check_furiten(self, game: Game) -> None:
        """Report a reviewed seat that the previous action left tenpai and furiten (once per hand)."""
        if self._prev is None:
            return
        step, left, cause = self._prev
        for seat in self.seats:
            if ("furiten", seat) in self._once or not game.waits(seat) or not game.is_furiten(seat):
                continue
            self._once.add(("furiten", seat))
            waits = game.waits(seat)
            own = [w for w in waits if w in game.discarded_kinds[seat]]
            waits_text = _waits_text(waits)
            own_turn = cause.seat == seat and cause.kind in (DISCARD, RIICHI)
            turn = len(game.discards[seat]) + (0 if own_turn else 1)
            tile = self._last_tile
            if own:
                why = "own_discards"
                text = (f"Furiten waiting on {waits_text} after {_did(cause)}: {_waits_text(own)} "
                        f"{'is' if len(own) == 1 else 'are'} among own discards, so no ron while this wait stands")
            elif game.riichi_furiten[seat]:
                why = "passed_in_riichi"
                text = f"Furiten in riichi on {waits_text}: a winning {tile_word(tile)} went by, no ron for the rest of the hand"
            elif self._passed.get(seat) == tile:
                why = "passed"
                text = f"Furiten on {waits_text} until the next discard: the ron on {tile_word(tile)} was passed"
            else:
                why = "no_yaku"
                text = (f"Furiten on {waits_text} until the next discard: {tile_word(tile)} went by "
                        "and the hand had no yaku to ron it")
            data = {"cause": why, "waits": [kind_name(w) for w in waits], "furiten_waits": [kind_name(w) for w in own],
                    "tile": kind_name(kind(tile)) if tile >= 0 else ""}
            self._moment(game, seat, "furiten", turn, text, data, step=step, left=left)

    def _fold_behind(self, game: Game, action: Action, hints: Hints) -> None:
        seat = action.seat
        if game.round_wind < 1 or game.waits(seat):
            return
        others = sorted(game.scores[o] for o in range(3) if o != seat)
        gap = others[0] - game.scores[seat]
        if gap < FAR_BEHIND:
            return
        by_kind = {h.tile: h for h in hints.discards}
        mine = by_kind.get(kind(action.tile))
        best = min(h.shanten for h in hints.discards)
        if mine is None or mine.danger != 0 or mine.shanten <= best:
            return
        self._once.add(("fold_behind", seat))
        riichi = [o for o in range(3) if o != seat and game.riichi[o]]
        text = (f"Folded with {tile_word(action.tile)} while last by {gap:,}: safe against the riichi but "
                f"{mine.shanten}-shanten where {best}-shanten was possible, and only attacking could change the placement")
        data = {"tile": kind_name(kind(action.tile)), "gap": gap, "shanten": mine.shanten, "best_shanten": best,
                "riichi_seats": riichi, "round": "ESW"[game.round_wind]}
        self._moment(game, seat, "fold_behind", self._turn(game, seat), text, data)


__all__ = ["FAR_BEHIND", "MOMENT_KINDS", "Moment", "MomentFinder", "hand_points", "ron_input", "tile_word",
           "yaku_paths"]
