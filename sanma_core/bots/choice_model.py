"""The fitted decision models (riichi or dama, kita or keep, call or pass), loaded once when first asked.

``data/choice_models.json`` holds, per decision kind, the feature names, the
trees (:mod:`.trees`) and the figures the fit reached (``scripts/train_bots.py``
writes it). Nothing is read at import time.

>>> m = choice_model("riichi")
>>> m is None or 0.0 <= m.probability([0.0] * len(m.features)) <= 1.0
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .choice_features import FEATURES, deciding
from .trees import Forest

MODELS_FILE = Path(__file__).with_name("data") / "choice_models.json"


@dataclass(frozen=True)
class ChoiceModel:
    """One decision kind's model: the probability of "yes" (declare, set aside, call) and why."""

    kind: str
    features: tuple[str, ...]
    forest: Forest
    figures: dict[str, Any]

    def probability(self, row: Sequence[float]) -> float:
        return self.forest.probability(row)

    def why(self, row: Sequence[float], toward: bool, n: int = 2) -> list[str]:
        """Words for what pushed the answer toward yes (``toward``) or no."""
        return deciding(self.kind, self.forest.explain(row)[1], toward, n)


def read_models(path: Path) -> dict[str, ChoiceModel]:
    """The models in ``path`` whose features match this version's (others are left out)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for kind, entry in data.get("kinds", {}).items():
        if tuple(entry.get("features", ())) != FEATURES.get(kind):
            continue
        out[kind] = ChoiceModel(kind, FEATURES[kind], Forest(entry["trees"]), entry.get("figures", {}))
    return out


@lru_cache(maxsize=1)
def _shipped() -> dict[str, ChoiceModel]:
    try:
        return read_models(MODELS_FILE)
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def choice_model(kind: str) -> ChoiceModel | None:
    """The shipped model of ``kind`` ("riichi", "kita" or "call"), or None when none fits this version."""
    return _shipped().get(kind)
