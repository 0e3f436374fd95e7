"""A tiny page for the browser tests of the table component: a seeded position and the action chosen on it.

Run by tests/test_browser_table.py with ``streamlit run tests/table_demo_app.py``. The position never
changes (no action is applied), so every click or key can be checked against the same table.
Query parameters: ``big=1`` for big tiles, ``pos=riichi`` for a hand that may declare riichi.
"""

from __future__ import annotations

from sanma_core.game import Game, Phase
from sanma_core.game.scenario import advance, arranged_game

SEED = 11
NAMES = ("You & <i>me</i>", "Bot <b>A</b>", "Bot B")


def position(name: str = "") -> Game:
    """Seat 0's own turn after seven discards of its own (quiet play: tsumogiri, every call passed); with
    ``name="riichi"``, a tenpai hand that has just drawn a 2s and may declare riichi."""
    if name == "riichi":
        return arranged_game("tenhou", hands=["123p456p789p1123s", None, None], draws="2s")
    game = Game(seed=SEED)
    return advance(game, lambda g: g.phase is Phase.TURN and g.turn == 0 and len(g.discards[0]) >= 7)


def main() -> None:
    import streamlit as st

    from tutor.table.component import table
    from tutor.table.state import table_state

    st.set_page_config(page_title="Table demo", layout="wide")
    big = st.query_params.get("big") == "1"
    state = table_state(position(st.query_params.get("pos", "")).view(0), names=NAMES, big=big)
    chosen = table(state, key="demo_table", big=big)
    if chosen is not None:
        st.session_state["choices"] = [*st.session_state.get("choices", []), chosen["action"]]
    choices = st.session_state.get("choices", [])
    st.write(f"chosen {len(choices)}: {choices[-1] if choices else 'nothing'}")


if __name__ == "__main__":
    main()
