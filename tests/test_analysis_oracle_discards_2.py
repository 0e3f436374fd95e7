"""Whole discard tables against the `mahjong` brute force (28 oracle calls per discard), part 2 of 2.

See test_analysis_oracle.py for the cases; the parts run on separate cores.
"""

from __future__ import annotations

import pytest
from test_analysis_oracle import check_discard_label


@pytest.mark.parametrize("label", ["tenpai", "one-suit tenpai", "melds", "kokushi"])
def test_discard_table_matches_oracle(label: str) -> None:
    check_discard_label(label)
