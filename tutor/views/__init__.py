"""The pages' code, one module per page (``render()``); ``tutor/pages/*.py`` are the thin scripts Streamlit runs."""
