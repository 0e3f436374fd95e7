"""The lesson loader: schema validation, precise errors (file, line, field), answer checking, CLI."""

import textwrap

import pytest

from course import check_answer, load_course, load_lesson_text, render_step
from course.cli import main as lessons_main
from sanma_core.rules import load_preset

GOOD = """\
id: {id}
title: A lesson
order: {order}
summary: Short.
prerequisites: []
steps:
  - text: |
      A dealer mangan tsumo brings in {{{{ pay(han=5, dealer=true, tsumo=true).total }}}}.
    diagrams:
      - hand: 123p456s11z
        melds: [pon:777z]
        kita: 1
        dora: [3z]
        caption: Example
    questions:
      - kind: number
        prompt: How much does each player pay?
        answer: "{{{{ pay(han=5, dealer=true, tsumo=true).each }}}}"
        explanation: Each of the two pays {{{{ pay(han=5, dealer=true, tsumo=true).each }}}}.
      - kind: single
        prompt: Is the ron on a North set aside allowed?
        choices: yesno
        answer: "{{{{ rule.ron_on_kita | yesno }}}}"
        explanation: "{{{{ others('ron_on_kita') }}}}"
    drills: [payment]
"""


def write(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")


def good(lesson_id="alpha", order=1):
    return GOOD.format(id=lesson_id, order=order)


def issues_for(tmp_path, text, name="broken.yaml"):
    write(tmp_path, "a-good.yaml", good())
    write(tmp_path, name, text)
    course = load_course("tenhou", tmp_path)
    assert course.ids == ["alpha"], "the good lesson must still load"
    return course.errors


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_good_lesson_loads_and_renders(tmp_path):
    write(tmp_path, "a.yaml", good())
    course = load_course("tenhou", tmp_path)
    assert course.errors == []
    lesson = course.get("alpha")
    step = render_step(lesson.steps[0], "tenhou")
    assert "brings in 8000" in step.text
    assert step.diagrams[0].melds == ["pon:777z"] and step.diagrams[0].kita == 1 and step.diagrams[0].dora == ["3z"]
    assert step.drills == ["payment"]
    assert step.questions[1].choices == [("yes", "Yes"), ("no", "No")]


def test_syntax_error_names_file_and_line(tmp_path):
    text = good("beta", 2).replace("title: A lesson", "title: [unclosed")
    errors = issues_for(tmp_path, text)
    assert len(errors) == 1
    assert errors[0].file.endswith("broken.yaml")
    assert errors[0].field == "(syntax)"
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "[unclosed" in row)
    assert errors[0].line > line and errors[0].message.startswith("not valid YAML: column ")
    assert "<unicode string>" not in errors[0].message


@pytest.mark.parametrize(
    ("old", "new", "field", "needle", "words"),
    [
        ("        caption: Example", "        captoin: Example", "steps[0].diagrams[0].captoin", "captoin", "did you mean 'caption'"),
        ("      - hand: 123p456s11z", "      - hand: 123p456m11z", "steps[0].diagrams[0].hand", "456m", "4m"),
        ("        melds: [pon:777z]", "        melds: [chi:123p]", "steps[0].diagrams[0].melds[0]", "chi:123p", "chi does not exist"),
        ("        kita: 1", "        kita: 7", "steps[0].diagrams[0].kita", "kita: 7", "0–4"),
        ("    drills: [payment]", "    drills: [payment, juggling]", "steps[0].drills[1]", "juggling", "unknown drill link 'juggling'"),
        ("order: 2", "order: second", "order", "order: second", "whole number"),
        ("        dora: [3z]", "        dora: [3z, 5m]", "steps[0].diagrams[0].dora[1]", "dora: [3z, 5m]", "5m"),
        ("        kita: 1", "        kita: 4\n        win: 9s", "steps[0].diagrams[0].win", "win: 9s", "not in the hand"),
        ("      - kind: number", "      - kind: essay", "steps[0].questions[0].kind", "kind: essay", "unknown question kind"),
    ],
)
def test_field_errors_name_line_and_field(tmp_path, old, new, field, needle, words):
    text = good("beta", 2).replace(old, new)
    assert text != good("beta", 2)
    errors = issues_for(tmp_path, text)
    assert [e.field for e in errors] == [field], errors
    assert errors[0].line == line_of(text, needle)
    assert words in errors[0].message
    assert str(errors[0]).startswith(f"{errors[0].file}:{errors[0].line}: {field}: ")


def test_too_many_norths_counts_kita(tmp_path):
    text = good("beta", 2).replace("123p456s11z", "123p456s444z").replace("kita: 1", "kita: 2")
    errors = issues_for(tmp_path, text)
    assert errors and errors[0].field == "steps[0].diagrams[0]" and "4z" in errors[0].message


def test_placeholder_errors_point_at_the_line_inside_a_block(tmp_path):
    text = good("beta", 2).replace(
        "      A dealer mangan",
        "      First line.\n      Second {{ nosuch(han=1) }} line.\n      A dealer mangan",
    )
    errors = issues_for(tmp_path, text)
    assert [e.field for e in errors] == ["steps[0].text"]
    assert errors[0].line == line_of(text, "nosuch")
    assert "unknown name 'nosuch'" in errors[0].message


def test_placeholder_syntax_error(tmp_path):
    text = good("beta", 2).replace("summary: Short.", "summary: Costs {{ pay(han=3 }}.")
    errors = issues_for(tmp_path, text)
    assert errors[0].field == "summary" and errors[0].line == line_of(text, "summary:")


def test_literal_answer_needs_verify(tmp_path):
    text = good("beta", 2).replace('answer: "{{ pay(han=5, dealer=true, tsumo=true).each }}"', "answer: 16000")
    errors = issues_for(tmp_path, text)
    assert errors[0].field == "steps[0].questions[0].answer" and "verify" in errors[0].message


def test_false_verify_is_an_error_under_the_ruleset_where_it_fails(tmp_path):
    text = good("beta", 2).replace(
        'answer: "{{ pay(han=5, dealer=true, tsumo=true).each }}"',
        "answer: 8000\n        verify: \"pay(han=5, dealer=true, tsumo=true).each == 8000\"",
    )
    write(tmp_path, "b.yaml", text)
    course = load_course("tenhou", tmp_path)
    assert course.ids == []
    assert course.errors[0].field == "steps[0].questions[0].verify[0]"
    assert course.errors[0].line == line_of(text, "verify:")


def test_answer_must_be_a_choice(tmp_path):
    text = good("beta", 2).replace('answer: "{{ rule.ron_on_kita | yesno }}"', "answer: maybe\n        verify: 'true'")
    errors = issues_for(tmp_path, text)
    assert errors[0].field == "steps[0].questions[1].answer" and "not one of the choices" in errors[0].message


def test_computed_answer_outside_the_choices_fails_at_render(tmp_path):
    text = good("beta", 2).replace("{{ rule.ron_on_kita | yesno }}", "{{ rule.honba_ron }}")
    write(tmp_path, "b.yaml", text)
    course = load_course("tenhou", tmp_path)
    assert course.errors and course.errors[0].field == "steps[0].questions[1].answer"
    assert "'200' is not a choice" in course.errors[0].message


def test_missing_required_and_unknown_top_level(tmp_path):
    text = good("beta", 2).replace("summary: Short.\n", "").replace("prerequisites: []", "prerequisites: []\nauthor: me")
    errors = issues_for(tmp_path, text)
    fields = sorted(e.field for e in errors)
    assert fields == ["author", "summary"]


def test_duplicate_id_and_unknown_prerequisite(tmp_path):
    write(tmp_path, "a.yaml", good("alpha", 1))
    write(tmp_path, "b.yaml", good("alpha", 2))
    write(tmp_path, "c.yaml", good("gamma", 3).replace("prerequisites: []", "prerequisites: [alpha, nothere]"))
    course = load_course("tenhou", tmp_path)
    assert course.ids == ["alpha"]
    messages = [str(e) for e in course.errors]
    assert any("already used" in m and m.startswith("b.yaml") or "b.yaml:1: id" in m for m in messages)
    assert any("unknown lesson 'nothere'" in m for m in messages)


def test_lessons_come_in_order(tmp_path):
    write(tmp_path, "z.yaml", good("first", 1))
    write(tmp_path, "a.yaml", good("second", 5).replace("prerequisites: []", "prerequisites: [first]"))
    assert load_course(None, tmp_path).ids == ["first", "second"]


def test_prerequisite_must_come_earlier(tmp_path):
    write(tmp_path, "a.yaml", good("first", 9))
    write(tmp_path, "b.yaml", good("second", 5).replace("prerequisites: []", "prerequisites: [first]"))
    course = load_course(None, tmp_path)
    assert any(e.field == "prerequisites" and "must come earlier" in e.message for e in course.errors)


def test_text_in_several_languages_is_refused(tmp_path):
    """Lessons are English only: a per-language mapping is an error naming the field, not silently ignored."""
    errors = issues_for(tmp_path, good("beta", 2).replace("title: A lesson", "title: {en: A lesson, de: Eine Lektion}"))
    assert errors[0].field == "title"
    assert "translations are not supported" in errors[0].message


def test_lesson_links_must_name_another_existing_lesson(tmp_path):
    write(tmp_path, "a.yaml", good("alpha", 1))
    linked = good("beta", 2).replace("    questions:", "    lessons: [alpha]\n    questions:", 1)
    write(tmp_path, "b.yaml", linked)
    course = load_course(None, tmp_path)
    assert not course.errors
    assert course.get("beta").links == ["alpha"]
    write(tmp_path, "b.yaml", linked.replace("lessons: [alpha]", "lessons: [gamma]"))
    errors = load_course(None, tmp_path).errors
    assert [(e.field, e.message) for e in errors] == [("steps[0].lessons", "unknown lesson link 'gamma'")]
    write(tmp_path, "b.yaml", linked.replace("lessons: [alpha]", "lessons: [beta]"))
    assert "cannot link to itself" in load_course(None, tmp_path).errors[0].message


def test_check_answer_every_kind():
    text = textwrap.dedent(
        """\
        id: kinds
        title: Kinds
        order: 1
        summary: s
        prerequisites: []
        steps:
          - text: t
            diagrams: [{hand: 19m}]
            questions:
              - kind: number
                prompt: p
                answer: "{{ pay(han=3, fu=30, tsumo=true).dealer }}"
                explanation: e {{ rule.honba_ron }}
              - kind: multiple
                prompt: p
                choices: [{id: a, text: A}, {id: b, text: B}, {id: c, text: C}]
                answer: [a, c]
                verify: "dora('1m') == '9m'"
                explanation: e
              - kind: tiles
                prompt: p
                answer: "{{ [dora('1m'), dora('9m')] }}"
                explanation: e
              - kind: single
                prompt: p
                choices: yesno
                answer: "{{ rule.double_ron }}"
                explanation: e
        """
    )
    lesson, issues, _ = load_lesson_text(text, "kinds.yaml")
    assert issues == [] and lesson is not None
    number, multiple, tiles, single = lesson.questions
    tenhou, wrc = load_preset("tenhou"), load_preset("wrc")
    assert check_answer(number, "2000", tenhou).correct
    assert check_answer(number, 2000, tenhou).correct
    assert check_answer(number, "2,000", tenhou).correct
    result = check_answer(number, 1000, tenhou)
    assert not result.correct and result.expected == 2000 and result.explanation == "e 200"
    assert check_answer(number, "lots", tenhou).error
    assert check_answer(multiple, ["c", "a"], tenhou).correct
    assert not check_answer(multiple, ["a"], tenhou).correct
    assert check_answer(tiles, "91m", tenhou).correct
    assert check_answer(tiles, ["1m", "9m", "9m"], tenhou).correct
    assert not check_answer(tiles, "1m", tenhou).correct
    assert check_answer(tiles, "5m", tenhou).error
    assert check_answer(single, "yes", tenhou).correct
    assert check_answer(single, "no", wrc).correct
    assert check_answer(tiles, "19m", tenhou).expected == "19m"


def test_cli_check_ok_and_failing(tmp_path, capsys):
    write(tmp_path, "a.yaml", good())
    assert lessons_main(["--check", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "lessons: 1" in out and "questions: 2" in out and "diagrams: 1" in out and "errors: 0" in out
    write(tmp_path, "b.yaml", good("beta", 2).replace("[payment]", "[nope]"))
    assert lessons_main(["--check", "--ruleset", "club", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "errors: 1" in out and "b.yaml:" in out and "steps[0].drills[0]: unknown drill link 'nope'" in out
    assert lessons_main(["--check", "--ruleset", "nosuch", "--dir", str(tmp_path)]) == 2
    assert "unknown ruleset" in capsys.readouterr().err
    (tmp_path / "b.yaml").unlink()
    one_question = good().split("      - kind: single")[0] + "    drills: [payment]\n"
    write(tmp_path, "a.yaml", one_question)
    assert lessons_main(["--check", "--ruleset", "tenhou", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "steps: a lesson needs at least 2 check questions, has 1" in out and "a.yaml:1:" in out
