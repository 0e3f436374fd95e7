"""The bots' reasons of real bot games said in German and Spanish: every reason read back into its message
(no reason left in English), names and numbers filled in, and English said exactly as written."""

from __future__ import annotations

import re

import pytest
from english_check import leftover_english

from sanma_core.bots import make_bot
from sanma_core.bots.arena import bot_seed, play_bot_game
from sanma_core.game import GameMode
from sanma_core.i18n import speaking
from sanma_core.words import Cast, speak

NAMES = ("You", "Bot A", "Bot B")
TILE = re.compile(r"\b[0-9][mpsz]\b")


class _Recording:
    """A bot that keeps the reason of every decision it is asked for."""

    def __init__(self, bot, reasons: list[str]):
        self.bot, self.reasons = bot, reasons

    def decide(self, view, legal):
        d = self.bot.decide(view, legal)
        self.reasons.append(d.reason)
        return d

    def __getattr__(self, name):
        return getattr(self.bot, name)


@pytest.fixture(scope="module")
def reasons() -> list[str]:
    kept: list[str] = []
    for seed, levels in ((3, ("hard", "normal", "easy")), (8, ("easy", "hard", "normal"))):
        bots = [_Recording(make_bot(lv, bot_seed(seed, s)), kept) for s, lv in enumerate(levels)]
        play_bot_game(levels, "tenhou", GameMode("tonpuusen"), seed, bots=bots)
    return sorted(set(kept))


def test_english_reasons_are_said_as_written_with_names(reasons):
    assert len(reasons) > 40
    by_number = Cast(("seat 0", "seat 1", "seat 2"))
    named = Cast(("Ann", "Bot A", "Bot B"))
    for r in reasons:
        assert speak(r, by_number) == r
        said = speak(r, named)
        assert re.search(r"seat \d", said) is None and said == r.replace("seat 0", "Ann").replace("seat 1", "Bot A").replace(
            "seat 2", "Bot B")


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_reason_is_said_in_german_and_spanish(reasons, lang):
    cast = Cast(NAMES, you=0)
    with speaking(lang):
        said = [speak(r, cast) for r in reasons]
    left = [f for s in said for f in leftover_english([s.replace("Bot A", "").replace("Bot B", "")], lang)]
    assert left == []
    assert all(s != r for s, r in zip(said, reasons, strict=True) if any(c.isalpha() for c in r))
    tiles = [(TILE.findall(r), s) for r, s in zip(reasons, said, strict=True)]
    assert sum(len(ts) for ts, _ in tiles) > 40
    assert all(t in s for ts, s in tiles for t in ts)
