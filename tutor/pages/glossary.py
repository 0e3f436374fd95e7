"""Glossary page: Streamlit runs this file; the code is in :mod:`tutor.views.glossary`."""

from tutor.views.glossary import render

render()
