"""Explanations as data: what a drill or a page needs to show how a score was reached.

>>> from sanma_core.rules import load_preset
>>> from sanma_core.scoring.hand import WinInput, score_hand
>>> from sanma_core.tiles import parse_tile, parse_tiles
>>> r = score_hand(WinInput(tuple(parse_tiles("123p456p789s11z555s")), parse_tile("5s"), tsumo=True, riichi=True),
...                load_preset())
>>> e = r.explanation
>>> e["reading"]["wait"], [y["id"] for y in e["yaku"]], e["fu"]["raw"], e["fu"]["rounded"]
('shanpon', ['riichi', 'menzen_tsumo'], 30, 30)
>>> [s["step"] for s in e["payment"]["steps"]]
['base', 'share', 'share', 'total']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..i18n import gettext
from ..melds import format_meld
from ..tiles import RED_5P, RED_5S, format_tiles, kind_name, tile_name
from .fu import same_tiles

if TYPE_CHECKING:
    from .hand import ScoreResult

_ROLE_MULTIPLIER = {("ron", False): 4, ("ron", True): 6}
_NAMES = tuple(kind_name(k) for k in range(34))
#: MPSZ of a group by shape and first kind: ``_GROUP_TILES["sequence"][9] == "123p"``.
_GROUP_TILES = {
    "sequence": tuple("".join(_NAMES[j][0] for j in range(k, k + 3)) + _NAMES[k][1] if k < 32 else ""
                      for k in range(34)),
    "triplet": tuple(same_tiles(k, 3) for k in range(34)),
    "kan": tuple(same_tiles(k, 4) for k in range(34)),
}
_PAIR_TILES = tuple(same_tiles(k, 2) for k in range(34))


def _red_suits(tiles: Iterable[int]) -> dict[str, int]:
    """Red fives among ``tiles``, by suit letter: ``{"p": 1, "s": 0}``."""
    tiles = list(tiles)
    return {"p": tiles.count(RED_5P), "s": tiles.count(RED_5S)}


def _with_reds(texts: list[str], reds: dict[str, int]) -> list[str]:
    """Group or pair texts with the red fives shown: each red turns one plain five of its suit into ``0``.

    >>> _with_reds(["345p", "555s", "55p"], {"p": 1, "s": 1})
    ['340p', '055s', '55p']
    """
    out = []
    for text in texts:
        suit = text[-1]
        while reds.get(suit) and "5" in text[:-1]:
            text = text.replace("5", "0", 1)
            reds[suit] -= 1
        out.append(text)
    return out


def _reading(result: ScoreResult) -> dict[str, Any]:
    r = result.reading
    win = result.win
    out: dict[str, Any] = {"form": r.form, "wait": r.wait, "winning_tile": tile_name(win.win),
                           "closed": r.closed, "hand": format_tiles(win.hand),
                           "melds": [format_meld(m) for m in win.melds], "kita": win.kita}
    hand_reds = _red_suits(win.hand)
    if r.form == "regular":
        texts = [_GROUP_TILES[g.shape][g.tile] for g in r.groups]
        called = [i for i, g in enumerate(r.groups) if g.source != "hand"]
        called_texts = _with_reds([texts[i] for i in called], _red_suits(t for m in win.melds for t in m.tiles))
        for i, text in zip(called, called_texts, strict=True):
            texts[i] = text
        own = [i for i, g in enumerate(r.groups) if g.source == "hand"]
        pair = _PAIR_TILES[r.pair] if r.pair >= 0 else ""
        *own_texts, pair = _with_reds([*(texts[i] for i in own), pair], hand_reds)
        for i, text in zip(own, own_texts, strict=True):
            texts[i] = text
        out["groups"] = [
            {"shape": g.shape, "tiles": texts[i], "source": g.source,
             "concealed": g.concealed, "completed_by_win": i == r.win_group}
            for i, g in enumerate(r.groups)
        ]
        out["pair"] = pair
        out["pair_completed_by_win"] = r.win_group < 0
    elif r.form == "chiitoitsu":
        out["pairs"] = _with_reds([_PAIR_TILES[k] for k in r.pairs], hand_reds)
    return out


def _payment_steps(result: ScoreResult) -> list[dict[str, Any]]:
    s = result.settlement
    rules = result.rules
    win = result.win
    steps: list[dict[str, Any]] = []
    if result.yakuman:
        steps.append({"step": "limit", "limit": "yakuman", "multiplier": result.yakuman, "base": s.base})
    elif s.limit:
        steps.append({"step": "limit", "limit": s.limit, "han": result.han, "fu": result.fu, "base": s.base,
                      "uncapped": result.fu * 2 ** (2 + result.han) if result.han < 5 else None})
    else:
        steps.append({"step": "base", "fu": result.fu, "han": result.han, "formula": "fu × 2^(2+han)",
                      "base": s.base})
    if win.tsumo:
        bonus = win.honba * rules.honba_tsumo
        for role, amount in s.payers:
            mult = 2 if (win.dealer or role == "dealer") else 1
            steps.append({"step": "share", "payer": role, "multiplier": mult, "raw": mult * s.base,
                          "rounded_up": amount - bonus, "honba": bonus, "pays": amount,
                          "rule": rules.tsumo_payment})
    else:
        bonus = win.honba * rules.honba_ron
        mult = 6 if win.dealer else 4
        amount = s.payments["ron"]
        steps.append({"step": "share", "payer": "discarder", "multiplier": mult, "raw": mult * s.base,
                      "rounded_up": amount - bonus, "honba": bonus, "pays": amount})
    if win.sticks:
        steps.append({"step": "sticks", "sticks": win.sticks, "value": win.sticks * rules.riichi_stick})
    steps.append({"step": "total", "payments": dict(s.payments), "total": s.total})
    return steps


def explain(result: ScoreResult) -> dict[str, Any]:
    """The structured explanation of a :class:`~sanma_core.scoring.hand.ScoreResult` (ids and numbers; the yaku
    names and the worded steps in the language spoken now)."""
    lines = [line.to_json() for line in result.fu_lines]
    bonus = result.bonus.to_json()
    bonus["counted"] = result.yakuman == 0
    yaku_han = sum(h for _, h in result.yaku)
    catalogue = result.catalogue
    return {
        "reading": _reading(result),
        "yaku": [{"id": i, "name": gettext(catalogue[i].name), "romaji": catalogue[i].romaji, "kanji": catalogue[i].kanji,
                  "han": h} for i, h in result.yaku],
        "yakuman": result.yakuman,
        "fu": {"lines": lines, "raw": sum(line["fu"] for line in lines), "rounded": result.fu},
        "dora": bonus,
        "han": {"yaku": yaku_han, "bonus": result.han - yaku_han if not result.yakuman else 0, "total": result.han},
        "payment": {
            "base": result.settlement.base,
            "limit": result.limit,
            "dealer": result.win.dealer,
            "tsumo": result.win.tsumo,
            "steps": _payment_steps(result),
            "text": list(result.settlement.steps),
        },
    }
