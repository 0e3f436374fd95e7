"""Handouts page: Streamlit runs this file; the code is in :mod:`tutor.views.handouts`."""

from tutor.views.handouts import render

render()
