"""Learner-facing names of concepts and yaku."""

from __future__ import annotations

from sanma_core.scoring import YAKU

from .common import WAIT_NAMES

CONCEPTS: dict[str, str] = {
    **{f"waits.{k}": v[0].upper() + v[1:] for k, v in WAIT_NAMES.items()},
    "waits.furiten": "Furiten by your own discards",
    "waits.kita_furiten": "Furiten around a North set aside (kita)",
    "fu.pinfu_tsumo": "Fu of a pinfu tsumo (20)", "fu.pinfu_ron": "Fu of a pinfu ron (30)",
    "fu.chiitoitsu": "Fu of seven pairs (25)", "fu.closed_ron": "Fu of a closed ron (+10)",
    "fu.open_hand": "Fu of an open hand", "fu.triplets": "Fu of triplets and kans", "fu.wait": "Fu of the wait",
    "fu.yakuhai_pair": "Fu of a value pair", "fu.kan": "Fu of kans",
    "payment.ron.dealer": "Dealer ron payment", "payment.ron.non_dealer": "Non-dealer ron payment",
    "payment.tsumo.dealer": "Dealer tsumo payment (tsumo loss)", "payment.tsumo.non_dealer": "Non-dealer tsumo payment (tsumo loss)",
    "payment.tsumo_loss": "Tsumo loss: ron against tsumo",
    "kita_dora.kita": "Han from Norths set aside", "kita_dora.west_indicator": "West indicator: kita counts double",
    "kita_dora.wrap_1m": "1m and 9m indicators", "kita_dora.red": "Red fives", "kita_dora.ura": "Ura dora",
    "kita_dora.ura_west": "West ura indicator and kita", "kita_dora.kan_dora": "Kan dora",
    "dora.number": "Number indicators", "dora.wrap_nine": "9 wraps to 1", "dora.characters": "1m and 9m point to each other",
    "dora.wind": "Wind indicators", "dora.west_north": "West makes North dora", "dora.dragon": "Dragon indicators",
    "dora.red_indicator": "A red five as indicator", "dora.multiple": "Several indicators",
    "noten.one_tenpai": "Noten payments: one tenpai", "noten.two_tenpai": "Noten payments: two tenpai",
    "noten.all_tenpai": "Noten payments: all tenpai", "noten.all_noten": "Noten payments: all noten",
    "noten.nagashi.dealer": "Nagashi mangan by the dealer", "noten.nagashi.non_dealer": "Nagashi mangan by a non-dealer",
    "placement.basic": "Placement points", "placement.leftover_sticks": "Leftover riichi sticks",
    "placement.below_return": "Everyone below the return", "placement.tie": "Tied final scores",
    "placement.negative": "A negative final score",
    "efficiency.tenpai": "Discarding to tenpai", "efficiency.isolated": "Discarding the isolated tile",
    "efficiency.one_shanten": "Keeping the most useful tiles", "efficiency.deal": "Efficiency from a fresh deal",
    "efficiency.kita": "Kita instead of discarding North", "efficiency.keep_north": "A North the shape needs",
    "efficiency.last_draw": "No kita on the last draw",
    "furiten.own_discard": "Furiten: a wait among your discards", "furiten.clean": "Not furiten: a near miss",
    "furiten.temporary": "Temporary furiten: a ron let pass", "furiten.temporary_cleared": "Temporary furiten ends",
    "furiten.riichi": "Furiten in riichi", "furiten.kita_not_discard": "A North you set aside is not a discard",
    "furiten.kita_declined": "Letting a ron on a kita pass",
    "kita.free": "Kita: a North the hand does not need", "kita.kokushi": "A North for thirteen orphans",
    "kita.chiitoitsu": "A North pair and seven pairs", "kita.honours": "A North pair in an honour-heavy hand",
    "kita.shape": "A North the shape uses", "kita.riichi_drawn": "Kita in riichi: the drawn North",
    "kita.riichi_hand": "Kita in riichi: a North from the hand", "kita.first_turn": "Kita on the first draw",
    "kita.safe_tile": "A North as the only safe tile against a riichi",
    "push_fold.genbutsu": "Genbutsu, the tiles a riichi cannot ron", "push_fold.suji": "Suji", "push_fold.kabe": "No chance (kabe)",
    "push_fold.one_chance": "One chance", "push_fold.honour": "Honours and sanma terminals",
    "push_fold.north": "North against a riichi", "push_fold.push": "Pushing a tenpai worth the risk",
    "push_fold.fold_tenpai": "Folding a tenpai not worth the risk",
    "riichi_dama.no_yaku": "Riichi for a yaku", "riichi_dama.big_hand": "Dama: the hand is already worth enough",
    "riichi_dama.tsumo_loss": "Riichi or dama under tsumo loss",
    "call_pass.value_pon": "Calling a value honour", "call_pass.number": "Calling a number tile",
    "call_pass.open_kan": "Open kan, pon or pass", "all_last.push_first": "All-last: going for first",
    "all_last.keep_second": "All-last: keeping second", "riichi_dama.bad_wait": "Riichi or dama on a one-tile wait",
}


def concept_name(concept: str) -> str:
    """A learner-facing name for a concept id (``"yaku.pinfu"`` → ``"Pinfu (All sequences)"``)."""
    if concept in CONCEPTS:
        return CONCEPTS[concept]
    head, _, rest = concept.partition(".")
    if head == "yaku" and rest in YAKU:
        return yaku_name(rest)
    return rest.replace("_", " ").replace(".", ": ").capitalize() or head.capitalize()


def yaku_name(yaku_id: str) -> str:
    y = YAKU[yaku_id]
    return f"{y.romaji} ({y.name})" if y.romaji.lower() != y.name.lower() else y.name
