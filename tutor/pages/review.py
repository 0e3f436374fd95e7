"""Review page: Streamlit runs this file; the code is in :mod:`tutor.views.review`."""

from tutor.views.review import render

render()
