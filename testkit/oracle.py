"""Side-by-side comparison with the ``mahjong`` package (a test-only dependency, imported lazily).

``mahjong`` 2.1.0 is configured as Tenhou's three-player rules: three-player
dora wrap and payments, red fives, open tanyao, kazoe yakuman, no kiriage,
30 fu for an open pinfu shape, no tsumo fu for pinfu, ``num_nuki_dora`` for kita.
Both sides are reduced to the same plain dict so tests and benchmarks can
compare them field by field.
"""

from __future__ import annotations

from typing import Any

from sanma_core.rules import Ruleset
from sanma_core.scoring import ScoreResult, ScoringError, WinInput, score_hand
from sanma_core.tiles import NORTH, RED_5P, RED_5S, kind

#: mahjong's yaku names -> our ids (dora-like entries map to None).
MAHJONG_NAMES: dict[str, str | None] = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan_kaihou", "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei",
    "Double Riichi": "double_riichi", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu", "Yakuhai (chun)": "chun",
    "Yakuhai (seat wind east)": "seat_wind", "Yakuhai (seat wind south)": "seat_wind",
    "Yakuhai (seat wind west)": "seat_wind", "Yakuhai (round wind east)": "round_wind",
    "Yakuhai (round wind south)": "round_wind", "Yakuhai (round wind west)": "round_wind",
    "Ittsu": "ittsu", "Chantai": "chanta", "Honroutou": "honroutou", "Toitoi": "toitoi",
    "San Ankou": "sanankou", "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu", "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13", "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren", "Suu Ankou": "suuankou", "Suu Ankou Tanki": "suuankou_tanki",
    "Daisangen": "daisangen", "Shousuushii": "shousuushii", "Dai Suushii": "daisuushii",
    "Tsuu Iisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou", "Suu Kantsu": "suukantsu",
    "Tenhou": "tenhou", "Chiihou": "chiihou", "Dora": None, "Aka Dora": None, "Ura Dora": None,
}


class _Ids:
    """Hands out distinct 136-ids: red fives get ids 52 / 88, plain fives the other three."""

    def __init__(self) -> None:
        self.next = {}

    def take(self, tile: int) -> int:
        if tile == RED_5P:
            return 52
        if tile == RED_5S:
            return 88
        k = kind(tile)
        start = 1 if k in (13, 22) else 0
        n = self.next.get(k, start)
        self.next[k] = n + 1
        if n > 3:
            raise ScoringError(f"too many copies of kind {k} for the 136-id conversion")
        return 4 * k + n


def mahjong_arguments(win: WinInput, rules: Ruleset) -> dict[str, Any]:
    """The arguments of ``HandCalculator.estimate_hand_value`` for a win."""
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MjMeld

    ids = _Ids()
    hand_ids = [ids.take(t) for t in win.hand]
    win_id = next(i for t, i in zip(win.hand, hand_ids, strict=True) if t == win.win)
    melds = []
    meld_ids: list[int] = []
    for m in win.melds:
        mids = [ids.take(t) for t in m.tiles]
        meld_ids += mids
        if m.kind == "pon":
            melds.append(MjMeld(MjMeld.PON, mids, opened=True))
        else:
            melds.append(MjMeld(MjMeld.KAN, mids, opened=m.kind == "minkan"))
    for _ in range(win.kita):
        ids.take(NORTH)
    dora = [ids.take(t) for t in win.dora]
    ura = [ids.take(t) for t in win.ura]
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=True,
        has_double_yakuman=rules.double_yakuman_special,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=True,
    )
    config = HandConfig(
        is_tsumo=win.tsumo, is_riichi=win.riichi and not win.double_riichi, is_ippatsu=win.ippatsu,
        is_rinshan=win.rinshan, is_chankan=win.chankan, is_haitei=win.haitei, is_houtei=win.houtei,
        is_daburu_riichi=win.double_riichi, is_tenhou=win.tenhou, is_chiihou=win.chiihou,
        player_wind=win.seat, round_wind=win.round, kyoutaku_number=win.sticks, tsumi_number=win.honba,
        options=options, num_nuki_dora=win.kita,
    )
    return {"tiles": hand_ids + meld_ids, "win_tile": win_id, "melds": melds, "dora_indicators": dora,
            "config": config, "ura_dora_indicators": ura}


def mahjong_view(win: WinInput, rules: Ruleset) -> dict[str, Any]:
    """Score with ``mahjong`` and reduce the answer to comparable fields."""
    from mahjong.hand_calculating.hand import HandCalculator

    res = HandCalculator.estimate_hand_value(**mahjong_arguments(win, rules))
    if res.error:
        return {"error": res.error}
    names = [y.name for y in res.yaku]
    yaku = sorted(MAHJONG_NAMES[n] for n in names if MAHJONG_NAMES[n])
    bonus = {n: y.han_closed for n, y in zip(names, res.yaku, strict=True) if MAHJONG_NAMES[n] is None}
    cost = res.cost
    if not win.tsumo:
        payments = {"ron": cost["main"] + cost["main_bonus"]}
    elif win.dealer:
        payments = {"each": cost["main"] + cost["main_bonus"]}
    else:
        payments = {"dealer": cost["main"] + cost["main_bonus"],
                    "non_dealer": cost["additional"] + cost["additional_bonus"]}
    return {"error": None, "han": res.han, "fu": res.fu, "yaku": yaku, "dora": bonus.get("Dora", 0),
            "aka": bonus.get("Aka Dora", 0), "ura": bonus.get("Ura Dora", 0), "payments": payments,
            "total": cost["total"]}


def our_view(win: WinInput, rules: Ruleset) -> dict[str, Any]:
    """Our answer reduced to the same fields (kita folded into dora, as ``mahjong`` reports it)."""
    from sanma_core.scoring import IncompleteHandError, NoYakuError

    try:
        r: ScoreResult = score_hand(win, rules)
    except NoYakuError:
        return {"error": "no_yaku"}
    except IncompleteHandError:
        return {"error": "hand_not_winning"}
    return {"error": None, "han": r.han, "fu": r.fu, "yaku": sorted(i for i, _ in r.yaku), "dora": r.dora + r.kita,
            "aka": r.aka, "ura": r.ura, "payments": r.payments, "total": r.total}
