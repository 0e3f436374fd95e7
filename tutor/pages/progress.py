"""Progress page: Streamlit runs this file; the code is in :mod:`tutor.views.progress`."""

from tutor.views.progress import render

render()
