"""The app's language: the browser's language where the tutor speaks it, a sidebar switch kept in the profile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_support import create_learner, sign_in
from streamlit.testing.v1 import AppTest

from course.glossary import load_glossary
from drills import Question
from tutor.store import ProgressStore

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


def _drawn_hand(at) -> list:
    (table,) = at.get("component_instance")
    return [t["tile"] for t in json.loads(table.proto.json_args)["state"]["hand"]["tiles"]]


def test_switching_keeps_a_game_in_progress_and_a_drill_session_with_its_saved_answers(tmp_path):
    at = _open("en-US")
    create_learner(at, "Ben")
    at.switch_page("tutor/pages/play.py").run()
    at.number_input(key="play_seed").set_value(56)
    at.button(key="play_start").click().run()
    game = at.session_state["play_session"]
    hand, steps = _drawn_hand(at), len(game.steps)
    assert at.button(key="play_abandon").label == "New game"
    at.selectbox(key="language").set_value("de").run()
    assert not at.exception
    assert at.session_state["play_session"] is game and len(game.steps) == steps  # the same game, not a new one
    assert _drawn_hand(at) == hand and at.button(key="play_abandon").label == "Neue Partie"

    at.switch_page("tutor/pages/drills.py").run()
    at.selectbox(key="dr_type").set_value("dora_indicator")
    at.number_input(key="dr_n").set_value(3)
    at.button(key="dr_start").click().run()
    sess = at.session_state["drill_session"]
    ctx = f"s{sess.nonce}q{sess.index}"
    for name in Question.from_json(sess.questions[0]).answer["tiles"]:
        at.button(key=next(b.key for b in at.button if b.key and b.key.startswith(f"tb_{name}_{ctx}_"))).click().run()
    at.button(key="dr_check").click().run()
    at.button(key="dr_next").click().run()
    assert at.session_state["drill_session"].index == 1
    at.selectbox(key="language").set_value("es").run()
    assert not at.exception
    assert at.session_state["drill_session"].index == 1  # the same question of the same session
    assert any("Pregunta 2 de 3" in (p.proto.text or "") for p in at.get("progress"))
    store = ProgressStore(tmp_path / "progress.db")
    (ben,) = store.profiles()
    assert [a.correct for a in store.answers(ben.id)] == [True]  # the answer given in English is kept
