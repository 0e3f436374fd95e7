"""Translations: one gettext translator per language, numbers written as the language writes them.

The catalogues are ``locale/<lang>/LC_MESSAGES/sanma.po`` in the repository (extracted with
``pybabel extract -F babel.cfg``); they are compiled in memory on first use and again when a
``.po`` file changes, so no compiled file is ever kept in the repository.
English is the source language: its translator returns every message unchanged.

>>> de = translator("de")
>>> de.number(35000), translator("es").number(35000), translator("en").number(35000)
('35.000', '35.000', '35,000')
>>> de.gettext("Ruleset")
'Regelwerk'
>>> language_of("de-AT"), language_of("fr-FR"), language_of(None)
('de', None, None)
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

LANGUAGES: tuple[str, ...] = ("en", "de", "es")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}  # each in its own language, for the switch
ENGLISH_NAMES = {"en": "English", "de": "German", "es": "Spanish"}  # for messages to authors
DEFAULT_LANGUAGE = "en"
DOMAIN = "sanma"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class LanguageError(ValueError):
    """A language the tutor does not speak; the message names the known ones."""


def check_language(lang: str) -> str:
    """``lang`` itself if the tutor speaks it, else :class:`LanguageError`."""
    if lang not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def language_of(locale: str | None) -> str | None:
    """The tutor's language for a browser locale (``de-DE``, ``es_419``, ``en``), or None if it is not one."""
    if not locale:
        return None
    code = str(locale).replace("_", "-").split("-")[0].strip().lower()
    return code if code in LANGUAGES else None


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@dataclass(frozen=True)
class Translator:
    """``gettext``/``ngettext`` for one language, plus its number format; obtain one per call or session."""

    lang: str
    catalogue: _gettext.NullTranslations = field(repr=False, compare=False)
    #: Sentences already put together in this language (``memo``), dropped with the translator when its
    #: catalogue is compiled again.
    said: dict = field(default_factory=dict, repr=False, compare=False)

    def memo(self, key: object, say: Callable[[], str], limit: int = 4096) -> str:
        """``say()``, worked out once per ``key`` in this language: a page redraws the same sentences at every
        click."""
        text = self.said.get(key)
        if text is None:
            if len(self.said) >= limit:
                self.said.clear()
            text = self.said[key] = say()
        return text

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue.ngettext(singular, plural, n)

    def has(self, message: str) -> bool:
        """Whether ``message`` reads in this language (English has every message)."""
        if self.lang == DEFAULT_LANGUAGE:
            return True
        return message in getattr(self.catalogue, "_catalog", {})

    def number(self, value: int | float) -> str:
        """``value`` with the language's digit grouping and decimal sign (35,000 / 35.000)."""
        return format_decimal(value, locale=self.lang)

    def percent(self, share: float | None, digits: int = 0) -> str:
        """``share`` (0.845) as a percentage the language's way: ``84%`` / ``84 %``; ``–`` for None."""
        if share is None:
            return "–"
        pattern = Locale.parse(self.lang).percent_formats[None].pattern
        return format_percent(share, pattern.replace("0", "0." + "0" * digits, 1) if digits else pattern, locale=self.lang)

    def decimal(self, value: float, digits: int = 1) -> str:
        """``value`` rounded to ``digits`` decimals, the language's way: ``8.5`` / ``8,5``."""
        return format_decimal(round(value, digits), format="#,##0." + "0" * digits, locale=self.lang)


def _compiled(path: Path) -> _gettext.NullTranslations:
    with path.open("rb") as fp:
        catalog = read_po(fp)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


@functools.lru_cache(maxsize=16)
def _translator(lang: str, path: Path | None, stamp: float) -> Translator:
    if path is None:
        return Translator(lang, _gettext.NullTranslations())
    return Translator(lang, _compiled(path))


#: How often (seconds) a catalogue's file is looked at again for an edit: every message of a page asks for its
#: translator, and a look at the file each time would cost more than the lookup itself.
RECHECK_S = 1.0
_stamps: dict[tuple[Path, str, str], tuple[float, Path, float]] = {}  # -> (when looked at, the file, its mtime)


def _catalogue_file(lang: str, domain: str) -> tuple[Path, float]:
    """The catalogue's file and its mtime, looked at again at most every :data:`RECHECK_S` seconds."""
    now, key = time.monotonic(), (LOCALE_DIR, lang, domain)
    seen = _stamps.get(key)
    if seen is not None and now - seen[0] < RECHECK_S:
        return seen[1], seen[2]
    path = po_path(lang, domain)
    if not path.is_file():
        raise LanguageError(f"no {domain} catalogue for {lang!r} at {path}")
    _stamps[key] = (now, path, path.stat().st_mtime)
    return path, _stamps[key][2]


def translator(lang: str = DEFAULT_LANGUAGE, domain: str = DOMAIN) -> Translator:
    """The translator for ``lang``; a catalogue edited since the last look (at most :data:`RECHECK_S` ago) is
    compiled again."""
    if lang not in LANGUAGES:
        check_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return _translator(lang, None, 0.0)
    return _translator(lang, *_catalogue_file(lang, domain))


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined; translate it where it is shown."""
    return message


#: The language the words of this thread (a command, one app session's run) are put in.
_SPEAKING: ContextVar[str] = ContextVar("sanma_language", default=DEFAULT_LANGUAGE)


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on in this thread (the app sets it at the top of every run)."""
    _SPEAKING.set(check_language(lang))


@contextmanager
def speaking(lang: str) -> Iterator[Translator]:
    """Speak ``lang`` inside the block, then the language spoken before.

    >>> with speaking("de"):
    ...     gettext("Ruleset"), number(35000)
    ('Regelwerk', '35.000')
    >>> gettext("Ruleset")
    'Ruleset'
    """
    token = _SPEAKING.set(check_language(lang))
    try:
        yield translator(lang)
    finally:
        _SPEAKING.reset(token)


def current() -> Translator:
    """The translator of the language spoken now (English unless :func:`set_language` or :func:`speaking`)."""
    return translator(_SPEAKING.get())


def gettext(message: str) -> str:
    """``message`` in the language spoken now; where words are put together for a reader."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the language spoken now."""
    return current().ngettext(singular, plural, n)


def number(value: int | float) -> str:
    """``value`` written as the language spoken now writes numbers."""
    return current().number(value)


def percent(share: float | None, digits: int = 0) -> str:
    """``share`` as a percentage in the language spoken now (``percent(0.845)`` is ``84%`` in English, ``84 %``
    in German and Spanish, with a no-break space)."""
    return current().percent(share, digits)


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals in the language spoken now (``8.5``, ``8,5``)."""
    return current().decimal(value, digits)


__all__ = [
    "DEFAULT_LANGUAGE", "ENGLISH_NAMES", "LANGUAGES", "LANGUAGE_NAMES", "LanguageError", "N_", "Translator",
    "check_language", "current", "decimal", "gettext", "language_of", "ngettext", "number", "percent", "po_path",
    "set_language", "speaking", "translator",
]
