"""The gettext catalogues: every message the code marks is translated in German and Spanish, with the
same placeholders; numbers are written as each language writes them."""

from __future__ import annotations

import functools
import re
import string

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from sanma_core.i18n import LANGUAGES, LOCALE_DIR, LanguageError, language_of, po_path, translator
from sanma_core.i18n_sources import extract_sources, source_messages

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
_SOURCES = ("sanma_core", "course", "tutor", "drills")


def _catalogue(lang: str):
    with po_path(lang).open("rb") as fp:
        return read_po(fp)


def _fields(text: str) -> list[str]:
    """The ``str.format`` fields of a message (``{name!r}`` → ``name!r``), sorted."""
    return sorted(f"{name}!{conv}" if conv else name for _, name, _, conv in string.Formatter().parse(text) if name is not None)


@functools.cache
def _extracted() -> frozenset[str]:
    found: set[str] = set()
    for folder in _SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                LOCALE_DIR.parent / folder, method_map=[("**.py", "python")], keywords={"gettext": None, "ngettext": (1, 2), "N_": None}):
            found.update([message] if isinstance(message, str) else message)
    return frozenset(m for m in found if m) | source_messages()  # and the rulesets' notes lessons quote


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    catalogue = _catalogue(lang)
    untranslated = [m.id for m in catalogue if m.id and not (m.string if isinstance(m.string, str) else all(m.string))]
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert not untranslated, f"{lang}: untranslated {untranslated}"
    assert not fuzzy, f"{lang}: fuzzy {fuzzy}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_identical(lang):
    def forms(text):
        return [text] if isinstance(text, str) else list(text)

    wrong = [(m.id, m.string) for m in _catalogue(lang) if m.id
             for source in forms(m.id) for target in forms(m.string) if _fields(source) != _fields(target)]
    assert not wrong, f"{lang}: placeholders differ in {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_holds_every_message_the_code_marks(lang):
    ids = {text for m in _catalogue(lang) if m.id for text in ([m.id] if isinstance(m.id, str) else m.id)}
    missing = sorted(_extracted() - ids)
    assert not missing, f"{lang}: not in {po_path(lang)} (run `make messages`, then translate): {missing}"


def test_no_compiled_catalogue_is_kept_in_the_repository():
    assert not list(LOCALE_DIR.rglob("*.mo"))


@pytest.mark.parametrize(("lang", "big", "small", "fraction"), [
    ("en", "35,000", "1,000", "-1,500.5"),
    ("de", "35.000", "1.000", "-1.500,5"),
    ("es", "35.000", "1.000", "-1.500,5"),
])
def test_numbers_are_written_as_the_language_writes_them(lang, big, small, fraction):
    tr = translator(lang)
    assert (tr.number(35000), tr.number(1000), tr.number(-1500.5)) == (big, small, fraction)


def test_translators_speak_their_language_and_english_is_the_source():
    assert translator("de").gettext("Ruleset") == "Regelwerk"
    assert translator("es").gettext("Ruleset") == "Reglamento"
    assert translator("en").gettext("Ruleset") == "Ruleset"
    assert translator("de").gettext("not a message") == "not a message"
    assert not translator("de").has("not a message") and translator("en").has("not a message")


def test_an_edited_catalogue_is_compiled_again(tmp_path, monkeypatch):
    import sanma_core.i18n as i18n
    po = tmp_path / "de" / "LC_MESSAGES" / "sanma.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\nmsgid "Play"\nmsgstr "Spiel"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "RECHECK_S", 0.0)  # look at the file at every call (a page looks once a second)
    assert translator("de").gettext("Play") == "Spiel"
    po.write_text(po.read_text(encoding="utf-8").replace('"Spiel"', '"Spielen"'), encoding="utf-8")
    import os
    stat = po.stat()
    os.utime(po, (stat.st_atime, stat.st_mtime + 5))
    assert translator("de").gettext("Play") == "Spielen"


def test_browser_locales_map_to_languages():
    assert [language_of(x) for x in ("de-DE", "es_419", "en-GB", "EN", "fr-FR", "", None)] == ["de", "es", "en", "en", None, None, None]
    with pytest.raises(LanguageError, match="unknown language 'fr'; known: en, de, es"):
        translator("fr")


def test_the_marked_messages_include_the_sidebar():
    assert {"Ruleset", "Language", "Sign in"} <= _extracted()
    assert all(re.fullmatch(r"[a-z]{2}", p.name) for p in LOCALE_DIR.iterdir() if p.is_dir())


def test_the_extractor_babel_cfg_names_reads_each_rulesets_source_notes():
    from io import BytesIO

    found = list(extract_sources(BytesIO(b"name: x\nsources:\n  uma: The club says so.\n  oka: ''\n"), [], [], {}))
    assert found == [(3, "gettext", "The club says so.", [])]
    assert len(source_messages()) >= 20
    # what `make messages` extracts with babel.cfg holds every source note of the rulesets
    with (LOCALE_DIR.parent / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    extracted = {m for _f, _l, m, _c, _x in extract_from_dir(LOCALE_DIR.parent / "sanma_core", method_map, options_map,
                                                             keywords={"gettext": None, "N_": None})}
    assert source_messages() <= extracted


def _calls_inside_fstrings(tree) -> list[tuple[int, str]]:
    import ast

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and sub.args and isinstance(sub.args[0], ast.Constant):
                    fn = sub.func
                    name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                    if name in {"gettext", "ngettext", "N_"}:
                        found.append((sub.lineno, str(sub.args[0].value)))
    return found


def test_no_message_is_marked_inside_an_f_string_where_the_extractor_cannot_see_it():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert _calls_inside_fstrings(ast.parse("x = f\"<b>{gettext('Hand')}</b>\"")) == [(1, "Hand")]
    found = {}
    for path in [root / "app.py", *(p for pkg in ("sanma_core", "tutor", "drills", "course")
                                    for p in sorted((root / pkg).rglob("*.py")))]:
        calls = _calls_inside_fstrings(ast.parse(path.read_text(encoding="utf-8")))
        if calls:
            found[str(path.relative_to(root))] = calls
    assert found == {}
