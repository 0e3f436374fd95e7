"""The learned discard choice: a ranking model over the candidate discards, fitted on Phoenix-room games.

Each candidate discard is described by features the engine already computes
(shanten and useful tiles after it, the tile's kind and neighbours, dora and red
fives, danger against each riichi, the stage of the hand), by the table around
it (the opponents' ponds and calls, the seat's standing) and by the hand it
leaves (suits, pairs, how wide the next step gets; :mod:`.discard_features`).
Gradient-boosted trees fitted to rank real players' choices first (LightGBM
lambdarank, ``scripts/train_bots.py``) score them; a softmax of the scores is
the probabilities. The reason names the features that decided, in words.

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
from ..words.features import DISCARD_FEATURES, SHAPE_FEATURES, TABLE_FEATURES
from .trees import Forest

if TYPE_CHECKING:
    from .levels import Candidate
    from .table import Table

MODEL_FILE = Path(__file__).with_name("data") / "discard_model.json"

#: (name, words for a learner) of each feature, in the model's order: the candidate's own
#: (:func:`candidate_features`), then the table's and the shape's (:mod:`.discard_features`).
FEATURE_WORDS = DISCARD_FEATURES + TABLE_FEATURES + SHAPE_FEATURES
BASE = len(DISCARD_FEATURES)
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
    """The fitted ranking: LightGBM lambdarank trees over each candidate's row (:mod:`.trees`), their scores
    divided by a temperature fitted on held-out decisions, so that a softmax over the candidates gives calibrated
    probabilities."""

    def __init__(self, forest: Forest, temperature: float = 1.0, figures: dict[str, Any] | None = None):
        self.forest = forest
        self.temperature = float(temperature)
        self.figures = figures or {}

    def score(self, rows: Sequence[Sequence[float]]) -> list[float]:
        """Each candidate's score (higher: likelier to be thrown); a softmax of them is the probabilities."""
        return (self.forest.raw_many(rows) / self.temperature).tolist()

    def contributions(self, rows: Sequence[Sequence[float]]) -> list[list[float]]:
        """Each row's per-feature contributions to its score (each tree's path split by feature)."""
        return (self.forest.explain_many(rows) / self.temperature).tolist()


@lru_cache(maxsize=1)
def load_model() -> Model | None:
    """The fitted model shipped with the package (None when the file is missing or of another shape)."""
    try:
        data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("features") != list(FEATURES) or "trees" not in data:
        return None
    return Model(Forest(data["trees"]), data.get("temperature", 1.0), data.get("figures"))


def deciding_words(chosen: Sequence[float], other: Sequence[float], chosen_parts: Sequence[float],
                   other_parts: Sequence[float], n: int = 2) -> list[str]:
    """The features that most favoured the chosen candidate over the runner-up, in words.

    ``*_parts`` are the two rows' per-feature contributions (:meth:`Model.contributions`). Each feature's words
    say what the chosen tile *is* ("it is a red five"), so only a feature the chosen candidate has more of than
    the runner-up, and whose contribution favoured throwing it, is named: one the runner-up has and the model
    dislikes also favours the choice, but its words would be false of the chosen tile.

    >>> zero, one = [0.0] * len(FEATURES), [1.0] + [0.0] * (len(FEATURES) - 1)
    >>> deciding_words(one, zero, one, zero)
    ['it costs a step to tenpai']
    >>> deciding_words(zero, one, one, zero)
    []
    """
    gains = sorted((a - b, name) for name, x, y, a, b in zip(FEATURES, chosen, other, chosen_parts, other_parts,
                                                                strict=True) if x > y)
    return [WORDS[name] for gain, name in reversed(gains[-n:]) if gain > 0]

