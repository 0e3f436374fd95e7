"""Run the examples in every module's docstrings, so documentation cannot drift from the code.

Every module of the engine, the drills, the course and the app is imported and
its examples run; the page scripts (``tutor/pages``, which draw a page when
imported) and ``__main__`` modules are left out. The modules in
``MUST_HAVE_EXAMPLES`` must keep at least one example.
"""

import doctest
import importlib
import pkgutil

import pytest

import course
import drills
import sanma_core
import tutor

PACKAGES = (sanma_core, drills, course, tutor)

MODULES = sorted(
    info.name
    for package in PACKAGES
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not info.name.endswith("__main__") and not info.name.startswith("tutor.pages")
)

MUST_HAVE_EXAMPLES = {
    *(f"sanma_core.analysis.{name}" for name in ("capped", "closed", "draw_masks", "fast_shanten", "groups", "hand",
                                                 "lanes", "packed", "pinched", "shape", "suit_index", "tables",
                                                 "validation")),
    "tutor.store", "tutor.scheduler", "tutor.tiles_svg", "tutor.cheatsheet", "tutor.drill_session", "tutor.calc",
    "tutor.stats", "tutor.recording", "tutor.widgets", "tutor.state",
}


def test_every_package_is_walked():
    assert set(MODULES) >= MUST_HAVE_EXAMPLES
    for package in PACKAGES:
        assert any(name.startswith(package.__name__ + ".") for name in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in MUST_HAVE_EXAMPLES:
        assert result.attempted > 0
