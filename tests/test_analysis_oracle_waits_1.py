"""Waits and useful tiles against the `mahjong` brute force, part 1 of 3 of the 20,001 hands.

See test_analysis_oracle.py for the cases; the parts run on separate cores.
"""

from __future__ import annotations

from test_analysis_oracle import check_waits_part


def test_ukeire_and_waits_match_oracle() -> None:
    check_waits_part(1)
