"""The page scripts Streamlit runs; each one calls ``render()`` of its module in :mod:`tutor.views`."""
