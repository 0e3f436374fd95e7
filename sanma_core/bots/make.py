"""Making a bot of a named level (kept apart from :mod:`.base`, which every bot imports)."""

from __future__ import annotations

from .base import LEVELS, Bot, BotLevelError
from .learned_bot import LearnedBot
from .levels import EasyBot, NormalBot


def make_bot(level: str, seed: int | str = 0) -> Bot:
    """A bot of ``level`` ("easy", "normal" or "hard"); ``seed`` drives its tie-breaks.

    >>> make_bot("hard").level
    'hard'
    >>> make_bot("expert")
    Traceback (most recent call last):
    ...
    sanma_core.bots.base.BotLevelError: unknown bot level 'expert': use easy, normal or hard
    """
    classes = {"easy": EasyBot, "normal": NormalBot, "hard": LearnedBot}
    if level not in classes:
        raise BotLevelError(f"unknown bot level {level!r}: use {', '.join(LEVELS[:-1])} or {LEVELS[-1]}")
    return classes[level](seed)
