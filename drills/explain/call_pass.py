"""Sentences for the call-or-pass drill."""

from __future__ import annotations

from typing import Any

from .common import Renderer, listed, shanten_words


def _call_shape(s: dict[str, Any]) -> list[str]:
    held = "a triplet" if s["held"] == 3 else "a pair"
    out = [f"You hold {held} of {s['tile']}; the hand is {shanten_words(s['shanten'])} now and "
           f"{shanten_words(s['pon_shanten'])} after a pon and a discard."]
    if s["value"]:
        out.append(f"A pon of {s['tile']} is a yaku by itself (a value triplet, 1 han), so the open hand can still win.")
    else:
        out.append(f"{s['tile']} is not a value tile: a pon opens the hand without a yaku, so riichi is gone and the "
                   "hand then needs another one (all simples, all triplets, a flush).")
    if s["held"] == 3:
        out.append("An open kan leaves the same shape as the triplet you hold; it draws a replacement tile and turns "
                   "a new dora indicator for everyone, and it opens the hand too.")
    return out


_CALL_WORDS = {"pon": "called pon", "minkan": "called an open kan", "pass": "passed"}


def _real_call(s: dict[str, Any]) -> list[str]:
    held = "a triplet" if s["held"] == 3 else "a pair"
    parts = [f"{_CALL_WORDS[k]} in {v:.0%}" for k, v in s["shares"].items() if k in _CALL_WORDS and (v or k != "minkan")]
    return [f"Phoenix players holding {held} of {'a ' + s['what'] if s['what'] != 'number' else 'a number tile'} "
            f"when it was discarded, closed and as far from tenpai, {listed(parts)} of {s['n']} cases "
            f"({s['source']}): {_CALL_WORDS[s['answer']].replace('called ', '')} is the play."]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"call_shape": _call_shape, "real_call": _real_call}
