"""The hand calculator's logic, free of Streamlit: read the inputs, analyse the shape, score a winning hand.

Every error is a ``ValueError`` subclass from the engine whose message names the bad input (the calculator's own
words in the language spoken now).

>>> from sanma_core.rules import load_preset
>>> out = calculate(CalcInput(hand="123p456p789s11z555s", tsumo=True, riichi=True), load_preset("tenhou"))
>>> out.analysis["shanten"], out.score["total"], out.four_player.total
(-1, 2000, 3000)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sanma_core.analysis import analysis_to_json, analyze_hand
from sanma_core.errors import InputError, SanmaError
from sanma_core.i18n import N_, gettext
from sanma_core.melds import Meld, parse_meld
from sanma_core.rules import Ruleset
from sanma_core.scoring import score_hand
from sanma_core.scoring.errors import NoYakuError
from sanma_core.scoring.payments import Settlement, four_player_settlement
from sanma_core.scoring.request import win_input
from sanma_core.tiles import NotationError, parse_tiles

SITUATION_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


@dataclass(frozen=True)
class CalcInput:
    hand: str
    melds: str = ""  # "pon:777z minkan:5555p", separated by spaces or commas
    kita: int = 0
    dora: str = ""  # indicators, MPSZ
    ura: str = ""
    win: str = ""  # the winning tile; empty: the last tile written in the hand
    tsumo: bool = False
    riichi: bool = False
    flags: tuple[str, ...] = ()  # more of SITUATION_FLAGS
    seat: str = "E"
    round: str = "E"
    honba: int = 0
    sticks: int = 0


@dataclass
class CalcOutput:
    tiles: list[int]
    melds: list[Meld]
    indicators: list[int]
    ura: list[int]
    win_tile: int | None
    analysis: dict[str, Any]
    score: dict[str, Any] | None = None  # CONTRACTS.md `sanma score` answer, when the hand is complete
    score_error: str = ""  # why a complete-shaped hand does not score (no yaku …)
    no_yaku: bool = False  # the reason is a missing yaku (the page then says how one could be had)
    four_player: Settlement | None = None
    extras: dict[str, Any] = field(default_factory=dict)


def parse_melds(text: str) -> list[Meld]:
    """``"pon:777z, ankan:1111p"`` → melds (each one validated, errors name the meld)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return [parse_meld(p) for p in parts]


#: The inputs an error names (marked; translated when the error is raised).
HAND, DORA, URA, WIN = N_("hand"), N_("dora indicators"), N_("ura indicators"), N_("winning tile")


def _tiles(text: str, what: str) -> list[int]:
    if not text.strip():
        return []
    try:
        return parse_tiles(text)
    except NotationError as exc:
        raise NotationError(gettext("{what}: {reason}").format(what=gettext(what), reason=exc)) from None


def calculate(inp: CalcInput, rules: Ruleset) -> CalcOutput:
    """Shape analysis always; the full score when the hand is complete (14-tile-sized, shanten −1).

    A 13-tile-sized hand with a winning tile given separately is scored with that tile added.
    """
    if not inp.hand.strip():
        raise NotationError(gettext("hand: type tiles such as 123p456s11z, or click tiles below"))
    tiles = _tiles(inp.hand, HAND)
    melds = parse_melds(inp.melds)
    indicators = _tiles(inp.dora, DORA)
    ura = _tiles(inp.ura, URA)
    win_tiles = _tiles(inp.win, WIN)
    if len(win_tiles) > 1:
        raise NotationError(gettext("winning tile: give one tile, got {text}").format(text=repr(inp.win)))
    if win_tiles and (len(tiles) + 3 * len(melds)) % 3 == 1:
        tiles = [*tiles, win_tiles[0]]  # a waiting hand plus the tile it wins on: score the whole hand
    analysis = analysis_to_json(analyze_hand(tiles, melds, inp.kita, rules))
    win_tile = win_tiles[0] if win_tiles else tiles[-1]
    out = CalcOutput(tiles, melds, indicators, ura, win_tile, analysis)
    if analysis["shanten"] != -1:
        return out
    for flag in inp.flags:
        if flag not in SITUATION_FLAGS:
            raise InputError(gettext("situation flags: unknown situation {flag}; known: {known}").format(
                flag=repr(flag), known=", ".join(SITUATION_FLAGS)))
    flags = [*(("tsumo",) if inp.tsumo else ()), *(("riichi",) if inp.riichi else ()), *inp.flags]
    win = win_input(tiles, win_tile, melds=melds, flags=flags, kita=inp.kita, seat=inp.seat, round=inp.round,
                    dora=indicators, ura=ura, honba=inp.honba, sticks=inp.sticks)
    try:
        result = score_hand(win, rules)
    except SanmaError as exc:
        out.score_error = str(exc)
        out.no_yaku = isinstance(exc, NoYakuError)
        return out
    out.score = result.to_json()
    dealer = inp.seat == "E"
    out.four_player = four_player_settlement(result.han, result.fu, dealer, inp.tsumo, result.yakuman, inp.honba)
    return out
