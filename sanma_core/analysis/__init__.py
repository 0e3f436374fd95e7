"""Hand analysis: shanten, waits, useful tiles (ukeire), the discard table, furiten."""

from .hand import (
    HandAnalysis,
    HandError,
    analysis_json_text,
    analysis_to_json,
    analyze_hand,
    outside_counts,
    validate_hand,
)
from .hand_groups import clear_caches
from .shape import (
    IMPOSSIBLE,
    DiscardOption,
    HandShapeError,
    Ukeire,
    chiitoitsu_shanten,
    discard_options,
    is_furiten,
    kokushi_shanten,
    regular_shanten,
    shanten,
    ukeire,
    waits,
)

__all__ = [
    "clear_caches",
    "HandAnalysis",
    "HandError",
    "analysis_json_text",
    "analysis_to_json",
    "analyze_hand",
    "outside_counts",
    "validate_hand",
    "DiscardOption",
    "HandShapeError",
    "IMPOSSIBLE",
    "Ukeire",
    "chiitoitsu_shanten",
    "discard_options",
    "is_furiten",
    "kokushi_shanten",
    "regular_shanten",
    "shanten",
    "ukeire",
    "waits",
]
