"""Difficulty 1 teaches the sanma twists: 1m/9m and West indicators, Norths set aside, furiten around a kita."""

from drills import generate
from sanma_core.rules import load_preset

TENHOU = load_preset("tenhou")
SEEDS = range(1000)


def test_difficulty_one_dora_indicators_drill_the_sanma_wraps():
    questions = [generate("dora_indicator", TENHOU, s, 1) for s in SEEDS]
    sanma = [q for q in questions if set(q.data["indicators"]) & {"1m", "9m", "3z"}]
    assert len(sanma) >= 0.3 * len(questions), len(sanma)
    answers = {(q.data["indicators"][0], q.answer["tiles"][0]) for q in sanma}
    assert {("1m", "9m"), ("9m", "1m"), ("3z", "4z")} <= answers
    west = next(q for q in sanma if q.data["indicators"] == ["3z"])
    assert any(s["step"] == "west_makes_north" for s in west.explanation)


def test_difficulty_one_waits_involve_kita():
    questions = [generate("waits", TENHOU, s, 1) for s in SEEDS]
    kita = [q for q in questions if q.data["kita"] > 0 or q.concept == "waits.kita_furiten"]
    assert len(kita) >= 0.2 * len(questions), len(kita)
    furiten_cases = [q for q in questions if q.concept == "waits.kita_furiten"]
    # both sides of the kita furiten rule come up: a kita of yours is not a discard; letting a ron on one pass is
    assert {"furiten", "not_furiten"} <= {q.answer["choices"][0] for q in furiten_cases}
    assert all("4z" in q.answer["tiles"] for q in furiten_cases)
    reasons = {s["reason"] for q in furiten_cases for s in q.explanation if s["step"] == "furiten"}
    assert {"kita_not_discard", "kita_declined"} <= reasons


def test_a_declined_kita_ron_is_furiten_only_where_a_kita_can_be_ronned():
    club = load_preset("club")
    assert TENHOU.ron_on_kita and not club.ron_on_kita
    for rules, want in ((TENHOU, "furiten"), (club, "not_furiten")):
        cases = [q for q in (generate("furiten", rules, s, d) for s in range(150) for d in (1, 2))
                 if q.concept == "furiten.kita_declined"]
        assert len(cases) >= 10
        assert {q.answer["choices"][0] for q in cases} == {want}


def test_waits_hands_can_win_and_a_missing_north_is_explained():
    from drills.explain import explanation_sentences
    from sanma_core.scoring import ScoringError, score_request

    opened = explained = 0
    for seed in range(1500):
        q = generate("waits", TENHOU, seed, 1 + seed % 3)
        if q.data["melds"]:  # a called hand keeps a yaku on every wait: asking for its waits makes sense
            opened += 1
            for w in q.answer["tiles"]:
                request = {"hand": q.data["hand"] + w, "win": w, "melds": q.data["melds"], "kita": q.data["kita"]}
                try:
                    assert score_request(request, "tenhou")["yaku"], q.id
                except ScoringError as exc:
                    raise AssertionError(f"{q.id}: {exc}") from None
                except ValueError:
                    pass  # a plain five the ruleset makes red: not a yaku question
        blocked = [s for s in q.explanation if s["step"] == "all_copies_yours"]
        if blocked:
            explained += 1
            assert blocked[0]["tile"] not in q.answer["tiles"]
            text = " ".join(explanation_sentences(q.explanation))
            assert f"{blocked[0]['tile']} is no wait" in text and "all four are yours" in text
    assert opened >= 50 and explained >= 1
