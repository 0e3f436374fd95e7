"""Cheat sheet page: Streamlit runs this file; the code is in :mod:`tutor.views.cheatsheet`."""

from tutor.views.cheatsheet import render

render()
