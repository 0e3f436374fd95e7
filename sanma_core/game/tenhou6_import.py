"""Re-play a tenhou.net/6 game through the referee and check every figure the log states.

The log's own tiles are laid into the walls, its decisions are applied one by
one (every action must be legal), and each hand's start (position, honba,
sticks, scores), result and score changes, and the final ``sc`` must equal the
engine's. Anything else is a :class:`RecordError` naming the hand, the seat,
the record's item and what the engine expected.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import Ruleset, get_ruleset
from ..scoring.payments import Placement, final_placement
from ..tiles import NotationError, from_tenhou, kind, kind_name, sort_tiles, tile_name
from .actions import Action
from .mjai import Observer, RecordError, apply_recorded
from .referee import Game
from .state import GameMode, Phase
from .tenhou6_calls import KITA, TSUMOGIRI, CallError, parse_call
from .tenhou6_results import DRAW_KINDS, hand_name
from .wall import Wall

#: How the engine names the ends of a hand, for messages.
ENDINGS = {"win": "a win", "exhaustive_draw": "an exhaustive draw", "nagashi_mangan": "nagashi mangan",
           "nine_terminals": "a nine-terminal abort", "four_kans": "a four-kan abort"}


@dataclass
class _Script:
    """One hand of the log, consumed as the referee asks."""

    number: int
    name: str
    header: list[int]
    scores: list[int]
    deal: list[list[int]]
    takes: list[list[Any]]
    gives: list[list[Any]]
    dora: list[int]
    ura: list[int]
    result: list[Any]
    wins: list[tuple[int, int]] = field(default_factory=list)  # (winner, from)

    def error(self, message: str, seat: int | None = None) -> RecordError:
        return RecordError(self.number, f"{self.name}: {message}", hand=self.name, seat=seat)

    def mismatch(self, message: str, seat: int | None = None) -> RecordError:
        return ScoreMismatch(self.number, f"{self.name}: {message}", hand=self.name, seat=seat)

    def next_give(self, seat: int) -> Any:
        queue = self.gives[seat]
        while queue and queue[0] == 0:  # the placeholder after an open kan
            queue.pop(0)
        return queue[0] if queue else None

    def finished(self) -> bool:
        return not any(self.takes) and all(self.next_give(s) is None for s in range(3))


def _tile(code: Any, script: _Script, where: str, seat: int | None) -> int:
    try:
        return from_tenhou(code)
    except NotationError:
        raise script.error(f"{where} has {code!r}, which is not a Tenhou tile code", seat) from None


def _read_hand(n: int, h: Any, rules: Ruleset) -> _Script:
    if not isinstance(h, list) or len(h) not in (16, 17):
        raise RecordError(n, f"hand {n + 1}: a tenhou.net/6 hand is a list of 17 entries, got "
                             f"{len(h) if isinstance(h, list) else type(h).__name__}", hand=f"hand {n + 1}")
    try:
        header = [int(x) for x in h[0]]
        scores = [int(x) for x in h[1][:3]]
        if len(header) != 3 or len(scores) != 3:
            raise ValueError
    except (TypeError, ValueError):
        raise RecordError(n, f"hand {n + 1}: the first two entries must be [kyoku, honba, sticks] and 3 scores",
                          hand=f"hand {n + 1}") from None
    if not (0 <= header[0] <= 10 and header[0] % 4 <= 2 and header[1] >= 0 and header[2] >= 0):
        raise RecordError(n, f"hand {n + 1}: [kyoku, honba, sticks] = {header} is not a sanma hand "
                             "(kyoku = 4 × round + dealer, dealer 0–2, round East to West; honba and sticks ≥ 0)",
                          hand=f"hand {n + 1}")
    name = hand_name(header[0], header[1])
    lists = [h[i] for i in range(2, 16)]
    if not all(isinstance(x, list) for x in lists):
        raise RecordError(n, f"{name}: indicators, starting hands, draws and discards must be lists", hand=name)
    result = h[16] if len(h) > 16 else []
    script = _Script(n, name, header, scores, [], [list(h[5 + 3 * s]) for s in range(3)],
                     [list(h[6 + 3 * s]) for s in range(3)], [], [], result if isinstance(result, list) else [])
    script.deal = [[_tile(c, script, f"seat {s}'s starting hand", s) for c in h[4 + 3 * s]] for s in range(3)]
    for s, hand in enumerate(script.deal):
        if len(hand) != 13:
            raise script.error(f"seat {s}'s starting hand has {len(hand)} tiles, 13 expected", s)
    script.dora = [_tile(c, script, "the dora indicators", None) for c in h[2]]
    script.ura = [_tile(c, script, "the ura indicators", None) for c in h[3]]
    if not script.dora:
        raise script.error("the hand has no dora indicator")
    _check_census(script, rules)
    if script.result and script.result[0] == "和了":
        for detail in script.result[2::2]:
            if not (isinstance(detail, list) and len(detail) >= 2 and detail[0] in (0, 1, 2) and detail[1] in (0, 1, 2)):
                raise script.error(f"a win's detail must start with the winner's and the payer's seats, got {detail!r}")
            script.wins.append((detail[0], detail[1]))
    elif script.result and (not isinstance(script.result[0], str) or script.result[0] not in DRAW_KINDS):
        raise script.error(f"unknown result {script.result[0]!r}: 和了 or one of {', '.join(DRAW_KINDS)} expected")
    return script


def _check_census(script: _Script, rules: Ruleset) -> None:
    """No tile more often than the set holds: starting hands, draws and indicators together."""
    seen: Counter[int] = Counter()
    reds = {from_tenhou(52): rules.red_five_p, from_tenhou(53): rules.red_five_s}
    places: list[tuple[int, str, int | None]] = []
    for s in range(3):
        places += [(t, f"seat {s}'s starting hand", s) for t in script.deal[s]]
    for s in range(3):
        draws = [x for x in script.takes[s] if isinstance(x, int)]
        places += [(_tile(c, script, f"seat {s}'s draws", s), f"seat {s}'s draw {i + 1}", s)
                   for i, c in enumerate(draws)]
    places += [(t, "the dora indicators", None) for t in script.dora]
    places += [(t, "the ura indicators", None) for t in script.ura]
    by_kind: Counter[int] = Counter()
    for tile, where, seat in places:
        seen[tile] += 1
        by_kind[kind(tile)] += 1
        if tile in reds and seen[tile] > reds[tile]:
            raise script.error(f"{where} holds a red {kind_name(kind(tile))} the ruleset does not have "
                               f"(or a second one)", seat)
        if by_kind[kind(tile)] > 4:
            raise script.error(f"{where} holds a fifth {kind_name(kind(tile))}", seat)


class _ScriptWall(Wall):
    """A wall whose draws come from the log, seat by seat, as the referee asks for them."""

    def __init__(self, game: Game, script: _Script, rules: Ruleset):
        super().__init__(Wall.shuffled(rules, seed=0).tiles)
        self.game = game
        self.script = script

    def deal(self, dealer: int) -> list[list[int]]:
        return [list(h) for h in self.script.deal]

    def _next_take(self) -> int:
        seat = self.game.turn
        script = self.script
        queue = script.takes[seat]
        if not queue:
            raise script.error(f"seat {seat} must draw a tile but the record's draws for it have run out", seat)
        head = queue[0]
        if isinstance(head, str):
            raise script.error(f"seat {seat}'s call {head!r} ({_describe(head, seat)}) matches no discard: "
                               f"the engine has seat {seat} drawing from the wall here", seat)
        queue.pop(0)
        return _tile(head, script, f"seat {seat}'s draws", seat)

    def draw_live(self) -> int:
        super().draw_live()
        return self._next_take()

    def draw_replacement(self) -> int:
        super().draw_replacement()
        return self._next_take()

    def dora_indicator(self, index: int) -> int:
        if index < len(self.script.dora):
            return self.script.dora[index]
        return super().dora_indicator(index)

    def ura_indicator(self, index: int) -> int:
        if index < len(self.script.ura):
            return self.script.ura[index]
        return super().ura_indicator(index)


def _describe(text: str, seat: int) -> str:
    try:
        call = parse_call(text, seat)
    except CallError as exc:
        return str(exc)
    what = {"p": "pon", "m": "open kan", "k": "added kan", "a": "closed kan"}[call.letter]
    tile = tile_name(from_tenhou(call.called))
    return f"{what} of {tile}" + (f" from seat {call.source}" if call.source is not None else "")


def _discard_action(game: Game, script: _Script, code: int, riichi: bool) -> Action:
    """The discard (or riichi discard) of Tenhou code ``code``; 60 is the drawn tile itself."""
    s, drawn = game.turn, game.drawn
    make = Action.riichi if riichi else Action.discard
    if code == TSUMOGIRI:
        if drawn is None:
            what = "declares riichi with the drawn tile (r60) but drew none" if riichi else \
                "discards the drawn tile (60) but drew none (it called)"
            raise script.error(f"seat {s} {what}", s)
        return make(s, drawn)
    tile = _tile(code, script, f"seat {s}'s riichi discard" if riichi else f"seat {s}'s discards", s)
    return make(s, tile, from_hand=tile == drawn)


def _turn_action(game: Game, script: _Script) -> Action:
    s = game.turn
    item = script.next_give(s)
    if item is None:
        if (s, s) in script.wins and script.finished():
            return Action.tsumo(s)
        if script.result and script.result[0] == "九種九牌":
            return Action.nine_terminal_abort(s)
        raise script.error(f"seat {s} must act but the record's discards for it have run out", s)
    script.gives[s].pop(0)
    if isinstance(item, int) and not isinstance(item, bool):
        return _discard_action(game, script, item, riichi=False)
    if not isinstance(item, str):
        raise script.error(f"seat {s}'s discards hold {item!r}, not a Tenhou discard", s)
    if item == KITA:
        return Action.kita(s)
    if item.startswith("r") and item[1:].isdigit():
        return _discard_action(game, script, int(item[1:]), riichi=True)
    try:
        call = parse_call(item, s)
    except CallError as exc:
        raise script.error(f"seat {s}'s discards: {exc}", s) from None
    if call.letter == "a":
        return Action.ankan(s, tuple(sort_tiles(from_tenhou(c) for c in [*call.others, call.called])))
    if call.letter == "k" and call.added is not None:
        return Action.kakan(s, from_tenhou(call.added))
    raise script.error(f"seat {s}'s discards hold {item!r}: a pon or open kan belongs in the draws", s)


def _response_actions(game: Game, script: _Script) -> list[Action]:
    w = game.window
    actions = []
    for seat in game.to_act():
        if (seat, w.seat) in script.wins and script.finished():
            actions.append(Action.ron(seat, w.tile))
            continue
        queue = script.takes[seat]
        if queue and isinstance(queue[0], str) and w.kind == "discard":
            try:
                call = parse_call(queue[0], seat)
            except CallError as exc:
                raise script.error(f"seat {seat}'s draws: {exc}", seat) from None
            if call.letter in "pm" and call.source == w.seat and from_tenhou(call.called) == w.tile:
                queue.pop(0)
                consumed = tuple(sort_tiles(from_tenhou(c) for c in call.others))
                make = Action.pon if call.letter == "p" else Action.minkan
                actions.append(make(seat, w.tile, consumed))
                continue
        actions.append(Action.pass_(seat))
    return actions


def _signed(values: list[int]) -> str:
    return "[" + ", ".join(f"{v:+d}" for v in values) + "]"


def _check_result(game: Game, script: _Script) -> None:
    """The log's result must name the same ending with the same score changes, seat by seat."""
    res = game.result
    result = script.result
    if not result:
        raise script.error(f"the record has no result for the hand; the engine ends it with {ENDINGS[res.kind]}")
    if result[0] == "和了":
        try:
            deltas = [sum(int(d[s]) for d in result[1::2]) for s in range(3)]
        except (TypeError, ValueError, IndexError):
            raise script.error(f"the win's score changes are not lists of numbers: {result[1::2]!r}") from None
        if res.kind != "win":
            raise script.error(f"the record has a win but the engine ends the hand with {ENDINGS[res.kind]}")
        engine_wins = [(w.seat, w.from_seat) for w in res.wins]
        if sorted(engine_wins) != sorted(script.wins):
            raise script.error(f"the record's winners (winner, payer) {script.wins} differ from the engine's "
                               f"{engine_wins}")
    else:
        expected = DRAW_KINDS[result[0]]
        if expected != res.kind:
            raise script.error(f"the record has {result[0]} but the engine ends the hand with {ENDINGS[res.kind]}")
        try:
            deltas = [int(x) for x in result[1][:3]] if len(result) > 1 else [0, 0, 0]
        except (TypeError, ValueError, IndexError):
            raise script.error(f"the draw's score changes are not a list of numbers: {result[1]!r}") from None
        if result[0] in ("全員聴牌", "全員不聴") and res.tenpai is not None:
            want = result[0] == "全員聴牌"
            if any(t != want for t in res.tenpai):
                raise script.error(f"the record has {result[0]} but the engine's tenpai seats are "
                                   f"{[s for s in range(3) if res.tenpai[s]]}")
    mine = list(res.deltas)
    for seat in range(3):
        if deltas[seat] != mine[seat]:
            raise script.mismatch(f"seat {seat}'s score change is {deltas[seat]:+d} in the record but "
                               f"{mine[seat]:+d} by the engine (record {_signed(deltas)}, engine {_signed(mine)})",
                               seat)


def _check_start(game: Game, script: _Script) -> None:
    position = 4 * game.round_wind + game.dealer
    engine = [position, game.honba, game.sticks]
    if script.header != engine:
        raise script.error(f"the record starts the hand as {script.header} (kyoku, honba, sticks) but the engine "
                           f"is at {engine} ({hand_name(position, game.honba)})")
    for seat in range(3):
        if script.scores[seat] != game.scores_at_start[seat]:
            raise script.mismatch(f"seat {seat} starts the hand with {script.scores[seat]} in the record but "
                               f"{game.scores_at_start[seat]} by the engine", seat)


def _check_leftovers(script: _Script) -> None:
    for seat in range(3):
        if script.takes[seat]:
            raise script.error(f"the hand is over but seat {seat}'s draws go on: {script.takes[seat]!r}", seat)
        rest = [x for x in script.gives[seat] if x != 0]
        if rest:
            raise script.error(f"the hand is over but seat {seat}'s discards go on: {rest!r}", seat)


def _check_final(doc: dict[str, Any], game: Game, rules: Ruleset, last: _Script) -> None:
    sc = doc.get("sc")
    if sc is None:
        return
    if not (isinstance(sc, list) and len(sc) >= 6):
        raise RecordError(last.number, "'sc' must list final score and placement points for each seat",
                          hand=last.name)
    placement = final_placement(rules, list(game.scores), game.sticks)
    figures = [sc[2 * p.seat + 1] for p in placement]
    whole = all(isinstance(x, int | float) and not isinstance(x, bool) and float(x).is_integer() for x in figures)
    expected = whole_placement_points(placement, rules) if whole else [p.score for p in placement]
    for p in placement:
        points, score = sc[2 * p.seat], sc[2 * p.seat + 1]
        if points != p.points:
            raise ScoreMismatch(last.number, f"final scores: seat {p.seat} ends with {points} in the record's sc but "
                                           f"{p.points} by the engine", hand=last.name, seat=p.seat)
        if not isinstance(score, int | float) or abs(score - expected[p.seat]) > 1e-6:
            shown = f"{expected[p.seat]:+g}" + (f" (whole points, from {p.score:+g})" if whole else "")
            raise ScoreMismatch(last.number, f"placement points: seat {p.seat} has {score} in the record's sc but "
                                           f"{shown} by the engine", hand=last.name, seat=p.seat)


def whole_placement_points(placement: list[Placement], rules: Ruleset) -> list[float]:
    """Placement points as older Tenhou records give them, in whole points (seat order).

    Each seat's final points are taken in whole thousands, a remainder up to 500 rounded down and
    above it up; first place gets what makes the three sum to zero.

    >>> from sanma_core.rules import load_preset
    >>> from sanma_core.scoring.payments import final_placement
    >>> whole_placement_points(final_placement(load_preset("tenhou"), [31900, 47200, 25900]), load_preset("tenhou"))
    [-8, 42, -34]
    """
    out: list[float] = [0, 0, 0]
    first = next(p.seat for p in placement if p.rank == 1)
    for p in placement:
        if p.rank != 1:
            out[p.seat] = (p.points + 499) // 1000 - rules.return_points // 1000 + rules.uma[p.rank - 1]
    out[first] = -sum(out)
    return out


class ScoreMismatch(RecordError):
    """A score figure of the record that differs from the engine's (collected when replaying leniently)."""


def _soft(check: Callable[..., None], mismatches: list[RecordError] | None, *args: Any) -> None:
    """Run a score check: raise its error, or collect it when ``mismatches`` is given."""
    try:
        check(*args)
    except ScoreMismatch as exc:
        if mismatches is None:
            raise
        mismatches.append(exc)


def stated_length(doc: dict[str, Any]) -> str | None:
    """The game's length as the record's ``rule.disp`` or ``title`` states it (東 or 南), or None."""
    from .platform import stated_platform

    found = stated_platform(doc)
    if found is not None and found.length is not None:
        return found.length
    disp = str((doc.get("rule") or {}).get("disp", "")) if isinstance(doc.get("rule"), dict) else ""
    return "hanchan" if "南" in disp else "tonpuusen" if "東" in disp else None


class RecordGoesOn(RecordError):
    """The game is over under the engine's rules where the record still has hands."""


def _later_figures_agree(doc: dict[str, Any], game: Game, scripts: list[_Script], n: int, rules: Ruleset) -> str | None:
    """Where the record's own later figures (the next hand's starting scores, or the final ``sc``) agree with the
    engine's scores after hand ``n``, which of them; None otherwise."""
    if n + 1 < len(scripts):
        return "the next hand's starting scores" if scripts[n + 1].scores == list(game.scores) else None
    sc = doc.get("sc")
    if not game.is_over() or not (isinstance(sc, list) and len(sc) >= 6):
        return None
    placement = final_placement(rules, list(game.scores), game.sticks)
    return "the final scores" if all(sc[2 * p.seat] == p.points for p in placement) else None


def _check_rule(doc: dict[str, Any], rules: Ruleset) -> None:
    rule = doc.get("rule")
    if not isinstance(rule, dict):
        return
    disp = str(rule.get("disp", ""))
    if disp and not disp.startswith("三"):
        raise RecordError(0, f"rule {disp!r} is not a three-player game (a sanma rule name starts with 三)")
    for key, mine in (("aka52", rules.red_five_p), ("aka53", rules.red_five_s)):
        if key in rule and bool(rule[key]) != bool(mine):
            raise RecordError(0, f"the record's rule has {key}={rule[key]} (red five {'p' if key == 'aka52' else 's'}) "
                                 f"but the ruleset {rules.name!r} has {'one' if mine else 'none'}")


def from_tenhou6(doc: dict[str, Any], rules: str | Ruleset | None = None, length: str | None = None, *,
                 observers: Sequence[Observer] = (), mismatches: list[RecordError] | None = None,
                 notes: list[str] | None = None) -> Game:
    """Re-play a tenhou.net/6 game through the referee; the returned game holds the mjai events.

    Raises :class:`RecordError` (``index`` = hand number, ``hand`` its name, ``seat``
    where one is concerned) at the first disagreement. With a ``mismatches`` list,
    score figures that differ (a hand's changes, starting scores, the final ``sc``)
    are collected there instead and the replay goes on; an illegal action still raises.
    Each observer's ``before(game, action)`` is called just before every action is applied.

    A hand's score changes that differ from the engine's while the record's own later figures (the next
    hand's start, the final ``sc``) agree with the engine are the record contradicting itself: the later
    figures decide, and a sentence saying so goes to ``notes`` (or the difference to ``mismatches``).
    The game's length is ``length``, else the record's (``rule.disp``, ``title``), else the one under
    which the game ends where the record ends.
    """
    rules = get_ruleset(rules)
    length = length or (stated_length(doc) if isinstance(doc, dict) else None)
    if length is None:
        try:
            _from_tenhou6(doc, rules, "tonpuusen", (), [], None)
            length = "tonpuusen"
        except RecordGoesOn:
            length = "hanchan"
        except RecordError:
            length = "tonpuusen"  # the refusal is reported by the real run below
    return _from_tenhou6(doc, rules, length, observers, mismatches, notes)


def _from_tenhou6(doc: dict[str, Any], rules: Ruleset, length: str, observers: Sequence[Observer],
                  mismatches: list[RecordError] | None, notes: list[str] | None) -> Game:
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise RecordError(0, "tenhou.net/6 JSON needs an object with a 'log' list")
    hands = doc["log"]
    if not hands:
        raise RecordError(0, "the record's 'log' holds no hand")
    _check_rule(doc, rules)
    scripts = [_read_hand(n, h, rules) for n, h in enumerate(hands)]
    first = scripts[0]

    def factory(game: Game) -> Wall:
        return _ScriptWall(game, scripts[game.hand_index], rules)

    names = tuple(str(x) for x in (doc.get("name") or ["", "", ""])[:3])
    game = Game(
        rules,
        GameMode(length, names if len(names) == 3 else ("", "", "")),
        wall_factory=factory,
        scores=list(first.scores),
        round_wind=first.header[0] // 4,
        dealer=first.header[0] % 4,
        honba=first.header[1],
        sticks=first.header[2],
    )
    checked = -1
    while True:
        n = game.hand_index
        script = scripts[n]
        if n != checked:
            checked = n
            _soft(_check_start, mismatches, game, script)
        if game.phase in (Phase.GAME_END, Phase.HAND_END):
            try:
                _check_result(game, script)
            except ScoreMismatch as exc:
                later = _later_figures_agree(doc, game, scripts, n, rules)
                if mismatches is not None:
                    mismatches.append(exc)
                elif later is None:
                    raise
                elif notes is not None:
                    notes.append(f"{exc}; the record's {later.removeprefix('the ')} agree with the engine, so they "
                                 f"decide")
            _check_leftovers(script)
            if game.phase is Phase.GAME_END:
                if n + 1 < len(scripts):
                    nxt = scripts[n + 1]
                    raise RecordGoesOn(nxt.number, f"{nxt.name}: the game is over after {script.name} but the "
                                                   f"record goes on", hand=nxt.name)
                _soft(_check_final, mismatches, doc, game, rules, script)
                break
            if n + 1 >= len(scripts):
                if "sc" in doc:
                    raise script.error("the record ends here but the game is not over (its final 'sc' is given)")
                break
            game.next_hand()
            continue
        actions = [_turn_action(game, script)] if game.phase is Phase.TURN else _response_actions(game, script)
        apply_recorded(game, actions, observers, lambda a, exc, script=script:
                       script.error(f"the record's move is refused by the engine: {exc}", a.seat))
    return game
