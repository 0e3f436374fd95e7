"""Club page (groups and the teacher's view): Streamlit runs this file; the code is in :mod:`tutor.views.teacher`."""

from tutor.views.teacher import render

render()
