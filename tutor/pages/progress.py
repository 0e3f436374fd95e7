"""Progress page (waiting for the engine part it draws)."""

from __future__ import annotations

import streamlit as st


def render() -> None:
    st.title("Progress")
    st.info("Coming soon: this page appears as soon as the part of the engine it shows is ready.")


if __name__ == "__main__":
    render()
