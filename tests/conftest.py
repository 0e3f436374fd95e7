"""Fixtures shared by the test modules."""

import pytest
from browser_support import chromium


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (Playwright's sync API cannot nest two)."""
    with chromium() as b:
        yield b
