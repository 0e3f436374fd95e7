"""The learned discard choice: a ranking model over the candidate discards, fitted on Phoenix-room games.

Each candidate discard is described by features the engine already computes
(shanten and useful tiles after it, the tile's kind and neighbours, dora and red
fives, danger against each riichi, the stage of the hand); a linear score per
candidate, fitted as a conditional logit on real players' choices
(``scripts/train_bots.py``), ranks them. The reason names the features that
decided, in words.

>>> len(FEATURES) == len(set(FEATURES))
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..tiles import HONOURS, NORTH, RED_5P
from ..words.features import DISCARD_FEATURES

if TYPE_CHECKING:
    from .levels import Candidate
    from .table import Table

MODEL_FILE = Path(__file__).with_name("data") / "discard_model.json"

#: (name, words for a learner) of each feature, in the model's order.
FEATURE_WORDS = DISCARD_FEATURES
FEATURES = tuple(name for name, _ in FEATURE_WORDS)
WORDS = dict(FEATURE_WORDS)


def candidate_features(table: Table, cands: Sequence[Candidate], threatened: bool, drawn_kind: int | None,
                       categories: dict[int, str] | None = None, value_choice: int | None = None) -> list[list[float]]:
    """One feature row per candidate (``c.keep`` and ``c.danger`` already filled in).

    ``categories`` are the danger categories against the main riichi; ``value_choice``
    the kind the hand-written value bot would discard.
    """
    c0 = table.counts
    categories = categories or {}
    pairs = sum(1 for n in c0 if n >= 2)
    dora_kinds = set(table.dora_kinds)
    best_shanten = min(c.shanten for c in cands)
    best_live = max((c.live for c in cands if c.shanten == best_shanten), default=0)
    best_plan = min(c.plan for c in cands)
    stage = table.view.live_remaining / 55.0
    slow = best_shanten >= 2
    rows = []
    for c in cands:
        k = c.kind
        diff = c.shanten - best_shanten
        honour = k in HONOURS
        suited = not honour and k not in (0, 8)
        r = (k - 9) % 9 if suited else -1
        near1 = near2 = 0
        if suited:
            base = k - r
            near1 = sum(1 for d in (-1, 1) if 0 <= r + d <= 8 and c0[base + r + d])
            near2 = sum(1 for d in (-2, 2) if 0 <= r + d <= 8 and c0[base + r + d])
        widest = float(diff == 0 and c.live == best_live)
        seen = max(0, table.visible[k] - c0[k])
        danger = c.danger if threatened else 0.0
        rows.append([
            float(diff == 1), float(diff >= 2), c.live / 20.0,
            (c.live - best_live) / 10.0 if diff == 0 else 0.0, widest, c.keep / 5.0,
            float(honour and k in table.yakuhai), float(honour and k not in table.yakuhai and k != NORTH),
            float(k == NORTH), float(k in (0, 8)), float(suited and r in (0, 8)), float(suited and r in (1, 7)),
            float(suited and 2 <= r <= 6), float(c0[k] == 2), float(c0[k] >= 3), float(near1), float(near2),
            float(table.dora[k]), float(c.action.tile >= RED_5P), seen / 4.0, float(honour and seen >= 2),
            float(k == drawn_kind), danger / 10.0, float(threatened and danger == 0.0),
            float(threatened and diff >= 1), float(threatened) * widest, float(threatened and honour),
            float(threatened and slow) * danger / 10.0, stage * float(honour), float(c.plan > best_plan),
            float(threatened) * c.live / 20.0, float(slow) * c.keep / 5.0,
            float(categories.get(k) == "suji"), float(categories.get(k) == "no_chance"),
            float(threatened and categories.get(k) == "honour"), float(pairs >= 4 and c0[k] == 2),
            float(table.is_open and k in table.yakuhai),
            float(suited and any(d in dora_kinds for d in (k - 2, k - 1, k + 1, k + 2) if k - r <= d <= k - r + 8)),
            float(suited and c0[k] == 1 and near1 == 0 and near2 == 0), float(k == value_choice),
        ])
    return rows


class Model:
    """The fitted scorer: a linear term and, when fitted, one tanh hidden layer over standardised features."""

    def __init__(self, weights: Sequence[float], network: dict[str, Any] | None = None):
        self.weights = tuple(float(w) for w in weights)
        self.network = None
        if network is not None:
            import numpy as np

            self.network = {k: np.asarray(v, dtype=float) for k, v in network.items()}
            sd = self.network["sd"]
            self.network["sd"] = np.where(sd > 1e-9, sd, 1.0)  # a feature constant in training: left unscaled

    def score(self, rows: Sequence[Sequence[float]]) -> list[float]:
        if self.network is None:
            return [sum(x * w for x, w in zip(row, self.weights, strict=True)) for row in rows]
        import numpy as np

        n = self.network
        xs = (np.asarray(rows, dtype=float) - n["mu"]) / n["sd"]
        return (xs @ n["v"] + np.tanh(xs @ n["W1"].T + n["b1"]) @ n["w2"]).tolist()

    def effects(self) -> tuple[float, ...]:
        """Each feature's direct weight (the linear part, per unit of the feature), for the reason line."""
        if self.network is None:
            return self.weights
        return tuple((self.network["v"] / self.network["sd"]).tolist())


@lru_cache(maxsize=1)
def load_model() -> Model | None:
    """The fitted model shipped with the package (None when the file is missing or of another shape)."""
    try:
        data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("features") != list(FEATURES):
        return None
    return Model(data["weights"], data.get("network"))




def deciding_words(chosen: Sequence[float], other: Sequence[float], weights: Sequence[float], n: int = 2) -> list[str]:
    """The features that most favoured the chosen candidate over the runner-up, in words.

    Each feature's words say what the chosen tile *is* ("it is a red five"), so only a feature the chosen
    candidate has more of than the runner-up, with a weight for discarding it, is named: one the runner-up has
    and the model dislikes also favours the choice, but its words would be false of the chosen tile.

    >>> deciding_words([1.0] + [0.0] * (len(FEATURES) - 1), [0.0] * len(FEATURES), [1.0] * len(FEATURES))
    ['it costs a step to tenpai']
    >>> deciding_words([0.0] * len(FEATURES), [1.0] * len(FEATURES), [-1.0] * len(FEATURES))
    []
    """
    gains = sorted(((x - y) * w, name) for name, x, y, w in zip(FEATURES, chosen, other, weights, strict=True)
                   if x > y)
    return [WORDS[name] for gain, name in reversed(gains[-n:]) if gain > 0]

