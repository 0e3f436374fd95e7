"""Run the examples in the engine's docstrings, so documentation cannot drift from the code."""

import doctest
import importlib
import pkgutil

import pytest

import sanma_core

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(sanma_core.__path__, "sanma_core.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
