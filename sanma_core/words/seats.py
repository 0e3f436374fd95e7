"""Winds, seats and who is "you": the names of the winds and the honours, hand labels, and a :class:`Cast`
that speaks of a seat as the reader ("You", "your") or by its name ("Bot A", "Bot A's").

>>> wind_name(2), letter_name("S"), honour_name(5)
('West', 'South', 'Green')
>>> c = Cast(("Ann", "Bot A", "Bot B"), you=0)
>>> c.subject(0), c.object(1), c.possessive(0), c.possessive(2), c.verb(0, "win", "wins"), c.verb(1, "win", "wins")
('You', 'Bot A', 'your', "Bot B's", 'win', 'wins')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import N_, gettext

#: Seat and round winds by number (0 East, the dealer's, 1 South, 2 West); marked, translated where shown.
WIND_NAMES = (N_("East"), N_("South"), N_("West"))
#: The winds' letters (contract notation) and their names.
WIND_LETTERS = "ESW"
LETTER_NAMES = dict(zip(WIND_LETTERS, WIND_NAMES, strict=True))
#: The honour kinds 1z–7z.
HONOUR_NAMES = (*WIND_NAMES, N_("North"), N_("White"), N_("Green"), N_("Red"))
#: How the reader is named, and how a name that stands for the reader is recognised.
YOU = N_("You")


def wind_name(wind: int) -> str:
    """``East``, ``South`` or ``West`` for a wind number 0–2 (in the language spoken now)."""
    return gettext(WIND_NAMES[wind])


def letter_name(letter: str) -> str:
    """The wind of a contract letter (``E``, ``S``, ``W``); an unknown letter is returned as it is."""
    return gettext(LETTER_NAMES[letter]) if letter in LETTER_NAMES else letter


def honour_name(index: int) -> str:
    """The word for the honour ``index`` (0 East … 6 Red), as in ``1z`` … ``7z``."""
    return gettext(HONOUR_NAMES[index])


def hand_label(round_wind: int, dealer: int, honba: int) -> str:
    """``East 2, 1 honba``: the round wind, the dealer's number and the repeat counters."""
    hand = gettext("{wind} {dealer}").format(wind=wind_name(round_wind), dealer=dealer + 1)
    return gettext("{hand}, {honba} honba").format(hand=hand, honba=honba) if honba else hand


def is_you(name: str) -> bool:
    """Does this player name stand for the reader (``You`` in any case)?"""
    return name.strip().lower() == YOU.lower()


def voice(player: str | None) -> tuple[str, str]:
    """How sentences about one player name them: ``("You", "your")`` for the reader (``None`` or a name
    standing for "you"), else the name and its possessive.

    >>> voice(None), voice("Bot A")
    (('You', 'your'), ('Bot A', "Bot A's"))
    """
    if player is None or is_you(player):
        return YOU, "your"
    return player, f"{player}'s"


@dataclass(frozen=True)
class Cast:
    """The players' names by seat and the reader's seat (``you``; ``None``: nobody at the table is the reader,
    as for an onlooker). :meth:`reading` finds the reader by name instead (a seat named "You")."""

    names: Sequence[str]
    you: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(str(n) for n in self.names))

    @classmethod
    def reading(cls, names: Sequence[str]) -> Cast:
        """The cast whose "you" is the seat named "You" (any case), if there is one.

        >>> Cast.reading(["Bot A", "you", "Bot B"]).you, Cast.reading(["A", "B", "C"]).you
        (1, None)
        """
        return cls(names, next((s for s, n in enumerate(names) if is_you(str(n))), None))

    def is_you(self, seat: int) -> bool:
        return seat == self.you

    def subject(self, seat: int) -> str:
        """The seat at the head of a sentence: ``You`` or its name."""
        return YOU if seat == self.you else self.names[seat]

    def object(self, seat: int) -> str:
        """The seat inside a sentence: ``you`` or its name."""
        return "you" if seat == self.you else self.names[seat]

    def possessive(self, seat: int) -> str:
        """``your`` or ``Bot A's``."""
        return "your" if seat == self.you else f"{self.names[seat]}'s"

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        """The verb agreeing with the seat: ``win`` for "you", ``wins`` for the others."""
        return you_form if seat == self.you else other_form


__all__ = ["HONOUR_NAMES", "LETTER_NAMES", "WIND_LETTERS", "WIND_NAMES", "YOU", "Cast", "hand_label", "honour_name",
           "is_you", "letter_name", "voice", "wind_name"]
