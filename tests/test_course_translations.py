"""Lessons in German and Spanish: one structure, the text per language; the check finds a missing text,
a changed placeholder or tile, and an engine expression whose words the language lacks."""

from __future__ import annotations

import re
import warnings

import pytest

from course import check_answer, load_course, render_step
from course.cli import main as lessons_main
from course.glossary import load_glossary
from course.render import PLACEHOLDER
from course.translations import placeholder_shapes, texts_of, tile_groups
from sanma_core.i18n import ENGLISH_NAMES
from sanma_core.rules import load_ruleset_text

LANGS = ("de", "es")
MISSING = "(translation)"

LESSON = """\
id: alpha
title: Honba
order: 1
summary: Honba in sanma.
prerequisites: []
steps:
  - text: |
      A honba adds {{ rule.honba_ron | pts }} to a ron; {{ pick(rule.ron_on_kita, "a ron on a North is allowed", "nobody may ron a North") }}.
    diagrams:
      - hand: 123p456s11z
        caption: Wait on 1z.
    questions:
      - kind: single
        prompt: Is a ron on a North set aside allowed?
        choices: yesno
        answer: "{{ rule.ron_on_kita | yesno }}"
        explanation: "By preset: {{ all_presets('ron_on_kita') }}."
      - kind: number
        prompt: How much does one honba add to a ron?
        answer: "{{ rule.honba_ron }}"
        explanation: "{{ rule.honba_ron | pts }}."
"""

GERMAN = """\
title: Honba
summary: Honba im Sanma.
steps[0].text: |
  Ein Honba bringt beim Ron {{ rule.honba_ron | pts }} mehr; {{ pick(rule.ron_on_kita, "Ron auf einen Nord ist erlaubt", "auf einen Nord darf niemand Ron machen") }}.
steps[0].diagrams[0].caption: Wartet auf 1z.
steps[0].questions[0].prompt: Darf man auf einen beiseitegelegten Nord Ron machen?
steps[0].questions[0].explanation: "Je Regelwerk: {{ all_presets('ron_on_kita') }}."
steps[0].questions[1].prompt: Wie viel bringt ein Honba beim Ron mehr?
steps[0].questions[1].explanation: "{{ rule.honba_ron | pts }}."
"""


def _course(tmp_path, german: str, lang: str = "de", rules: str = "club"):
    (tmp_path / "alpha.yaml").write_text(LESSON, encoding="utf-8")
    (tmp_path / "de").mkdir(exist_ok=True)
    (tmp_path / "de" / "alpha.yaml").write_text(german, encoding="utf-8")
    return load_course(rules, tmp_path, lang)


def test_a_translated_lesson_speaks_german_with_german_numbers_and_words(tmp_path):
    course = _course(tmp_path, GERMAN)
    assert course.translation_issues == [] and course.errors == []
    step = render_step(course.get("alpha").steps[0], "club")
    assert step.text.startswith("Ein Honba bringt beim Ron 1.000 mehr; auf einen Nord darf niemand Ron machen.")
    question = step.questions[0]
    assert question.choices == [("yes", "Ja"), ("no", "Nein")]
    assert "Je Regelwerk:" in question.explanation and " und " in question.explanation
    assert "yes" not in question.explanation and "nein" in question.explanation
    assert check_answer(question.question, "no", "club").correct
    assert step.diagrams[0].hand == "123p456s11z"


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace("steps[0].diagrams[0].caption: Wartet auf 1z.\n", ""), "German text missing"),
    (lambda t: t.replace("{{ rule.honba_ron | pts }}", "{{ rule.honba_tsumo | pts }}"), "placeholders differ"),
    (lambda t: t.replace("Wartet auf 1z.", "Wartet auf 2z."), "tile notation differs"),
    (lambda t: t + "steps[3].text: Zu viel.\n", "no text at this place"),
    (lambda t: t.replace("{{ rule.honba_ron | pts }}", "{{ rule.honba_ron | pts"), "no closing"),
])
def test_an_inconsistent_translation_is_reported_and_the_lesson_stays_english(tmp_path, change, message):
    course = _course(tmp_path, change(GERMAN))
    assert any(message in i.message for i in course.translation_issues), course.translation_issues
    assert all(i.file.endswith("de/alpha.yaml") for i in course.translation_issues)
    assert course.get("alpha").title.lang == "en"


def test_an_engine_expression_without_german_words_is_reported(tmp_path):
    lesson = LESSON.replace("By preset: {{ all_presets('ron_on_kita') }}.", "{{ source('honba_ron') }}")
    german = GERMAN.replace("Je Regelwerk: {{ all_presets('ron_on_kita') }}.", "{{ source('honba_ron') }}")
    (tmp_path / "alpha.yaml").write_text(lesson, encoding="utf-8")
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "alpha.yaml").write_text(german, encoding="utf-8")
    # a club's own ruleset file with its own source note: no catalogue knows that sentence
    own = load_ruleset_text("base: club\nsources:\n  honba_ron: Our house rule since 1998.\n", "house.yaml")
    issues = load_course(own, tmp_path, "de").translation_issues
    assert any("has no German wording" in i.message and "Our house rule since 1998." in i.message for i in issues), issues
    assert not load_course("club", tmp_path, "de").translation_issues  # the presets' notes are in the catalogue


def test_a_missing_translation_is_named_and_the_check_fails(tmp_path, capsys):
    (tmp_path / "alpha.yaml").write_text(LESSON, encoding="utf-8")
    assert lessons_main(["--check", "--lang", "es", "--ruleset", "club", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "translated: 0 of 1 lessons; not yet:" in out and "lesson 'alpha' has no Spanish text yet" in out


def test_check_and_show_speak_the_language(tmp_path, capsys):
    _course(tmp_path, GERMAN)
    assert lessons_main(["--check", "--lang", "de", "--ruleset", "club", "--dir", str(tmp_path)]) == 0
    assert "translated: 1 of 1 lessons" in capsys.readouterr().out
    assert lessons_main(["--show", "alpha", "--lang", "de", "--ruleset", "club", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ein Honba bringt beim Ron 1.000 mehr" in out and "no) Nein" in out and "Antwort: 1000" in out


def test_placeholder_shapes_ignore_only_the_quoted_words():
    a = placeholder_shapes('{{ pick(x, "yes", "no") }} {{ pay(han=5).ron | pts }}')
    assert a == placeholder_shapes("{{ pay( han=5 ).ron|pts }} {{ pick(x, 'ja', 'nein') }}")
    assert a != placeholder_shapes('{{ pick(y, "ja", "nein") }} {{ pay(han=5).ron | pts }}')
    assert tile_groups("1m and 9m, {{ dora('1m') }} 234p") == tile_groups("234p, 9m und 1m")


@pytest.mark.parametrize("lang", LANGS)
def test_the_course_translations_are_complete_and_consistent(lang):
    """Every translated lesson of the course has every text, the same placeholders and tiles, and German or
    Spanish words for its engine expressions; the lessons still to translate are reported."""
    english = load_course("club")
    course = load_course("club", lang=lang)
    broken = [i for i in course.translation_issues if i.field != MISSING]
    assert not broken, "\n".join(map(str, broken))
    translated = [lesson for lesson in course.lessons if lesson.title.lang == lang]
    assert translated, f"no lesson reads in {ENGLISH_NAMES[lang]}"
    for lesson in translated:
        assert all(t.lang == lang for t in texts_of(lesson)), lesson.id
        source = english.get(lesson.id)
        assert [s.line for s in lesson.steps] == [s.line for s in source.steps]
        assert [q.answer for q in lesson.questions] == [q.answer for q in source.questions]
    order = [lesson.id for lesson in course.lessons]
    remaining = [lesson.id for lesson in course.lessons if lesson.title.lang != lang]
    if remaining:
        warnings.warn(f"{ENGLISH_NAMES[lang]}: {len(translated)} of {len(order)} lessons translated; "
                      f"still in English: {', '.join(remaining)}", stacklevel=1)


#: Glossary terms whose English name a lesson text may use; its translation must then use the glossary's term.
TERMS_KEPT = ("tsumo-loss", "dead-wall", "dora-indicator", "replacement-tile", "seat-wind", "round-wind", "kokushi")


def _stems(term: str) -> list[str]:
    """The words of a glossary term, cut to a stem that survives inflection (toten Mauer, tote Mauer)."""
    words = re.sub(r"\(.*?\)", "", term).lower().replace("-", " ").split()
    return [w[:max(4, len(w) - 2)] for w in words if len(w) > 2]


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_glossarys_terms(lang):
    glossary = {t.id: t for t in load_glossary()}
    english = {(lesson.id, t.field): t.value.lower() for lesson in load_course("club").lessons for t in texts_of(lesson)}
    wrong, checked = [], 0
    for lesson in load_course("club", lang=lang).lessons:
        if lesson.title.lang != lang:
            continue
        for t in texts_of(lesson):
            source = english[(lesson.id, t.field)]
            for term_id in TERMS_KEPT:
                term = glossary[term_id]
                en = re.sub(r"\(.*?\)", "", term.en).strip().lower()
                if en not in PLACEHOLDER.sub(" ", source):
                    continue
                checked += 1
                if not all(s in t.value.lower() for s in _stems(term.word(lang))):
                    wrong.append((lesson.id, t.field, term.word(lang)))
    assert checked >= 10, f"only {checked} texts use these terms"
    assert not wrong, wrong
