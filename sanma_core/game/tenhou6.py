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
from ..scoring.payments import final_placement
from ..tiles import from_mjai, kind, to_tenhou
from .mjai import is_kita_event
from .tenhou6_calls import KITA, TSUMOGIRI, call_string, tenhou_sorted
from .tenhou6_results import draw_entry, win_entry


def _code(pai: str) -> int:
    return to_tenhou(from_mjai(pai))


def _codes(tiles: list[str]) -> list[int]:
    return [to_tenhou(t) for t in tenhou_sorted(from_mjai(p) for p in tiles)]


class _Hand:
    """One hand's tenhou.net/6 array while its events are read."""

    def __init__(self, start: dict[str, Any]):
        self.oya = start["oya"]
        self.round_wind = "ESW".index(start["bakaze"])
        self.row: list[Any] = [[4 * self.round_wind + self.oya, start["honba"], start["kyotaku"]],
                               [*start["scores"], 0], [_code(start["dora_marker"])], []]
        for seat in range(3):
            self.row += [_codes(start["tehais"][seat]), [], []]
        self.row += [[], [], []]
        self.pons: dict[tuple[int, int], str] = {}
        self.meld_kinds: list[list[int]] = [[], [], []]
        self.reach = [False, False, False]
        self.result: list[Any] | None = None

    def takes(self, seat: int) -> list[Any]:
        return self.row[5 + 3 * seat]

    def gives(self, seat: int) -> list[Any]:
        return self.row[6 + 3 * seat]

    def read(self, e: dict[str, Any], rules: Ruleset) -> None:
        t = e["type"]
        a = e.get("actor")
        if t == "tsumo":
            self.takes(a).append(_code(e["pai"]))
        elif t == "reach":
            self.reach[a] = True
        elif t == "dahai":
            code = TSUMOGIRI if e.get("tsumogiri") else _code(e["pai"])
            self.gives(a).append(f"r{code}" if self.reach[a] else code)
            self.reach[a] = False
        elif t in ("pon", "daiminkan"):
            k = kind(from_mjai(e["pai"]))
            text = call_string("p" if t == "pon" else "m", _code(e["pai"]), _codes(e["consumed"]), a, e["target"])
            self.takes(a).append(text)
            self.meld_kinds[a].append(k)
            if t == "pon":
                self.pons[(a, k)] = text
            else:
                self.gives(a).append(0)
        elif t == "kakan":
            k = kind(from_mjai(e["pai"]))
            pon = self.pons.get((a, k), "p" + "".join(str(c) for c in _codes(e["consumed"])))
            self.gives(a).append(pon.replace("p", f"k{_code(e['pai'])}"))
        elif t == "ankan":
            codes = [str(c) for c in _codes(e["consumed"])]
            self.gives(a).append("".join(codes[:3]) + "a" + codes[3])
            self.meld_kinds[a].append(kind(from_mjai(e["consumed"][0])))
        elif is_kita_event(e):
            self.gives(a).append(KITA)
        elif t == "dora":
            self.row[2].append(_code(e["dora_marker"]))
        elif t == "hora":
            if e.get("ura_markers") and not self.row[3]:
                self.row[3] = [_code(p) for p in e["ura_markers"]]
            if self.result is None:
                self.result = ["和了"]
            detail = win_entry(e, self.oya, self.round_wind, rules, self.meld_kinds[a])
            self.result += [[*e.get("deltas", [0, 0, 0]), 0], detail]
        elif t == "ryukyoku":
            self.result = draw_entry(e.get("reason", "exhaustive_draw"), list(e.get("deltas", [0, 0, 0])),
                                     e.get("tenpai"))


def _placement_points(rules: Ruleset, finals: list[int]) -> list[Any]:
    """Tenhou's ``sc``: final score and placement points, seat by seat (4th seat zeroes)."""
    out: list[Any] = []
    for p in final_placement(rules, list(finals)):
        out += [p.points, p.score]
    return out + [0, 0.0]


def to_tenhou6(events: list[dict[str, Any]], rules: str | Ruleset | None = None, title: str = "sanma") -> dict[str, Any]:
    """The game as one tenhou.net/6 object (three-player: 4th seat empty, ``三`` in ``rule.disp``).

    Calls, tsumogiri, results and red-five order are written as Tenhou writes them;
    a finished game also gets ``sc`` (final scores and placement points).
    """
    rules = get_ruleset(rules)
    names = ["", "", "", ""]
    log: list[list[Any]] = []
    hand: _Hand | None = None
    sc = None
    for e in events:
        t = e["type"]
        if t == "start_game":
            for i, n in enumerate(e.get("names", [])[:3]):
                names[i] = str(n)
        elif t == "start_kyoku":
            hand = _Hand(e)
            log.append(hand.row)
        elif t == "end_kyoku" and hand is not None and hand.result is not None:
            hand.row.append(hand.result)
        elif t == "end_game" and isinstance(e.get("scores"), list):
            sc = _placement_points(rules, e["scores"])
        elif hand is not None:
            hand.read(e, rules)
    if hand is not None and len(hand.row) == 16 and hand.result is not None:
        hand.row.append(hand.result)  # a record without end_kyoku
    length = "南" if events and events[0].get("game_length", "hanchan") == "hanchan" else "東"
    red = rules.red_five_p or rules.red_five_s
    doc: dict[str, Any] = {
        "title": [title, ""],
        "name": names,
        "rule": {"disp": "三般" + length + "喰" + ("赤" if red else ""), "aka51": 0, "aka52": rules.red_five_p,
                 "aka53": rules.red_five_s},
        "log": log,
    }
    if sc is not None:
        doc["sc"] = sc
    return doc


from .tenhou6_import import from_tenhou6  # noqa: E402  (the import side, re-exported)

__all__ = ["from_tenhou6", "to_tenhou6", "TSUMOGIRI", "KITA"]
