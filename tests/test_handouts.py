"""Handouts: a seeded worksheet whose key is the engine's, every lesson printable; in real Chromium the worksheet
prints on A4 with the answer key on pages of its own."""

import io
import re
from pathlib import Path

import pytest
from browser_support import require_chromium
from streamlit.testing.v1 import AppTest

from course import load_course
from course.render import check_answer, render_step
from drills import DrillError, check, generate
from sanma_core.rules import PRESETS, load_preset
from tutor.handout import KEY_HEADING, lesson_html, text_html, worksheet, worksheet_html

APP = str(Path(__file__).resolve().parents[1] / "app.py")
TYPES = ["payment", "noten", "kita_dora"]


def test_a_worksheet_is_seeded_and_its_key_is_the_engines():
    rules = load_preset("club")
    sheet = worksheet(rules, TYPES, n=7, seed=42, difficulty=2)
    assert sheet == worksheet(rules, TYPES, n=7, seed=42, difficulty=2)
    assert sheet != worksheet(rules, TYPES, n=7, seed=43, difficulty=2)
    assert [q.drill_type for q in sheet.questions] == (TYPES * 3)[:7]
    html = worksheet_html(sheet, rules)
    key = html.split(f"<h1>{KEY_HEADING}</h1>", 1)[1]
    for i, q in enumerate(sheet.questions, 1):
        again = generate(q.drill_type, rules, seed=q.seed, difficulty=2)  # the drills' generator, asked anew
        assert again == q and check(again, again.answer).correct
        [item] = re.findall(rf"<div class='item' data-n='{i}'>(.*?)</div>", key, re.S)
        for value in (v for part in q.answer.values() for v in (part.values() if isinstance(part, dict) else part)):
            if q.answer_kind == "numbers":
                assert str(value) in item, (i, value)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_lesson_prints_with_the_engines_answers(preset):
    rules = load_preset(preset)
    for lesson in load_course(rules).lessons:
        html = lesson_html(lesson, rules)
        assert lesson.title.get().split(":")[0] in html and "<script" not in html
        questions = [q for s in lesson.steps for q in render_step(s, rules).questions]
        assert (KEY_HEADING in html) == bool(questions)
        for q in questions:
            expected = check_answer(q.question, "", rules).expected
            if q.choices:
                labels = dict(q.choices)
                for cid in expected if isinstance(expected, list) else [expected]:
                    assert labels[cid].replace("'", "&#x27;") in html.split(KEY_HEADING)[1]


def test_bad_requests_and_markup_are_refused_or_escaped():
    rules = load_preset("tenhou")
    with pytest.raises(DrillError, match="unknown drill type 'nope'"):
        worksheet(rules, ["nope"], 3, 1)
    with pytest.raises(DrillError, match="1–60 questions"):
        worksheet(rules, ["payment"], 0, 1)
    assert text_html("<img src=x onerror=alert(1)>") == "<p>&lt;img src=x onerror=alert(1)&gt;</p>"


def test_the_handouts_page_offers_both_files(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "p.db"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("tutor/pages/handouts.py").run()
    assert not at.exception
    labels = [b.proto.label for b in at.get("download_button")]
    assert any("lesson" in x for x in labels) and any("worksheet" in x for x in labels)
    at.multiselect(key="handout_types").set_value([]).run()
    assert any("at least one drill type" in e.value for e in at.error)


@pytest.mark.browser
def test_the_worksheet_prints_on_a4_with_the_key_on_its_own_pages(browser):
    from pypdf import PdfReader

    require_chromium()
    rules = load_preset("tenhou")
    sheet = worksheet(rules, TYPES, n=12, seed=5)
    page = browser.new_page()
    try:
        page.set_content(worksheet_html(sheet, rules))
        page.emulate_media(media="print")
        key_top = page.evaluate("getComputedStyle(document.querySelector('section.key')).breakBefore")
        pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    finally:
        page.close()
    assert key_top == "page"
    mm = 25.4 / 72  # PDF points to millimetres
    for p in pdf.pages:  # A4: 210 × 297 mm (Chromium rounds to whole pixels)
        assert abs(float(p.mediabox.width) * mm - 210) < 1 and abs(float(p.mediabox.height) * mm - 297) < 1
    texts = [p.extract_text() for p in pdf.pages]
    first_key = next(i for i, t in enumerate(texts) if KEY_HEADING in t)
    assert 1 <= first_key < len(texts)  # the questions first, the key from a new page on
    assert "Answer:" not in " ".join(texts[:first_key])  # no answer on the question pages
    key = " ".join(texts[first_key:])
    for q in sheet.questions:
        for part in q.answer.values():
            if isinstance(part, dict):
                assert all(str(v) in key for v in part.values())
