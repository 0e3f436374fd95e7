"""Auto-pass for call offers: answer a pon or kan offer without a click, the way a player chooses.

Three settings: ``off`` (every offer asks), ``all`` (every pon or kan offer is passed) and
``smart`` (passed unless the call makes a yakuhai triplet or the advisor would take it).
A ron is never passed for the player: an offer that includes a win always asks.

>>> MODES["smart"]
'Pass unless it makes a yakuhai or the hint would call'
"""

from __future__ import annotations

from collections.abc import Sequence

from sanma_core.bots.table import read_table
from sanma_core.errors import InputError
from sanma_core.game import Action, SeatView
from sanma_core.game.actions import MINKAN, PASS, PON
from sanma_core.i18n import N_
from sanma_core.tiles import kind

#: The modes and how the Options menu says them (marked; the page translates them).
MODES = {
    "off": N_("Ask for every call"),
    "all": N_("Pass every pon and kan"),
    "smart": N_("Pass unless it makes a yakuhai or the hint would call"),
}
CALLS = frozenset({PON, MINKAN})


def auto_pass(view: SeatView, legal: Sequence[Action], mode: str, advised: Action | None = None) -> Action | None:
    """The pass to play for the player under ``mode``, or None when the player should be asked."""
    if mode not in MODES:
        raise InputError(f"unknown auto-pass mode {mode!r}; known: {', '.join(MODES)}")
    kinds = {a.kind for a in legal}
    passing = next((a for a in legal if a.kind == PASS), None)
    if mode == "off" or passing is None or not kinds - {PASS} or not kinds <= CALLS | {PASS}:
        return None
    if mode == "all":
        return passing
    called = view.last_tile
    if called is not None and kind(called) in read_table(view).yakuhai:
        return None
    if advised is not None and advised.kind in CALLS:
        return None
    return passing
