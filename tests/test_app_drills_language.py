"""The Drills page in German and Spanish: its frame (settings, progress, buttons, feedback, summary) reads in the
learner's language, numbers are written and read the language's way, English stays as it was.

The questions' own prompts, number fields and explanations come from the drill generators and are checked
with them, so only the page's frame is looked at here.
"""

from pathlib import Path

import pytest
from english_check import leftover_english
from streamlit.testing.v1 import AppTest

from drills import DRILL_TYPES, Question
from sanma_core.i18n import speaking
from tutor.drill_session import parse_number, settings_from_params
from tutor.widgets import ponds_from_data

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")

#: per language: title, start button, the wrong answer's opening, Check, Next question, the summary's heading
WORDS = {
    "de": ("Übungen", "Runde starten", "Nicht ganz", "Prüfen", "Nächste Frage", "Zusammenfassung der Runde"),
    "es": ("Ejercicios", "Empezar sesión", "Casi", "Comprobar", "Siguiente pregunta", "Resumen de la sesión"),
    "en": ("Drills", "Start session", "Not quite", "Check", "Next question", "Session summary"),
}


@pytest.fixture(autouse=True)
def _db(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)


def _drills_page(locale: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": locale}
    at.run()
    at.switch_page("tutor/pages/drills.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _current(at):
    sess = at.session_state["drill_session"]
    return sess, Question.from_json(sess.questions[sess.index]), f"s{sess.nonce}q{sess.index}"


def _frame_texts(at) -> list[str]:
    """What the page's frame shows (not the question's prompt, number fields and explanation sentences)."""
    texts = [t.value for t in at.title] + [s.value for s in at.subheader]
    texts += [b.label for b in at.button if not (b.key or "").startswith("tb_")]
    texts += [e.label for e in at.expander]
    texts += [el.value for kind in (at.success, at.error, at.info, at.warning) for el in kind]
    texts += [c.value for c in at.caption if "**" not in c.value]  # not the question's facts (seat, situation)
    texts += [w.label for w in at.number_input] + [w.label for w in at.selectbox if w.key == "dr_type"]
    texts += [o for w in at.selectbox if w.key == "dr_type" for o in w.options]
    texts += [el.proto.label for el in at.get("button_group")]
    texts += [m.label + " " + str(m.value) for m in at.metric]
    texts += [p.proto.text for p in at.get("progress")]
    texts += [h.proto.body for h in at.get("html") if h.proto.body.startswith('<div class="sm-scroll"><table')]
    return [t for t in texts if t]


def _start(at, drill_type: str, n: int, seed: int) -> None:
    at.selectbox(key="dr_type").set_value(drill_type)
    at.number_input(key="dr_n").set_value(n)
    at.number_input(key="dr_seed").set_value(seed)
    at.button(key="dr_start").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_drills_frame_speaks_the_learners_language(lang):
    title, start, wrong, check, next_question, summary = WORDS[lang]
    at = _drills_page(f"{lang}-DE" if lang == "de" else f"{lang}-ES")
    assert at.title[0].value == title
    assert at.button(key="dr_start").label == start
    assert leftover_english(_frame_texts(at), lang) == []

    _start(at, "payment", 2, 5)
    assert at.button(key="dr_check").label == check
    progress = [p.proto.text for p in at.get("progress")]
    assert progress and "1" in progress[0] and "2" in progress[0] and "Question" not in progress[0]
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:  # every field one off: wrong, graded, and the answer table is shown
        at.text_input(key=f"num_{ctx}_{name}").set_value("1")
    at.button(key="dr_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.error[0].value.startswith(wrong)
    assert "0\u00a0%" in at.error[0].value  # the credit as a German/Spanish percentage
    table = next(m.value for m in at.markdown if m.value.startswith("| |"))
    assert "answer" not in table and "yours" not in table
    big = max(v for v in q.answer["numbers"].values())
    assert big >= 1000 and f"**{big:,}**".replace(",", ".") in table  # 3.900, the language's digit grouping
    assert at.button(key="dr_next").label == next_question
    assert leftover_english(_frame_texts(at), lang) == []

    at.button(key="dr_next").click().run()
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:  # typed the language's way: 3.900 is three thousand nine hundred
        at.text_input(key=f"num_{ctx}_{name}").set_value(f"{q.answer['numbers'][name]:,}".replace(",", "."))
    at.button(key="dr_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.success and not at.error
    at.button(key="dr_next").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.subheader[0].value == summary
    metrics = {m.label: m.value for m in at.metric}
    assert "50\u00a0%" in metrics.values()
    texts = _frame_texts(at)
    assert leftover_english(texts, lang) == []
    assert not {"Questions", "Right", "Score", "Close"} & set(texts)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_placement_answer_is_typed_with_a_decimal_comma(lang):
    at = _drills_page("de-AT" if lang == "de" else "es-MX")
    _start(at, "placement", 1, 5)
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:
        at.text_input(key=f"num_{ctx}_{name}").set_value(str(q.answer["numbers"][name]).replace(".", ","))
    at.button(key="dr_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.success and at.success[0].value in {"Richtig!", "¡Correcto!"}


def test_an_empty_answer_is_explained_in_german():
    at = _drills_page("de-DE")
    _start(at, "dora_indicator", 1, 3)
    assert any(c.value.startswith("Klicke ") for c in at.caption)
    at.button(key="dr_check").click().run()
    assert not at.exception
    (warning,) = at.warning
    assert warning.value == "Beantworte zuerst die Frage: wähle einen Stein. Es wurde nichts bewertet."


def test_english_stays_as_it_was():
    at = _drills_page("en-US")
    _start(at, "payment", 1, 5)
    _sess, q, ctx = _current(at)
    for name, _label in q.number_fields:
        at.text_input(key=f"num_{ctx}_{name}").set_value("1")
    at.button(key="dr_check").click().run()
    assert at.error[0].value == "Not quite — 0% credit. The answer:"
    table = next(m.value for m in at.markdown if m.value.startswith("| |"))
    assert table.startswith("| | answer | yours |") and "**3900**" in table
    assert [p.proto.text for p in at.get("progress")] == ["Question 1 of 1"]


def test_link_errors_and_typed_numbers_in_the_language_spoken():
    with speaking("de"):
        _settings, errors = settings_from_params({"seed": "x", "type": "nope"})
        assert errors == ["die Übungsart 'nope' im Link ist unbekannt: wähle eine von " + ", ".join(DRILL_TYPES), "seed 'x' im Link muss eine ganze Zahl von 0 bis 999999999 sein"]
        assert (parse_number("8.000", "Gesamt"), parse_number("-4,4", "Ost"), parse_number("8000", "x")) == (8000, -4.4, 8000)
    with speaking("es"):
        assert parse_number("1.234,5", "x") == 1234.5
    assert parse_number("8,000", "total") == 8000  # English: the comma groups


def test_the_ponds_name_the_seats_in_the_language_spoken():
    data = {"riichi_seat": "S", "riichi_pond": ["9m", "1z"], "other_pond": ["4z"], "own_pond": ["1p"]}
    assert [p.caption for p in ponds_from_data(data)][2] == "You (East)"
    with speaking("de"):
        assert [p.caption for p in ponds_from_data(data)] == [
            "Süd, im Riichi (der quer gelegte Stein hat es angesagt)", "West", "Du (Ost)"]
    with speaking("es"):
        assert [p.caption for p in ponds_from_data(data)][::2] == ["Sur, en riichi (la ficha de lado lo declaró)", "Tú (Este)"]


def test_the_questions_facts_are_labelled_in_german():
    at = _drills_page("de-DE")
    _start(at, "kita", 1, 7)
    facts = [c.value for c in at.caption if "**" in c.value]
    assert facts and facts[0].startswith("Lage: **")
    at.button(key="dr_check").click().run()  # nothing chosen: the choices' warning
    assert at.warning[0].value == "Beantworte zuerst die Frage: wähle eine Antwort. Es wurde nichts bewertet."
