"""My positions page: Streamlit runs this file; the code is in :mod:`tutor.views.positions`."""

from tutor.views.positions import render

render()
