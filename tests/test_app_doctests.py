"""Run the examples in the app's plain (Streamlit-free or pure-function) modules' docstrings."""

import doctest
import importlib

import pytest

MODULES = ["tutor.store", "tutor.scheduler", "tutor.tiles_svg", "tutor.cheatsheet", "tutor.drill_session",
           "tutor.calc", "tutor.stats", "tutor.recording", "tutor.widgets"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
