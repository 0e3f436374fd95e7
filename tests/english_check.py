"""Is a page that should speak German or Spanish still saying English? Two checks on its visible text:

- every English message of the catalogue (``locale/sanma.pot``) whose translation differs, cut at its
  placeholders into pieces of two words or more, must not appear;
- nor may the commonest English words (``the``, ``you``, ``with`` …), which neither language uses, so a
  sentence never put into the catalogue is caught too.

>>> leftover_english(["Bot A wirft 9p ab"], "de")
[]
>>> leftover_english(["fold against the riichi"], "de")
['english word: the (fold against the riichi)']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.pofile import read_po

from sanma_core.i18n import po_path

ROOT = Path(__file__).resolve().parents[1]
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]|%[sd]")
#: English words German and Spanish never use; a hit is English left on the page.
ENGLISH_WORDS = ("the", "you", "your", "with", "and", "is", "are", "of", "to", "this", "that", "not", "which",
                 "for", "from", "when", "what", "has", "have", "was", "were", "will", "would", "it", "its")
#: Words of the list that the language itself writes (German "was" = what, Spanish "has" = you have).
OWN_WORDS = {"de": {"was"}, "es": {"has"}}
_EDGE = r"(?<![\w'’-])({})(?![\w'’-])"


@functools.lru_cache(maxsize=4)
def _english_words(lang: str) -> re.Pattern[str]:
    words = [w for w in ENGLISH_WORDS if w not in OWN_WORDS.get(lang, set())]
    return re.compile(_EDGE.format("|".join(words)), re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def english_pieces(lang: str) -> tuple[str, ...]:
    """The catalogue's English text cut at placeholders: the pieces of two words or more whose message reads
    differently in ``lang``."""
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    pieces: set[str] = set()
    for msg in cat:
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for english in ids:
            if not any(s and s != english for s in strings):
                continue
            for piece in re.split(r"[.,:;!?]\s", _PLACEHOLDER.sub("\n", english).replace("\n", ". ")):
                piece = piece.strip(" .,:;·—–()")
                if len(piece.split()) >= 2 and len(piece) >= 8 and not any(piece in s for s in strings):
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


def leftover_english(texts: Iterable[str], lang: str) -> list[str]:
    """What in ``texts`` is still English: catalogue pieces found, then English words with their text."""
    found: list[str] = []
    whole = "\n".join(texts)
    for piece in english_pieces(lang):
        if piece in whole and re.search(_EDGE.format(re.escape(piece)), whole):  # whole words: not "in riichi" in "sin riichi"
            found.append(f"catalogue: {piece}")
    for line in whole.splitlines():
        for m in _english_words(lang).finditer(line):
            found.append(f"english word: {m.group(1)} ({line.strip()[:120]})")
    return found


__all__ = ["ENGLISH_WORDS", "OWN_WORDS", "english_pieces", "leftover_english"]
