"""Waits and useful tiles against the `mahjong` brute force, part 2 of 3 of the 20,001 hands.

See test_analysis_oracle.py for the cases; the parts run on separate cores.
"""

from __future__ import annotations

from test_analysis_oracle import check_useful, waits_cases

PART = 2


def test_ukeire_and_waits_match_oracle() -> None:
    cases = waits_cases()
    assert len(cases) >= 20000
    part = cases[PART - 1 :: 3]
    wrong, tenpai_seen = check_useful(part)
    assert tenpai_seen > 1000
    assert wrong == [], wrong[:5]
