"""The Review page and ``sanma review`` in German and Spanish: a real game (the first of the Phoenix dev games)
reviewed with no English left, numbers written as the language writes them, and the English text unchanged.

Two parts of what the page and the command show are other modules' words, translated there and taken out
here: the bots' reasons (``sanma_core.bots``) and the Play page's decision table and hand result
(``tutor.play.render``, drawn inside the Decisions and Settlement tabs)."""

from __future__ import annotations

import contextlib
import gzip
import io
import re
from pathlib import Path

import pytest
from english_check import leftover_english
from streamlit.testing.v1 import AppTest

from sanma_core.commands import review as review_command
from sanma_core.game.mjai import RecordError, loads
from sanma_core.i18n import speaking
from sanma_core.rules import load_preset
from sanma_core.words import Cast, speak
from tutor.review_data import display_names, load_review, read_upload, record_names

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
PAGE = "tutor/pages/review.py"
DATA = ROOT.parent / "shared" / "data"
GROUPED = {"de": re.compile(r"^\d{1,3}(\.\d{3})+$"), "es": re.compile(r"^\d{1,3}(\.\d{3})+$")}


@pytest.fixture(scope="module")
def record() -> str:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return fh.readline()


def _reasons(text: str, lang: str) -> list[str]:
    """The bots' reasons as the page and the command say them (another module's words), longest first."""
    with speaking(lang):
        loaded = load_review(text, load_preset("tenhou"), 0)
        names = display_names(record_names(text))
        raw = {d.reason for h in loaded.review.hands for d in h.graded}
        raw |= {r.reason for h in loaded.review.hands for r in h.decisions}
    casts = (Cast(names), Cast([f"seat {s} ({n})" for s, n in enumerate(names)]))
    spoken = {speak(r, c) for r in raw for c in casts} | raw
    return sorted(spoken, key=len, reverse=True)


def _without(texts: list[str], pieces: list[str]) -> list[str]:
    out = []
    for text in texts:
        for piece in pieces:
            if piece and piece in text:
                text = text.replace(piece, "")
        out.append(text)
    return out


def _open(lang: str, tmp_path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    # the Play page's decision table (inside the Decisions tab) is tutor.play.render's words, not this page's
    monkeypatch.setattr("tutor.play.render.review", lambda *args, **kwargs: None)
    at = AppTest.from_file(APP, default_timeout=90)
    at.context = {"locale": f"{lang}-{lang.upper()}"}
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _texts(at: AppTest) -> list[str]:
    """Every text the page shows, but the hand result and the score chart (other modules' HTML)."""
    out = [e.value for kind in ("title", "header", "subheader", "caption", "markdown", "info", "success", "warning",
                                "error") for e in getattr(at, kind)]
    out += [b.label for b in at.button] + [c.label for c in at.checkbox] + [t.label for t in at.tabs]
    out += [e.label for e in at.expander]
    for box in at.selectbox:
        out.append(box.label)
        out += [str(o) for o in box.options]
    for table in at.table:
        frame = table.value
        out += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    out += [re.sub(r"<[^>]+>", " ", h.proto.body) for h in at.get("html") if 'class="rv-model"' in h.proto.body]
    return [t for t in out if t]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_review_page_speaks_the_language(lang, record, tmp_path, monkeypatch):
    at = _open(lang, tmp_path, monkeypatch)
    texts = _texts(at)
    assert leftover_english(texts, lang) == [], texts  # the empty page: the loader and its help
    at.text_area(key="review_paste").input(record)
    at.button(key="review_load").click().run()
    assert not at.exception and not at.error, [e.value for e in at.exception]
    at.button(key="review_next_mistake").click().run()  # a step with the model's bars
    assert not at.exception, [e.value for e in at.exception]
    shown = _texts(at)
    assert any('class="rv-model"' in h.proto.body for h in at.get("html"))
    assert leftover_english(shown, lang) == [], shown
    # numbers the language's way: the final scores grouped (70.000), percentages with a space (93 %)
    (final,) = [t for t in at.table if len(t.value.columns) == 3]
    scores = [str(v) for v in final.value.iloc[:, 1]]
    assert any(GROUPED[lang].match(s) for s in scores), scores
    assert any(re.search(r"\d\u00a0%", t) for t in shown)
    # the hand's end: the record's score changes beside the engine's, signed and grouped
    count = int(at.slider(key="review_pos").max)
    at.slider(key="review_pos").set_value(count).run()
    agreement = [e.value for e in at.success]
    assert agreement and re.search(r"[+-]\d{1,3}\.\d{3}", agreement[0]), agreement
    assert leftover_english(agreement, lang) == []


def test_the_english_page_is_unchanged(record, tmp_path, monkeypatch):
    at = _open("en", tmp_path, monkeypatch)
    at.text_area(key="review_paste").input(record)
    at.button(key="review_load").click().run()
    assert at.title[0].value == "Review"
    assert any(c.value.startswith("Record: pasted record · tenhou.net/6 JSON · ") for c in at.caption)
    assert next(m.value for m in at.markdown if m.value.startswith("Step ")).startswith("Step 0 of ")
    (final,) = [t for t in at.table if len(t.value.columns) == 3]
    assert list(final.value.columns) == ["player", "final score", "placement points"]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_bad_record_is_told_in_the_language_and_says_where(lang):
    with speaking(lang):
        with pytest.raises(RecordError) as empty:
            read_upload("game.json", b" ")
        with pytest.raises(RecordError) as line:
            loads('{"type": "start_game"}\n[1]\n')
    assert "game.json" in str(empty.value) and " 2 " in str(line.value)
    assert leftover_english([str(empty.value), str(line.value)], lang) == []


def _command(lang: str | None, path: Path) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert review_command.main([str(path)] + (["--lang", lang] if lang else [])) == 0
    return out.getvalue()


@pytest.mark.parametrize("lang", ["de", "es"])
def test_sanma_review_speaks_the_language(lang, record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record, encoding="utf-8")
    text = _command(lang, path)
    lines = text.splitlines()
    assert leftover_english(lines, lang) == []
    assert re.search(r"\+\d{1,3}\.\d{3}", text)  # score changes grouped: +17.000


def test_sanma_review_in_english_and_its_json_do_not_change(record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record, encoding="utf-8")
    english = _command(None, path)
    assert "(the record's rule.disp" in english and "+17000" in english
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        review_command.main([str(path), "--json", "--lang", "es", "--no-decisions"])
    plain = io.StringIO()
    with contextlib.redirect_stdout(plain):
        review_command.main([str(path), "--json", "--no-decisions"])
    assert out.getvalue() == plain.getvalue()
