"""Cheat sheet: payments under the active ruleset, kita and dora rules; downloadable for printing."""

from __future__ import annotations

import streamlit as st

from tutor import state
from tutor.blocks import rows_html
from tutor.cheatsheet import cheat_sheet_html, payment_rows, rule_notes


def render() -> None:
    rules = state.active_rules()
    st.title(f"Cheat sheet — {rules.title}")
    st.download_button(
        "Download printable sheet (HTML)",
        data=cheat_sheet_html(rules),
        file_name=f"sanma-cheatsheet-{rules.name}.html",
        mime="text/html",
        key="download_cheatsheet",
        help="Open the file in a browser and print it (one page).",
    )
    st.subheader("Payments (before honba and riichi sticks)")
    rows = [{"hand": r.label, "non-dealer ron": r.nondealer_ron, "non-dealer tsumo": r.nondealer_tsumo,
             "dealer ron": r.dealer_ron, "dealer tsumo": r.dealer_tsumo,
             "4p non-dealer tsumo": r.four_player_nondealer_tsumo, "4p dealer tsumo": r.four_player_dealer_tsumo}
            for r in payment_rows(rules)]
    # a plain table in a box of its own: on a phone it scrolls sideways, each hand's name kept in view
    st.html(f'<div class="sm-scroll" data-role="payments">{rows_html(rows, first_column_stays=True)}</div>')
    for title, lines in rule_notes(rules).items():
        st.subheader(title)
        st.markdown("\n".join(f"- {line}" for line in lines))
