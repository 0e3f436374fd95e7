"""Short scripted hands played by the engine's referee, so a drill reads its answer off a real game state.

A script is a list of :class:`Move` in turn order (seat 0, the player, is the
dealer and moves first). Every reaction window is passed, seat 0's included
(a ron not taken). :func:`play_script` returns the game right after the last
move, with its reaction window still open when someone may answer it.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.tiles import parse_tiles, parse_tile
>>> hand = parse_tiles("123p456p789s555z1s")
>>> g = play_script(load_preset(), hand, [Move(0, parse_tile("9m")), Move(1, parse_tile("1s"))])
>>> g.is_furiten(0), [a.kind for a in g.legal_actions(0)]
(False, ['ron', 'pass'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sanma_core.analysis import shanten
from sanma_core.errors import IllegalActionError
from sanma_core.game import Game
from sanma_core.game.actions import PASS, Action
from sanma_core.game.scenario import arranged_game
from sanma_core.game.state import Phase
from sanma_core.game.wall import WallError
from sanma_core.rules import Ruleset
from sanma_core.tiles import NORTH, SANMA_KINDS, kind, to_counts

from .hands import Retry


@dataclass(frozen=True)
class Move:
    """One turn: ``seat`` draws ``draw``; with ``kita`` it first sets a North aside and draws ``replacement``;
    then it discards ``discard`` (the tile just drawn when None), declaring riichi with ``riichi``."""

    seat: int
    draw: int
    discard: int | None = None
    kita: bool = False
    replacement: int | None = None
    riichi: bool = False


def _pass_until_turn(game: Game, seat: int) -> None:
    for _ in range(12):
        if game.phase is Phase.TURN and game.turn == seat:
            return
        if game.phase is not Phase.RESPONSE:
            raise Retry
        for s in list(game.to_act()):
            game.apply(Action.pass_(s))
    raise Retry


def _play(game: Game, action: Action) -> None:
    """Play a scripted action; :class:`Retry` when the script is not legal there (``apply`` checks that one
    action, without listing every action of the turn)."""
    try:
        game.apply(action)
    except IllegalActionError:
        raise Retry from None


def play_script(rules: Ruleset, hand: Sequence[int], moves: Sequence[Move], seed: int | str = 0,
                dora: Sequence[int] = (), then: tuple[int, int] | None = None,
                replacements_after: Sequence[int] = (), dealer: int = 0, others: Mapping[int, Sequence[int]] | None = None,
                round_wind: int = 0, scores: Sequence[int] | None = None) -> Game:
    """Play ``moves`` from a dealt position (seat 0's 13 ``hand`` tiles; the others random from ``seed``, or
    ``others[seat]``).

    ``dealer`` is the dealer's seat (seat 0's wind follows from it); the moves start with the dealer's.
    ``round_wind`` (0 East, 1 South) and ``scores`` (by seat) set the hand in the game.
    With ``then = (seat, tile)`` play stops at that seat's next turn, ``tile`` just drawn (its decision
    still to make); ``replacements_after`` are the replacement draws after the moves (a kita still to come).
    Raises :class:`~drills.hands.Retry` when the tiles do not fit the wall or the script is not legal.
    """
    draws = [m.draw for m in moves] + ([then[1]] if then else [])
    replacements = [m.replacement for m in moves if m.kita and m.replacement is not None] + list(replacements_after)
    try:
        hands = [list(hand), *(list((others or {})[s]) if s in (others or {}) else None for s in (1, 2))]
        game = arranged_game(rules, hands=hands, draws=draws, replacements=replacements, dora=list(dora), seed=seed,
                             dealer=dealer, round_wind=round_wind, scores=None if scores is None else list(scores))
    except WallError:
        raise Retry from None
    for m in moves:
        _pass_until_turn(game, m.seat)
        if game.drawn is None or game.drawn != m.draw:
            raise Retry
        if m.kita:
            _play(game, Action.kita(m.seat))
            _pass_until_turn(game, m.seat)
        tile = game.drawn if m.discard is None else m.discard
        _play(game, Action.riichi(m.seat, tile) if m.riichi else Action.discard(m.seat, tile))
    if then is not None:
        _pass_until_turn(game, then[0])
        if game.drawn != then[1]:
            raise Retry
    return game


def can_ron(game: Game, seat: int) -> bool:
    """Whether ``seat`` is offered a ron on the tile just played."""
    return game.phase is Phase.RESPONSE and any(a.kind == "ron" for a in game.legal_actions(seat))


def passes(game: Game, seat: int) -> bool:
    return game.phase is Phase.RESPONSE and Action.pass_(seat) in game.legal_actions(seat)


def far_kinds(hand: Sequence[int]) -> list[int]:
    """Kinds that neither touch nor complete any tile of ``hand`` (and no North): draws nobody wants."""
    held = {kind(t) for t in hand}
    return [k for k in SANMA_KINDS if k not in held and k != NORTH
            and not any(j < 27 and k < 27 and j // 9 == k // 9 and abs(j - k) <= 2 for j in held)]


def quiet_moves(rules: Ruleset, used: Sequence[int], far: Sequence[int], turns: int, rng: random.Random,
                dealer: int = 0, norths: int = 0) -> list[Move]:
    """Quiet go-arounds from the deal: each seat draws a ``far`` kind and throws it, up to seat 0's turn after
    its ``turns`` turns; seat 0's first ``norths`` draws are Norths it sets aside (the replacement thrown).
    Raises :class:`Retry` when the copies run out."""
    left = [0] * 34
    for k in SANMA_KINDS:
        left[k] = 4 - (rules.red_fives.get(k, 0) if k in far else 0)
    for t in used:
        left[kind(t)] -= 1

    def take() -> int:
        options = [k for k in far if left[k] > 0]
        if not options:
            raise Retry
        k = rng.choice(options)
        left[k] -= 1
        return k

    moves: list[Move] = []
    mine = 0
    seat = dealer
    while True:
        if seat == 0:
            if mine == turns:
                break
            if mine < norths:
                moves.append(Move(0, NORTH, kita=True, replacement=take()))
            else:
                moves.append(Move(0, take()))
            mine += 1
        else:
            moves.append(Move(seat, take()))
        seat = (seat + 1) % 3
    return moves


def calm_position(rules: Ruleset, hand: Sequence[int], drawn: int, turn: int, rng: random.Random,
                  dealer: int = 0, norths: int = 0, dora: Sequence[int] = (), round_wind: int = 0,
                  scores: Sequence[int] | None = None) -> Game:
    """Seat 0 at its turn ``turn`` of a quiet hand, holding the 13 ``hand`` tiles and ``drawn`` just drawn, its
    first ``norths`` draws set aside as kita (``round_wind`` and ``scores`` as :func:`play_script` takes them);
    raises :class:`Retry` when the tiles do not fit."""
    used = [*hand, drawn, *dora, *[NORTH] * norths]
    far = far_kinds([*hand, drawn])
    moves = quiet_moves(rules, used, far, turn - 1, rng, dealer=dealer, norths=norths)
    return play_script(rules, hand, moves, seed=rng.randrange(2**31), dora=dora, then=(0, drawn), dealer=dealer,
                       round_wind=round_wind, scores=scores)


def first_tenpai_position(rules: Ruleset, hand: Sequence[int], discard: int, turn: int, rng: random.Random,
                          **table: object) -> tuple[Game, int, int]:
    """Seat 0's first chance to declare riichi with the 13 tenpai ``hand`` (kinds): one of its tiles just drawn,
    ``discard`` (a kind nobody needs) in hand to throw, the hand before the draw not yet tenpai (a later chance,
    where the hand was already waiting, is one a player has passed: the decision model tells them apart).
    ``table`` as :func:`calm_position` takes it. Returns (the game, the kind drawn, the tile to throw); raises
    :class:`Retry` when no tile of the hand can be the one that made it ready."""
    kinds = sorted(set(hand))
    rng.shuffle(kinds)
    for drawn in kinds:
        before = list(hand)
        before.remove(drawn)
        before.append(discard)
        if shanten(to_counts(before)) <= 0:
            continue
        game = calm_position(rules, before, drawn, turn, rng, **table)  # type: ignore[arg-type]
        tile = next(t for t in game.view(0).hand if kind(t) == discard)
        return game, drawn, tile
    raise Retry


__all__ = ["Move", "PASS", "calm_position", "can_ron", "far_kinds", "first_tenpai_position", "passes", "play_script",
           "quiet_moves"]
