"""The calculator with a scored hand and its step-by-step explanation, the cheat sheet and the Rules page in German
and Spanish: no English left, points written the language's way (12.000), English as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from english_check import leftover_english
from streamlit.testing.v1 import AppTest

from sanma_core.i18n import gettext, speaking
from sanma_core.rules import load_preset
from tutor.cheatsheet import cheat_sheet_html, payment_rows, rule_notes
from tutor.ruleset_link import decode
from tutor.uploads import upload_text

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
LANGS = [("de-DE", "de"), ("es-ES", "es")]


@pytest.fixture(autouse=True)
def _db(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)


def _page(locale: str, page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": locale}
    at.run()
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _visible(at: AppTest) -> list[str]:
    """Every text a reader sees on the page: titles, text, tables, widgets' labels and options, notices."""
    texts: list[str] = []
    for kind in ("title", "subheader", "header", "markdown", "caption", "success", "info", "warning", "error"):
        texts += [el.value for el in getattr(at, kind)]
    texts += [h.proto.body for h in at.get("html")]
    for kind in ("text_input", "number_input", "toggle", "button", "selectbox"):
        texts += [w.label for w in getattr(at, kind)]
    texts += [w.placeholder for w in at.text_input if w.placeholder]
    texts += [el.proto.label for el in at.get("download_button")] + [el.proto.help for el in at.get("download_button")]
    texts += [e.proto.label for e in at.get("expandable")]
    for el in at.get("button_group"):  # segmented controls and pills: the label and every option shown
        texts += [el.proto.label, *(o.content for o in el.proto.options)]
    for m in at.metric:
        texts += [m.label, m.value]
    for table in [*at.table, *at.dataframe]:
        frame = table.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    return [t for t in texts if t]


def _scored(locale: str) -> AppTest:
    """A haneman dealer tsumo with kita, a honba and a riichi stick: every part of the explanation is shown."""
    at = _page(locale, "tutor/pages/calculator.py")
    at.text_input(key="calc_hand").set_value("234p789p55s666s777z")
    at.text_input(key="calc_win").set_value("5s")
    at.text_input(key="calc_dora").set_value("3z")
    at.number_input(key="calc_kita").set_value(2)
    at.number_input(key="calc_honba").set_value(1)
    at.number_input(key="calc_sticks").set_value(1)
    at.segmented_control(key="calc_by").set_value("tsumo").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    return at


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_a_scored_hand_and_its_explanation_speak_the_language(locale, lang):
    at = _scored(locale)
    texts = _visible(at)
    assert leftover_english(texts, lang) == []
    whole = "\n".join(texts)
    assert "13.200" in whole and "6.100 + 6.100 = 12.200" in whole  # the total and the payment steps
    metrics = {m.label: m.value for m in at.metric}
    assert "13.200" in metrics.values()
    fu = "| **Summe** | 36 aufgerundet | **40** |" if lang == "de" else "| **total** | 36 redondeado hacia arriba | **40** |"
    assert fu in whole
    assert ("Tsumo-Verlust" if lang == "de" else "pérdida en tsumo") in whole


@pytest.mark.parametrize(("locale", "lang"), LANGS)
@pytest.mark.parametrize(("hand", "melds"), [("123p456p789s11z555s", ""), ("123p456p789s11z", "pon:555s"),
                                             ("123p456p789s11z55s", ""), ("123p456p789s11z557s", ""),
                                             ("123p456p789s1z", "")])
def test_shapes_and_the_advice_without_yaku_speak_the_language(locale, lang, hand, melds):
    at = _page(locale, "tutor/pages/calculator.py")
    at.text_input(key="calc_hand").set_value(hand)
    at.text_input(key="calc_melds").set_value(melds).run()
    assert not at.exception
    assert leftover_english(_visible(at), lang) == []


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_the_cheat_sheet_speaks_the_language(locale, lang):
    at = _page(locale, "tutor/pages/cheatsheet.py")
    texts = _visible(at)
    assert leftover_english(texts, lang) == []
    assert "8.000" in "\n".join(texts) and "4.000 + 2.000 = 6.000" in "\n".join(texts)
    with speaking(lang):
        sheet = cheat_sheet_html(load_preset("club"))
    assert leftover_english([sheet], lang) == [] and "+1.000" in sheet


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_the_rules_page_speaks_the_language(locale, lang):
    at = _page(locale, "tutor/pages/rules.py")
    at.toggle(key="rules_only_diff").set_value(False).run()
    for expander in at.get("expandable"):
        expander.proto.expanded = True
    texts = _visible(at)
    assert leftover_english(texts, lang) == []
    assert "35.000" in "\n".join(texts)  # starting points


@pytest.mark.parametrize("lang", ["de", "es"])
def test_upload_and_link_errors_speak_the_language(lang):
    with speaking(lang):
        with pytest.raises(ValueError) as bad_file:
            upload_text("rules.yaml", b"\xff", gettext("UTF-8 YAML"))  # as the Rules page says it
        with pytest.raises(ValueError) as bad_code:
            decode("!!", source="Link")
    assert leftover_english([str(bad_file.value), str(bad_code.value)], lang) == []


def test_english_stays_as_it_was():
    tenhou = load_preset("tenhou")
    mangan = {r.label: r for r in payment_rows(tenhou)}["Mangan"]
    assert (mangan.nondealer_tsumo, mangan.dealer_tsumo) == ("4000 + 2000 = 6000", "4000 each = 8000")
    assert "Nobody may ron a North set aside." in rule_notes(load_preset("club"))["Kita (North set aside)"]
    at = _scored("en-US")
    assert {m.label: m.value for m in at.metric}["Winner gains"] == "13200"
    whole = "\n".join(m.value for m in at.markdown)
    assert "6100 + 6100 = 12200" in whole and "| **total** | 36 rounded up | **40** |" in whole


BAD_INPUTS = [("5m", ""), ("12", ""), ("8z", ""), ("11111p23456789s1z", ""), ("123p", ""), ("123p456p789s11z", "chi:123p"),
              ("123p456p789s11z", "pon:556p"), ("123p456p789s11z", "pon555p")]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_engine_errors_a_learner_can_make_speak_the_language(lang):
    from sanma_core.analysis import analyze_hand
    from sanma_core.errors import SanmaError
    from sanma_core.words.tiles import tile_title

    said = []
    for hand, meld in BAD_INPUTS:
        with speaking(lang), pytest.raises(SanmaError) as bad:
            analyze_hand(hand, [meld] if meld else [])
        said.append(str(bad.value))
        with pytest.raises(SanmaError) as english:
            analyze_hand(hand, [meld] if meld else [])
        assert str(english.value) != said[-1]  # English as before, the learner's language here
    assert leftover_english(said, lang) == []
    with speaking(lang):
        assert leftover_english([tile_title(t) for t in range(27, 36) if t != 30], lang) == []
