"""The result entry of a tenhou.net/6 hand, written as Tenhou writes it.

A win: ``[winner, from, winner, "30符2飜2000点", "立直(1飜)", …]``, the yaku in
Tenhou's order, value honours (役牌, 場風, 自風) in the order of the sets they
come from (closed sets by tile, then melds as called), and kita counted into
``ドラ``. Draws: ``流局`` with the payments, ``全員聴牌`` / ``全員不聴`` without,
``流し満貫``, ``九種九牌``, ``四槓散了``.

>>> tenhou_limit_text("kazoe_yakuman"), draw_entry("exhaustive_draw", [0, 0, 0], [True, True, True])
('役満', ['全員聴牌'])
"""

from __future__ import annotations

from typing import Any

from ..rules import Ruleset
from ..scoring.payments import base_points, settle_win
from ..tiles import EAST, HAKU
from ..words import HONOUR_NAMES

#: Yaku in the order Tenhou lists them (value honours stand where ``"yakuhai"`` is).
YAKU_ORDER = (
    "riichi", "chankan", "haitei", "houtei", "double_riichi", "ippatsu", "rinshan_kaihou", "menzen_tsumo",
    "pinfu", "iipeikou", "chiitoitsu", "ittsu", "sankantsu", "sanankou", "toitoi", "sanshoku_doukou",
    "shousangen", "yakuhai", "honroutou", "ryanpeikou", "tanyao", "chanta", "junchan", "honitsu", "chinitsu",
    "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou", "ryuuiisou", "chinroutou",
    "chuuren", "junsei_chuuren", "kokushi", "kokushi_13", "daisuushii", "shousuushii", "suukantsu",
)
#: Tenhou's names where they differ from the catalogue's kanji.
TENHOU_NAMES = {
    "tanyao": "断幺九", "chanta": "混全帯幺九", "junchan": "純全帯幺九", "kokushi_13": "国士無双１３面",
    "haku": "役牌 白", "hatsu": "役牌 發", "chun": "役牌 中", "north_wind": "役牌 北",
}
YAKUHAI = ("seat_wind", "round_wind", "haku", "hatsu", "chun", "north_wind")
WIND_NAMES = "東南西北"
ROUNDS = HONOUR_NAMES[:4]  # a position's round wind, North included
LIMIT_TEXT = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満",
              "kazoe_yakuman": "役満", "yakuman": "役満"}
DRAW_TEXT = {"exhaustive_draw": "流局", "nagashi_mangan": "流し満貫", "nine_terminals": "九種九牌",
             "four_kans": "四槓散了"}
ALL_TENPAI, ALL_NOTEN = "全員聴牌", "全員不聴"
DRAW_KINDS = {**{v: k for k, v in DRAW_TEXT.items()}, ALL_TENPAI: "exhaustive_draw", ALL_NOTEN: "exhaustive_draw"}
_DRAGON = {"haku": HAKU, "hatsu": HAKU + 1, "chun": HAKU + 2, "north_wind": EAST + 3}


def hand_name(position: int, honba: int) -> str:
    """``"South 2, 1 honba"`` from Tenhou's kyoku index (4 × round + dealer) and honba.

    >>> hand_name(5, 1), hand_name(0, 0)
    ('South 2, 1 honba', 'East 1')
    """
    name = f"{ROUNDS[position // 4 % 4]} {position % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name


def tenhou_limit_text(limit: str) -> str:
    return LIMIT_TEXT[limit]


def _catalogue_names() -> dict[str, str]:
    from ..scoring import YAKU

    return {y.id: y.kanji for y in YAKU.values()}


def _yakuhai_tile(yaku_id: str, seat_wind: int, round_wind: int) -> int:
    if yaku_id == "seat_wind":
        return EAST + seat_wind
    if yaku_id == "round_wind":
        return EAST + round_wind
    return _DRAGON[yaku_id]


def _yakuhai_name(yaku_id: str, seat_wind: int, round_wind: int) -> str:
    if yaku_id == "seat_wind":
        return f"自風 {WIND_NAMES[seat_wind]}"
    if yaku_id == "round_wind":
        return f"場風 {WIND_NAMES[round_wind]}"
    return TENHOU_NAMES[yaku_id]


def yaku_lines(yaku: list[tuple[str, int]], yakuman: int, bonus: list[int], seat_wind: int, round_wind: int,
               meld_kinds: list[int]) -> list[str]:
    """The yaku entries of a win in Tenhou's order and spelling.

    ``meld_kinds`` are the kinds of the winner's melds in the order they were made;
    value honours from them follow those from the closed hand.
    """
    names = _catalogue_names()
    order = {y: i for i, y in enumerate(YAKU_ORDER)}
    plain = [(y, h) for y, h in yaku if y not in YAKUHAI]
    plain.sort(key=lambda yh: order.get(yh[0], len(order)))
    honours = [(y, h) for y, h in yaku if y in YAKUHAI]

    def place(yh: tuple[str, int]) -> tuple[int, int, int]:
        tile = _yakuhai_tile(yh[0], seat_wind, round_wind)
        where = (1, meld_kinds.index(tile)) if tile in meld_kinds else (0, tile)
        return (*where, 0 if yh[0] == "round_wind" else 1)

    honours.sort(key=place)
    at = order["yakuhai"]
    lines: list[str] = []
    spliced = [yh for yh in plain if order.get(yh[0], len(order)) < at] + honours + [
        yh for yh in plain if order.get(yh[0], len(order)) >= at]
    for yaku_id, han in spliced:
        if yaku_id in YAKUHAI:
            name = _yakuhai_name(yaku_id, seat_wind, round_wind)
        else:
            name = TENHOU_NAMES.get(yaku_id, names.get(yaku_id, yaku_id))
        lines.append(f"{name}(役満)" if yakuman else f"{name}({han}飜)")
    if not yakuman:
        dora, aka, ura, kita = (list(bonus) + [0, 0, 0, 0])[:4]
        for label, count in (("ドラ", dora + kita), ("赤ドラ", aka), ("裏ドラ", ura)):
            if count:
                lines.append(f"{label}({count}飜)")
    return lines


def value_text(rules: Ruleset, han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool) -> str:
    """``"30符2飜2000点"``, ``"満貫2000-4000点"``, ``"跳満6000点∀"``: the hand's value without honba."""
    bp = base_points(rules, han, fu, yakuman)
    pay = settle_win(rules, han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman).payments
    if tsumo:
        amount = f"{pay['each']}点∀" if dealer else f"{pay['non_dealer']}-{pay['dealer']}点"
    else:
        amount = f"{pay['ron']}点"
    head = LIMIT_TEXT.get(bp.limit, "") if bp.limit else f"{fu}符{han}飜"
    return head + amount


def win_entry(event: dict[str, Any], oya: int, round_wind: int, rules: Ruleset, meld_kinds: list[int]) -> list[Any]:
    """The detail list of one win (a ``hora`` event of the game)."""
    actor, target = event["actor"], event["target"]
    han, fu, yakuman = event.get("han", 0), event.get("fu", 0), event.get("yakuman", 0)
    head = value_text(rules, han, fu, yakuman, dealer=actor == oya, tsumo=actor == target)
    yaku = [(str(y), int(h)) for y, h in event.get("yaku", [])]
    lines = yaku_lines(yaku, yakuman, list(event.get("bonus") or []), (actor - oya) % 3, round_wind, meld_kinds)
    return [actor, target, event.get("pao", actor), head, *lines]  # the third: the liable seat under pao


def draw_entry(reason: str, deltas: list[int], tenpai: list[bool] | None) -> list[Any]:
    """The result of a hand without a win."""
    if reason == "exhaustive_draw" and not any(deltas):
        if tenpai is not None and all(tenpai):
            return [ALL_TENPAI]
        if tenpai is not None and not any(tenpai):
            return [ALL_NOTEN]
    entry: list[Any] = [DRAW_TEXT.get(reason, DRAW_TEXT["exhaustive_draw"])]
    if reason in ("exhaustive_draw", "nagashi_mangan"):
        entry.append([*deltas, 0])
    return entry
