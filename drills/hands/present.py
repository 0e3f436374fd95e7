"""Presentation: a built hand as prompt text and data, the engine's explanation as drill steps, and the
split of a completed hand for each wait."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext
from sanma_core.scoring import ScoreResult
from sanma_core.scoring.shapes import SEQ, is_chiitoitsu_shape, is_kokushi_shape, regular_decompositions
from sanma_core.tiles import NUM_KINDS, format_tiles, kind_name
from sanma_core.words import letter_name

from .plans import FLAGS

#: The situation flags of a hand in words, marked here and put into the language spoken now in a prompt.
FLAG_WORDS = {"riichi": N_("riichi"), "double_riichi": N_("double riichi"), "ippatsu": N_("ippatsu"),
              "rinshan": N_("rinshan"), "chankan": N_("chankan"), "haitei": N_("haitei"), "houtei": N_("houtei"),
              "tenhou": N_("tenhou"), "chiihou": N_("chiihou")}


def hand_text(request: dict[str, Any]) -> str:
    """``123p456p789s11z55s + pon 777z, winning tile 5s``."""
    text = request["hand"]
    if request["melds"]:
        text += " + " + ", ".join(m.replace(":", " ") for m in request["melds"])
    return gettext("{hand}, winning tile {tile}").format(hand=text, tile=request["win"])


def situation_words(request: dict[str, Any]) -> list[str]:
    """The situation of a hand in words, for a prompt: ``["tsumo", "riichi", "seat South", …]``."""
    words = [gettext("tsumo") if request.get("tsumo") else gettext("ron")]
    words += [gettext(FLAG_WORDS[f]) for f in FLAGS if request.get(f)]
    words += [gettext("seat {wind}").format(wind=letter_name(request["seat"])),
              gettext("round {wind}").format(wind=letter_name(request["round"]))]
    return words


def prompt_data(request: dict[str, Any]) -> dict[str, Any]:
    """The prompt data of a hand question (the tiles, situation and table state)."""
    return {
        "hand": request["hand"],
        "win": request["win"],
        "melds": list(request["melds"]),
        "kita": request["kita"],
        "dora": list(request["dora"]),
        "ura": list(request["ura"]),
        "seat": request["seat"],
        "round": request["round"],
        "tsumo": request["tsumo"],
        "flags": [f for f in FLAGS if request.get(f)],
        "situation": ", ".join(situation_words(request)),
        "honba": request["honba"],
        "sticks": request["sticks"],
    }


def explanation_steps(result: ScoreResult) -> tuple[dict[str, Any], ...]:
    """The engine's structured explanation as drill steps."""
    e = result.explanation
    return (
        {"step": "reading", **e["reading"]},
        {"step": "yaku", "yaku": e["yaku"], "yakuman": e["yakuman"]},
        {"step": "fu", **e["fu"]},
        {"step": "dora", **e["dora"]},
        {"step": "han", **e["han"]},
        {"step": "payment", **e["payment"]},
    )


def wait_splits(counts: list[int], waits: list[int]) -> list[dict[str, Any]]:
    """For each wait, one way the completed concealed hand splits (sets and pair, seven pairs or thirteen orphans).

    >>> from sanma_core.tiles import parse_tiles, to_counts
    >>> wait_splits(to_counts(parse_tiles("123p456p789s555s1z")), [27])[0]
    {'wait': '1z', 'form': 'regular', 'sets': ['123p', '456p', '555s', '789s'], 'pair': '11z'}
    """
    out: list[dict[str, Any]] = []
    for w in waits:
        c = list(counts)
        c[w] += 1
        decs = regular_decompositions(c)
        if decs:
            pair, sets = min(decs, key=lambda d: (d[0] != w, d))  # a tanki wait shows as the pair
            out.append({"wait": kind_name(w), "form": "regular",
                        "sets": [format_tiles([s, s + 1, s + 2] if shape == SEQ else [s] * 3)
                                 for shape, s in sorted(sets, key=lambda x: (x[1], x[0]))],
                        "pair": format_tiles([pair, pair])})
        elif is_chiitoitsu_shape(c):
            out.append({"wait": kind_name(w), "form": "chiitoitsu",
                        "pairs": [format_tiles([k, k]) for k in range(NUM_KINDS) if c[k] == 2]})
        elif is_kokushi_shape(c):
            out.append({"wait": kind_name(w), "form": "kokushi", "pair": format_tiles([w, w] if c[w] == 2 else
                                                                                    [k for k in range(NUM_KINDS) if c[k] == 2] * 2)})
    return out
