"""sanma_core: a three-player riichi mahjong engine (tiles, rules, analysis, scoring, game, bots)."""

__version__ = "0.1.0"
