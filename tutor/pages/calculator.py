"""Calculator page: Streamlit runs this file; the code is in :mod:`tutor.views.calculator`."""

from tutor.views.calculator import render

render()
