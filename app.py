"""Streamlit entry point: page navigation and nothing else."""

from tutor.navigation import run

run()
