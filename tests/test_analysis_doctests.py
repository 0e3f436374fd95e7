"""The examples in the analysis modules' docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "capped",
    "closed",
    "draw_masks",
    "fast_shanten",
    "groups",
    "hand",
    "lanes",
    "packed",
    "pinched",
    "shape",
    "suit_index",
    "tables",
    "validation",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"sanma_core.analysis.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
