"""Cheat sheet: payments under the active ruleset, kita and dora rules; downloadable for printing, in the
reader's language."""

from __future__ import annotations

import streamlit as st

from sanma_core.words.rulesets import ruleset_title
from tutor import state
from tutor.blocks import rows_html
from tutor.cheatsheet import cheat_sheet_html, payment_rows, rule_notes
from tutor.language import tr
from tutor.score_view import figure


def render() -> None:
    rules = state.active_rules()
    t = tr()
    st.title(t.gettext("Cheat sheet — {title}").format(title=ruleset_title(rules)))
    st.download_button(
        t.gettext("Download printable sheet (HTML)"),
        data=cheat_sheet_html(rules),
        file_name=f"sanma-cheatsheet-{rules.name}.html",
        mime="text/html",
        key="download_cheatsheet",
        help=t.gettext("Open the file in a browser and print it (one page)."),
    )
    st.subheader(t.gettext("Payments (before honba and riichi sticks)"))
    rows = [{t.gettext("hand"): r.label, t.gettext("non-dealer ron"): figure(r.nondealer_ron),
             t.gettext("non-dealer tsumo"): r.nondealer_tsumo, t.gettext("dealer ron"): figure(r.dealer_ron),
             t.gettext("dealer tsumo"): r.dealer_tsumo, t.gettext("4p non-dealer tsumo"): r.four_player_nondealer_tsumo,
             t.gettext("4p dealer tsumo"): r.four_player_dealer_tsumo}
            for r in payment_rows(rules)]
    # a plain table in a box of its own: on a phone it scrolls sideways, each hand's name kept in view
    st.html(f'<div class="sm-scroll" data-role="payments">{rows_html(rows, first_column_stays=True)}</div>')
    for title, lines in rule_notes(rules).items():
        st.subheader(title)
        st.markdown("\n".join(f"- {line}" for line in lines))
