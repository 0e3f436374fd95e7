"""Hand results in words: the value of a win, the sentence describing it, the tenpai line of a draw, the
riichi sticks, the titles of draws and the names of the payers, in the language spoken now
(:mod:`sanma_core.i18n`); a sentence about "you" is its own message, never glued from words.

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

from ..i18n import N_, gettext, ngettext, number
from .seats import Cast

#: The title of a hand end without a win, by the engine's result kind (marked; :func:`draw_title` translates).
DRAW_TITLES = {
    "exhaustive_draw": N_("Exhaustive draw"),
    "nagashi_mangan": N_("Nagashi mangan"),
    "nine_terminals": N_("Abortive draw: nine terminals"),
    "four_kans": N_("Abortive draw: four kans"),
}
WIN_TITLE = N_("Win")
#: A record's hand result in a few words, by the review's result id (marked; :func:`result_name` translates).
RESULT_NAMES = {"ron": N_("ron"), "tsumo": N_("tsumo"), "double_ron": N_("double ron"), "draw": N_("exhaustive draw"),
                "nagashi_mangan": N_("nagashi mangan"), "nine_terminals": N_("abortive draw (nine terminals)"),
                "four_kans": N_("abortive draw (four kans)")}
#: Who pays a share of a win, by the settlement's payer role (marked; :func:`payer_name` translates).
PAYER_NAMES = {"discarder": N_("the discarder"), "dealer": N_("the dealer"), "non_dealer": N_("a non-dealer")}
#: The limits by the engine's id (marked; :func:`limit_text` translates).
LIMIT_NAMES = {"mangan": N_("mangan"), "haneman": N_("haneman"), "baiman": N_("baiman"),
               "sanbaiman": N_("sanbaiman"), "kazoe_yakuman": N_("kazoe yakuman"), "yakuman": N_("yakuman")}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 riichi stick``, ``2 riichi sticks`` (``many`` for an irregular plural); English only, for words
    that are data, not sentences."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def draw_title(kind: str) -> str:
    """The title of a hand end: ``Win``, or the draw's title."""
    if kind == "win":
        return gettext(WIN_TITLE)
    return gettext(DRAW_TITLES[kind]) if kind in DRAW_TITLES else kind.replace("_", " ")


def result_name(result: str) -> str:
    """A record's hand result in a few words: ``ron``, ``exhaustive draw``."""
    return gettext(RESULT_NAMES[result]) if result in RESULT_NAMES else result


def payer_name(role: str) -> str:
    """Who pays a share: ``the dealer``, ``a non-dealer``, ``the discarder``."""
    return gettext(PAYER_NAMES[role]) if role in PAYER_NAMES else role


def limit_text(limit: str) -> str:
    """``sanbaiman``, ``kazoe yakuman``."""
    return gettext(LIMIT_NAMES[limit]) if limit in LIMIT_NAMES else limit.replace("_", " ")


def value_text(han: int, fu: int, yakuman: int, limit: str = "") -> str:
    """``3 han 40 fu (mangan)``, ``yakuman``, ``2× yakuman``."""
    if yakuman:
        return gettext("yakuman") if yakuman == 1 else gettext("{n}× yakuman").format(n=yakuman)
    value = gettext("{han} han {fu} fu").format(han=han, fu=fu)
    return gettext("{value} ({limit})").format(value=value, limit=limit_text(limit)) if limit else value


def worth_text(han: int, fu: int, yakuman: int, points: int) -> str:
    """A win's value and its points: ``3 han 40 fu, 5,200 points``."""
    return gettext("{value}, {points} points").format(value=value_text(han, fu, yakuman), points=number(points))


def win_sentence(cast: Cast, *, seat: int, from_seat: int, tsumo: bool, tile: str, han: int, fu: int, yakuman: int,
                 limit: str) -> str:
    """Who won, how and for what: ``Bot A wins by ron on your 5p: 3 han 40 fu``."""
    value = value_text(han, fu, yakuman, limit)
    names = {"winner": cast.names[seat], "discarder": cast.names[from_seat], "tile": tile, "value": value}
    if tsumo:
        text = gettext("You win by tsumo on {tile}: {value}") if cast.is_you(seat) else gettext(
            "{winner} wins by tsumo on {tile}: {value}")
    elif cast.is_you(seat):
        text = gettext("You win by ron on {discarder}'s {tile}: {value}")
    elif cast.is_you(from_seat):
        text = gettext("{winner} wins by ron on your {tile}: {value}")
    else:
        text = gettext("{winner} wins by ron on {discarder}'s {tile}: {value}")
    return text.format(**names)


def role_win_text(dealer: bool, tsumo: bool) -> str:
    """A win told by the winner's role: ``The dealer wins by tsumo``, ``The non-dealer wins by ron``."""
    if dealer:
        return gettext("The dealer wins by tsumo") if tsumo else gettext("The dealer wins by ron")
    return gettext("The non-dealer wins by tsumo") if tsumo else gettext("The non-dealer wins by ron")


def tenpai_line(tenpai: Sequence[bool], cast: Cast) -> str:
    """``Tenpai: You tenpai, Bot A noten, Bot B noten``."""
    def one(seat: int, ready: bool) -> str:
        if cast.is_you(seat):
            return gettext("You tenpai") if ready else gettext("You noten")
        return (gettext("{name} tenpai") if ready else gettext("{name} noten")).format(name=cast.names[seat])

    return gettext("Tenpai: {seats}").format(seats=", ".join(one(s, t) for s, t in enumerate(tenpai)))


def sticks_text(n: int, winner: int | None, cast: Cast, value: int = 1000) -> str:
    """Where the riichi sticks go: to the winner, or they stay on the table for the next hand's winner."""
    points = str(n * value)
    if winner is None:
        return ngettext("{n} riichi stick ({points} points) stays on the table for the next hand's winner.",
                        "{n} riichi sticks ({points} points) stay on the table for the next hand's winner.",
                        n).format(n=n, points=points)
    if cast.is_you(winner):
        return ngettext("{n} riichi stick ({points} points) goes to you.",
                        "{n} riichi sticks ({points} points) go to you.", n).format(n=n, points=points)
    return ngettext("{n} riichi stick ({points} points) goes to {name}.",
                    "{n} riichi sticks ({points} points) go to {name}.", n).format(n=n, points=points,
                                                                                   name=cast.names[winner])


def nagashi_text(seats: Sequence[int], cast: Cast) -> str:
    """The nagashi mangan sentence."""
    return gettext("Nagashi mangan: {players} discarded only terminals and honours, none called: paid as a mangan "
                   "tsumo.").format(
        players=", ".join(gettext("You") if cast.is_you(s) else cast.names[s] for s in seats))


def noten_text(tenpai_count: int, pool: int) -> str:
    """The noten payments of an exhaustive draw."""
    n = tenpai_count
    if n == 0:
        return gettext("Noten payments: nobody is tenpai, nothing is paid.")
    if n == 3:
        return gettext("Noten payments: everybody is tenpai, nothing is paid.")
    return gettext("Noten payments: the pool of {pool} goes from the {noten} noten player(s) ({each_noten} each) to "
                   "the {tenpai} tenpai player(s) ({each_tenpai} each).").format(
        pool=pool, noten=3 - n, each_noten=pool // (3 - n), tenpai=n, each_tenpai=pool // n)


ABORTIVE_TEXT = N_("Abortive draw: nobody pays; the dealer deals again.")


def abortive_text() -> str:
    """The abortive draw's sentence, in the language spoken now."""
    return gettext(ABORTIVE_TEXT)


__all__ = ["ABORTIVE_TEXT", "DRAW_TITLES", "LIMIT_NAMES", "PAYER_NAMES", "RESULT_NAMES", "WIN_TITLE", "abortive_text",
           "draw_title", "limit_text", "nagashi_text", "noten_text", "payer_name", "plural", "result_name",
           "role_win_text", "sticks_text", "tenpai_line", "value_text", "win_sentence", "worth_text"]
