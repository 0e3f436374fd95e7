"""Payment tables from the engine against the published four-player table, per payer, for every preset.

Under tsumo loss every payer pays exactly its four-player share, so the published
four-player values are the expected data (the absent North's share is simply not paid).
The numbers below are copied from the standard riichi scoring table; they are facts,
not computed here.
"""

import pytest

from sanma_core.rules import PRESETS, load_preset
from sanma_core.scoring import score_request
from sanma_core.scoring.payments import settle_win

# fu -> (1 han, 2 han, 3 han, 4 han); None where the table has no entry
NON_DEALER_RON = {
    20: (None, 1300, 2600, 5200),
    25: (None, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, 8000),
    50: (1600, 3200, 6400, 8000),
    60: (2000, 3900, 7700, 8000),
    70: (2300, 4500, 8000, 8000),
    80: (2600, 5200, 8000, 8000),
    90: (2900, 5800, 8000, 8000),
    100: (3200, 6400, 8000, 8000),
    110: (3600, 7100, 8000, 8000),
}
DEALER_RON = {
    20: (None, 2000, 3900, 7700),
    25: (None, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, 12000),
    50: (2400, 4800, 9600, 12000),
    60: (2900, 5800, 11600, 12000),
    70: (3400, 6800, 12000, 12000),
    80: (3900, 7700, 12000, 12000),
    90: (4400, 8700, 12000, 12000),
    100: (4800, 9600, 12000, 12000),
    110: (5300, 10600, 12000, 12000),
}
# non-dealer tsumo: (each non-dealer pays, the dealer pays)
NON_DEALER_TSUMO = {
    20: (None, (400, 700), (700, 1300), (1300, 2600)),
    25: (None, None, (800, 1600), (1600, 3200)),
    30: ((300, 500), (500, 1000), (1000, 2000), (2000, 3900)),
    40: ((400, 700), (700, 1300), (1300, 2600), (2000, 4000)),
    50: ((400, 800), (800, 1600), (1600, 3200), (2000, 4000)),
    60: ((500, 1000), (1000, 2000), (2000, 3900), (2000, 4000)),
    70: ((600, 1200), (1200, 2300), (2000, 4000), (2000, 4000)),
    80: ((700, 1300), (1300, 2600), (2000, 4000), (2000, 4000)),
    90: ((800, 1500), (1500, 2900), (2000, 4000), (2000, 4000)),
    100: ((800, 1600), (1600, 3200), (2000, 4000), (2000, 4000)),
    110: ((900, 1800), (1800, 3600), (2000, 4000), (2000, 4000)),
}
DEALER_TSUMO_EACH = {
    20: (None, 700, 1300, 2600),
    25: (None, None, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, 4000),
    50: (800, 1600, 3200, 4000),
    60: (1000, 2000, 3900, 4000),
    70: (1200, 2300, 4000, 4000),
    80: (1300, 2600, 4000, 4000),
    90: (1500, 2900, 4000, 4000),
    100: (1600, 3200, 4000, 4000),
    110: (1800, 3600, 4000, 4000),
}
# limit -> (han, non-dealer ron, dealer ron, (non-dealer, dealer) on a non-dealer tsumo, dealer tsumo each)
LIMITS = {
    "mangan": (5, 8000, 12000, (2000, 4000), 4000),
    "haneman": (6, 12000, 18000, (3000, 6000), 6000),
    "baiman": (8, 16000, 24000, (4000, 8000), 8000),
    "sanbaiman": (11, 24000, 36000, (6000, 12000), 12000),
    "kazoe_yakuman": (13, 32000, 48000, (8000, 16000), 16000),
}
CELLS = [(fu, han) for fu in NON_DEALER_RON for han in range(1, 5)]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("fu", "han"), CELLS)
def test_han_fu_table(preset, fu, han):
    rules = load_preset(preset)
    if NON_DEALER_RON[fu][han - 1] is not None:
        assert settle_win(rules, han, fu, dealer=False, tsumo=False).payments == {"ron": NON_DEALER_RON[fu][han - 1]}
    if DEALER_RON[fu][han - 1] is not None:
        assert settle_win(rules, han, fu, dealer=True, tsumo=False).payments == {"ron": DEALER_RON[fu][han - 1]}
    cell = NON_DEALER_TSUMO[fu][han - 1]
    if cell is not None:
        s = settle_win(rules, han, fu, dealer=False, tsumo=True)
        assert s.payments == {"dealer": cell[1], "non_dealer": cell[0]}
        assert s.total == cell[0] + cell[1]  # the absent North's share is not paid
    each = DEALER_TSUMO_EACH[fu][han - 1]
    if each is not None:
        d = settle_win(rules, han, fu, dealer=True, tsumo=True)
        assert d.payments == {"each": each} and d.total == 2 * each


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("limit", [*LIMITS, "yakuman"])
def test_limits(preset, limit):
    rules = load_preset(preset)
    han, ron, dealer_ron, tsumo, each = LIMITS["kazoe_yakuman" if limit == "yakuman" else limit]
    kwargs = {"yakuman": 1} if limit == "yakuman" else {}
    for h in (han, han + 1) if limit in ("haneman", "baiman", "sanbaiman") else (han,):
        s = settle_win(rules, h, 30, dealer=False, tsumo=False, **kwargs)
        assert s.limit == limit and s.payments == {"ron": ron}
        assert settle_win(rules, h, 30, dealer=True, tsumo=False, **kwargs).payments == {"ron": dealer_ron}
        assert settle_win(rules, h, 30, dealer=False, tsumo=True, **kwargs).payments == {"dealer": tsumo[1],
                                                                                          "non_dealer": tsumo[0]}
        assert settle_win(rules, h, 30, dealer=True, tsumo=True, **kwargs).payments == {"each": each}


@pytest.mark.parametrize("preset", PRESETS)
def test_scored_hands_use_the_table(preset):
    # riichi pinfu ron, non-dealer: 2 han 30 fu; the same hand by tsumo: 3 han 20 fu
    ron = score_request({"hand": "234p567p234s678s99p", "win": "2p", "riichi": True, "seat": "S",
                         "ruleset": preset}, "tenhou")
    assert (ron["han"], ron["fu"], ron["payments"]) == (2, 30, {"ron": NON_DEALER_RON[30][1]})
    tsumo = score_request({"hand": "234p567p234s678s99p", "win": "2p", "riichi": True, "tsumo": True, "seat": "S",
                           "ruleset": preset}, "tenhou")
    nd, d = NON_DEALER_TSUMO[20][2]
    assert (tsumo["han"], tsumo["fu"], tsumo["payments"]) == (3, 20, {"dealer": d, "non_dealer": nd})
