"""The glossary: one source (course/glossary.yaml) for docs/glossary.md and the Glossary page; the German and
Spanish terms marked as the club's are written so on its sanma pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from course.cli import main as lessons_main
from course.glossary import COLUMNS, DOC_FILE, GlossaryError, load_glossary, markdown

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_PAGES = {"de": "002_*", "es": "003_*"}


def test_the_doc_is_generated_from_the_glossary_data(capsys):
    assert DOC_FILE.read_text(encoding="utf-8") == markdown(), "run `sanma lessons --glossary > docs/glossary.md`"
    assert lessons_main(["--glossary"]) == 0
    assert capsys.readouterr().out == markdown()


def test_every_term_has_every_language_and_a_unique_id():
    terms = load_glossary()
    assert len(terms) >= 90
    assert all(t.word(c).strip() for t in terms for c in COLUMNS)
    assert len({t.id for t in terms}) == len(terms)
    for t in terms:
        assert not any("a" <= ch.lower() <= "z" for ch in t.kana.replace("/", "")), (t.id, t.kana)


def test_the_seed_pages_names_are_in_the_glossary():
    words = {(t.de, t.es) for t in load_glossary()}
    for pair in [("Nord beiseitelegen", "apartar el Norte"), ("Tsumo-Verlust", "pérdida en tsumo"), ("Nuki-Dora", "nukidora"),
                 ("Dora-Anzeiger", "indicador de dora"), ("tote Mauer", "muro muerto"), ("Noten-Zahlungen", "pagos por noten")]:
        assert pair in words, pair


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages are not beside the project")
@pytest.mark.parametrize("lang", ["de", "es"])
def test_terms_marked_as_the_clubs_are_written_on_its_pages(lang):
    (page,) = SEEDS.glob(SEED_PAGES[lang])
    text = page.read_text(encoding="utf-8").lower()
    marked = [t for t in load_glossary() if t.seeds]
    assert len(marked) >= 40
    absent = [(t.id, t.seed_forms.get(lang, t.word(lang))) for t in marked if t.seed_forms.get(lang, t.word(lang)).lower() not in text]
    assert not absent, f"{page.name}: {absent}"


def test_a_bad_entry_names_itself(tmp_path):
    bad = tmp_path / "glossary.yaml"
    bad.write_text("- {id: kita, group: bonus, en: kita, de: Nord beiseitelegen, es: '', romaji: kita, kana: キタ}\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"entry 1 \(kita\): missing es"):
        load_glossary(bad)
    bad.write_text("- {id: kita, group: nothing, en: a, de: b, es: c, romaji: d, kana: e}\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="unknown group 'nothing'"):
        load_glossary(bad)
