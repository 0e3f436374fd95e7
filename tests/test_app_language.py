"""The app's language: the browser's language where the tutor speaks it, a sidebar switch kept in the profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import create_learner, sign_in
from streamlit.testing.v1 import AppTest

from course.glossary import load_glossary

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")


def _open(locale: str | None):
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": locale}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture(autouse=True)
def _db(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)


def _sidebar_labels(at) -> set[str]:
    return {w.label for w in at.sidebar.selectbox} | {t.label for t in at.sidebar.toggle}


@pytest.mark.parametrize(("locale", "lang", "ruleset", "title", "toggle"), [
    ("de-DE", "de", "Regelwerk", "Sanma-Tutor", "Große Steine (Beamer)"),
    ("es-ES", "es", "Reglamento", "Tutor de sanma", "Fichas grandes (proyector)"),
    ("en-GB", "en", "Ruleset", "Sanma tutor", "Big tiles (projector)"),
    ("fr-FR", "en", "Ruleset", "Sanma tutor", "Big tiles (projector)"),
])
def test_the_app_opens_in_the_browsers_language(locale, lang, ruleset, title, toggle):
    at = _open(locale)
    assert at.selectbox(key="language").value == lang
    assert {ruleset, toggle} <= _sidebar_labels(at)
    assert at.title[0].value == title


def test_a_german_browser_sees_german_labels_on_home_and_in_the_sidebar():
    at = _open("de-AT")
    links = {el.proto.label for el in at.get("page_link")}
    assert {"Lernen", "Übungen", "Rechner", "Spielen", "Glossar"} <= links
    assert "Gast: Antworten werden nicht gespeichert." in [c.value for c in at.sidebar.caption]
    assert not {"Learn", "Drills", "Ruleset", "Guest: answers are not saved."} & (links | _sidebar_labels(at))


def test_switching_keeps_the_page_and_the_choice_is_kept_in_the_profile():
    at = _open("en-US")
    create_learner(at, "Ana")
    at.switch_page("tutor/pages/glossary.py").run()
    at.selectbox(key="language").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Glosario"  # still the glossary page, now in Spanish
    later = _open("de-DE")  # another browser, another day
    assert later.selectbox(key="language").value == "de"
    sign_in(later, "Ana")
    assert later.selectbox(key="language").value == "es"
    assert later.title[0].value == "Tutor de sanma"


def test_the_glossary_page_puts_the_learners_language_first():
    at = _open("de-DE")
    at.switch_page("tutor/pages/glossary.py").run()
    assert not at.exception
    assert at.title[0].value == "Glossar"
    tables = at.dataframe
    assert len(tables) >= 8
    first = tables[0].value
    assert list(first.columns)[:2] == ["Deutsch", "English"]
    shown = {cell.rstrip(" *") for table in tables for cell in table.value["Deutsch"]}
    assert {"Nord beiseitelegen", "Tsumo-Verlust", "Nuki-Dora"} <= shown
    assert len(shown) == len(load_glossary())


def test_the_learn_page_shows_a_translated_lesson_in_german():
    at = _open("de-DE")
    at.switch_page("tutor/pages/learn.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Lernen"
    at.selectbox(key="learn_lesson").set_value("tiles").run()
    text = " ".join(m.value for m in at.markdown)
    assert "Sanma nimmt **alle Zeichen-Steine von 2 bis 8** heraus" in text
    assert at.button(key="learn_next").label == "Weiter"
