"""Learn page: Streamlit runs this file; the code is in :mod:`tutor.views.learn`."""

from tutor.views.learn import render

render()
