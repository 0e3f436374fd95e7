"""The features the bots' models read, by name, with words for a learner (the "what decided" of a reason):
the yes-or-no choices' (:mod:`sanma_core.bots.choice_features`) and the discard ranking's
(:mod:`sanma_core.bots.learned`), in the models' order; marked for translation, said by :mod:`.reasons`.
"""

from __future__ import annotations

from ..i18n import N_

#: The situation of the game, read by every yes-or-no choice after its own features.
SITUATION_FEATURES = (
    ("tiles_left", N_("how many tiles are left to draw")),
    ("own_discards", N_("how far the hand has gone")),
    ("dealer", N_("the seat is the dealer")),
    ("round", N_("the round (East, South)")),
    ("placement", N_("the seat's place")),
    ("lead", N_("the seat's lead over the best other seat")),
    ("gap_up", N_("the points to the seat above")),
    ("gap_down", N_("the points over the seat below")),
    ("score", N_("the seat's score")),
    ("riichi_threats", N_("an opponent is in riichi")),
    ("open_threats", N_("an opponent's open hand looks dangerous")),
    ("opponent_melds", N_("an opponent has called")),
    ("dora_han", N_("the dora the hand holds")),
    ("sticks", N_("the sticks and honba on the table")),
)

RIICHI_FEATURES = (
    ("wait_live", N_("the winning tiles left")),
    ("wait_kinds", N_("the kinds it waits on")),
    ("dama_value", N_("what the hand is worth without riichi")),
    ("riichi_value", N_("what riichi makes it worth")),
    ("riichi_gain", N_("what riichi adds")),
    ("no_yaku", N_("whether the hand has a yaku for ron without riichi")),
    ("isolated_wait", N_("a wait on an honour or a terminal")),
    ("furiten", N_("a furiten wait")),
    ("riichi_tiles", N_("the discards that would allow riichi")),
    ("hard_rule", N_("the value rules' verdict")),
    ("waited_before", N_("a wait already held at the last discard")),
)

KITA_FEATURES = (
    ("norths", N_("the Norths in hand")),
    ("north_dora", N_("North being dora")),
    ("shanten", N_("the hand's distance to tenpai")),
    ("shanten_loss", N_("what setting the North aside costs the hand")),
    ("kokushi", N_("thirteen orphans being close")),
    ("chiitoi", N_("seven pairs being close")),
    ("honours", N_("the honours in hand")),
    ("north_seen", N_("the Norths already out")),
    ("north_danger", N_("how safe the North is against the threats")),
    ("safe_tiles", N_("the other safe tiles in hand")),
    ("is_open", N_("an open hand")),
    ("hard_rule", N_("the value rules' verdict")),
)

CALL_FEATURES = (
    ("yakuhai", N_("a value honour")),
    ("dora_tile", N_("the tile being dora")),
    ("honour", N_("an honour")),
    ("terminal", N_("a terminal")),
    ("shanten_before", N_("the hand's distance before the call")),
    ("shanten_after", N_("the distance after the call")),
    ("closed_shanten", N_("the closed hand's distance")),
    ("own_melds", N_("the calls the hand has already made")),
    ("plan_distance", N_("how close a yaku would be after the call")),
    ("yaku_secured", N_("a yaku secured by the call")),
    ("pairs", N_("the pairs in hand")),
    ("tile_seen", N_("the copies already out")),
    ("kan_offer", N_("an open kan being possible")),
    ("han", N_("the hand's value")),
    ("hard_rule", N_("the value rules' verdict")),
)

KAN_FEATURES = (
    ("closed", N_("a closed kan (not added to a pon)")),
    ("in_riichi", N_("the seat being in riichi")),
    ("shanten", N_("the hand's distance to tenpai")),
    ("shanten_after", N_("the distance once the four tiles are set aside")),
    ("shape_kept", N_("the hand keeping its shape")),
    ("useful_lost", N_("the useful tiles the kan gives up")),
    ("dora_tile", N_("the tile being dora")),
    ("yakuhai", N_("a value honour")),
    ("honour", N_("an honour")),
    ("terminal", N_("a terminal")),
    ("own_melds", N_("the calls the hand has already made")),
    ("is_open", N_("an open hand")),
    ("kans_out", N_("the kans already on the table")),
    ("hard_rule", N_("the value rules' verdict")),
)

ABORT_FEATURES = (
    ("orphan_kinds", N_("the kinds of terminals and honours in hand")),
    ("kokushi", N_("how far thirteen orphans is")),
    ("shanten", N_("the hand's distance to tenpai")),
    ("chiitoi", N_("how far seven pairs is")),
    ("honours", N_("the honours in hand")),
    ("norths", N_("the Norths in hand")),
    ("value_pairs", N_("the pairs of value honours")),
    ("hard_rule", N_("the value rules' verdict")),
)

#: (name, words for a learner) of each feature, in the model's order.
DISCARD_FEATURES = (
    ("slower", N_("it costs a step to tenpai")),
    ("much_slower", N_("it costs two steps or more")),
    ("live", N_("it keeps many useful tiles")),
    ("live_gap", N_("it keeps the most useful tiles")),
    ("widest", N_("it is the widest choice")),
    ("keep", N_("the tile is worth keeping")),
    ("value_honour", N_("a value honour")),
    ("guest_wind", N_("a wind of no value")),
    ("north", N_("a North")),
    ("one_nine_m", N_("1m or 9m")),
    ("terminal", N_("a terminal")),
    ("two_eight", N_("a 2 or an 8")),
    ("middle", N_("a middle tile")),
    ("pair", N_("it breaks a pair")),
    ("triplet", N_("it breaks a triplet")),
    ("near1", N_("it has neighbours")),
    ("near2", N_("it has tiles two away")),
    ("dora", N_("it is dora")),
    ("red", N_("it is a red five")),
    ("seen", N_("copies are already out")),
    ("dead_honour", N_("an honour already out twice")),
    ("drawn", N_("it is the tile just drawn")),
    ("danger", N_("it is dangerous against riichi")),
    ("genbutsu", N_("it is safe against riichi")),
    ("threat_slower", N_("under riichi, it gives up a step")),
    ("threat_widest", N_("under riichi, it keeps the widest shape")),
    ("threat_honour", N_("under riichi, an honour")),
    ("threat_far_danger", N_("under riichi with a slow hand, it is dangerous")),
    ("early_honour", N_("an honour early in the hand")),
    ("plan_slower", N_("it moves away from a yaku")),
    ("threat_live", N_("under riichi, it keeps useful tiles")),
    ("far_keep", N_("a slow hand keeps it")),
    ("suji", N_("it is suji against riichi")),
    ("no_chance", N_("its neighbours are all out (no chance)")),
    ("safe_honour", N_("an honour against riichi")),
    ("seven_pairs", N_("it breaks a pair of a seven-pairs hand")),
    ("open_value", N_("a value honour of an open hand")),
    ("near_dora", N_("it is next to dora")),
    ("isolated", N_("it is an isolated tile")),
    ("value_choice", N_("the hand-written hard rules pick it")),
)

#: The table around a discard (:mod:`sanma_core.bots.discard_features`); a candidate's words say what the tile is.
TABLE_FEATURES = (
    ("thrown_by", N_("the opponents have thrown it")),
    ("just_thrown", N_("an opponent has just thrown it")),
    ("their_value", N_("a value honour for an opponent")),
    ("flush_suit", N_("it is of the suit of an opponent's flush look")),
    ("in_ponds", N_("copies are already in the ponds")),
    ("riichi_count", N_("the riichi on the table")),
    ("open_count", N_("the open threats")),
    ("streak", N_("an opponent throwing the tiles they draw")),
    ("left", N_("the tiles left")),
    ("place", N_("the seat's place")),
    ("lead_k", N_("the seat's lead")),
    ("melds_max", N_("the opponents' calls")),
    ("own_melds", N_("the seat's own calls")),
    ("candidates", N_("the number of choices")),
)

#: The hand a discard leaves (:func:`sanma_core.bots.discard_features.shape_features`).
SHAPE_FEATURES = (
    ("same_suit", N_("many tiles of its suit stay in the hand")),
    ("minor_suit", N_("it is of the hand's smaller suit")),
    ("one_suit", N_("the hand stays close to one suit and honours")),
    ("small_suit", N_("the hand's smaller suit is kept")),
    ("honours_left", N_("honours stay in the hand")),
    ("pairs_left", N_("the pairs stay in the hand")),
    ("yaochu_left", N_("terminals and honours stay in the hand")),
    ("dora_held", N_("the dora in hand")),
    ("turn", N_("the turn")),
    ("copies", N_("copies of it are in the hand")),
    ("useful_kinds", N_("it keeps many kinds of useful tiles")),
    ("next_width", N_("the hand widens after the next useful tile")),
    ("next_reach", N_("many next useful tiles widen the hand")),
)

#: The features of each yes-or-no choice, the situation last.
CHOICE_FEATURES = {"riichi": RIICHI_FEATURES + SITUATION_FEATURES, "kita": KITA_FEATURES + SITUATION_FEATURES,
                   "call": CALL_FEATURES + SITUATION_FEATURES, "kan": KAN_FEATURES + SITUATION_FEATURES,
                   "abort": ABORT_FEATURES + SITUATION_FEATURES}


def feature_words() -> tuple[str, ...]:
    """Every model feature's words, the longest first."""
    words = {w for rows in CHOICE_FEATURES.values() for _, w in rows} | {w for _, w in DISCARD_FEATURES + TABLE_FEATURES + SHAPE_FEATURES}
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


__all__ = ["ABORT_FEATURES", "CALL_FEATURES", "CHOICE_FEATURES", "DISCARD_FEATURES", "KAN_FEATURES", "KITA_FEATURES",
           "RIICHI_FEATURES", "SHAPE_FEATURES", "SITUATION_FEATURES", "TABLE_FEATURES", "feature_words"]
