"""Fixtures shared by the test modules."""

import pytest
from browser_support import chromium
from db_support import db_url, new_db, postgres_server  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (Playwright's sync API cannot nest two)."""
    with chromium() as b:
        yield b
