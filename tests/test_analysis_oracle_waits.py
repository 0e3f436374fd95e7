"""Waits and useful tiles against the `mahjong` brute force on the 20,001 hands, in three slices.

See test_analysis_oracle.py for the cases; each slice is a test of its own, so test workers share them out.
"""

from __future__ import annotations

import pytest
from test_analysis_oracle import WAITS_PARTS, check_waits_part


@pytest.mark.parametrize("part", range(1, WAITS_PARTS + 1))
def test_ukeire_and_waits_match_oracle(part: int) -> None:
    check_waits_part(part)
