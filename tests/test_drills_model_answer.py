"""Decision questions answered by the decision model, graded as the game review grades."""

import pytest
from drill_questions import question

from drills import check, generate
from drills.explain import explanation_sentences
from drills.model_answer import SINGLE_FROM, SINGLE_FROM_TWO, decision_from, model_step
from sanma_core.i18n import percent
from sanma_core.review.graded import grade

TYPES = ("kita", "riichi_dama", "call_pass", "efficiency", "push_fold", "all_last")
SEEDS = range(1, 41)


def _questions(drill_type, preset="tenhou"):
    for seed in SEEDS:
        for difficulty in (1, 2, 3):
            yield question(drill_type, preset, seed, difficulty)


def _choices(q, labels, model):
    return sorted({c for label in labels for c in model["choices"][label]})


@pytest.mark.parametrize("drill_type", TYPES)
def test_single_answers_are_the_top_option_and_fine_answers_every_fine_option(drill_type):
    modelled = 0
    for q in _questions(drill_type):
        model = model_step(q.explanation)
        if model is None:
            continue
        modelled += 1
        part = q.answer_kind
        options = [(label, p) for label, p in model["options"]]
        top, p_top = options[0]
        assert all(p <= p_top for _label, p in options), q.id
        assert abs(sum(p for _label, p in options) - 1) < 1e-3, q.id
        if p_top >= (SINGLE_FROM_TWO if len(options) == 2 else SINGLE_FROM):
            assert model["single"] and not q.is_multi(part), q.id
            assert q.answer[part] == _choices(q, [top], model), q.id
        else:
            assert not model["single"] and q.is_multi(part), q.id
            fine = [label for label, p in options if grade(p, p_top, label == top) in ("agrees", "fine")]
            assert sorted(q.answer[part]) == _choices(q, fine, model), q.id
        # every grade stated is the review's grade of that option
        for label, p in options:
            assert model["grades"][label] == grade(p, p_top, label == top), q.id
    assert modelled >= len(SEEDS), f"{drill_type}: only {modelled} questions answered by the model"


@pytest.mark.parametrize("drill_type", TYPES)
def test_the_explanation_shows_the_probabilities(drill_type):
    for q in list(_questions(drill_type))[:30]:
        model = model_step(q.explanation)
        if model is None:
            continue
        text = " ".join(explanation_sentences(q.explanation))
        top, p_top = model["options"][0]
        assert f"{percent(p_top)}" in text, q.id
        assert "Graded as the game review grades" in text, q.id


def test_some_discards_ask_which_are_fine():
    """A discard has many options: where none reaches half, the question asks for every fine one."""
    fine = [q for q in _questions("efficiency") if (m := model_step(q.explanation)) and not m["single"]]
    assert fine, "no efficiency question asks which discards are fine"
    q = fine[0]
    assert len(q.answer["tiles"]) >= 2 and q.is_multi("tiles")


@pytest.mark.parametrize("drill_type", ("kita", "call_pass", "all_last"))
def test_checking_grades_the_choice_as_the_review(drill_type):
    for q in list(_questions(drill_type))[:20]:
        model = model_step(q.explanation)
        if model is None:
            continue
        for label, ids in model["choices"].items():
            fb = check(q, [ids[0]])
            assert fb.grades == {ids[0]: decision_from(model, ids[0]).grade}
            assert fb.grades[ids[0]] == model["grades"][label]
            # a single answer is the model's option; a close call needs every fine option
            assert fb.correct == (model["single"] and label == model["model"]), q.id
        if not model["single"]:
            fine = [ids[0] for label, ids in model["choices"].items() if model["grades"][label] in ("agrees", "fine")]
            assert check(q, fine).correct, q.id


def test_question_ids_stay_reproducible():
    for drill_type in TYPES:
        a = generate(drill_type, "mahjongsoul", 17, 2)
        assert a == generate(drill_type, "mahjongsoul", 17, 2) and a.id == f"{drill_type}:mahjongsoul:17:2"


def test_push_fold_grades_each_discard_as_the_review():
    """A push-or-fold question's options are the discards, each graded by the review's grade of that discard."""
    checked = 0
    for q in list(_questions("push_fold"))[:40]:
        model = model_step(q.explanation)
        if model is None:
            continue
        for label, ids in model["choices"].items():
            assert ids == [label.split(":", 1)[1]]
            fb = check(q, ids)
            assert fb.grades == {ids[0]: model["grades"][label]} == {ids[0]: decision_from(model, ids[0]).grade}
            checked += 1
    assert checked > 100


def test_the_models_words_lose_what_decided_even_when_its_words_hold_parentheses():
    from drills.model_answer import model_answer
    from sanma_core.review.graded import GradedDecision
    from sanma_core.words.reasons import decided

    words = decided(["the scores (placement)", "the turn"])
    assert "(placement)" in words
    d = GradedDecision(hand=0, step=0, seat=0, left=30, kind="riichi", options=(("dama", 0.8), ("riichi", 0.2)),
                       player="dama", model="dama", reason="strong players stay dama here 80% of the time" + words)
    said = model_answer(d, {"dama": ["dama"], "riichi": ["riichi"]}).step["reason"]
    assert said == "strong players stay dama here 80% of the time"
