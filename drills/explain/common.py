"""Words shared by the step renderers: names of seats, limits and waits, lists, plurals and numbers.

Every name here is marked where it is defined and put into the language spoken now where it is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from babel import Locale

from sanma_core import i18n
from sanma_core.i18n import DEFAULT_LANGUAGE, N_, current, gettext
from sanma_core.words import LETTER_NAMES, letter_name, shanten_text

#: A step renderer: the sentences of one explanation step.
Renderer = Callable[[dict[str, Any]], list[str]]

SEAT_NAMES = LETTER_NAMES  # the seats' names by wind letter (sanma_core.words)
LIMITS = {"": "", "mangan": N_("mangan"), "haneman": N_("haneman"), "baiman": N_("baiman"), "sanbaiman": N_("sanbaiman"),
          "kazoe_yakuman": N_("counted yakuman (13+ han)"), "yakuman": N_("yakuman")}
WAIT_NAMES = {
    "ryanmen": N_("two-sided wait (ryanmen)"), "kanchan": N_("closed wait (kanchan)"),
    "penchan": N_("edge wait (penchan)"), "tanki": N_("pair wait (tanki)"), "shanpon": N_("two-pair wait (shanpon)"),
    "nobetan": N_("extended pair wait (nobetan)"), "sanmenchan": N_("three-sided wait (sanmenchan)"),
    "aryanmen": N_("triplet-and-neighbour wait"), "multi": N_("many-sided wait"),
    "chiitoitsu": N_("seven-pairs wait"), "kokushi": N_("thirteen-orphans wait"),
    "kokushi_13": N_("thirteen-sided thirteen orphans"), "chuuren": N_("nine-gates wait"),
    "four_copy": N_("wait beside four held copies"),
}


_PLURAL_S = re.compile(r"\b(\d+) ((?:[a-z]+ )*[a-z]+)\(s\)")


def tidy(text: str) -> str:
    """Engine text for people: ``"1 leftover stick(s)"`` → ``"1 leftover stick"``, ``"2 …(s)"`` → ``"2 …s"``."""
    return _PLURAL_S.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)


_SOURCE = re.compile(r"^([\d,]+) Tenhou Phoenix hanchan of ([A-Z][a-z]+) (\d{4})$")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def source_words(source: str) -> str:
    """Where real-play figures come from, in the language spoken now: ``1,800 Tenhou Phoenix hanchan of January
    2026`` is ``1.800 Tenhou-Phoenix-Hanchan vom Januar 2026`` in German (English and other text as it is).

    >>> from sanma_core.i18n import speaking
    >>> with speaking("es"):
    ...     source_words("1,800 Tenhou Phoenix hanchan of January 2026")
    '1.800 hanchan de Tenhou Phoenix de enero de 2026'
    """
    m = _SOURCE.match(str(source))
    tr = current()
    if tr.lang == DEFAULT_LANGUAGE or not m or m[2] not in _MONTHS:
        return str(source)
    month = Locale.parse(tr.lang).months["format"]["wide"][_MONTHS.index(m[2]) + 1]
    return gettext("{games} Tenhou Phoenix hanchan of {month} {year}").format(
        games=tr.number(int(m[1].replace(",", ""))), month=month, year=m[3])


def figure(n: float) -> str:
    """A number for the learner: ``35.000`` in German and Spanish; English keeps the bare digits its questions
    have always printed (``35000``, ``1.5``), so an English question reads and serialises as before.

    >>> from sanma_core.i18n import speaking
    >>> figure(35000), figure(1.5)
    ('35000', '1.5')
    >>> with speaking("de"):
    ...     figure(35000), figure(-1.5)
    ('35.000', '-1,5')
    """
    tr = current()
    if tr.lang == DEFAULT_LANGUAGE:
        return f"{n:g}" if isinstance(n, float) else str(n)
    return tr.number(n)


def percent(share: float) -> str:
    """A share as a whole percentage: ``45%`` in English, ``45 %`` in German and Spanish."""
    return i18n.percent(share)


def listed(items: Sequence[Any], empty: str | None = None) -> str:
    """``a, b and c`` in the language spoken now (``empty``, else "none", for no items)."""
    items = [str(i) for i in items]
    if not items:
        return gettext("none") if empty is None else empty
    if len(items) == 1:
        return items[0]
    return gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def seat_name(s: str) -> str:
    """``"E"`` → ``"East"`` in the language spoken now (other text as it is)."""
    return letter_name(s)


def wait_name(shape: str) -> str:
    """A wait shape's name in the language spoken now (an unknown one in plain words)."""
    return gettext(WAIT_NAMES[shape]) if shape in WAIT_NAMES else str(shape).replace("_", " ")


def limit_name(limit: str) -> str:
    """A limit's name in the language spoken now (``""`` for none)."""
    name = LIMITS.get(limit, limit)
    return gettext(name) if name else ""


def signed(n: float) -> str:
    """A number with its sign, ``+3`` or ``-1.5``."""
    text = figure(n)
    return text if n < 0 else "+" + text


def shanten_words(n: int) -> str:
    """``tenpai``, ``complete`` or ``2-shanten``."""
    return shanten_text(n)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 copy``, ``2 copies``: the English word in the form the number needs."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
