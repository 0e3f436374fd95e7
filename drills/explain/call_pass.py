"""Sentences for the call-or-pass drill."""

from __future__ import annotations

from typing import Any

from sanma_core.i18n import N_, gettext

from .common import Renderer, listed, percent, shanten_words, source_words


def _call_shape(s: dict[str, Any]) -> list[str]:
    tile = s["tile"]
    text = (gettext("You hold a triplet of {tile}; the hand is {now} now and {after} after a pon and a discard.")
            if s["held"] == 3 else
            gettext("You hold a pair of {tile}; the hand is {now} now and {after} after a pon and a discard."))
    out = [text.format(tile=tile, now=shanten_words(s["shanten"]), after=shanten_words(s["pon_shanten"]))]
    if s["value"]:
        out.append(gettext("A pon of {tile} is a yaku by itself (a value triplet, 1 han), so the open hand can still "
                           "win.").format(tile=tile))
    else:
        out.append(gettext("{tile} is not a value tile: a pon opens the hand without a yaku, so riichi is gone and the "
                           "hand then needs another one (all simples, all triplets, a flush).").format(tile=tile))
    if s["held"] == 3:
        out.append(gettext("An open kan leaves the same shape as the triplet you hold; it draws a replacement tile and "
                           "turns a new dora indicator for everyone, and it opens the hand too."))
    return out


_CALL_WORDS = {"pon": N_("called pon in {share}"), "minkan": N_("called an open kan in {share}"),
               "pass": N_("passed in {share}")}
_PLAY = {"pon": N_("pon is the play"), "minkan": N_("an open kan is the play"), "pass": N_("passed is the play")}
_WHAT = {"value honour": N_("a value honour"), "other honour": N_("an other honour"), "number": N_("a number tile")}


def _real_call(s: dict[str, Any]) -> list[str]:
    parts = [gettext(_CALL_WORDS[k]).format(share=percent(v)) for k, v in s["shares"].items()
             if k in _CALL_WORDS and (v or k != "minkan")]
    what = gettext(_WHAT[s["what"]]) if s["what"] in _WHAT else s["what"]
    text = (gettext("Phoenix players holding a triplet of {what} when it was discarded, closed and as far from tenpai, "
                    "{shares} of {n} cases ({source}): {play}.") if s["held"] == 3 else
            gettext("Phoenix players holding a pair of {what} when it was discarded, closed and as far from tenpai, "
                    "{shares} of {n} cases ({source}): {play}."))
    if s.get("model"):  # the decision model gives the answer: the real figures only describe these positions
        text = (gettext("Phoenix players holding a triplet of {what} when it was discarded, closed and as far from "
                        "tenpai, {shares} of {n} cases ({source}).") if s["held"] == 3 else
                gettext("Phoenix players holding a pair of {what} when it was discarded, closed and as far from "
                        "tenpai, {shares} of {n} cases ({source})."))
    return [text.format(what=what, shares=listed(parts), n=s["n"], source=source_words(s["source"]),
                        play=gettext(_PLAY[s["answer"]]))]


#: The renderer of each step kind of this family.
STEPS: dict[str, Renderer] = {"call_shape": _call_shape, "real_call": _real_call}
