"""Page navigation for the browser app."""

from __future__ import annotations

import streamlit as st


def _home() -> None:
    from sanma_core.rules import PRESETS, load_preset

    st.title("Sanma tutor")
    st.write(
        "Learn three-player riichi mahjong if you already play four-player: every rule difference, "
        "drills on tsumo loss and kita, and games against bots."
    )
    st.subheader("Rulesets")
    for name in PRESETS:
        rules = load_preset(name)
        st.markdown(f"**{rules.title}** — {rules.description}")


def run() -> None:
    st.set_page_config(page_title="Sanma tutor", page_icon="🀄", layout="wide")
    page = st.navigation([st.Page(_home, title="Home", url_path="home", default=True)])
    page.run()
