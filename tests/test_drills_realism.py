"""Realistic generators: fu and han as real hands have them, yaku about as often as real wins show them,
noten cases spread, and no question twice in one session."""

from collections import Counter
from pathlib import Path

import pytest

from drills import generate
from drills.measure_real_play import measure
from drills.real_play import GAMES, HAN_FU, WINS, YAKU_WINS
from sanma_core.rules import load_preset
from tutor.drill_session import question_key, question_seed, unique_question

TENHOU = load_preset("tenhou")
TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-phoenix-train.jsonl.gz"


def _payments():
    for difficulty in (1, 2, 3):
        for seed in range(400):
            q = generate("payment", TENHOU, seed, difficulty)
            if "fu" in q.data and not q.data.get("yakuman"):
                yield q


def test_payment_values_are_ones_real_hands_reach():
    fu = Counter()
    for q in _payments():
        han, f = q.data["han"], q.data["fu"]
        fu[f] += 1
        assert not (han <= 4 and f >= 80), q.id  # no "1 han 110 fu"
        if q.data["limit"] == "" and q.hand_input is None:
            ways = [("tsumo" if q.data["tsumo"] else "ron")] if "tsumo" in q.data else ["ron", "tsumo"]
            assert all(f"{han},{f},{w}" in HAN_FU for w in ways), q.id
    share = (fu[30] + fu[40]) / sum(fu.values())
    assert share >= 0.6, fu
    assert fu[30] > fu[50] and fu[40] > fu[50] and fu[20] + fu[25] > 0


def test_yaku_come_up_about_as_often_as_in_real_play():
    targets = Counter(generate("yaku", TENHOU, s, d).concept.split(".", 1)[1] for s in range(500) for d in (1, 2, 3))
    for rare in ("sankantsu", "chankan", "ryuuiisou"):
        assert targets["tanyao"] > targets[rare] and targets["pinfu"] > targets[rare], targets
    top = [y for y, _ in targets.most_common(4)]
    assert "riichi" in top, top
    assert YAKU_WINS["riichi"] > YAKU_WINS["tanyao"] > YAKU_WINS.get("sankantsu", 0)


def test_the_stored_table_is_what_the_real_games_show():
    data = measure(TRAIN)
    assert (data["games"], data["wins"]) == (GAMES, WINS)
    assert data["yaku"] == YAKU_WINS and data["han_fu"] == HAN_FU


def test_noten_cases_spread():
    for difficulty in (1, 2):
        qs = [generate("noten", TENHOU, s, difficulty) for s in range(200)]
        nobody = [q for q in qs if len(set(q.data["tenpai"].values())) == 1]
        assert len(nobody) <= 0.25 * len(qs), len(nobody)
        patterns = {tuple(q.data["tenpai"].values()) for q in qs}
        assert len(patterns) == 8  # every seat can be the tenpai or the noten one
    # a 40-question session at difficulty 2 is never mostly no-payment draws
    session = [generate("noten", TENHOU, question_seed(7, i), 2) for i in range(40)]
    assert sum(len(set(q.data["tenpai"].values())) == 1 for q in session) <= 14


@pytest.mark.parametrize("drill_type, difficulty, n", [("dora_indicator", 1, 20), ("waits", 3, 40), ("noten", 2, 40),
                                                        ("efficiency", 1, 30)])
def test_no_two_identical_questions_in_a_session(drill_type, difficulty, n):
    keys: list[str] = []
    for i in range(n):
        q = unique_question(lambda s: generate(drill_type, TENHOU, s, difficulty), question_seed(3, i), set(keys))
        keys.append(question_key(q))
    assert len(set(keys)) == n
    # without the check, small drills do repeat: the check is what keeps them apart
    plain = [question_key(generate(drill_type, TENHOU, question_seed(3, i), difficulty)) for i in range(n)]
    if drill_type == "dora_indicator":
        assert len(set(plain)) < n
