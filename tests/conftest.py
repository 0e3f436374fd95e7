"""Fixtures shared by the test modules, and the suite's grouping for pytest-xdist."""

import pytest
from browser_support import chromium
from db_support import db_url, new_db, postgres_server  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (Playwright's sync API cannot nest two)."""
    with chromium() as b:
        yield b


def shares_a_module_fixture(item: pytest.Item) -> bool:
    """Whether the test uses a module-scoped fixture (a server, Chromium, games replayed once)."""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(defs and defs[-1].scope == "module" for defs in info.name2fixturedefs.values())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of a module that share a module-scoped fixture run on one worker (``--dist loadgroup``), so the
    fixture is built once per run instead of once per worker."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None and shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
