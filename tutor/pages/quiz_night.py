"""Quiz night page: Streamlit runs this file; the code is in :mod:`tutor.views.quiz_night`."""

from tutor.views.quiz_night import render

render()
