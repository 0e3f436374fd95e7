"""Games that start from a chosen situation: constructed walls for tests, drills and lessons.

>>> from sanma_core.tiles import parse_tiles
>>> g = arranged_game("tenhou", hands=[parse_tiles("19m19p19s123456z5p"), None, None], draws=parse_tiles("1z"))
>>> [a.kind for a in g.legal_actions(0)][:2]
['nine_terminal_abort', 'kita']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import Ruleset, get_ruleset
from ..tiles import parse_tiles
from .actions import DISCARD, PASS, Action
from .players import Decision, run
from .referee import Game
from .state import GameMode, Phase
from .view import SeatView
from .wall import Wall


def tiles_of(spec: str | Sequence[int] | None) -> list[int] | None:
    """MPSZ text or a tile list (None stays None)."""
    if spec is None:
        return None
    return parse_tiles(spec) if isinstance(spec, str) else list(spec)


def arranged_game(
    rules: str | Ruleset | None = None,
    hands: Sequence[str | Sequence[int] | None] = (None, None, None),
    draws: str | Sequence[int] = (),
    replacements: str | Sequence[int] = (),
    dora: str | Sequence[int] = (),
    ura: str | Sequence[int] = (),
    *,
    mode: GameMode | None = None,
    seed: int | str = 0,
    dealer: int = 0,
    round_wind: int = 0,
    honba: int = 0,
    sticks: int = 0,
    scores: list[int] | None = None,
    kita_event: str = "nukidora",
) -> Game:
    """A game whose first hand is dealt from a wall with the given tiles in place.

    ``hands`` by absolute seat, ``draws`` the live draws in order, ``replacements``
    the kan/kita replacement tiles in order, ``dora``/``ura`` the indicators.
    Later hands use walls shuffled from ``seed``.
    """
    ruleset = get_ruleset(rules)
    wall = Wall.arranged(
        ruleset,
        hands=[tiles_of(h) for h in hands],
        draws=tiles_of(draws) or (),
        replacements=tiles_of(replacements) or (),
        dora=tiles_of(dora) or (),
        ura=tiles_of(ura) or (),
        dealer=dealer,
        seed=seed,
    )

    def factory(game: Game) -> Wall:
        if game.hand_index == 0:
            return wall
        return Wall.shuffled(ruleset, seed=f"{seed}/{game.hand_index}")

    return Game(
        ruleset,
        mode,
        seed=seed,
        wall_factory=factory,
        kita_event=kita_event,
        scores=scores,
        round_wind=round_wind,
        dealer=dealer,
        honba=honba,
        sticks=sticks,
    )


class QuietPlayer:
    """The quiet choice: discard the drawn tile (or the first legal discard), pass every call."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        if view.phase is Phase.RESPONSE:
            return Decision(next(a for a in legal if a.kind == PASS), "pass")
        if view.drawn is not None:
            tsumogiri = Action.discard(view.seat, view.drawn)
            if tsumogiri in legal:
                return Decision(tsumogiri, "discard the drawn tile")
        return Decision(next(a for a in legal if a.kind == DISCARD), "the first discard")


QUIET = QuietPlayer()


def default_action(game: Game, seat: int) -> Action:
    """What :class:`QuietPlayer` plays for ``seat`` now."""
    return QUIET.decide(game.view(seat), game.legal_actions(seat)).action


def advance(game: Game, stop: Callable[[Game], bool], max_steps: int = 10_000) -> Game:
    """Play quiet default actions until ``stop(game)`` holds or the hand ends."""
    for _ in run(game, QUIET, next_hands=False, stop=stop, max_steps=max_steps):
        pass
    if not (stop(game) or game.phase in (Phase.HAND_END, Phase.GAME_END)):
        raise RuntimeError("advance: stop condition never reached")
    return game


def until_turn(game: Game, seat: int) -> Game:
    """Quiet play until ``seat`` has its own-turn decision."""
    return advance(game, lambda g: g.phase is Phase.TURN and g.turn == seat)


def until_asked(game: Game, seat: int) -> Game:
    """Quiet play until ``seat`` is asked to answer a tile."""
    return advance(game, lambda g: g.phase is Phase.RESPONSE and seat in g.to_act())


def until_hand_end(game: Game) -> Game:
    return advance(game, lambda g: False)
