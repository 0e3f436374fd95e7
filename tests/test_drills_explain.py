"""Explanations read as sentences: no raw key names, no ids, no "(s)" plurals, in the CLI and in the app."""

import re

import pytest
from drill_questions import GROUP, question

from drills import DRILL_TYPES, generate
from drills.explain import CONCEPTS, concept_name, explanation_sentences
from drills.render import SAME_QUESTION, render_answer, render_question
from sanma_core.rules import load_preset
from sanma_core.scoring import YAKU

TENHOU = load_preset("tenhou")
pytestmark = GROUP  # the questions are shared with test_drills_oracle and test_drills_decisions
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # live_tiles, four_player_total, not_furiten …
DOTTED = re.compile(r"\b[a-z]+\.[a-z_]+\b")  # waits.ryanmen, payment.tsumo.dealer …
KEY = re.compile(r"(?:^|[\s(-])(base|limit|lines|step|tiles|count|shanten|useful|best|reason|note|rule|form|"
                 r"groups|hits|value|raw|rounded|multiplier|payer|source|concealed|waits|kita|seat|rank):")
REPRS = re.compile(r"\{'|\['|\bTrue\b(?! nine)|\bFalse\b|\bNone\b|\(s\)")


def _problems(text: str) -> list[str]:
    text = "\n".join(line for line in text.splitlines() if not line.startswith(SAME_QUESTION))  # a command line
    return SNAKE.findall(text) + DOTTED.findall(text) + KEY.findall(text) + REPRS.findall(text)


@pytest.mark.parametrize("drill_type", list(DRILL_TYPES))
def test_two_hundred_questions_render_as_sentences(drill_type):
    for seed in range(200):
        q = question(drill_type, "tenhou", seed, 1 + seed % 3)
        text = render_question(q) + "\n" + render_answer(q)
        assert not _problems(text), (q.id, _problems(text), text)
        sentences = explanation_sentences(q.explanation)
        assert sentences and all(s.strip() for s in sentences), q.id
        assert all(s[0].isupper() or s[0].isdigit() for s in sentences), (q.id, sentences)


def test_every_concept_has_a_name():
    seen = {question(t, "tenhou", s, d).concept for t in DRILL_TYPES for s in range(60) for d in (1, 2, 3)}
    for concept in seen:
        name = concept_name(concept)
        assert name and not _problems(name) and name != concept, concept
        assert concept in CONCEPTS or concept.split(".", 1)[1] in YAKU, concept


def test_the_waits_answer_shows_the_split_for_each_wait():
    for seed in range(60):
        q = generate("waits", TENHOU, seed, 1)
        waits = q.answer["tiles"]
        lines = [s for s in explanation_sentences(q.explanation) if s.startswith("With ")]
        assert [line.split(":")[0].removeprefix("With ") for line in lines] == waits, q.id


def test_one_m_indicator_explains_why():
    q = next(q for q in (generate("dora_indicator", TENHOU, s, 1) for s in range(100)) if q.data["indicators"] == ["1m"])
    text = " ".join(explanation_sentences(q.explanation))
    assert "9m" in text and "2m–8m" in text


def test_each_step_kind_has_one_renderer_and_every_yaku_a_why():
    """A step kind is written in one family module; the yaku step reads each catalogue entry's ``why``."""
    from drills import explain

    kinds = [kind for family in explain._FAMILIES for kind in family.STEPS]
    assert len(kinds) == len(set(kinds)), sorted(k for k in kinds if kinds.count(k) > 1)
    assert all(y.why for y in YAKU.values())
    step = {"step": "yaku", "yaku": [{"id": "ittsu", "name": "Pure straight", "han": 2}], "yakuman": False}
    assert explanation_sentences([step]) == [f"Yaku: Ittsu (Pure straight), 2 han: {YAKU['ittsu'].why}."]
