"""The training script loaded as a module, for the tests that retrain on a small slice."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def train_module() -> ModuleType:
    """``scripts/train_bots.py`` (not a package module), imported from its file."""
    spec = importlib.util.spec_from_file_location("train_bots", ROOT / "scripts" / "train_bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
