"""Notable moments of a reviewed player's game, found while a record is re-played: one detector per kind,
each in a module of its own (named after the kind), run by :class:`~.finder.MomentFinder`.

:class:`MomentFinder` is a replay observer (like :class:`~sanma_core.review.decisions.DecisionReviewer`):
``before(game, action)`` is called just before each action is applied, and ``moments`` lists
what it found for the reviewed seats, in the order of the game. Every moment has a one-line
reason (``text``) and the numbers behind it (``data``, JSON-ready). The kinds:

``win_not_taken``
    Tsumo or ron was legal and the seat did something else; the win's han, fu and points come
    from the engine's own scoring of it.
``north_kept``
    Kita was legal and the seat discarded instead (first time in the hand only). The han lost
    per North comes from the bonus rules and the dora indicators (one more per indicator on
    North). If the seat later wins the hand after throwing that North away, the text adds what
    the win would have been worth with the North set aside.
``riichi`` / ``dama``
    The first discard of a hand that keeps the hand tenpai while riichi is legal: ``riichi``
    when declared, ``dama`` otherwise. The value is the ron on the main wait (most unseen copies
    from the seat's view), scored with and without riichi (no ura, ippatsu or honba).
``deal_in``
    An opponent's ron on the seat's discard (or added kan or kita). At each of the seat's
    discards the tiles in hand that were genbutsu (danger 0 in the hints) against every riichi
    opponent are remembered and named.
``pon_broke_yaku``
    After a pon the hand has no easy yaku left, while it had one before (a closed hand always
    has: riichi). Easy yaku, by this rule: a value honour (dragon, seat or round wind, North
    where the rules make it yakuhai) as a meld or a pair in hand; all simples (open tanyao
    allowed, every meld simple, at most 3 terminals or honours in hand); a half flush (every
    meld in one suit or honours, at most 3 tiles in hand off that suit); all triplets (at least
    ``4 - melds`` pairs in hand); an outside hand (every meld terminals or honours, at most 2
    tiles ranked 4 to 6 in hand). Rarer yaku (straight, three colours, kan or last-tile yaku)
    are not looked for.
``furiten``
    The seat is tenpai and ``is_furiten`` turns true (once per hand): a wait among its own
    discards, a winning tile passed under riichi, a ron passed, or a winning tile gone by
    while the hand had no yaku. The moment is placed at the action that caused it.
``fold_behind``
    Folding when far behind: in the South or West round, the seat is last by 8,000 or more
    (to second place), an opponent is in riichi, the seat is not tenpai, and it discards a
    tile genbutsu against every riichi opponent that leaves the hand further from tenpai than
    its best discard. Only attacking can change the placement, so breaking the hand for a safe
    tile is noted (once per hand).

``turn`` is the seat's own turn number in the hand: the turn it is playing (or, answering
another seat's tile, the turn it plays next); a deal-in and a furiten caused by the seat's own
discard take that discard's turn. ``step`` counts the actions applied in the game before the
moment's action (``replay_to(step)`` shows the position).

>>> from sanma_core.game import Action
>>> from sanma_core.game.scenario import arranged_game
>>> g = arranged_game("tenhou", hands=["123p456p789s1155s", None, None], draws="4z", dora="1z")
>>> f = MomentFinder({0})
>>> a = Action.discard(0, 30)  # the North, instead of setting it aside
>>> f.before(g, a); g.apply(a)
>>> [(m.kind, m.turn) for m in f.moments]
[('north_kept', 1), ('dama', 1)]
>>> f.moments[0].text
'Discarded a North that could have been set aside: +1 han'
"""

from __future__ import annotations

from .base import MOMENT_KINDS, Moment, hand_points, ron_input, tile_word
from .finder import MomentFinder
from .fold_behind import FAR_BEHIND
from .pon_broke_yaku import yaku_blocks, yaku_paths

__all__ = ["FAR_BEHIND", "MOMENT_KINDS", "Moment", "MomentFinder", "hand_points", "ron_input", "tile_word",
           "yaku_blocks", "yaku_paths"]
