"""Run the examples in the course modules' docstrings."""

import doctest
import importlib
import pkgutil

import pytest

import course

MODULES = sorted(info.name for info in pkgutil.walk_packages(course.__path__, "course."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
