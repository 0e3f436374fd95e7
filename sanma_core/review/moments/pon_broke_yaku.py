"""``pon_broke_yaku``: after a pon the hand has no easy yaku left, while it had one before (a closed hand
always has: riichi). Easy yaku, by this rule: a value honour (dragon, seat or round wind, North where the
rules make it yakuhai) as a meld or a pair in hand; all simples (open tanyao allowed, every meld simple, at
most 3 terminals or honours in hand); a half flush (every meld in one suit or honours, at most 3 tiles in
hand off that suit); all triplets (at least ``4 - melds`` pairs in hand); an outside hand (every meld
terminals or honours, at most 2 tiles ranked 4 to 6 in hand). Rarer yaku (straight, three colours, kan or
last-tile yaku) are not looked for."""

from __future__ import annotations

from ...game import Action, Game
from ...i18n import DEFAULT_LANGUAGE, gettext, ngettext, speaking
from ...tiles import CHUN, EAST, HAKU, HATSU, HONOURS, NORTH, TERMINALS_AND_HONOURS, kind, kind_name
from .base import Tracker, tile_word

#: All simples stays possible with at most this many terminals and honours in the hand.
TANYAO_SLACK = 3
#: An outside hand stays possible with at most this many 4s, 5s and 6s in the hand.
CHANTA_SLACK = 2
#: A half flush stays possible with at most this many tiles in the hand outside the suit and honours.
FLUSH_SLACK = 3

_SUITS = (("m", range(0, 9)), ("p", range(9, 18)), ("s", range(18, 27)))


def yaku_blocks(game: Game, seat: int, counts: list[int], meld_kinds: list[int]) -> dict[str, str | None]:
    """For each easy yaku of an open hand, why it is out of reach (None: still possible).

    ``counts`` are the concealed hand's kinds, ``meld_kinds`` the kinds of its melds (all
    triplets or quads in sanma). The rule is the module docstring's.
    """
    value = {HAKU, HATSU, CHUN, EAST + game.seat_wind(seat), EAST + game.round_wind}
    if game.rules.north_is_yakuhai:
        value.add(NORTH)
    blocks: dict[str, str | None] = {}
    held = any(k in value for k in meld_kinds) or any(counts[k] >= 2 for k in value)
    blocks["yakuhai"] = None if held else gettext("no value honour (dragon, seat or round wind) pair")
    loud = sum(counts[k] for k in TERMINALS_AND_HONOURS)
    if not game.rules.open_tanyao:
        blocks["tanyao"] = gettext("no open all simples in these rules")
    elif any(k in TERMINALS_AND_HONOURS for k in meld_kinds):
        blocks["tanyao"] = gettext("a terminal or honour meld against all simples")
    else:
        blocks["tanyao"] = None if loud <= TANYAO_SLACK else gettext(
        "{n} terminals and honours against all simples").format(n=loud)
    offs = [sum(counts[k] for k in range(27) if k not in suit)
            for _, suit in _SUITS if all(k in suit or k in HONOURS for k in meld_kinds)]
    if not offs:
        blocks["honitsu"] = gettext("melds in two suits against a flush")
    else:
        blocks["honitsu"] = None if min(offs) <= FLUSH_SLACK else gettext(
        "{n} tiles off suit against a flush").format(n=min(offs))
    pairs = sum(c >= 2 for c in counts)
    blocks["toitoi"] = (None if pairs >= 4 - len(meld_kinds)
                        else ngettext("{n} pair against all triplets", "{n} pairs against all triplets", pairs).format(n=pairs))
    middle = sum(counts[k] for k in range(9, 27) if k % 9 in (3, 4, 5))
    if not all(k in TERMINALS_AND_HONOURS for k in meld_kinds):
        blocks["chanta"] = gettext("a middle meld against an outside hand")
    else:
        blocks["chanta"] = None if middle <= CHANTA_SLACK else gettext(
        "{n} tiles 4-6 against an outside hand").format(n=middle)
    return blocks


def yaku_paths(game: Game, seat: int, counts: list[int], meld_kinds: list[int]) -> list[str]:
    """The easy yaku an open hand can still reach (see :func:`yaku_blocks`)."""
    return [y for y, why in yaku_blocks(game, seat, counts, meld_kinds).items() if why is None]


def pon_broke_yaku(t: Tracker, game: Game, action: Action) -> None:
    seat = action.seat
    before_counts = list(game.counts[seat])
    before_melds = [cm.meld.tile_kind for cm in game.melds[seat]]
    closed = not any(cm.meld.is_open for cm in game.melds[seat])
    counts = list(before_counts)
    for tile in action.consumed:
        counts[kind(tile)] -= 1
    melds = [*before_melds, kind(action.tile)]
    if yaku_paths(game, seat, counts, melds):
        return
    if not closed and not yaku_paths(game, seat, before_counts, before_melds):
        return  # an earlier call had already left the hand without a yaku
    blocks = yaku_blocks(game, seat, counts, melds)
    with speaking(DEFAULT_LANGUAGE):  # the data stays in the engine's words, whatever the text speaks
        english = yaku_blocks(game, seat, counts, melds)
    text = gettext("Pon {tile} left no easy yaku: {blocks}").format(
        tile=tile_word(action.tile), blocks=", ".join(str(b) for b in blocks.values()))
    data = {"tile": kind_name(kind(action.tile)), "melds": [kind_name(k) for k in melds], "was_closed": closed,
            "terminals_honours": sum(counts[k] for k in TERMINALS_AND_HONOURS),
            "pairs": sum(c >= 2 for c in counts),
            "middle": sum(counts[k] for k in range(9, 27) if k % 9 in (3, 4, 5)),
            "blocks": [str(b) for b in english.values()]}
    t.moment(game, seat, "pon_broke_yaku", t.turn(game, seat), text, data)


__all__ = ["CHANTA_SLACK", "FLUSH_SLACK", "TANYAO_SLACK", "pon_broke_yaku", "yaku_blocks", "yaku_paths"]
