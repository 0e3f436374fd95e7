"""The question model, the checker's partial credit, reproducibility and the `sanma drill` command."""

import json
import subprocess
import sys

import pytest

import drills
from drills import DRILL_TYPES, DrillError, Question, check, generate
from drills.model import parse_question_id
from sanma_core.rules import load_preset

TENHOU = load_preset("tenhou")
BASIC = ("dora_indicator", "noten", "placement", "payment")


def _q(**kw):
    base = dict(id="waits:tenhou:1:1", drill_type="waits", ruleset="tenhou", seed=1, difficulty=1, concept="waits.x",
                prompt="", data={}, answer_kind="tiles", answer={"tiles": ["3p", "6p"]})
    base.update(kw)
    return Question(**base)


def test_drill_type_ids_are_exactly_the_issue_list():
    assert list(DRILL_TYPES) == ["waits", "yaku", "fu", "payment", "kita_dora", "dora_indicator", "noten",
                                 "placement", "efficiency", "kita", "push_fold", "riichi_dama", "furiten", "call_pass",
                                 "all_last", "mixed"]
    assert all(info["title"] and info["description"] for info in DRILL_TYPES.values())


def test_tiles_partial_credit():
    q = _q()
    assert check(q, ["3p", "6p"]).score == 1.0
    assert check(q, "63p").correct
    fb = check(q, ["3p"])
    assert (fb.correct, fb.score) == (False, 0.5)
    assert check(q, ["3p", "6p", "9p"]).score == pytest.approx(2 / 3, abs=1e-3)
    assert check(q, ["1s"]).score == 0.0
    assert check(q, ["0p"]).score == 0.0  # red 5p counts as 5p, not a wait here
    assert check(_q(answer={"tiles": ["5p"]}), ["0p"]).correct


def test_pick_one_credit_and_choices():
    q = _q(multi=False, answer={"tiles": ["1z", "7z"]}, credit={"9p": 0.5})
    assert check(q, "1z").correct and check(q, ["7z"]).correct
    assert check(q, "9p").score == 0.5
    assert check(q, ["1z", "7z"]).correct  # every pick is a best one
    assert check(q, ["1z", "9p"]).score == 0.0  # a wrong pick among several
    c = _q(answer_kind="choices", answer={"choices": ["riichi", "tanyao"]},
           choices=(("riichi", "Riichi"), ("tanyao", "Tanyao"), ("pinfu", "Pinfu")))
    assert check(c, ["tanyao", "riichi"]).correct
    assert check(c, ["riichi", "pinfu"]).score == pytest.approx(1 / 3, abs=1e-3)
    with pytest.raises(DrillError, match="'chiitoitsu' is not one of the choices"):
        check(c, ["chiitoitsu"])


def test_numbers_and_multi_part():
    q = _q(answer_kind="numbers", answer={"numbers": {"dealer": 2000, "non_dealer": 1000}},
           number_fields=(("dealer", "Dealer"), ("non_dealer", "Other")))
    assert check(q, {"dealer": 2000, "non_dealer": 1000}).correct
    assert check(q, {"dealer": 2000, "non_dealer": 1100}).score == 0.5
    with pytest.raises(DrillError, match="asks for 2 numbers"):
        check(q, 2000)
    with pytest.raises(DrillError, match="'ron' is not a number asked"):
        check(q, {"ron": 3})
    y = _q(answer_kind="choices", parts=("choices", "numbers"), choices=(("riichi", "Riichi"), ("pinfu", "Pinfu")),
           answer={"choices": ["riichi"], "numbers": {"han": 1}}, number_fields=(("han", "Han"),))
    assert check(y, {"choices": ["riichi"], "numbers": {"han": 1}}).correct
    fb = check(y, {"choices": ["riichi"], "numbers": {"han": 2}})
    assert fb.score == 0.5 and fb.parts == {"choices": 1.0, "numbers": 0.0}
    assert check(y, {"choices": ["riichi"]}).score == 0.5  # missing part scores 0
    with pytest.raises(DrillError, match="answer with a mapping"):
        check(y, ["riichi"])


def test_question_validates_its_answer_parts():
    with pytest.raises(DrillError, match="answer_kind 'words'"):
        _q(answer_kind="words")
    with pytest.raises(DrillError, match="no 'numbers' part"):
        _q(parts=("tiles", "numbers"))


def test_id_round_trip_and_errors():
    assert parse_question_id("payment:wrc:12:3") == ("payment", "wrc", 12, 3)
    with pytest.raises(DrillError, match="TYPE:RULESET:SEED:DIFFICULTY"):
        parse_question_id("payment:12")
    with pytest.raises(DrillError, match="unknown drill type 'chess'"):
        generate("chess", TENHOU, 1)
    with pytest.raises(DrillError, match="difficulty 4"):
        generate("noten", TENHOU, 1, 4)


@pytest.mark.parametrize("drill_type", BASIC)
def test_same_inputs_same_question_and_json_round_trip(drill_type):
    for seed in range(30):
        for difficulty in (1, 2, 3):
            q = generate(drill_type, TENHOU, seed, difficulty)
            again = generate(drill_type, TENHOU, seed, difficulty)
            assert q.to_json() == again.to_json()
            assert Question.from_json(q.to_json()) == q
            assert q.id == f"{drill_type}:tenhou:{seed}:{difficulty}"
            assert drills.regenerate(q.id) == q
            assert check(q, q.answer).correct
    # different seeds give different questions
    assert len({generate(drill_type, TENHOU, s, 2).to_json() for s in range(30)}) > 10


def test_cli_json_prints_the_question_with_its_answer(capsys):
    from drills.cli import main

    assert main(["payment", "--seed", "4", "--difficulty", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    q = Question.from_dict(data)
    assert q == generate("payment", TENHOU, 4, 2)
    assert data["answer"] == q.answer


def test_cli_readable_form_and_errors(capsys):
    from drills.cli import main

    assert main(["noten", "--seed", "2", "--ruleset", "club"]) == 0
    out = capsys.readouterr().out
    assert "sanma drill noten --seed 2 --difficulty 1 --ruleset club" in out and "Answer:" in out and "Explanation:" in out
    assert main(["noten", "--ruleset", "nosuch"]) == 2
    assert "unknown ruleset 'nosuch'" in capsys.readouterr().err
    assert main(["nosuch"]) == 2
    assert "unknown drill type 'nosuch'" in capsys.readouterr().err


def test_cli_through_the_sanma_dispatcher():
    proc = subprocess.run([sys.executable, "-m", "sanma_core", "drill", "dora_indicator", "--seed", "9", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["id"] == "dora_indicator:tenhou:9:1"


def test_pick_one_part_inside_a_multi_question():
    q = _q(parts=("tiles", "choices"), pick_one=("choices",), choices=(("furiten", "F"), ("not_furiten", "N")),
           answer={"tiles": ["3p", "6p"], "choices": ["furiten"]})
    assert q.is_multi("tiles") and not q.is_multi("choices")
    assert check(q, {"tiles": ["3p", "6p"], "choices": ["furiten"]}).correct
    assert check(q, {"tiles": ["3p", "6p"], "choices": ["furiten", "not_furiten"]}).parts["choices"] == 0.0
    assert Question.from_json(q.to_json()).pick_one == ("choices",)


def test_cli_explanation_reads_as_numbered_sentences_not_python_reprs(capsys):
    """Every drill type's terminal explanation: numbered sentences, no dict or list reprs."""
    from drills import DRILL_TYPES
    from drills.cli import main

    for drill_type in DRILL_TYPES:
        assert main([drill_type, "--seed", "5"]) == 0
        out = capsys.readouterr().out
        explanation = out.split("Explanation:\n", 1)[1]
        assert explanation.strip(), drill_type
        assert "{'" not in explanation and "['" not in explanation and "[]" not in explanation, (drill_type, explanation)
        numbered = [line for line in explanation.splitlines() if line.startswith("  ") and line.strip()[:1].isdigit()]
        assert numbered and numbered[0].startswith("  1. ") and numbered[-1].rstrip().endswith("."), drill_type
