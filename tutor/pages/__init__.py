"""One module per page; Streamlit runs each file as the page script (``render()`` at the bottom)."""
