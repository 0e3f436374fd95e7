"""The suite's sharing works: under ``pytest -n 2 --dist loadgroup`` (``make test``) a module's tests that share
a module-scoped fixture, and those marked with an ``xdist_group``, run on one worker, so the shared work (servers,
Chromium, real games replayed) is done once per run."""

import pytest
from conftest import shares_a_module_fixture


@pytest.fixture(scope="module")
def shared() -> list[int]:
    return []


def _grouped(request) -> str:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("runs under pytest-xdist with --dist loadgroup (make test)")
    return request.node.nodeid


def test_a_module_fixture_puts_the_module_in_one_group(request, shared):
    assert shares_a_module_fixture(request.node)
    assert _grouped(request).endswith("@test_suite_groups")


@pytest.mark.xdist_group("named")
def test_a_named_group_is_kept(request):
    assert not shares_a_module_fixture(request.node)
    assert _grouped(request).endswith("@named")
