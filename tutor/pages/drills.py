"""Drills page: Streamlit runs this file; the code is in :mod:`tutor.views.drills`."""

from tutor.views.drills import render

render()
