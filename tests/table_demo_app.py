"""A tiny page for the browser tests of the table component: a seeded position and the action chosen on it.

Run by tests/test_browser_table.py with ``streamlit run tests/table_demo_app.py``. The position never
changes (no action is applied), so every click or key can be checked against the same table.
Query parameters: ``big=1`` for big tiles; ``pos=riichi`` for a hand that may declare riichi, ``pos=late``
for a late point of a hand (full ponds, pons and kita on the table); ``confirm=on|off|auto`` for the
confirm-tap setting of discards; ``undo=1`` to offer an undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from sanma_core.game import Action, Game, Phase, SeatView
from sanma_core.game.actions import DISCARD, KITA, PASS, PON
from sanma_core.game.players import Decision, run
from sanma_core.game.scenario import advance, arranged_game

SEED = 11
LATE_SEED = 27  # called by every seat: seat 0 has one pon, the others two each; four Norths set aside
NAMES = ("You & <i>me</i>", "Bot <b>A</b>", "Bot B")


class Caller:
    """Pons and sets Norths aside whenever it may, else throws the drawn tile (or the first discard)."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        for k in (PON, KITA):
            found = next((a for a in legal if a.kind == k), None)
            if found is not None:
                return Decision(found, k)
        if view.phase is Phase.RESPONSE:
            return Decision(next(a for a in legal if a.kind == PASS), "pass")
        if view.drawn is not None and Action.discard(view.seat, view.drawn) in legal:
            return Decision(Action.discard(view.seat, view.drawn), "the drawn tile")
        return Decision(next(a for a in legal if a.kind == DISCARD), "the first discard")


def _late(g: Game) -> bool:
    if not (g.phase is Phase.TURN and g.turn == 0):
        return False
    seats = g.view(0).seats
    return min(len(s.discards) for s in seats) >= 16 and sum(s.kita for s in seats) >= 2 \
        and all(s.melds for s in seats[1:])


def position(name: str = "") -> Game:
    """Seat 0's own turn after seven discards of its own (quiet play: tsumogiri, every call passed); with
    ``name="riichi"``, a tenpai hand that has just drawn a 2s and may declare riichi; with ``name="late"``,
    seat 0's turn late in a hand where every seat pons and sets Norths aside."""
    if name == "riichi":
        return arranged_game("tenhou", hands=["123p456p789p1123s", None, None], draws="2s")
    if name == "late":
        game = Game(seed=LATE_SEED)
        for _ in run(game, Caller(), next_hands=False, stop=_late):
            pass
        if not _late(game):
            raise RuntimeError(f"seed {LATE_SEED} no longer reaches a late position with pons and kita")
        return game
    game = Game(seed=SEED)
    return advance(game, lambda g: g.phase is Phase.TURN and g.turn == 0 and len(g.discards[0]) >= 7)


def main() -> None:
    import streamlit as st

    from tutor.table.component import table
    from tutor.table.state import table_state

    st.set_page_config(page_title="Table demo", layout="wide")
    q = st.query_params
    big = q.get("big") == "1"
    state = table_state(position(q.get("pos", "")).view(0), names=NAMES, big=big, undo=q.get("undo") == "1")
    chosen = table(state, key="demo_table", big=big, confirm=q.get("confirm", "auto"))
    if chosen is not None:
        st.session_state["choices"] = [*st.session_state.get("choices", []), chosen["action"]]
    choices = st.session_state.get("choices", [])
    st.write(f"chosen {len(choices)}: {choices[-1] if choices else 'nothing'}")


if __name__ == "__main__":
    main()
