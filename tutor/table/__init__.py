"""The table view of Play and the game review: ``state`` builds its JSON (no Streamlit), ``component`` draws it."""
