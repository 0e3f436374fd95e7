"""Home page: Streamlit runs this file; the code is in :mod:`tutor.views.home`."""

from tutor.views.home import render

render()
