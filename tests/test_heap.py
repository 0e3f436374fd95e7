"""The server keeps Streamlit's per-run full collection off and freezes its long-lived objects (tutor.heap)."""

from __future__ import annotations

import gc
import sys
import tomllib
import types
from pathlib import Path

from tutor import heap

ROOT = Path(__file__).resolve().parents[1]


def test_streamlit_does_not_collect_after_every_run() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False


def test_a_new_import_freezes_what_is_alive_and_nothing_else_does() -> None:
    heap.freeze_long_lived()
    assert heap.freeze_long_lived() is False  # nothing imported since
    before = gc.get_freeze_count()
    kept = [[i] for i in range(1000)]  # live, tracked objects created after the last freeze
    sys.modules["_heap_probe_module"] = types.ModuleType("_heap_probe_module")
    try:
        assert heap.freeze_long_lived() is True
        assert gc.get_freeze_count() >= before + len(kept)
        assert all(not any(obj is x for x in gc.get_objects(generation=2)) for obj in kept[:1])
        assert heap.freeze_long_lived() is False
    finally:
        del sys.modules["_heap_probe_module"]
        heap.freeze_long_lived()


def test_every_page_run_offers_its_new_modules_to_the_freeze(tmp_path, monkeypatch) -> None:
    from streamlit.testing.v1 import AppTest

    calls: list[int] = []
    monkeypatch.setattr(heap, "freeze_long_lived", lambda: calls.append(1) or False)
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    assert len(calls) == 1
    at.switch_page("tutor/pages/play.py").run()
    assert not at.exception
    assert len(calls) == 2
