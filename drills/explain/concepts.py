"""Learner-facing names of concepts and yaku."""

from __future__ import annotations

from sanma_core.i18n import N_, gettext
from sanma_core.scoring import YAKU

from .common import WAIT_NAMES

CONCEPTS: dict[str, str] = {
    **{f"waits.{k}": v for k, v in WAIT_NAMES.items()},  # capitalised where shown
    "waits.furiten": N_("Furiten by your own discards"),
    "waits.kita_furiten": N_("Furiten around a North set aside (kita)"),
    "fu.pinfu_tsumo": N_("Fu of a pinfu tsumo (20)"), "fu.pinfu_ron": N_("Fu of a pinfu ron (30)"),
    "fu.chiitoitsu": N_("Fu of seven pairs (25)"), "fu.closed_ron": N_("Fu of a closed ron (+10)"),
    "fu.open_hand": N_("Fu of an open hand"), "fu.triplets": N_("Fu of triplets and kans"), "fu.wait": N_("Fu of the wait"),
    "fu.yakuhai_pair": N_("Fu of a value pair"), "fu.kan": N_("Fu of kans"),
    "payment.ron.dealer": N_("Dealer ron payment"), "payment.ron.non_dealer": N_("Non-dealer ron payment"),
    "payment.tsumo.dealer": N_("Dealer tsumo payment (tsumo loss)"), "payment.tsumo.non_dealer": N_("Non-dealer tsumo payment (tsumo loss)"),
    "payment.tsumo_loss": N_("Tsumo loss: ron against tsumo"),
    "kita_dora.kita": N_("Han from Norths set aside"), "kita_dora.west_indicator": N_("West indicator: kita counts double"),
    "kita_dora.wrap_1m": N_("1m and 9m indicators"), "kita_dora.red": N_("Red fives"), "kita_dora.ura": N_("Ura dora"),
    "kita_dora.ura_west": N_("West ura indicator and kita"), "kita_dora.kan_dora": N_("Kan dora"),
    "dora.number": N_("Number indicators"), "dora.wrap_nine": N_("9 wraps to 1"), "dora.characters": N_("1m and 9m point to each other"),
    "dora.wind": N_("Wind indicators"), "dora.west_north": N_("West makes North dora"), "dora.dragon": N_("Dragon indicators"),
    "dora.red_indicator": N_("A red five as indicator"), "dora.multiple": N_("Several indicators"),
    "noten.one_tenpai": N_("Noten payments: one tenpai"), "noten.two_tenpai": N_("Noten payments: two tenpai"),
    "noten.all_tenpai": N_("Noten payments: all tenpai"), "noten.all_noten": N_("Noten payments: all noten"),
    "noten.nagashi.dealer": N_("Nagashi mangan by the dealer"), "noten.nagashi.non_dealer": N_("Nagashi mangan by a non-dealer"),
    "placement.basic": N_("Placement points"), "placement.leftover_sticks": N_("Leftover riichi sticks"),
    "placement.below_return": N_("Everyone below the return"), "placement.tie": N_("Tied final scores"),
    "placement.negative": N_("A negative final score"),
    "efficiency.tenpai": N_("Discarding to tenpai"), "efficiency.isolated": N_("Discarding the isolated tile"),
    "efficiency.one_shanten": N_("Keeping the most useful tiles"), "efficiency.deal": N_("Efficiency from a fresh deal"),
    "efficiency.kita": N_("Kita instead of discarding North"), "efficiency.keep_north": N_("A North the shape needs"),
    "efficiency.last_draw": N_("No kita on the last draw"),
    "furiten.own_discard": N_("Furiten: a wait among your discards"), "furiten.clean": N_("Not furiten: a near miss"),
    "furiten.temporary": N_("Temporary furiten: a ron let pass"), "furiten.temporary_cleared": N_("Temporary furiten ends"),
    "furiten.riichi": N_("Furiten in riichi"), "furiten.kita_not_discard": N_("A North you set aside is not a discard"),
    "furiten.kita_declined": N_("Letting a ron on a kita pass"),
    "kita.free": N_("Kita: a North the hand does not need"), "kita.kokushi": N_("A North for thirteen orphans"),
    "kita.chiitoitsu": N_("A North pair and seven pairs"), "kita.honours": N_("A North pair in an honour-heavy hand"),
    "kita.shape": N_("A North the shape uses"), "kita.riichi_drawn": N_("Kita in riichi: the drawn North"),
    "kita.riichi_hand": N_("Kita in riichi: a North from the hand"), "kita.first_turn": N_("Kita on the first draw"),
    "kita.safe_tile": N_("A North as the only safe tile against a riichi"),
    "push_fold.genbutsu": N_("Genbutsu, the tiles a riichi cannot ron"), "push_fold.suji": N_("Suji"), "push_fold.kabe": N_("No chance (kabe)"),
    "push_fold.one_chance": N_("One chance"), "push_fold.honour": N_("Honours and sanma terminals"),
    "push_fold.north": N_("North against a riichi"), "push_fold.push": N_("Pushing a tenpai worth the risk"),
    "push_fold.fold_tenpai": N_("Folding a tenpai not worth the risk"),
    "riichi_dama.no_yaku": N_("Riichi for a yaku"), "riichi_dama.big_hand": N_("Dama: the hand is already worth enough"),
    "riichi_dama.tsumo_loss": N_("Riichi or dama under tsumo loss"),
    "call_pass.value_pon": N_("Calling a value honour"), "call_pass.number": N_("Calling a number tile"),
    "call_pass.open_kan": N_("Open kan, pon or pass"), "all_last.push_first": N_("All-last: going for first"),
    "all_last.keep_second": N_("All-last: keeping second"), "riichi_dama.bad_wait": N_("Riichi or dama on a one-tile wait"),
}


def concept_name(concept: str) -> str:
    """A learner-facing name for a concept id (``"yaku.pinfu"`` → ``"Pinfu (All sequences)"``)."""
    if concept in CONCEPTS:
        name = gettext(CONCEPTS[concept])
        return name[:1].upper() + name[1:]
    head, _, rest = concept.partition(".")
    if head == "yaku" and rest in YAKU:
        return yaku_name(rest)
    return rest.replace("_", " ").replace(".", ": ").capitalize() or head.capitalize()


def yaku_name(yaku_id: str) -> str:
    y = YAKU[yaku_id]
    name = gettext(y.name)
    return f"{y.romaji} ({name})" if y.romaji.lower() != y.name.lower() else name
