"""Explanations as sentences, built from a question's explanation data (the data itself stays in the JSON).

Every step becomes one or more sentences that say what happens and why; concepts
get names (:func:`concept_name`) instead of ids. The CLI and the app both use
:func:`explanation_sentences`.

>>> step_sentences({"step": "indicator", "indicator": "1m", "indicator_kind": "1m", "dora": "9m", "red": False})
['Indicator 1m: the dora is the next tile in its order, 9m. Sanma has no 2m–8m, so 1m points to 9m (and 9m back to 1m).']
>>> concept_name("waits.ryanmen")
'Two-sided wait (ryanmen)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from sanma_core.scoring import YAKU

SEAT_NAMES = {"E": "East", "S": "South", "W": "West"}
LIMITS = {"": "", "mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
          "kazoe_yakuman": "counted yakuman (13+ han)", "yakuman": "yakuman"}
WAIT_NAMES = {
    "ryanmen": "two-sided wait (ryanmen)", "kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
    "tanki": "pair wait (tanki)", "shanpon": "two-pair wait (shanpon)", "nobetan": "extended pair wait (nobetan)",
    "sanmenchan": "three-sided wait (sanmenchan)", "aryanmen": "triplet-and-neighbour wait", "multi": "many-sided wait",
    "chiitoitsu": "seven-pairs wait", "kokushi": "thirteen-orphans wait", "kokushi_13": "thirteen-sided thirteen orphans",
    "chuuren": "nine-gates wait", "four_copy": "wait beside four held copies",
}

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


YAKU_WHY = {
    "riichi": "riichi was declared on a closed tenpai hand", "double_riichi": "riichi on the very first discard, before any call",
    "ippatsu": "the win came within one go-around of the riichi, with no call in between",
    "menzen_tsumo": "a closed hand won by self-draw", "pinfu": "all sequences, a pair worth no fu and a two-sided wait, closed",
    "tanyao": "only 2–8 tiles (in sanma: no 1m or 9m at all)", "iipeikou": "two identical sequences in a closed hand",
    "haku": "a triplet of white dragons", "hatsu": "a triplet of green dragons", "chun": "a triplet of red dragons",
    "seat_wind": "a triplet of the seat wind", "round_wind": "a triplet of the round wind",
    "north_wind": "a North triplet, a value triplet under this ruleset",
    "rinshan_kaihou": "the winning tile was the replacement draw after a kan or a North set aside",
    "chankan": "a ron on a tile added to a pon", "haitei": "a self-draw on the last live tile", "houtei": "a ron on the last discard",
    "chiitoitsu": "seven different pairs", "toitoi": "four triplets or kans and a pair", "sanankou": "three concealed triplets",
    "sanshoku_doukou": "triplets of one number in all three suits (only 1 or 9 in sanma)",
    "sankantsu": "three kans (a North set aside never counts as one)", "honroutou": "only terminals and honours",
    "shousangen": "two dragon triplets and a dragon pair", "chanta": "every set and the pair hold a terminal or an honour",
    "ittsu": "123, 456 and 789 of one suit", "honitsu": "one suit with honours", "junchan": "every set and the pair hold a terminal, no honours",
    "ryanpeikou": "two pairs of identical sequences", "chinitsu": "one suit only",
    "kokushi": "one of each terminal and honour plus a pair of one of them",
    "kokushi_13": "all thirteen terminals and honours, the win on the thirteen-sided wait",
    "suuankou": "four concealed triplets", "suuankou_tanki": "four concealed triplets won on the pair wait",
    "daisangen": "triplets of all three dragons", "shousuushii": "three wind triplets and a wind pair",
    "daisuushii": "triplets of all four winds", "tsuuiisou": "honours only",
    "ryuuiisou": "only green tiles (2, 3, 4, 6, 8 bamboo and the green dragon)", "chinroutou": "terminals only",
    "chuuren": "1112345678999 of one suit plus one more", "junsei_chuuren": "nine gates won on its nine-sided wait",
    "suukantsu": "four kans", "tenhou": "the dealer's hand was complete on the first draw, uninterrupted",
    "chiihou": "a non-dealer's hand was complete on the first draw, uninterrupted",
}
FU_WHY = {
    "base": "base fu of every hand", "closed_ron": "a closed hand won by ron", "tsumo": "a self-draw",
    "tanki": "a pair wait", "kanchan": "a closed wait", "penchan": "an edge wait",
    "open_pinfu": "an open hand with no fu is raised to 30", "chiitoitsu": "seven pairs are always 25 fu",
    "dragon_pair": "a dragon pair", "seat_wind_pair": "a seat-wind pair", "round_wind_pair": "a round-wind pair",
    "double_wind_pair": "a pair of the wind that is both seat and round", "north_pair": "a North pair (a value pair here)",
    "pair": "a pair",
}


def _fu_why(reason: str) -> str:
    if reason in FU_WHY:
        return FU_WHY[reason]
    parts = reason.split("_")  # open|closed, [terminal|honour], triplet|kan
    what = {"triplet": "triplet", "kan": "kan"}.get(parts[-1], parts[-1])
    kind = {"terminal": "terminal ", "honour": "honour "}.get(parts[1], "") if len(parts) == 3 else ""
    return f"{'an open' if parts[0] == 'open' else 'a closed'} {kind}{what}"


_PLURAL_S = re.compile(r"\b(\d+) ((?:[a-z]+ )*[a-z]+)\(s\)")


def tidy(text: str) -> str:
    """Engine text for people: ``"1 leftover stick(s)"`` → ``"1 leftover stick"``, ``"2 …(s)"`` → ``"2 …s"``."""
    return _PLURAL_S.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _list(items: Sequence[Any], empty: str = "none") -> str:
    items = [str(i) for i in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _seat(s: str) -> str:
    return SEAT_NAMES.get(s, s)


def _signed(n: float) -> str:
    text = f"{n:g}" if isinstance(n, float) else str(n)
    return text if n < 0 else "+" + text


# ---- scoring steps ------------------------------------------------------------


def _reading(s: dict[str, Any]) -> list[str]:
    form = s.get("form")
    if form == "chiitoitsu":
        return [f"The hand reads as seven pairs: {_list(s.get('pairs', []))}; the winning tile {s['winning_tile']} completed the last pair."]
    if form == "kokushi":
        return [f"The hand is thirteen orphans: one of each terminal and honour, completed by {s['winning_tile']}."]
    groups = []
    for g in s.get("groups", []):
        label = {"sequence": "sequence", "triplet": "triplet", "kan": "kan"}.get(g["shape"], g["shape"])
        how = "called" if not g.get("concealed", True) else "concealed"
        extra = ", completed by the winning tile" if g.get("completed_by_win") else ""
        groups.append(f"{g['tiles']} ({how} {label}{extra})")
    pair = f"pair {s.get('pair')}" + (" (completed by the winning tile)" if s.get("pair_completed_by_win") else "")
    wait = WAIT_NAMES.get(s.get("wait", ""), str(s.get("wait", "")).replace("_", " "))
    out = [f"The hand splits into {_list(groups + [pair])}.",
           f"The winning tile {s['winning_tile']} came on a {wait}; the hand is {'closed' if s.get('closed') else 'open'}"
           + (" (a North set aside does not open it)." if s.get("kita") and s.get("closed") else ".")]
    return out


def _yaku(s: dict[str, Any]) -> list[str]:
    yaku = s.get("yaku", [])
    if not yaku:
        return ["No yaku: the hand cannot win."]
    unit = "× yakuman" if s.get("yakuman") else "han"
    parts = [f"{yaku_name(y['id']) if y['id'] in YAKU else y['name']}, "
             f"{y['han'] // 13 if s.get('yakuman') else y['han']} {unit}: "
             f"{YAKU_WHY.get(y['id'], 'a yaku')}" for y in yaku]
    return ["Yaku: " + "; ".join(parts) + "."]


def _fu(s: dict[str, Any]) -> list[str]:
    lines = s.get("lines", [])
    if not lines:
        return []
    if len(lines) == 1 and lines[0]["reason"] == "chiitoitsu":
        return ["Fu: seven pairs are always 25 fu."]
    parts = [f"{line['fu']} for {_fu_why(line['reason'])}" + (f" {line['tiles']}" if line.get("tiles") else "")
             for line in lines]
    rounded = s.get("rounded", s.get("raw"))
    tail = f"; {s['raw']} rounds up to {rounded} (fu round up to the next 10)" if s.get("raw") != rounded else ""
    return [f"Fu: {'; '.join(parts)}{tail}."]


_WRAPS = {"1m": " (no 2m–8m in sanma: 1m points to 9m)", "9m": " (9m wraps back to 1m)",
          "3z": " (West points to North)", "9p": " (9 wraps to 1)", "9s": " (9 wraps to 1)"}


def _dora(s: dict[str, Any]) -> list[str]:
    out = []
    for d in s.get("dora_indicators", []):
        wrap = _WRAPS.get(d["indicator"], "")
        out.append(f"Dora indicator {d['indicator']} makes {d['dora']} dora{wrap}: "
                   f"{_plural(d['hits'], 'copy', 'copies')} in the hand and melds.")
    if s.get("aka"):
        out.append(f"Red fives: {_plural(s['aka'], 'red five')}, one han each.")
    k = s.get("kita_detail", {})
    if k.get("set_aside"):
        extra = k.get("indicators_on_north", 0)
        out.append(f"Kita: {_plural(k['set_aside'], 'North')} set aside, one han each"
                   + (f", and each West indicator makes North dora: {_plural(k['han'], 'han')} from kita." if extra
                      else f": {_plural(k['han'], 'han')}."))
    if s.get("ura_counted"):
        for d in s.get("ura_indicators", []):
            out.append(f"Ura indicator {d['indicator']} makes {d['dora']} ura dora: {_plural(d['hits'], 'copy', 'copies')} "
                       "in the hand and melds.")
        if k.get("ura_han"):
            out.append(f"The ura indicator points to North, so the Norths set aside add {_plural(k['ura_han'], 'han')} "
                       "of ura dora.")
    elif s.get("ura_indicators") == [] and not s.get("ura_counted"):
        pass
    if s.get("counted") is False:
        out.append("Dora do not count on a yakuman.")
    return out or ["No dora, red fives or kita."]


def _han(s: dict[str, Any]) -> list[str]:
    if s.get("bonus"):
        return [f"Han: {s['yaku']} from yaku plus {s['bonus']} from dora, red fives, ura and kita = {s['total']}."]
    return [f"Han: {s['total']}, all from yaku."]


def _payment(s: dict[str, Any]) -> list[str]:
    head = f"Base points {s['base']}" + (f" ({LIMITS.get(s.get('limit', ''), s.get('limit'))})" if s.get("limit") else "")
    return [head + ": " + "; ".join(s.get("text", [])) + "."]


# ---- drill steps --------------------------------------------------------------


def _waits(s: dict[str, Any]) -> list[str]:
    waits = s.get("waits", [])
    shape = WAIT_NAMES.get(s.get("shape", ""), "")
    out = [f"The hand waits on {_list(waits)}" + (f", a {shape}" if shape else "")
           + (f": {_plural(s['live_tiles'], 'copy', 'copies')} not in your hand, melds or kita." if "live_tiles" in s else ".")]
    for sp in s.get("splits", []):
        if sp["form"] == "regular":
            out.append(f"With {sp['wait']}: {' '.join(sp['sets'])} and the pair {sp['pair']}.")
        elif sp["form"] == "chiitoitsu":
            out.append(f"With {sp['wait']}: seven pairs {' '.join(sp['pairs'])}.")
        else:
            out.append(f"With {sp['wait']}: one of each terminal and honour, the pair {sp['pair']}.")
    if s.get("kita"):
        out.append(f"The {_plural(s['kita'], 'North')} set aside stay out of the hand: the waits come from the tiles in it.")
    return out


def _furiten(s: dict[str, Any]) -> list[str]:
    reason = s.get("reason", "")
    hit = s.get("discarded_waits", [])
    texts = {
        "own_discard": f"Furiten: you discarded {_list(hit or [s.get('early_discard', '')])}, one of your waits, so you "
                       "may not ron on any wait; a tsumo is still allowed.",
        "no_wait_discarded": "Not furiten: none of your waits is among your discards"
                             + (f" ({s['early_discard']} only looks close to them)" if s.get("early_discard") else "") + ".",
        "passed_ron": f"Furiten for now: you let a ron on {s.get('passed', 'a wait')} pass, so no ron until your next "
                      "discard.",
        "cleared_by_discard": f"Not furiten: you let {s.get('passed', 'a wait')} pass, but your own discard since then "
                              "ended that furiten.",
        "riichi_passed": f"Furiten: in riichi, letting a ron on {s.get('passed', 'a wait')} pass is furiten for the rest "
                         "of the hand, whatever you discard later.",
        "kita_not_discard": "Not furiten: a North you set aside (kita) is not a discard, so it never makes you furiten.",
        "kita_declined": "Furiten for now: a North another player sets aside can be ronned under this ruleset, so "
                         "letting it pass is like letting a discard pass: no ron until your next discard.",
        "no_ron_on_kita": "Not furiten: under this ruleset nobody can ron a North set aside, so letting it go is not "
                          "furiten.",
    }
    return [texts.get(reason, "Furiten." if s.get("furiten") else "Not furiten.")]


def _ron_now(s: dict[str, Any]) -> list[str]:
    who = _seat(s.get("by", ""))
    if s.get("furiten"):
        return [f"So {who}'s {s['tile']} cannot be ronned now."]
    if s.get("can_ron"):
        return [f"So you may ron {who}'s {s['tile']} (your dragon triplet is the yaku)."]
    return [f"{who}'s {s['tile']} is not a wait you can ron now."]


def _four_copies(s: dict[str, Any]) -> list[str]:
    return [f"You hold all four {_list(s.get('tiles', []))}: no copy is left to draw, so the shape cannot wait on it."]


def _all_copies_yours(s: dict[str, Any]) -> list[str]:
    where = [f"{s['in_hand']} in the hand"] + ([f"{s['in_melds']} in melds"] if s.get("in_melds") else []) \
        + ([f"{s['kita']} set aside as kita"] if s.get("kita") else [])
    return [f"{s['tile']} is no wait even though the shape needs it: all four are yours ({_list(where)})."]


def _indicator(s: dict[str, Any]) -> list[str]:
    ind, dora = s["indicator"], s["dora"]
    kind = s.get("indicator_kind", ind)
    why = {
        "1m": "Sanma has no 2m–8m, so 1m points to 9m (and 9m back to 1m).",
        "9m": "Sanma has no 2m–8m, so 9m wraps back to 1m.",
        "9p": "A 9 wraps around to the 1 of its suit.", "9s": "A 9 wraps around to the 1 of its suit.",
        "3z": "Winds go East, South, West, North: West points to North even though nobody sits North.",
        "4z": "After North the winds wrap back to East.",
        "7z": "Dragons go white, green, red and back to white.",
    }.get(kind, "Winds go East, South, West, North; dragons white, green, red." if kind.endswith("z") else "")
    red = " A red five as indicator points like a plain five (the red one itself is not dora by pointing)." if s.get("red") else ""
    return [" ".join(x for x in (f"Indicator {ind}: the dora is the next tile in its order, {dora}.", why, red.strip()) if x)]


def _west_makes_north(s: dict[str, Any]) -> list[str]:
    return ["With North as dora, each North set aside (kita) is worth 2 han: 1 for the kita and 1 as dora."]


def _base_points(s: dict[str, Any]) -> list[str]:
    head = f"Base points {s['base']}" + (f" ({LIMITS.get(s['limit'], s['limit'])})" if s.get("limit") else "")
    return [head + ": " + "; ".join(s.get("lines", [])) + "."]


def _tsumo_loss(s: dict[str, Any]) -> list[str]:
    if s.get("tsumo_loss"):
        return [f"Tsumo loss: the tsumo brings {s['sanma_total_before_honba']} where four-player would bring "
                f"{s['four_player_total']}, because the absent North's share is simply not paid."]
    return [f"North bisection: the absent player's share is split between the two payers, so the tsumo still brings "
            f"{s['sanma_total_before_honba']}."]


_PAYER = {"ron": "the discarder pays", "dealer": "the dealer pays", "non_dealer": "the other non-dealer pays",
          "each": "each non-dealer pays"}


def _payments(s: dict[str, Any]) -> list[str]:
    parts = [f"{_PAYER[k]} {v}" for k, v in s.items() if k in _PAYER]
    return [f"So {_list(parts)}; the winner gains {s['total']} in total (honba and riichi sticks included)."]


def _ron(s: dict[str, Any]) -> list[str]:
    return [f"By ron: {'; '.join(s.get('lines', []))}, {s['total']} in all."]


def _compare(s: dict[str, Any]) -> list[str]:
    diff = s["difference"]
    if diff > 0:
        return [f"The ron brings {s['ron_total']} and the tsumo {s['tsumo_total']}: {diff} less by tsumo, the cost of "
                "tsumo loss."]
    return [f"The ron and the tsumo both bring {s['ron_total']}: a dealer's tsumo loses nothing here."]


def _fu_total(s: dict[str, Any]) -> list[str]:
    if s["raw"] == s["rounded"]:
        return [f"Total: {s['rounded']} fu."]
    return [f"Total: {s['raw']} fu, rounded up to {s['rounded']}."]


def _noten_pool(s: dict[str, Any]) -> list[str]:
    return [f"At an exhaustive draw the noten players pay {s['pool']} in all to the tenpai players: here "
            f"{_plural(s['tenpai'], 'player')} tenpai and {s['noten']} noten."]


def _split(s: dict[str, Any]) -> list[str]:
    return [f"Each tenpai player receives {s['each_tenpai_gets']} and each noten player pays {s['each_noten_pays']}."]


def _no_payment(s: dict[str, Any]) -> list[str]:
    who = "everyone is tenpai" if "tenpai" in s.get("reason", "") else "everyone is noten"
    return [f"Nobody pays: {who}, so there is nobody to pay or to be paid."]


def _deltas(s: dict[str, Any]) -> list[str]:
    return ["Score changes: " + ", ".join(f"{_seat(k)} {_signed(v)}" for k, v in s.items() if k != "step") + "."]


def _final_scores(s: dict[str, Any]) -> list[str]:
    return ["Scores after the payments: " + ", ".join(f"{_seat(k)} {v}" for k, v in s.items() if k != "step") + "."]


def _nagashi(s: dict[str, Any]) -> list[str]:
    who = _seat(s["winner"])
    role = "the dealer" if s.get("dealer") else "a non-dealer"
    return [f"{who} ({role}) is paid as for a mangan tsumo under tsumo loss, instead of any noten payments: every "
            "discard was a terminal or honour and none was called."]


def _no_honba(s: dict[str, Any]) -> list[str]:
    return [f"The {_plural(s['honba'], 'honba', 'honba')} are not paid: nagashi mangan settles a draw, and the honba "
            "stay for the next hand."]


def _rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(_signed(u) for u in s.get("uma", []))
    return [f"Placement points: (points − {s['return_points']}) / 1000, plus uma {uma} by rank"
            + (f", plus {s['oka']} oka to first (everyone started with {s['start_points']})." if s.get("oka") else ".")]


def _placement(s: dict[str, Any]) -> list[str]:
    return [f"{_seat(s['seat'])}, rank {s['rank']} with {s['points']}: " + "; ".join(s.get("lines", [])) + "."]


def _tie_break(s: dict[str, Any]) -> list[str]:
    return ["Equal points rank by seat order from the first dealer, East first."]


# ---- efficiency and kita ------------------------------------------------------


def _kita_rule(s: dict[str, Any]) -> list[str]:
    han = _plural(s.get("han", 1), "han")
    if not s.get("legal"):
        return ["No kita here: a North cannot be set aside on the last draw of the live wall (no replacement may be "
                "drawn), so the North is an ordinary tile to keep or discard."]
    if s.get("north_needed"):
        return [f"Kita is legal, but the North is part of the shape: without it the hand is {_shanten(s['shanten_after_kita'])} "
                f"instead of {_shanten(s['best_discard_shanten'])}."]
    return [f"Kita: setting the North aside leaves the same shape as discarding it, adds {han} and draws a replacement "
            "tile, and your discard is still to come. Discarding a North you could set aside gives that away."]


def _shanten(n: int) -> str:
    return "tenpai" if n == 0 else ("complete" if n < 0 else f"{n}-shanten")


def _option(s: dict[str, Any]) -> list[str]:
    what = "Kita" if s["step"] == "kita" else f"Discard {s['tile']}"
    useful = _list(s.get("useful", []))
    verdict = " — the best play." if s.get("best") else "."
    lost = f" It throws away {_plural(int(s['han_lost']), 'han')} of dora." if s.get("han_lost") else ""
    return [f"{what}: {_shanten(s['shanten'])}, {_plural(s['count'], 'useful tile')} unseen ({useful}){verdict}{lost}"]


def _without_kita(s: dict[str, Any]) -> list[str]:
    return [f"Where a North cannot be set aside (four-player rules, or the last draw), the North is an ordinary honour "
            f"and the best discard would be {_list(s['tiles'], 'none')} ({_shanten(s['shanten'])}, "
            f"{_plural(s['count'], 'useful tile')})."]


def _order(s: dict[str, Any]) -> list[str]:
    seen = f" (the dora indicator {_list(s['seen'])} is one of the tiles you see)" if s.get("seen") else ""
    dora = f" {_list(s['dora'])} is dora, so discarding it throws away a han." if s.get("dora") else ""
    return [f"Order: the lowest shanten first, then the most useful tiles you cannot see{seen}, then the value "
            f"kept, then the tile order.{dora}"]


# ---- kita, push or fold, riichi or dama ------------------------------------------


def _kita_verdict(s: dict[str, Any]) -> list[str]:
    keep, kita, reason = _shanten(s["shanten_keep"]), _shanten(s["shanten_kita"]), s["reason"]
    costs = s["shanten_kita"] > s["shanten_keep"]
    if reason == "free":
        return [f"Set it aside: the hand does not need the North ({keep} either way), and kita adds a han and draws "
                "a replacement tile before your discard."]
    aside = s.get("set_aside")
    if reason == "kokushi":
        if aside:
            return [f"Thirteen orphans is close ({_shanten(s['form_shanten'])}), but you hold a second North: one "
                    "can go aside and the other still serves thirteen orphans."]
        return [f"Keep it: thirteen orphans is your closest hand ({_shanten(s['form_shanten'])}), and it needs a North; "
                "setting it aside would take that chance away."]
    if reason == "chiitoitsu":
        if aside:
            return [f"Seven pairs is close ({_shanten(s['form_shanten'])}) and the North pair is one of its pairs, but "
                    f"the regular shape is as close ({keep}; {kita} without the North). Set it aside: a sure han and "
                    "a replacement draw beat one pair of a tile that makes no yaku."]
        return [f"Keep it: the North pair counts as one of seven pairs ({_shanten(s['form_shanten'])} for seven "
                "pairs); one han of kita does not pay for breaking it."]
    if reason == "honours":
        piece = f": without it the hand is {kita} instead of {keep}" if costs else ""
        if aside:
            return [f"{s['honours']} honours lean towards an honour hand, and the North pair is one of its pieces"
                    f"{piece}. Set it aside anyway: a North pair only ever waits as a pair and is no yaku, while kita "
                    "is a sure han and a fresh draw."]
        return [f"Keep it: {s['honours']} honours make an honour hand (all triplets, or one suit with honours), and the "
                f"North pair is one of its pieces{piece}."]
    if reason == "shape":
        if s.get("set_aside"):
            return [f"Set it aside even though the shape uses it: the hand is {keep} with the North and {kita} without, "
                    "still far from tenpai. A North pair can only wait as a pair or a two-pair wait and makes no yaku, "
                    "while kita is a sure han and the replacement draw is a fresh chance to rebuild the step."]
        return [f"Keep it: the North is part of the shape and the hand is close: {keep} with it, {kita} without. So "
                "near tenpai the step is worth more than the han."]
    return ["Kita is not allowed here."]


def _real_kita(s: dict[str, Any]) -> list[str]:
    where = "facing a riichi" if s.get("threat") else "in similar positions"
    return [f"Phoenix players set the North aside {where} in {s['share']:.0%} of {s['n']} cases ({s['source']})."]


def _safe_tile(s: dict[str, Any]) -> list[str]:
    who = _seat(s["seat"])
    ron = ("Under this ruleset nobody may ron a North set aside, so the kita itself is safe"
           if not s["ron_on_kita"] else f"{who} discarded a North, so the kita itself is safe (furiten for them)")
    if not s.get("keep"):
        return [f"{ron}. Set it aside."]
    return [f"You are {_shanten(s['shanten'])} and folding against {who}'s riichi, and the North is your only safe "
            f"tile. {ron}, but a kita is not a discard: after the replacement draw you must still discard, and the "
            f"safest other tile, {s['safest']}, has danger {s['safest_value']:g}. Discard the North instead (or keep "
            "it for a later turn): it ends this turn safely."]


def _riichi_kita(s: dict[str, Any]) -> list[str]:
    if s["legal"]:
        return [f"In riichi a North you have just drawn may be set aside: it is not one of your waits "
                f"({_list(s['waits'])}), so the waits stay the same and the kita adds a han and a replacement draw."]
    rule = ("in riichi only a North just drawn may be set aside (this ruleset)" if s.get("drawn_only")
            else "setting it aside would change your waits")
    return [f"Not allowed: {rule}. You drew {s['drawn']}, so the North stays in the hand"
            + (" as part of your wait." if s.get("north_in_waits") else ".")]


def _ippatsu(s: dict[str, Any]) -> list[str]:
    if not s.get("before"):
        return []
    if s.get("after") is None:
        return []
    if s["after"]:
        return ["Your ippatsu chance survives the kita here: under this ruleset a kita is not a call."]
    return ["The kita ends your ippatsu chance (under this ruleset it counts as a call, except for a ron on that very "
            "North); the sure han of kita is worth more than the small chance of ippatsu."]


def _first_turn_kita(s: dict[str, Any]) -> list[str]:
    names = _list([yaku_name(y) for y in s.get("yaku", []) if y in YAKU])
    if "tenhou" in s.get("yaku", []):
        return [f"Tenhou: under this ruleset a kita is not a call, so the first go-around is unbroken and the "
                f"replacement tile still counts as the dealer's first draw ({names})."]
    return [f"No tenhou: under this ruleset a kita counts as a call and ends the first go-around, so the win on its "
            f"replacement tile is rinshan kaihou ({names}, {_plural(s['han'], 'han')})."]


def _threat(s: dict[str, Any]) -> list[str]:
    passed = f"; after the riichi {_list(s['passed'])} passed without a ron" if s.get("passed") else ""
    return [f"{_seat(s['seat'])}'s riichi: their own discards ({_list(s['pond'])}) and the tiles passed since are safe "
            f"against them{passed}."]


_CATEGORY = {"genbutsu": "safe (genbutsu)", "suji": "suji", "kabe": "no chance (kabe)", "one_chance": "one chance",
             "honour": "honour or sanma terminal", "other": "not covered"}


_WHY_SAFE = {
    "genbutsu": "the riichi player discarded it or let it pass, so they cannot ron it",
    "suji": "both two-sided waits on it are ruled out by tiles the riichi player cannot ron",
    "kabe": "every copy of its neighbours is visible, so no two-sided or closed wait can use it",
    "one_chance": "only one copy of a neighbour is left, so few shapes can still use it",
    "other": "a sequence could wait on it",
}


def _danger(s: dict[str, Any]) -> list[str]:
    why = _WHY_SAFE.get(s["category"]) or s["reason"].split(": ", 1)[-1]
    best = (" The safest that keeps tenpai." if s.get("keeps_tenpai") else " The safest.") if s.get("best") else ""
    return [f"{s['tile']}: {_CATEGORY.get(s['category'], s['category'])}, danger {s['value']:g} — {why}.{best}"]


def _decision(s: dict[str, Any]) -> list[str]:
    if s["mode"] == "push":
        return [f"Push, but with the safest discard that keeps tenpai ({_list(s['tiles'])})."]
    if s.get("weighed"):
        return [f"Fold: give up the tenpai and discard the safest tile ({_list(s['tiles'])})."]
    return [f"You are {_shanten(s['shanten'])}, far from winning: fold with the safest tile ({_list(s['tiles'])})."]


_STATE = {"tenpai good": "tenpai on a good wait", "tenpai poor": "tenpai on a poor wait", "1-shanten": "1-shanten",
          "2+": "two or more steps from tenpai"}


def _trade(s: dict[str, Any]) -> list[str]:
    who = _seat(s["seat"])
    against = "the dealer's riichi" if s["dealer"] else "a non-dealer's riichi"
    norths = _plural(s["riichi_kita"], "North") if s["riichi_kita"] else "no North"
    p, f = s["push"], s["fold"]
    better = "Push" if p["ev"] > f["ev"] else "Fold"
    return [f"Your hand waits on {_list(s['waits'])} ({_plural(s['live'], 'live tile')}, a "
            f"{'good' if s['state'] == 'tenpai good' else 'poor'} wait) and wins about {s['value']} (the engine's "
            f"score of each wait, no riichi). {who} has set {norths} aside: in real play a ron of {against} with "
            f"that many Norths cost {s['cost']} on average.",
            f"In real play ({s['source']}), of {p['rate']['n']} players {_STATE.get(s['state'], s['state'])} against "
            f"{against} who pushed, {p['win']:.0%} won the hand and {p['deal_in']:.0%} dealt in to it; of "
            f"{f['rate']['n']} who folded, {f['win']:.0%} won and {f['deal_in']:.0%} dealt in.",
            f"Push: {p['win']:.0%} × {s['value']} − {p['deal_in']:.0%} × {s['cost']} = {p['ev']}; fold: "
            f"{f['win']:.0%} × {s['value']} − {f['deal_in']:.0%} × {s['cost']} = {f['ev']}. {better} is worth more."]


def _north_rule(s: dict[str, Any]) -> list[str]:
    who = _seat(s["seat"])
    if not s["ron_on_kita"]:
        return ["Safe: under this ruleset nobody may ron a North set aside, so kita is free even against a riichi."]
    if s["safe"]:
        return [f"Safe: a North set aside can be ronned under this ruleset, but {who} discarded a North, so a ron on "
                "North is furiten for them."]
    return [f"Dangerous: under this ruleset a North set aside can be ronned like a discard, so kita is as dangerous as "
            f"discarding the North ({_CATEGORY.get(s['category'], s['category'])}, danger {s['value']:g})."]


def _wait_values(s: dict[str, Any]) -> list[str]:
    out = []
    for r in s.get("rows", []):
        ron = f"ron {r['ron_dama']}" if r["ron_dama"] else "no ron (no yaku without riichi)"
        out.append(f"On {r['wait']}: dama {ron}, tsumo {r['tsumo_dama']}; riichi ron {r['ron_riichi']}, "
                   f"tsumo {r['tsumo_riichi']}.")
    if s.get("tsumo_loss"):
        out.append("Under tsumo loss a tsumo brings less than a ron of the same hand, so the ron chance counts for more.")
    return out


def _bucket_words(key: str) -> str:
    """``"riichi|3-4|7-10"`` → ``"3-4 live winning tiles, turns 7-10"`` (a ``*`` part is left out)."""
    parts = key.split("|")[1:]
    words = []
    if parts and parts[0] != "*":
        words.append(f"{parts[0]} live winning tiles")
    if len(parts) > 1 and parts[1] != "*":
        words.append(f"turn {parts[1]}")
    return ", ".join(words) or "any wait and turn"


def _win_chance(s: dict[str, Any]) -> list[str]:
    d, r = s["dama"], s["riichi"]
    out = [f"You have {_plural(s['live'], 'live winning tile')} on turn {s['turn']}. In real play "
           f"({s.get('source', 'real games')}), of {d['rate']['n']} first closed tenpai hands like this "
           f"({_bucket_words(d['rate']['key'])}) that stayed dama, {d['rate']['counts'].get('win', 0) / d['rate']['n']:.0%} "
           f"won and {d['p_deal_in']:.0%} dealt in; of {r['rate']['n']} that declared riichi "
           f"({_bucket_words(r['rate']['key'])}), {r['p_tsumo'] + r['p_ron']:.0%} won "
           f"({r['p_tsumo']:.0%} by tsumo) and {r['p_deal_in']:.0%} dealt in."]
    if not s["ron_live"]:
        out.append(f"Dama has no yaku for a ron, so it can only win by tsumo: about {d['p_tsumo']:.0%} here.")
    elif s["ron_live"] < s["live"]:
        out.append(f"Dama has no yaku for a ron on some of its waits, so only {s['ron_live']} of the {s['live']} live "
                   f"tiles win by ron: dama wins about {d['p_tsumo'] + d['p_ron']:.0%} here.")
    return out


def _expected_value(s: dict[str, Any]) -> list[str]:
    better = "Riichi" if s["answer"] == "riichi" else "Dama"
    cost = f" A deal-in cost those players {s['deal_in_cost']} on average." if s.get("deal_in_cost") else ""
    return [f"Expected gain: riichi {s['riichi']} (a riichi that does not win loses its 1000 stick), dama {s['dama']}, "
            f"each after the deal-ins.{cost} {better} is worth more."]


def _call_shape(s: dict[str, Any]) -> list[str]:
    held = "a triplet" if s["held"] == 3 else "a pair"
    out = [f"You hold {held} of {s['tile']}; the hand is {_shanten(s['shanten'])} now and "
           f"{_shanten(s['pon_shanten'])} after a pon and a discard."]
    if s["value"]:
        out.append(f"A pon of {s['tile']} is a yaku by itself (a value triplet, 1 han), so the open hand can still win.")
    else:
        out.append(f"{s['tile']} is not a value tile: a pon opens the hand without a yaku, so riichi is gone and the "
                   "hand then needs another one (all simples, all triplets, a flush).")
    if s["held"] == 3:
        out.append("An open kan leaves the same shape as the triplet you hold; it draws a replacement tile and turns "
                   "a new dora indicator for everyone, and it opens the hand too.")
    return out


_CALL_WORDS = {"pon": "called pon", "minkan": "called an open kan", "pass": "passed"}


def _real_call(s: dict[str, Any]) -> list[str]:
    held = "a triplet" if s["held"] == 3 else "a pair"
    parts = [f"{_CALL_WORDS[k]} in {v:.0%}" for k, v in s["shares"].items() if k in _CALL_WORDS and (v or k != "minkan")]
    return [f"Phoenix players holding {held} of {'a ' + s['what'] if s['what'] != 'number' else 'a number tile'} "
            f"when it was discarded, closed and as far from tenpai, {_list(parts)} of {s['n']} cases "
            f"({s['source']}): {_CALL_WORDS[s['answer']].replace('called ', '')} is the play."]


def _all_last_rules(s: dict[str, Any]) -> list[str]:
    uma = " / ".join(_signed(u) for u in s.get("uma", []))
    oka = f", plus {s['oka']} oka to first" if s.get("oka") else ""
    return [f"At the end, placement points are (points − {s['return_points']}) / 1000 plus uma {uma} by rank{oka}: "
            "the rank is worth far more than a few thousand points."]


def _all_last_values(s: dict[str, Any]) -> list[str]:
    return [f"The hand wins {s['dama']} by ron dama and {s['riichi']} with riichi (the engine's mean over the waits); "
            f"by tsumo the dealer pays {s['dama_tsumo']['dealer']} dama or {s['riichi_tsumo']['dealer']} with riichi, "
            f"the other non-dealer {s['dama_tsumo']['non_dealer']} or {s['riichi_tsumo']['non_dealer']}."]


def _all_last_outcomes(s: dict[str, Any]) -> list[str]:
    rows = "; ".join(f"{r['outcome']} {r['chance']:.0%} → {r['score']:+g}" for r in s["rows"] if r["chance"] > 0)
    what = "Riichi" if s["choice"] == "riichi" else "Dama"
    rate = s["rate"]
    return [f"{what}: real first closed tenpai hands that {'declared riichi' if s['choice'] == 'riichi' else 'stayed dama'} "
            f"({rate['n']} of them, {s['source']}) won {rate['counts'].get('win', 0) / rate['n']:.0%} and dealt in "
            f"{rate['counts'].get('deal_in', 0) / rate['n']:.0%}, paying {s['cost']} on average. Your placement points "
            f"by outcome: {rows}. Expected: {s['expected']:+g}."]


def _all_last_choice(s: dict[str, Any]) -> list[str]:
    better = "Riichi" if s["answer"] == "riichi" else "Dama"
    return [f"{better} is worth more in placement points ({s['riichi']:+g} riichi against {s['dama']:+g} dama)."]


_STEPS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "kita_verdict": _kita_verdict, "real_kita": _real_kita, "safe_tile": _safe_tile, "riichi_kita": _riichi_kita, "ippatsu": _ippatsu,
    "first_turn_kita": _first_turn_kita, "threat": _threat, "danger": _danger, "decision": _decision, "trade": _trade,
    "north_rule": _north_rule, "wait_values": _wait_values, "win_chance": _win_chance,
    "expected_value": _expected_value,
    "reading": _reading, "yaku": _yaku, "fu": _fu, "dora": _dora, "han": _han, "payment": _payment,
    "fu_total": _fu_total, "waits": _waits, "furiten": _furiten, "ron_now": _ron_now, "four_copies": _four_copies,
    "all_copies_yours": _all_copies_yours, "indicator": _indicator, "west_makes_north": _west_makes_north,
    "base_points": _base_points, "tsumo_loss": _tsumo_loss, "payments": _payments, "ron": _ron, "compare": _compare,
    "noten_pool": _noten_pool, "split": _split, "no_payment": _no_payment, "deltas": _deltas,
    "final_scores": _final_scores, "nagashi": _nagashi, "no_honba": _no_honba, "rules": _rules,
    "placement": _placement, "tie_break": _tie_break, "kita_rule": _kita_rule, "kita": _option, "discard": _option,
    "without_kita": _without_kita, "order": _order, "call_shape": _call_shape, "real_call": _real_call,
    "all_last_rules": _all_last_rules, "all_last_values": _all_last_values, "all_last_outcomes": _all_last_outcomes,
    "all_last_choice": _all_last_choice,
}


def register(name: str, render: Callable[[dict[str, Any]], list[str]]) -> None:
    """Add the sentences of a step kind (generators with steps of their own register them)."""
    _STEPS[name] = render


def step_sentences(s: dict[str, Any]) -> list[str]:
    """The sentences of one explanation step (an unknown step lists its values without key names)."""
    render = _STEPS.get(str(s.get("step")))
    if render is not None:
        return render(s)
    values = [v for k, v in s.items() if k != "step" and isinstance(v, str | int | float)]
    return [" ".join(str(v) for v in values)] if values else []


def explanation_sentences(steps: Sequence[dict[str, Any]]) -> list[str]:
    """Every step's sentences, in order."""
    out: list[str] = []
    for s in steps:
        if isinstance(s, dict):
            out.extend(step_sentences(s))
        else:
            out.append(str(s))
    return [tidy(text) for text in out]
