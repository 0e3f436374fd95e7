"""What the moment detectors share: the :class:`Moment` value, the words for tiles and wins, the engine's
scoring of a hypothetical win, and the :class:`Tracker` that holds the finder's running state."""

from __future__ import annotations

import bisect
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ...game import Action, Game
from ...game.actions import DISCARD, KITA, RIICHI
from ...i18n import gettext
from ...scoring import ScoreResult, WinInput, try_score
from ...scoring.payments import settle_win
from ...tiles import EAST, FIVE_P, HONOURS, RED_5P, RED_5S, kind, kind_name
from ...words import honour_name, worth_text
from ..decisions import action_label

MOMENT_KINDS = ("win_not_taken", "north_kept", "riichi", "dama", "deal_in", "pon_broke_yaku", "furiten",
                "fold_behind")


def tile_word(tile: int) -> str:
    """``5p``, or the word for an honour: ``North``, ``White``."""
    k = kind(tile)
    return honour_name(k - 27) if k in HONOURS else kind_name(k)


def waits_text(waits: Collection[int]) -> str:
    return "-".join(tile_word(w) for w in waits)


def did(a: Action) -> str:
    """The seat's own action as a phrase: ``discarding 9p``, ``setting a North aside``, ``the closed kan 1z``."""
    if a.kind == DISCARD:
        return gettext("discarding {tile}").format(tile=tile_word(a.tile))
    if a.kind == RIICHI:
        return gettext("the riichi discard {tile}").format(tile=tile_word(a.tile))
    if a.kind == KITA:
        return gettext("setting a North aside")
    return gettext("the {action}").format(action=action_label(a).lower())


@dataclass(frozen=True)
class Moment:
    """One notable moment of a reviewed seat."""

    hand: int  # engine hand index (game.hand_index)
    seat: int
    kind: str  # one of MOMENT_KINDS
    turn: int  # the seat's own turn number in the hand (1 = its first draw/discard turn)
    left: int  # live wall tiles left
    step: int  # actions applied in the whole game before this moment's action
    text: str  # one readable sentence, in the language spoken when the moment was found
    data: dict[str, Any] = field(default_factory=dict, hash=False)  # the numbers behind the text


def hand_points(score: ScoreResult) -> int:
    """What a win is worth by itself: the losers' payments without honba and riichi sticks."""
    win = score.win
    return settle_win(score.rules, score.han, score.fu, win.dealer, win.tsumo, score.yakuman).total


def worth(score: ScoreResult) -> str:
    """``3 han 40 fu, 5,200 points``."""
    return worth_text(score.han, score.fu, score.yakuman, hand_points(score))


def score_data(score: ScoreResult) -> dict[str, Any]:
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


def score_of(win: WinInput, game: Game) -> ScoreResult | None:
    """The engine's score of a hypothetical win, None without yaku or when no copy of the tile is left."""
    try:
        return try_score(win, game.rules)
    except ValueError:  # the win tile's copies are all in the hand, melds and indicators
        return None


@dataclass
class Out:
    """One of the reviewed seat's tiles given out (discard, added kan, kita), kept in case it is ronned."""

    tile: int
    turn: int
    step: int
    left: int
    safe: list[int]  # kinds in hand genbutsu against every riichi opponent
    threats: list[int]  # opponents in riichi


class Tracker:
    """The finder's running state that the detectors read and add to: the moments found (in game order), the
    step count, and per hand what was already found, the tiles given out, the rons passed and the last action."""

    def __init__(self, seats: Collection[int]):
        self.seats = frozenset(seats)
        self.moments: list[Moment] = []
        self.step = 0
        self.reset_hand()

    def reset_hand(self) -> None:
        self.once: set[tuple[str, int]] = set()  # (kind, seat) already found in this hand
        self.out: dict[int, Out] = {}
        self.passed: dict[int, int] = {}  # seat → tile of a ron it passed
        self.prev: tuple[int, int, Action] | None = None  # step, live tiles left, action
        self.last_tile = -1  # the last tile given out by any seat (discard, added kan, kita)

    def add(self, m: Moment) -> Moment:
        bisect.insort(self.moments, m, key=lambda x: x.step)
        return m

    def swap(self, old: Moment, new: Moment) -> Moment:
        i = next(i for i, x in enumerate(self.moments) if x is old)
        self.moments[i] = new
        return new

    def moment(self, game: Game, seat: int, kind_: str, turn: int, text: str, data: dict[str, Any],
               step: int | None = None, left: int | None = None) -> Moment:
        return self.add(Moment(game.hand_index, seat, kind_, turn, game.live_remaining if left is None else left,
                               self.step if step is None else step, text, data))

    @staticmethod
    def turn(game: Game, seat: int) -> int:
        return len(game.discards[seat]) + 1


__all__ = ["MOMENT_KINDS", "Moment", "Out", "Tracker", "did", "hand_points", "ron_input", "score_data", "score_of",
           "tile_word", "waits_text", "worth"]
