"""Re-play an mjai record through the referee, checking every action and every score.

The record's own tiles (starting hands, draws, replacement draws, indicators)
are laid into walls, the recorded decisions are applied one by one, and every
event the referee emits must equal the record's event at the same place.

>>> from sanma_core.game import GameMode, play_random_game
>>> g = play_random_game("tenhou", GameMode("tonpuusen"), seed=4)
>>> r = replay_events(g.events, "tenhou")
>>> r.kyoku == len(g.results), r.scores == g.events[-1]["scores"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import gettext
from ..rules import Ruleset, get_ruleset
from ..tiles import NotationError, from_mjai, sort_tiles
from .actions import Action
from .mjai import Observer, RecordError, apply_recorded, is_kita_event
from .mjai_shape import check_events
from .referee import Game
from .state import LENGTHS, GameMode, Phase
from .wall import Wall, WallError

REPLACEMENT_CAUSES = frozenset({"ankan", "kakan", "daiminkan", "kita", "nukidora"})
#: Spellings of ``ryukyoku`` reasons in use (the engine's own, Mortal-style, RiichiEnv-style, the original
#: mjai's and Tenhou's), compared without case, ``_``, ``-`` or spaces.
REASON_SPELLINGS = {
    "exhaustive_draw": ("exhaustive_draw", "exhaustive", "fanpai", "howanpai", "ryukyoku", "normal", "draw"),
    "nine_terminals": ("nine_terminals", "nine_terminal_abort", "kyushu_kyuhai", "kyuushu_kyuuhai", "kyushu",
                       "yao9", "kyuushukyuuhai", "nine_orphans"),
    "four_kans": ("four_kans", "four_kan_abort", "suukaikan", "suu_kaikan", "suukan_sanra", "suukansansen", "sukaikan", "kan4"),
    "nagashi_mangan": ("nagashi_mangan", "nagashi"),
}
_REASONS = {spelling.replace("_", ""): reason for reason, spellings in REASON_SPELLINGS.items()
            for spelling in spellings}


def reason_of(value: Any) -> str | None:
    """The engine's name for a ``ryukyoku`` reason in any known spelling, or None.

    >>> reason_of("kyushu_kyuhai"), reason_of("Suukaikan"), reason_of("exhaustive_draw"), reason_of("pao")
    ('nine_terminals', 'four_kans', 'exhaustive_draw', None)
    """
    if not isinstance(value, str):
        return None
    return _REASONS.get(value.lower().replace("_", "").replace("-", "").replace(" ", ""))
#: Fields compared as multisets (their order is not meaningful).
UNORDERED = frozenset({"tehais"})


@dataclass(frozen=True)
class ReplayResult:
    game: Game
    kyoku: int
    events: int
    scores: list[int]
    #: Why the record was read under ``game.rules`` (asked for, or what the record says of itself).
    why: str = ""
    #: Where the record contradicts itself and its later figures decided, one sentence each.
    notes: tuple[str, ...] = ()


def _tile(value: Any, index: int) -> int:
    try:
        return from_mjai(value)
    except NotationError as exc:
        raise RecordError(index, str(exc)) from None


def _segments(events: list[dict[str, Any]]) -> list[tuple[int, int]]:
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    return [(s, starts[n + 1] if n + 1 < len(starts) else len(events)) for n, s in enumerate(starts)]


def _wall_for(events: list[dict[str, Any]], start: int, end: int, rules: Ruleset) -> Wall:
    """Lay the record's tiles of one hand into a wall."""
    head = events[start]
    try:
        hands = [[_tile(t, start) for t in h] for h in head["tehais"]]
        if len(hands) != 3:
            raise RecordError(start, gettext("start_kyoku needs 3 hands in tehais, got {n}").format(n=len(hands)))
        dora = [_tile(head["dora_marker"], start)]
        oya = head["oya"]
    except (KeyError, TypeError) as exc:
        raise RecordError(start, gettext("start_kyoku is missing or has a bad field: {problem}").format(problem=exc)) from None
    draws: list[int] = []
    replacements: list[int] = []
    ura: list[int] = []
    previous = None
    for i in range(start + 1, end):
        e = events[i]
        kind = e["type"]
        if kind == "tsumo":
            (replacements if previous in REPLACEMENT_CAUSES else draws).append(_tile(e.get("pai"), i))
        elif kind == "dora":
            dora.append(_tile(e.get("dora_marker"), i))
            continue
        elif kind == "hora" and e.get("ura_markers") and not ura:
            ura = [_tile(t, i) for t in e["ura_markers"]]
        previous = kind
    try:
        return Wall.arranged(rules, hands=hands, draws=draws, replacements=replacements, dora=dora, ura=ura,
                             dealer=oya, seed=start)
    except WallError as exc:
        raise RecordError(start, gettext("the hand's tiles cannot come from one wall: {problem}").format(problem=exc)) from None


def _same(engine: dict[str, Any], record: dict[str, Any]) -> str | None:
    """None when the record's event agrees with the engine's; otherwise what differs."""
    et, rt = engine["type"], record["type"]
    if et != rt and not (is_kita_event(engine) and is_kita_event(record)):
        return f"the record has {rt!r} where the engine has {et!r}"
    if et == "start_game":
        return None
    for key, value in record.items():
        if key == "type" or key not in engine:
            continue
        if et == "ryukyoku" and key == "reason":
            if reason_of(value) is None:
                known = ", ".join(sorted({s for spellings in REASON_SPELLINGS.values() for s in spellings}))
                return f"ryukyoku reason {value!r} is not one the engine knows ({known})"
            if reason_of(value) != engine[key]:
                return f"ryukyoku reason is {value!r} in the record but {engine[key]!r} by the engine"
            continue
        mine = engine[key]
        if key in UNORDERED:
            equal = [sorted(map(str, h)) for h in mine] == [sorted(map(str, h)) for h in value]
        else:
            equal = mine == value
        if not equal:
            return f"{rt} field {key!r} is {value!r} in the record but {mine!r} by the engine"
    return None


def _decide_turn(game: Game, events: list[dict[str, Any]], i: int) -> Action:
    s = game.turn
    k = i
    while k < len(events) and events[k]["type"] == "dora":
        k += 1
    if k >= len(events):
        raise RecordError(i, gettext("the record ends while seat {seat} must act").format(seat=s))
    e = events[k]
    kind = e["type"]
    if kind == "reach":
        nxt = events[k + 1] if k + 1 < len(events) else {}
        j = k + 1
        while nxt.get("type") == "dora":
            j += 1
            nxt = events[j] if j < len(events) else {}
        if nxt.get("type") != "dahai":
            raise RecordError(k, gettext("a riichi declaration must be followed by its discard"))
        tile = _tile(nxt.get("pai"), j)
        return Action.riichi(s, tile, from_hand=nxt.get("tsumogiri") is False and tile == game.drawn)
    if kind == "hora" and e.get("actor") != s and e.get("target") == s:
        robbed = _robbed_closed_kan(game, e.get("actor"))
        if robbed is not None:
            return robbed
    if e.get("actor") != s and kind != "ryukyoku":
        raise RecordError(k, gettext("the record has {event} by seat {actor} but it is seat {seat}'s turn").format(
            event=repr(kind), actor=e.get("actor"), seat=s))
    if kind == "dahai":
        tile = _tile(e.get("pai"), k)
        return Action.discard(s, tile, from_hand=e.get("tsumogiri") is False and tile == game.drawn)
    if kind == "ankan":
        return Action.ankan(s, tuple(sort_tiles(_tile(t, k) for t in e.get("consumed", []))))
    if kind == "kakan":
        return Action.kakan(s, _tile(e.get("pai"), k))
    if is_kita_event(e):
        return Action.kita(s)
    if kind == "hora":
        return Action.tsumo(s)
    if kind == "ryukyoku":
        return Action.nine_terminal_abort(s)
    raise RecordError(k, gettext("the record has {event} where seat {seat} must act on its turn").format(
        event=repr(kind), seat=s))


def _robbed_closed_kan(game: Game, robber: Any) -> Action | None:
    """The closed kan a ``hora`` on the seat to move must have robbed where a record leaves the kan out.

    RiichiEnv writes a thirteen-orphans ron on a closed kan as the ``hora`` alone, with no ``ankan`` before it.
    """
    s = game.turn
    if robber not in (0, 1, 2) or robber == s or not game.rules.kokushi_robs_closed_kan:
        return None
    kans = [a for a in game.legal_actions(s) if a.kind == "ankan" and a.tile in game.waits(robber)]
    return kans[0] if len(kans) == 1 else None


def _decide_responses(game: Game, events: list[dict[str, Any]], i: int) -> list[Action]:
    window = game.window
    claims: dict[int, Action] = {}
    k = i
    while k < len(events) and events[k]["type"] in ("hora", "reach_accepted", "pon", "daiminkan"):
        e = events[k]
        actor = e.get("actor")
        if e["type"] == "hora" and e.get("target") == window.seat:
            claims.setdefault(actor, Action.ron(actor, window.tile))
        elif e["type"] in ("pon", "daiminkan"):
            consumed = tuple(sort_tiles(_tile(t, k) for t in e.get("consumed", [])))
            tile = _tile(e.get("pai"), k)
            make = Action.pon if e["type"] == "pon" else Action.minkan
            claims.setdefault(actor, make(actor, tile, consumed))
        k += 1
    return [claims.get(seat, Action.pass_(seat)) for seat in game.to_act()]


def _replay_with(events: list[dict[str, Any]], rules: Ruleset, length: str, observers: Sequence[Observer] = ()) -> ReplayResult:
    segments = _segments(events)
    if not segments:
        raise RecordError(0, gettext("the record has no start_kyoku"))
    walls = [_wall_for(events, s, e, rules) for s, e in segments]
    first = events[segments[0][0]]

    def factory(game: Game) -> Wall:
        if game.hand_index < len(walls):
            return walls[game.hand_index]
        return Wall.shuffled(rules, seed=game.hand_index)

    if events[0]["type"] == "start_game":
        game = Game(rules, GameMode(length), wall_factory=factory)  # a whole game: the rules' start
    else:  # a fragment: start where the record starts
        scores = first.get("scores")
        game = Game(
            rules,
            GameMode(length),
            wall_factory=factory,
            scores=list(scores) if isinstance(scores, list) and len(scores) == 3 else None,
            round_wind="ESW".index(first["bakaze"]) if first.get("bakaze") in ("E", "S", "W") else 0,
            dealer=first["oya"] if first.get("oya") in (0, 1, 2) else 0,
            honba=first["honba"] if isinstance(first.get("honba"), int) else 0,
            sticks=first["kyotaku"] if isinstance(first.get("kyotaku"), int) else 0,
        )
    i = 0
    j = 0
    if events[0]["type"] != "start_game":
        j = 1  # the record starts at start_kyoku: skip the engine's start_game
    doras: tuple[list[str], list[str]] = ([], [])  # this hand's indicators: the engine's, the record's
    while True:
        while j < len(game.events) and i < len(events):
            mine, theirs = game.events[j], events[i]
            # a new indicator may stand a few events apart in other engines' records (after a kan, at
            # the kita or the discard): the indicators must agree in order, not their exact places
            if mine["type"] == "dora":
                doras[0].append(mine.get("dora_marker"))
                j += 1
                continue
            if theirs["type"] == "dora":
                doras[1].append(theirs.get("dora_marker"))
                i += 1
                continue
            if mine["type"] == "ankan" and theirs["type"] == "hora" and theirs.get("target") == mine["actor"] \
                    and theirs.get("actor") != mine["actor"] and "pai" not in theirs:
                j += 1  # the robbed closed kan the record leaves out (see _robbed_closed_kan)
                continue
            if theirs["type"] in ("hora", "ryukyoku", "end_kyoku", "start_kyoku"):
                if doras[0] != doras[1]:
                    raise RecordError(i, gettext("the record reveals the indicators {theirs} where the engine "
                                                 "reveals {ours}").format(theirs=doras[1], ours=doras[0]))
                if theirs["type"] == "start_kyoku":
                    doras = ([], [])
            problem = _same(mine, theirs)
            if problem:
                raise RecordError(i, problem)
            i += 1
            j += 1
        if i >= len(events):
            break
        if game.phase is Phase.GAME_END:
            raise RecordError(i, gettext("the game is over but the record goes on with {event}").format(
                event=repr(events[i]["type"])))
        if game.phase is Phase.HAND_END:
            game.next_hand()
            continue
        actions = [_decide_turn(game, events, i)] if game.phase is Phase.TURN else _decide_responses(game, events, i)
        apply_recorded(game, actions, observers, lambda a, exc, i=i: RecordError(i, str(exc), seat=a.seat))
    final = game.events[-1]["scores"] if game.phase is Phase.GAME_END else list(game.scores)
    return ReplayResult(game, len(segments), len(events), list(final))


def replay_events(events: list[dict[str, Any]], rules: str | Ruleset | None = None,
                  observers: Sequence[Observer] = ()) -> ReplayResult:
    """Verify a whole mjai record; raises :class:`RecordError` at the first disagreement.

    Each observer's ``before(game, action)`` is called just before every action is applied
    (with a record of unknown length, once per length tried until one fits).
    """
    ruleset = get_ruleset(rules)
    if not events:
        raise RecordError(0, gettext("the record is empty"))
    check_events(events)
    declared = events[0].get("game_length") if events[0]["type"] == "start_game" else None
    if declared in LENGTHS:
        return _replay_with(events, ruleset, declared, observers)
    # unknown length: the one under which the game ends where the record ends (a hanchan when none does)
    failure: RecordError | None = None
    results: dict[str, ReplayResult] = {}
    for length in ("tonpuusen", "hanchan"):
        try:
            results[length] = _replay_with(events, ruleset, length)
        except RecordError as exc:
            if failure is None or exc.index > failure.index:
                failure = exc
    if not results:
        assert failure is not None
        raise failure
    length = next((n for n, r in results.items() if r.game.is_over()), "hanchan" if "hanchan" in results else
                  next(iter(results)))
    return _replay_with(events, ruleset, length, observers) if observers else results[length]
