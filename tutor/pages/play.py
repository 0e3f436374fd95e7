"""Play page: Streamlit runs this file; the code is in :mod:`tutor.views.play`."""

from tutor.views.play import render

render()
