"""tenhou.net/6 JSON: export of a game's mjai events, and import back into mjai by re-playing.

>>> from sanma_core.game import GameMode, play_random_game
>>> g = play_random_game("tenhou", GameMode("tonpuusen"), seed=4)
>>> doc = to_tenhou6(g.events, g.rules)
>>> doc["rule"]["disp"][0], len(doc["log"]) == len(g.results), doc["name"][3]
('三', True, '')
>>> from_tenhou6(doc, g.rules).events == g.events
True
"""

from __future__ import annotations

from typing import Any

from ..rules import Ruleset, get_ruleset
from ..scoring.payments import base_points, settle_win
from ..tiles import NotationError, from_mjai, from_tenhou, kind, sort_tiles, to_tenhou
from .actions import Action, IllegalActionError
from .mjai import RecordError, is_kita_event
from .referee import Game
from .state import GameMode, Phase
from .wall import Wall

TSUMOGIRI = 60
LIMIT_TEXT = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満",
              "kazoe_yakuman": "数え役満", "yakuman": "役満"}
DRAW_TEXT = {"exhaustive_draw": "流局", "nagashi_mangan": "流し満貫", "nine_terminals": "九種九牌",
             "four_kans": "四槓散了"}
DRAW_KINDS = {v: k for k, v in DRAW_TEXT.items()}


def _code(pai: str) -> int:
    return to_tenhou(from_mjai(pai))


def _call_string(letter: str, called: int, own: list[int], relative: int) -> str:
    """Tenhou call text: the letter sits before the called tile, placed by the seat it came from."""
    codes = [str(c) for c in own]
    position = 0 if relative == 2 else len(codes)  # from the left-hand seat: first; from the right: last
    codes.insert(position, f"{letter}{called}")
    return "".join(codes)


def _yaku_names() -> dict[str, str]:
    try:
        from ..scoring import YAKU
    except ImportError:  # pragma: no cover - scoring always ships with the game
        return {}
    return {y.id: y.kanji for y in YAKU.values()}


def _detail(event: dict[str, Any], oya: int, rules: Ruleset, names: dict[str, str]) -> list[Any]:
    actor, target = event["actor"], event["target"]
    han, fu, yakuman = event.get("han", 0), event.get("fu", 0), event.get("yakuman", 0)
    tsumo = actor == target
    dealer = actor == oya
    bp = base_points(rules, han, fu, yakuman)
    pay = settle_win(rules, han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman).payments
    if tsumo:
        amount = f"{pay['each']}点∀" if dealer else f"{pay['non_dealer']}-{pay['dealer']}点"
    else:
        amount = f"{pay['ron']}点"
    head = LIMIT_TEXT.get(bp.limit, "") if bp.limit else f"{fu}符{han}飜"
    lines = [actor, target, actor, head + amount]
    for yaku_id, yaku_han in event.get("yaku", []):
        unit = "役満" if yakuman else "飜"
        lines.append(f"{names.get(yaku_id, yaku_id)}({yaku_han if not yakuman else ''}{unit})")
    bonus = event.get("bonus") or [0, 0, 0, 0]
    for label, count in zip(("ドラ", "赤ドラ", "裏ドラ", "抜きドラ"), bonus, strict=False):
        if count and not yakuman:
            lines.append(f"{label}({count}飜)")
    return lines


def to_tenhou6(events: list[dict[str, Any]], rules: str | Ruleset | None = None, title: str = "sanma") -> dict[str, Any]:
    """The game as one tenhou.net/6 object (three-player: 4th seat empty, ``三`` in ``rule.disp``)."""
    rules = get_ruleset(rules)
    names = ["", "", "", ""]
    log: list[list[Any]] = []
    yaku_names = _yaku_names()
    kyoku: list[Any] | None = None
    pons: dict[tuple[int, int], str] = {}
    reach = [False, False, False]
    drawn: list[str | None] = [None, None, None]
    oya = 0
    for e in events:
        t = e["type"]
        if t == "start_game":
            for i, n in enumerate(e.get("names", [])[:3]):
                names[i] = str(n)
        elif t == "start_kyoku":
            oya = e["oya"]
            bakaze = "ESW".index(e["bakaze"])
            kyoku = [[4 * bakaze + oya, e["honba"], e["kyotaku"]], [*e["scores"], 0], [_code(e["dora_marker"])], []]
            for seat in range(3):
                kyoku += [[_code(p) for p in e["tehais"][seat]], [], []]
            kyoku += [[], [], []]
            pons = {}
            reach = [False, False, False]
            drawn = [None, None, None]
            log.append(kyoku)
        elif kyoku is None:
            continue
        elif t == "tsumo":
            kyoku[5 + 3 * e["actor"]].append(_code(e["pai"]))
            drawn[e["actor"]] = e["pai"]
        elif t == "reach":
            reach[e["actor"]] = True
        elif t == "dahai":
            a = e["actor"]
            code = TSUMOGIRI if e.get("tsumogiri") else _code(e["pai"])
            kyoku[6 + 3 * a].append(f"r{code}" if reach[a] else code)
            reach[a] = False
            drawn[a] = None
        elif t in ("pon", "daiminkan"):
            a = e["actor"]
            relative = (e["target"] - a) % 3
            own = [_code(p) for p in e["consumed"]]
            text = _call_string("p" if t == "pon" else "m", _code(e["pai"]), own, relative)
            kyoku[5 + 3 * a].append(text)
            if t == "pon":
                pons[(a, kind(from_mjai(e["pai"])))] = text
            else:
                kyoku[6 + 3 * a].append(0)
        elif t == "kakan":
            a = e["actor"]
            pon = pons.get((a, kind(from_mjai(e["pai"]))), "p" + "".join(str(_code(p)) for p in e["consumed"]))
            kyoku[6 + 3 * a].append(pon.replace("p", f"k{_code(e['pai'])}"))
        elif t == "ankan":
            codes = [str(_code(p)) for p in e["consumed"]]
            kyoku[6 + 3 * e["actor"]].append("".join(codes[:3]) + "a" + codes[3])
        elif is_kita_event(e):
            kyoku[6 + 3 * e["actor"]].append("f44")
        elif t == "dora":
            kyoku[2].append(_code(e["dora_marker"]))
        elif t == "hora":
            if e.get("ura_markers"):
                kyoku[3] = [_code(p) for p in e["ura_markers"]]
            if len(kyoku) == 16:
                kyoku.append(["和了"])
            kyoku[16] += [[*e.get("deltas", [0, 0, 0]), 0], _detail(e, oya, rules, yaku_names)]
        elif t == "ryukyoku":
            reason = e.get("reason", "exhaustive_draw")
            result: list[Any] = [DRAW_TEXT.get(reason, "流局")]
            if reason in ("exhaustive_draw", "nagashi_mangan"):
                result.append([*e.get("deltas", [0, 0, 0]), 0])
            kyoku.append(result)
    disp = "三般" + ("南" if events and events[0].get("game_length") == "hanchan" else "東") + "喰" + (
        "赤" if rules.red_five_p or rules.red_five_s else ""
    )
    return {
        "title": [title, ""],
        "name": names,
        "rule": {"disp": disp, "aka51": 0, "aka52": rules.red_five_p, "aka53": rules.red_five_s},
        "log": log,
    }


# ---- import -------------------------------------------------------------------


class _ScriptWall(Wall):
    """A wall whose draws come from the record, seat by seat, as the referee asks for them."""

    def __init__(self, game: Game, deal: list[list[int]], takes: list[list[Any]], dora: list[int], ura: list[int],
                 rules: Ruleset):
        super().__init__(Wall.shuffled(rules, seed=0).tiles)
        self.game = game
        self._deal = deal
        self._takes = takes
        self._dora = dora
        self._ura = ura

    def deal(self, dealer: int) -> list[list[int]]:
        return [list(h) for h in self._deal]

    def _next_take(self) -> int:
        seat = self.game.turn
        queue = self._takes[seat]
        if not queue or not isinstance(queue[0], int):
            raise RecordError(0, f"seat {seat} draws but the record has no tile for it")
        return from_tenhou(queue.pop(0))

    def draw_live(self) -> int:
        super().draw_live()
        return self._next_take()

    def draw_replacement(self) -> int:
        super().draw_replacement()
        return self._next_take()

    def dora_indicator(self, index: int) -> int:
        if index < len(self._dora):
            return self._dora[index]
        return super().dora_indicator(index)

    def ura_indicator(self, index: int) -> int:
        if index < len(self._ura):
            return self._ura[index]
        return super().ura_indicator(index)


def _parse_call(text: str) -> tuple[str, int, list[int], int]:
    """(letter, called or added code, the other codes, letter position) of a Tenhou call string."""
    for letter in "pmka":
        if letter in text:
            pos = text.index(letter)
            before, after = text[:pos], text[pos + 1 :]
            called = int(after[:2])
            rest = before + after[2:]
            others = [int(rest[i : i + 2]) for i in range(0, len(rest), 2)]
            return letter, called, others, pos // 2
    raise RecordError(0, f"not a Tenhou call: {text!r}")


def _turn_action(game: Game, discards: list[Any], result: list[Any]) -> Action:
    s = game.turn
    while discards and discards[0] == 0:
        discards.pop(0)
    if not discards:
        if result and result[0] == "九種九牌":
            return Action.nine_terminal_abort(s)
        return Action.tsumo(s)
    item = discards.pop(0)
    if isinstance(item, int):
        return Action.discard(s, game.drawn if item == TSUMOGIRI else from_tenhou(item))
    if item == "f44":
        return Action.kita(s)
    if item.startswith("r"):
        code = int(item[1:])
        return Action.riichi(s, game.drawn if code == TSUMOGIRI else from_tenhou(code))
    letter, called, others, _ = _parse_call(item)
    if letter == "a":
        return Action.ankan(s, tuple(sort_tiles(from_tenhou(c) for c in [*others, called])))
    return Action.kakan(s, from_tenhou(called))


def _response_actions(game: Game, takes: list[list[Any]], discards: list[list[Any]], winners: set[int]) -> list[Action]:
    w = game._window
    actions = []
    for seat in game.to_act():
        queue = takes[seat]
        # a ron ends the hand: the tile answered is the last recorded discard, kan or kita of anyone
        last_tile = not any(d != 0 for pond in discards for d in pond)
        if seat in winners and last_tile and not queue and not [d for d in discards[seat] if d != 0]:
            actions.append(Action.ron(seat, w.tile))
            continue
        if queue and isinstance(queue[0], str) and w.kind == "discard":
            letter, called, others, position = _parse_call(queue[0])
            source = (seat + (2 if position == 0 else 1)) % 3
            if source == w.seat and from_tenhou(called) == w.tile:
                queue.pop(0)
                consumed = tuple(sort_tiles(from_tenhou(c) for c in others))
                make = Action.pon if letter == "p" else Action.minkan
                actions.append(make(seat, w.tile, consumed))
                continue
        actions.append(Action.pass_(seat))
    return actions


def _check_result(game: Game, result: list[Any], n: int) -> None:
    """The record's result must name the same ending with the same score changes."""
    res = game.result
    if not result:
        return
    if result[0] == "和了":
        deltas = [sum(d[s] for d in result[1::2]) for s in range(3)]
        if res.kind != "win":
            raise RecordError(n, f"hand {n + 1}: the record has a win but the engine ends with {res.kind}")
    else:
        expected = DRAW_KINDS.get(result[0])
        if expected is not None and expected != res.kind:
            raise RecordError(n, f"hand {n + 1}: the record has {result[0]} but the engine ends with {res.kind}")
        deltas = list(result[1][:3]) if len(result) > 1 else [0, 0, 0]
    if deltas != list(res.deltas):
        raise RecordError(n, f"hand {n + 1}: the record's score changes {deltas} differ from the engine's "
                             f"{list(res.deltas)}")


def from_tenhou6(doc: dict[str, Any], rules: str | Ruleset | None = None, length: str | None = None) -> Game:
    """Re-play a tenhou.net/6 game through the referee; the returned game holds the mjai events.

    Raises :class:`RecordError` (``index`` = hand number) when a recorded action is illegal.
    """
    rules = get_ruleset(rules)
    try:
        hands = doc["log"]
    except (KeyError, TypeError):
        raise RecordError(0, "tenhou.net/6 JSON needs a 'log' list") from None
    if length is None:
        length = "hanchan" if "南" in str(doc.get("rule", {}).get("disp", "")) else "tonpuusen"
    scripts = []
    for n, h in enumerate(hands):
        try:
            takes = [list(h[5 + 3 * s]) for s in range(3)]
            discards = [list(h[6 + 3 * s]) for s in range(3)]
            deal = [[from_tenhou(c) for c in h[4 + 3 * s]] for s in range(3)]
            dora = [from_tenhou(c) for c in h[2]]
            ura = [from_tenhou(c) for c in h[3]]
        except (IndexError, TypeError, NotationError) as exc:
            raise RecordError(n, f"hand {n + 1}: malformed tenhou.net/6 hand: {exc}") from None
        result = h[16] if len(h) > 16 else []
        winners = set()
        if result and result[0] == "和了":
            winners = {d[0] for d in result[2::2]}
        scripts.append((deal, takes, discards, dora, ura, result, winners))
    first = hands[0][0] if hands else [0, 0, 0]
    def factory(game: Game) -> Wall:
        deal, takes, _, dora, ura, _, _ = scripts[game.hand_index]
        return _ScriptWall(game, deal, takes, dora, ura, rules)

    names = tuple((doc.get("name") or ["", "", ""])[:3])
    game = Game(
        rules,
        GameMode(length, names if len(names) == 3 else ("", "", "")),
        wall_factory=factory,
        scores=list(hands[0][1][:3]) if hands else None,
        round_wind=first[0] // 4,
        dealer=first[0] % 4,
        honba=first[1],
        sticks=first[2],
    )
    checked = -1
    while True:
        n = game.hand_index
        _, takes, discards, _, _, result, winners = scripts[n]
        if n != checked:
            checked = n
            if list(hands[n][1][:3]) != list(game.scores_at_start):
                raise RecordError(n, f"hand {n + 1}: the record starts with scores {hands[n][1][:3]} "
                                     f"but the engine has {list(game.scores_at_start)}")
        if game.phase in (Phase.GAME_END, Phase.HAND_END):
            _check_result(game, result, n)
            if game.phase is Phase.GAME_END or n + 1 >= len(scripts):
                if n + 1 < len(scripts):
                    raise RecordError(n + 1, f"the game is over after hand {n + 1} but the record goes on")
                break
            game.next_hand()
            continue
        try:
            if game.phase is Phase.TURN:
                game.apply(_turn_action(game, discards[game.turn], result))
            else:
                for action in _response_actions(game, takes, discards, winners):
                    game.apply(action)
        except IllegalActionError as exc:
            raise RecordError(n, f"hand {n + 1}: {exc}") from None
    return game

