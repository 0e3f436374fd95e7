"""Whole discard tables against the `mahjong` brute force (28 oracle calls per discard).

See test_analysis_oracle.py for the cases; each kind of hand is a test of its own, so test workers share them out.
"""

from __future__ import annotations

import pytest
from test_analysis_oracle import check_discard_label


@pytest.mark.parametrize("label", ["random", "concentrated", "complete", "seven pairs",
                                   "tenpai", "one-suit tenpai", "melds", "kokushi"])
def test_discard_table_matches_oracle(label: str) -> None:
    check_discard_label(label)
