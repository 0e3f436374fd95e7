"""Rules page: Streamlit runs this file; the code is in :mod:`tutor.views.rules`."""

from tutor.views.rules import render

render()
