"""The table component for Streamlit: draws a :func:`tutor.table.state.table_state` and returns the player's choice.

The frontend (``frontend/index.html``, ``table.js``, ``table.css``) is plain HTML, CSS and JavaScript served
as it is, with no build step; it speaks Streamlit's component messages itself. A click or a key sends
``{"action": <action id>, "nonce": <counter>, "state": <state id>}``; :func:`table` hands each choice
over once, and only while the state it was chosen on is still the one on screen. A ``readonly`` table (the
game review) sends nothing: no action bar, no keys but the help. ``confirm`` sets how a discard is tapped:
``"on"`` two taps (the first raises the tile and shows what it leaves), ``"off"`` one, ``"auto"`` two on a
touch screen and one with a mouse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import streamlit as st
import streamlit.components.v1 as components

from sanma_core.i18n import N_

FRONTEND = Path(__file__).resolve().parent / "frontend"
_component = components.declare_component("sanma_table", path=str(FRONTEND))

#: How a discard is tapped: the setting's values and what each means.
CONFIRM_MODES = {"auto": N_("Two taps on a touch screen, one click with a mouse"),
                 "on": N_("Always two taps: the first raises the tile"),
                 "off": N_("One tap or click discards")}  # marked; the page translates them

__all__ = ["CONFIRM_MODES", "FRONTEND", "table"]


def _keys(key: str) -> tuple[str, str]:
    return f"_sanma_table_nonce/{key}", f"_sanma_table_state/{key}"


def _fresh(key: str, value: Any) -> dict[str, Any] | None:
    """The component's value if it is a choice not handed over yet, made on the state last drawn; else None."""
    seen_key, state_key = _keys(key)
    if not isinstance(value, Mapping) or not isinstance(value.get("action"), str):
        return None
    if value.get("nonce") == st.session_state.get(seen_key):
        return None
    st.session_state[seen_key] = value.get("nonce")
    if value.get("state") != st.session_state.get(state_key):
        return None  # chosen on an earlier drawing of the table
    return {"action": value["action"], "nonce": value.get("nonce")}


def table(state: Mapping[str, Any], *, key: str, big: bool = False, readonly: bool = False, confirm: str = "auto",
          on_action: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any] | None:
    """Draw the table; return the action the player just chose (``{"action": id, "nonce": n}``) or None.

    A choice is returned once: later reruns return None until the next click or key. With ``on_action`` the
    choice is handed to that callback before the script reruns (so the rerun already draws the position
    after the action) and ``table`` returns None for it. ``key`` must stay the same for the whole game, so
    the table is not rebuilt between moves. ``readonly`` only shows the position (nothing is ever chosen).
    ``confirm`` is one of :data:`CONFIRM_MODES`.
    """
    if confirm not in CONFIRM_MODES:
        raise ValueError(f"table(confirm=...): expected one of {', '.join(CONFIRM_MODES)}, got {confirm!r}")
    seen_key, state_key = _keys(key)

    def changed() -> None:
        fresh = _fresh(key, st.session_state.get(key))
        if fresh is not None and on_action is not None:
            on_action(fresh)

    # the choice made since the last run, read before drawing so that ``ack`` tells the frontend it arrived
    # (the frontend waits for a new drawing after a choice; with an unchanged state there would be none)
    fresh = _fresh(key, st.session_state.get(key)) if key in st.session_state else None
    _component(state=dict(state), big=bool(big), readonly=bool(readonly), confirm=confirm, ack=st.session_state.get(seen_key), key=key,
               default=None, tab_index=0, on_change=changed if on_action is not None else None)
    st.session_state[state_key] = state.get("id")
    return fresh
