"""Payment questions only state han/fu combinations a real hand can have."""

import drills
from sanma_core.rules import load_preset


def test_stated_values_are_possible():
    rules = load_preset("tenhou")
    seen = 0
    for seed in range(600):
        for difficulty in (1, 2, 3):
            q = drills.generate("payment", rules, seed, difficulty)
            data = q.data
            if "fu" not in data or data.get("yakuman"):
                continue
            han, fu = data["han"], data["fu"]
            ways = [data["tsumo"]] if "tsumo" in data else [False, True]  # a ron-vs-tsumo question asks both
            seen += 1
            for tsumo in ways:
                if fu == 20:
                    assert tsumo and han >= 2, q.id  # 20 fu is a pinfu tsumo: at least 2 han
                if fu == 25:
                    assert han >= (3 if tsumo else 2), q.id  # seven pairs (+ menzen tsumo)
    assert seen > 500
