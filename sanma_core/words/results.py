"""Hand results in words: the value of a win, the sentence describing it, the tenpai line of a draw, the
riichi sticks, the titles of draws and the names of the payers.

>>> from .seats import Cast
>>> cast = Cast(("You", "Bot A", "Bot B"), you=0)
>>> win_sentence(cast, seat=0, from_seat=0, tsumo=True, tile="3p", han=4, fu=30, yakuman=0, limit="mangan")
'You win by tsumo on 3p: 4 han 30 fu (mangan)'
>>> value_text(13, 40, 2, "yakuman"), worth_text(2, 30, 0, 2000)
('2× yakuman', '2 han 30 fu, 2,000 points')
>>> tenpai_line((True, False, False), cast)
'Tenpai: You tenpai, Bot A noten, Bot B noten'
>>> sticks_text(2, None, cast), sticks_text(1, 0, cast)
("2 riichi sticks (2000 points) stay on the table for the next hand's winner.", '1 riichi stick (1000 points) goes to you.')
"""

from __future__ import annotations

from collections.abc import Sequence

from .seats import Cast

#: The title of a hand end without a win, by the engine's result kind.
DRAW_TITLES = {
    "exhaustive_draw": "Exhaustive draw",
    "nagashi_mangan": "Nagashi mangan",
    "nine_terminals": "Abortive draw: nine terminals",
    "four_kans": "Abortive draw: four kans",
}
WIN_TITLE = "Win"
#: A record's hand result in a few words, by the review's result id.
RESULT_NAMES = {"ron": "ron", "tsumo": "tsumo", "double_ron": "double ron", "draw": "exhaustive draw",
                "nagashi_mangan": "nagashi mangan", "nine_terminals": "abortive draw (nine terminals)",
                "four_kans": "abortive draw (four kans)"}
#: Who pays a share of a win, by the settlement's payer role.
PAYER_NAMES = {"discarder": "the discarder", "dealer": "the dealer", "non_dealer": "a non-dealer"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 riichi stick``, ``2 riichi sticks`` (``many`` for an irregular plural)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def draw_title(kind: str) -> str:
    """The title of a hand end: ``Win``, or the draw's title."""
    return WIN_TITLE if kind == "win" else DRAW_TITLES.get(kind, kind.replace("_", " "))


def limit_text(limit: str) -> str:
    """``sanbaiman``, ``kazoe yakuman``."""
    return limit.replace("_", " ")


def value_text(han: int, fu: int, yakuman: int, limit: str = "") -> str:
    """``3 han 40 fu (mangan)``, ``yakuman``, ``2× yakuman``."""
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
    return f"{han} han {fu} fu" + (f" ({limit_text(limit)})" if limit else "")


def worth_text(han: int, fu: int, yakuman: int, points: int) -> str:
    """A win's value and its points: ``3 han 40 fu, 5,200 points``."""
    return f"{value_text(han, fu, yakuman)}, {points:,} points"


def win_sentence(cast: Cast, *, seat: int, from_seat: int, tsumo: bool, tile: str, han: int, fu: int, yakuman: int,
                 limit: str) -> str:
    """Who won, how and for what: ``Bot A wins by ron on your 5p: 3 han 40 fu``."""
    how = f"tsumo on {tile}" if tsumo else f"ron on {cast.possessive(from_seat)} {tile}"
    return (f"{cast.subject(seat)} {cast.verb(seat, 'win', 'wins')} by {how}: "
            f"{value_text(han, fu, yakuman, limit)}")


def role_win_text(dealer: bool, tsumo: bool) -> str:
    """A win told by the winner's role: ``The dealer wins by tsumo``, ``The non-dealer wins by ron``."""
    return f"The {'dealer' if dealer else 'non-dealer'} wins by {'tsumo' if tsumo else 'ron'}"


def tenpai_line(tenpai: Sequence[bool], cast: Cast) -> str:
    """``Tenpai: You tenpai, Bot A noten, Bot B noten``."""
    return "Tenpai: " + ", ".join(f"{cast.subject(s)} {'tenpai' if t else 'noten'}" for s, t in enumerate(tenpai))


def sticks_text(n: int, winner: int | None, cast: Cast, value: int = 1000) -> str:
    """Where the riichi sticks go: to the winner, or they stay on the table for the next hand's winner."""
    head = f"{plural(n, 'riichi stick')} ({n * value} points)"
    if winner is not None:
        return f"{head} {'goes' if n == 1 else 'go'} to {cast.object(winner)}."
    return f"{head} {'stays' if n == 1 else 'stay'} on the table for the next hand's winner."


def nagashi_text(seats: Sequence[int], cast: Cast) -> str:
    """The nagashi mangan sentence."""
    return ("Nagashi mangan: " + ", ".join(cast.subject(s) for s in seats)
            + " discarded only terminals and honours, none called: paid as a mangan tsumo.")


def noten_text(tenpai_count: int, pool: int) -> str:
    """The noten payments of an exhaustive draw."""
    n = tenpai_count
    if n in (0, 3):
        return f"Noten payments: {'nobody' if n == 0 else 'everybody'} is tenpai, nothing is paid."
    return (f"Noten payments: the pool of {pool} goes from the {3 - n} noten player(s) "
            f"({pool // (3 - n)} each) to the {n} tenpai player(s) ({pool // n} each).")


ABORTIVE_TEXT = "Abortive draw: nobody pays; the dealer deals again."

__all__ = ["ABORTIVE_TEXT", "DRAW_TITLES", "PAYER_NAMES", "RESULT_NAMES", "WIN_TITLE", "draw_title", "limit_text",
           "nagashi_text", "noten_text", "plural", "role_win_text", "sticks_text", "tenpai_line", "value_text", "win_sentence",
           "worth_text"]
