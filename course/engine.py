"""The names a lesson placeholder may use: engine functions, rule fields, filters.

Every number a lesson shows comes from here, so a lesson can never disagree
with the engine. The environment is built per ruleset.

>>> from sanma_core.rules import load_preset
>>> env = environment(load_preset("tenhou"))
>>> env["pay"](han=3, fu=30, dealer=False, tsumo=True).total
3000
>>> env["rule"]["honba_ron"], env["dora"]("1m")
(200, '9m')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal, format_percent

from sanma_core.analysis import shanten as analysis_shanten
from sanma_core.analysis import waits as analysis_waits
from sanma_core.dora import dora_from_indicator
from sanma_core.game import wall
from sanma_core.game.actions import Action
from sanma_core.game.scenario import arranged_game, default_action, until_turn
from sanma_core.i18n import DEFAULT_LANGUAGE, Translator, translator
from sanma_core.melds import parse_meld
from sanma_core.rules import PRESETS, Ruleset, load_preset
from sanma_core.scoring import YAKU, IncompleteHandError, NoYakuError, score_hand
from sanma_core.scoring import payments as pay_mod
from sanma_core.scoring.request import win_input_from_request
from sanma_core.tiles import (
    NORTH,
    NUM_KINDS,
    SANMA_KIND_SET,
    SANMA_KINDS,
    NotationError,
    check_tile_supply,
    format_tiles,
    kind,
    kind_name,
    parse_tile,
    parse_tiles,
    to_counts,
)

from .expr import ExpressionError, Function, allow_attributes
from .real_play import figures as real_play_figures


@allow_attributes
@dataclass(frozen=True)
class PayView:
    """One settlement as expressions see it (``pay(...)``, ``four(...)``).

    Missing roles are ``None``: a ron has only ``ron``, a dealer tsumo only ``each``.
    """

    total: int
    base: int
    limit: str
    payments: dict[str, int]
    ron: int | None
    dealer: int | None
    non_dealer: int | None
    each: int | None
    steps: tuple[str, ...]

    @classmethod
    def of(cls, s: pay_mod.Settlement) -> PayView:
        p = s.payments
        return cls(s.total, s.base, s.limit, dict(p), p.get("ron"), p.get("dealer"), p.get("non_dealer"), p.get("each"), s.steps)


@allow_attributes
@dataclass(frozen=True)
class PlacementView:
    seat: int
    rank: int
    points: int
    score: float


@allow_attributes
@dataclass(frozen=True)
class PresetValue:
    name: str
    title: str
    value: Any


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"{name} must be true or false, got {value!r}")
    return value


def _whole(value: Any, name: str, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ExpressionError(f"{name} must be a whole number {low}–{high}, got {value!r}")
    return value


def _tile(text: Any) -> int:
    if not isinstance(text, str):
        raise ExpressionError(f"a tile must be written in MPSZ, got {text!r}")
    try:
        return parse_tile(text)
    except NotationError as exc:
        raise ExpressionError(str(exc)) from None


class Wording:
    """The words engine expressions put into lesson text, in one language; it remembers each message
    the language's catalogue lacks (``sanma lessons --check --lang`` reports them).

    >>> de = Wording(translator("de"))
    >>> de.gettext("yes"), de.points(35000), de.missing
    ('ja', '35.000', set())
    >>> de.gettext("a sentence no catalogue holds"), sorted(de.missing)
    ('a sentence no catalogue holds', ['a sentence no catalogue holds'])
    """

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.lang = tr.lang
        self.missing: set[str] = set()

    def gettext(self, message: str) -> str:
        if not self.tr.has(message):
            self.missing.add(message)
        return self.tr.gettext(message)

    def points(self, value: int | float) -> str:
        return format_decimal(value, locale=self.lang) if isinstance(value, int) else format_decimal(value, "#,##0.0", locale=self.lang)

    def percent(self, value: int | float, digits: int = 0) -> str:
        return format_percent(round(value, digits + 2), locale=self.lang, decimal_quantization=False)


_ENGLISH = Wording(translator(DEFAULT_LANGUAGE))
ENGLISH = _ENGLISH  # the source language's words (every message reads as written)


def format_value(value: Any, words: Wording = _ENGLISH) -> str:
    """How a filled-in value reads in a lesson: ``True`` → yes, ``[20, 0, -20]`` → ``+20 / 0 / -20``."""
    if isinstance(value, bool):
        return words.gettext("yes") if value else words.gettext("no")
    if value is None:
        return "—"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value) and sum(value) == 0 and len(value) == 3:
            return " / ".join(_signed(v) for v in value)
        return ", ".join(format_value(v, words) for v in value)
    return str(value)


def _signed(value: Any, words: Wording = _ENGLISH) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ExpressionError(f"signed needs a number, got {value!r}")
    return f"+{format_value(value, words)}" if value > 0 else format_value(value, words)


def _number(value: Any, name: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ExpressionError(f"{name} needs a number, got {value!r}")
    return value


def _tiles_text(value: Any) -> str:
    if isinstance(value, str):
        return format_tiles(parse_tiles(value))
    if isinstance(value, Iterable):
        return format_tiles(_tile(v) if isinstance(v, str) else v for v in value)
    raise ExpressionError(f"tiles needs tiles, got {value!r}")


def _yaku_names(value: Any) -> list[str]:
    """Yaku ids → their romaji names from the engine's yaku catalogue (ids kept if it is absent)."""
    catalogue = YAKU
    ids = [value] if isinstance(value, str) else list(value)
    return [getattr(catalogue.get(i), "romaji", i) for i in ids]


def filters(words: Wording = _ENGLISH) -> dict[str, Function]:
    """The filters a placeholder may use, writing words and numbers in ``words``' language."""
    def join(v: Any, sep: str = ", ") -> str:
        return sep.join(format_value(x, words) for x in v) if len(v) else words.gettext("none")

    return {
        "yaku_names": Function("yaku_names", _yaku_names),
        "yesno": Function("yesno", lambda v: words.gettext("yes") if v else words.gettext("no")),
        "signed": Function("signed", lambda v: _signed(v, words)),
        "percent": Function("percent", lambda v, digits=0: words.percent(_number(v, "percent"), digits)),
        "pts": Function("pts", lambda v: words.points(_number(v, "pts"))),
        "tiles": Function("tiles", _tiles_text),
        "join": Function("join", join),
        "titles": Function("titles", lambda names: [_preset_title(n) for n in names]),
        "text": Function("text", lambda v: format_value(v, words)),
        "lower": Function("lower", lambda v: format_value(v, words).lower()),
        "round": Function("round", lambda v, digits=0: round(v, digits) if digits else round(v)),
    }


FILTERS: dict[str, Function] = filters()


# ---- the rule mapping and the per-preset helpers ------------------------------

def rule_mapping(rules: Ruleset) -> dict[str, Any]:
    """Ruleset fields as a mapping, plus a few derived facts lessons use."""
    data = rules.to_dict()
    data["tsumo_loss"] = rules.tsumo_loss
    data["red_fives"] = rules.red_five_p + rules.red_five_s
    data["uma_first"], data["uma_second"], data["uma_third"] = rules.uma
    data["honba_tsumo_total"] = 2 * rules.honba_tsumo
    return data


def preset_values(field: str) -> list[PresetValue]:
    """How every preset sets one field (or derived fact), in preset order."""
    out = []
    for name in PRESETS:
        preset = load_preset(name)
        data = rule_mapping(preset)
        if field not in data:
            raise ExpressionError(f"no ruleset field {field!r}")
        out.append(PresetValue(name, preset.title, data[field]))
    return out


def _grouped(values: list[PresetValue], words: Wording = _ENGLISH) -> str:
    groups: dict[str, list[str]] = {}
    for pv in values:
        groups.setdefault(format_value(pv.value, words), []).append(pv.title)
    parts = []
    for text, titles in groups.items():
        who = titles[0] if len(titles) == 1 else words.gettext("{names} and {last}").format(names=", ".join(titles[:-1]), last=titles[-1])
        parts.append(f"{who}: {text}")
    return "; ".join(parts)


def _preset_title(name: Any) -> str:
    if name not in PRESETS:
        raise ExpressionError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
    return load_preset(name).title


def _preset_rules(name: Any) -> dict[str, Any]:
    if name not in PRESETS:
        raise ExpressionError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
    return rule_mapping(load_preset(name))


def source_text(rules: Ruleset, field: Any, words: Wording = _ENGLISH) -> str:
    """Where the ruleset's value of ``field`` comes from, as one sentence (``Ruleset.sources``)."""
    if not isinstance(field, str) or field not in rule_mapping(rules):
        raise ExpressionError(f"source() needs a ruleset field name, got {field!r}")
    written = rules.source(field)
    if written:
        return words.gettext(written)
    return words.gettext("No written rule or real game we follow settles this for {title}: it is this ruleset's own choice.").format(
        title=rules.title)


def others_text(rules: Ruleset, field: str, words: Wording = _ENGLISH) -> str:
    """How the presets other than the active one set a field, grouped by value."""
    values = [pv for pv in preset_values(field) if pv.name != rules.name]
    return _grouped(values, words) if values else words.gettext("no other preset")


# ---- engine calls ---------------------------------------------------------------

def _hand_value_args(han: Any, fu: Any, yakuman: Any) -> tuple[int, int, int]:
    return _whole(han, "han", 0, 130), _whole(fu, "fu", 20, 200), _whole(yakuman, "yakuman", 0, 6)


def _four_player_row(value: Any) -> bool:
    return _flag(value, "dealer")


def _noten(rules: Ruleset, tenpai: Any) -> list[int]:
    if not isinstance(tenpai, list) or len(tenpai) != 3:
        raise ExpressionError(f"noten() needs three true/false values (one per seat), got {tenpai!r}")
    return pay_mod.noten_payments(rules, [_flag(t, "tenpai") for t in tenpai])


def _nagashi(rules: Ruleset, dealer: Any = False, honba: Any = 0) -> PayView:
    is_dealer = _flag(dealer, "dealer")
    winner = 0 if is_dealer else 1
    deltas = pay_mod.nagashi_payments(rules, winner, 0, honba=_whole(honba, "honba", 0, 50))
    losers = {seat: -d for seat, d in enumerate(deltas) if seat != winner}
    if is_dealer:
        payments = {"each": losers[1]}
        view = PayView(deltas[winner], 0, "mangan", payments, None, None, None, losers[1], ())
    else:
        payments = {"dealer": losers[0], "non_dealer": losers[2]}
        view = PayView(deltas[winner], 0, "mangan", payments, None, losers[0], losers[2], None, ())
    return view


def _placement(rules: Ruleset, points: Any, sticks: Any = 0) -> list[PlacementView]:
    if not isinstance(points, list) or len(points) != 3:
        raise ExpressionError(f"placement() needs three final scores, got {points!r}")
    pts = [_whole(p, "points", -10**6, 10**6) for p in points]
    result = pay_mod.final_placement(rules, pts, leftover_sticks=_whole(sticks, "sticks", 0, 50))
    return [PlacementView(p.seat, p.rank, p.points, p.score) for p in result]


def _kita_han(kita: Any, indicators: Any = None) -> int:
    n = _whole(kita, "kita", 0, 4)
    inds = indicators or []
    if isinstance(inds, str):
        inds = [kind_name(kind(t)) for t in parse_tiles(inds)]
    hits = sum(1 for t in inds if dora_from_indicator(_tile(t)) == NORTH)
    return n * (1 + hits)


def _is_tile(text: Any) -> bool:
    try:
        tiles = parse_tiles(text)
        check_tile_supply(tiles)
    except NotationError:
        return False
    return True


def _is_meld(text: Any) -> bool:
    try:
        parse_meld(text)
    except NotationError:
        return False
    return True


def _tile_error(text: Any) -> str:
    try:
        check_tile_supply(parse_tiles(text))
    except NotationError as exc:
        return str(exc)
    return ""


def _engine_extras(rules: Ruleset) -> dict[str, Any]:
    """Hand analysis, whole-hand scoring and wall facts."""
    return {
        "waits": Function("waits", lambda hand, melds=None, kita=0: _waits(hand, melds, kita)),
        "shanten": Function("shanten", lambda hand, melds=None, kita=0: _shanten(hand, melds, kita)),
        "score": Function("score", lambda **request: _score(rules, request)),
        "can_win": Function("can_win", lambda **request: _can_win(rules, request)),
        "yaku_of": Function("yaku_of", lambda **request: _score(rules, request)["yaku_ids"]),
        "riichi_turn": Function("riichi_turn", lambda hand, riichi_draw, next_draw: _riichi_turn(rules, hand, riichi_draw, next_draw)),
        "kita_turn": Function("kita_turn", lambda hand, draw, replacement="": _kita_turn(rules, hand, draw, replacement)),
        "wall": {
            "live_draws": wall.LIVE_DRAWS,
            "replacement_tiles": len(wall.REPLACEMENT_POSITIONS),
            "dead_wall": wall.TOTAL_TILES - wall.LIVE_END,
            "dealt": wall.DEAL_TILES,
        },
    }


@functools.lru_cache(maxsize=256)
def _kita_turn_cached(rules: Ruleset, hand: str, draw: str, replacement: str) -> dict[str, Any]:
    game = arranged_game(rules, hands=[hand, None, None], draws=draw, replacements=replacement or ())
    before = sorted({a.kind for a in game.legal_actions(0)})
    dora_before, live_before = len(game.dora_indicators()), game.live_remaining
    if "kita" not in before:
        return {"before": before, "after": [], "dora_before": dora_before, "dora_after": dora_before,
                "live_before": live_before, "live_after": live_before}
    game.apply(Action.kita(0))
    while game.phase.value == "response":  # opponents who could ron the North pass
        seat = game.to_act()[0]
        game.apply(default_action(game, seat))
    return {
        "before": before,
        "after": sorted({a.kind for a in game.legal_actions(0)}),
        "dora_before": dora_before,
        "dora_after": len(game.dora_indicators()),
        "live_before": live_before,
        "live_after": game.live_remaining,
    }


def _kita_turn(rules: Ruleset, hand: Any, draw: Any, replacement: Any) -> dict[str, Any]:
    """The dealer's first turn: legal actions with ``hand`` after drawing ``draw``, then after a kita
    whose replacement tile is ``replacement`` (action kinds, dora indicators, live tiles left)."""
    for name, value in (("hand", hand), ("draw", draw), ("replacement", replacement)):
        if not isinstance(value, str):
            raise ExpressionError(f"kita_turn(): {name} must be MPSZ text, got {value!r}")
    try:
        return dict(_kita_turn_cached(rules, hand, draw, replacement))
    except ValueError as exc:
        raise ExpressionError(f"kita_turn(): {exc}") from None


#: Live draws for the two other seats between the dealer's riichi and next draw (quietly discarded).
_FILLER_DRAWS = "9p9s"


@functools.lru_cache(maxsize=256)
def _riichi_turn_cached(rules: Ruleset, hand: str, riichi_draw: str, next_draw: str) -> list[str]:
    game = arranged_game(rules, hands=[hand, None, None], draws=riichi_draw + _FILLER_DRAWS + next_draw)
    game.apply(Action.riichi(0, parse_tile(riichi_draw)))
    until_turn(game, 0)
    return sorted({a.kind for a in game.legal_actions(0)})


def _riichi_turn(rules: Ruleset, hand: Any, riichi_draw: Any, next_draw: Any) -> list[str]:
    """The dealer draws ``riichi_draw``, declares riichi discarding it, the others play quietly,
    then the dealer draws ``next_draw``: the action kinds allowed at that moment."""
    for name, value in (("hand", hand), ("riichi_draw", riichi_draw), ("next_draw", next_draw)):
        if not isinstance(value, str):
            raise ExpressionError(f"riichi_turn(): {name} must be MPSZ text, got {value!r}")
    try:
        return list(_riichi_turn_cached(rules, hand, riichi_draw, next_draw))
    except ValueError as exc:
        raise ExpressionError(f"riichi_turn(): {exc}") from None


def _parse_hand(hand: Any, melds: Any) -> tuple[list[int], list[Any]]:
    try:
        tiles = parse_tiles(hand)
        parsed = [parse_meld(m) for m in (melds or [])]
    except NotationError as exc:
        raise ExpressionError(str(exc)) from None
    return tiles, parsed


def _outside(parsed: list[Any], kita: Any) -> list[int]:
    """Tiles the player holds outside the concealed hand (melds and kita), as kind counts."""
    outside = [0] * NUM_KINDS
    for meld in parsed:
        outside[meld.tile_kind] += len(meld.tiles)
    outside[NORTH] += _whole(kita, "kita", 0, 4)
    return outside


def _waits(hand: Any, melds: Any, kita: Any) -> list[str]:
    tiles, parsed = _parse_hand(hand, melds)
    try:
        result = analysis_waits(to_counts(tiles), _outside(parsed, kita))
    except ValueError as exc:
        raise ExpressionError(f"waits(): {exc}") from None
    return [kind_name(k) for k in sorted(result)]


def _shanten(hand: Any, melds: Any, kita: Any) -> int:
    tiles, parsed = _parse_hand(hand, melds)
    try:
        return int(analysis_shanten(to_counts(tiles), _outside(parsed, kita)))
    except ValueError as exc:
        raise ExpressionError(f"shanten(): {exc}") from None


def _score(rules: Ruleset, request: dict[str, Any]) -> dict[str, Any]:
    """A whole hand scored by the engine (CONTRACTS.md ``sanma score`` fields, plus ``yaku_ids``)."""
    try:
        data = score_hand(win_input_from_request(dict(request)), rules).to_json()
    except ValueError as exc:
        raise ExpressionError(f"score(): {exc}") from None
    data["yaku_ids"] = [y["id"] for y in data["yaku"]]
    data.pop("explanation", None)
    return data


def _can_win(rules: Ruleset, request: dict[str, Any]) -> bool:
    """True if the hand scores; False if it is incomplete or has no yaku (other problems are errors)."""
    try:
        win = win_input_from_request(dict(request))
    except ValueError as exc:
        raise ExpressionError(f"can_win(): {exc}") from None
    try:
        score_hand(win, rules)
    except (NoYakuError, IncompleteHandError):
        return False
    except ValueError as exc:
        raise ExpressionError(f"can_win(): {exc}") from None
    return True


def environment(rules: Ruleset, words: Wording = _ENGLISH) -> dict[str, Any]:
    """All names a placeholder may use under ``rules``, their words in ``words``' language."""

    def pay(han: Any, fu: Any = 30, dealer: Any = False, tsumo: Any = False, yakuman: Any = 0, honba: Any = 0, sticks: Any = 0) -> PayView:
        h, f, y = _hand_value_args(han, fu, yakuman)
        s = pay_mod.settle_win(
            rules, h, f, dealer=_flag(dealer, "dealer"), tsumo=_flag(tsumo, "tsumo"), yakuman=y,
            honba=_whole(honba, "honba", 0, 50), sticks=_whole(sticks, "sticks", 0, 50),
        )
        return PayView.of(s)

    def four(han: Any, fu: Any = 30, dealer: Any = False, tsumo: Any = False, yakuman: Any = 0, honba: Any = 0) -> PayView:
        h, f, y = _hand_value_args(han, fu, yakuman)
        s = pay_mod.four_player_settlement(
            h, f, dealer=_four_player_row(dealer), tsumo=_flag(tsumo, "tsumo"), yakuman=y, honba=_whole(honba, "honba", 0, 50)
        )
        return PayView.of(s)

    def base(han: Any, fu: Any = 30, yakuman: Any = 0) -> int:
        h, f, y = _hand_value_args(han, fu, yakuman)
        return pay_mod.base_points(rules, h, f, y).base

    def limit(han: Any, fu: Any = 30, yakuman: Any = 0) -> str:
        h, f, y = _hand_value_args(han, fu, yakuman)
        return pay_mod.base_points(rules, h, f, y).limit

    env: dict[str, Any] = {
        "rule": rule_mapping(rules),
        "pay": Function("pay", pay),
        "four": Function("four", four),
        "base": Function("base", base),
        "limit": Function("limit", limit),
        "noten": Function("noten", lambda tenpai: _noten(rules, tenpai)),
        "nagashi": Function("nagashi", lambda dealer=False, honba=0: _nagashi(rules, dealer, honba)),
        "placement": Function("placement", lambda points, sticks=0: _placement(rules, points, sticks)),
        "dora": Function("dora", lambda indicator: kind_name(dora_from_indicator(_tile(indicator)))),
        "kita_han": Function("kita_han", _kita_han),
        "presets": Function("presets", preset_values),
        "preset": Function("preset", _preset_rules),
        "others": Function("others", lambda field: others_text(rules, field, words)),
        "source": Function("source", lambda field: source_text(rules, field, words)),
        "all_presets": Function("all_presets", lambda field: _grouped(preset_values(field), words)),
        "presets_where": Function("presets_where", lambda field, value=True: [p.name for p in preset_values(field) if p.value == value]),
        "pick": Function("pick", lambda condition, yes, no: yes if condition else no),
        "differs": Function("differs", lambda field: len({format_value(p.value) for p in preset_values(field)}) > 1),
        "is_tile": Function("is_tile", _is_tile),
        "is_meld": Function("is_meld", _is_meld),
        "tile_error": Function("tile_error", _tile_error),
        "min": Function("min", lambda *a: min(a[0]) if len(a) == 1 else min(a)),
        "max": Function("max", lambda *a: max(a[0]) if len(a) == 1 else max(a)),
        "abs": Function("abs", abs),
        "sum": Function("sum", sum),
        "len": Function("len", len),
        "sanma": {
            "tile_count": 4 * len(SANMA_KINDS),
            "kind_count": len(SANMA_KINDS),
            "four_player_tile_count": 4 * NUM_KINDS,
            "four_player_kind_count": NUM_KINDS,
            "removed": [kind_name(k) for k in range(NUM_KINDS) if k not in SANMA_KIND_SET],
            "preset_count": len(PRESETS),
        },
        "real": dict(real_play_figures()),
    }
    env.update(_engine_extras(rules))
    return env


#: Names every environment defines (for static checks at load time), extras included when present.
def known_names() -> set[str]:
    return set(environment(load_preset()).keys())
