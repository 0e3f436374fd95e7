"""The printable cheat sheet: payments under the active ruleset, kita and dora rules (no Streamlit here).

Every number comes from :mod:`sanma_core.scoring.payments`, so the sheet
follows the ruleset (tsumo loss or north-bisection, honba, noten pool).

>>> from sanma_core.rules import load_preset
>>> rows = payment_rows(load_preset("tenhou"))
>>> next(r for r in rows if r.label == "Mangan").nondealer_tsumo
'4000 + 2000 = 6000'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sanma_core.rules import Ruleset
from sanma_core.scoring.payments import four_player_settlement, noten_payments, settle_win
from sanma_core.tiles import parse_tiles

from .tiles_svg import STRIP_CSS, tiles_html

#: (label, han, fu, yakuman multiplier)
HANDS: tuple[tuple[str, int, int, int], ...] = (
    ("1 han 30 fu", 1, 30, 0),
    ("1 han 40 fu", 1, 40, 0),
    ("2 han 30 fu", 2, 30, 0),
    ("2 han 40 fu", 2, 40, 0),
    ("3 han 30 fu", 3, 30, 0),
    ("3 han 40 fu", 3, 40, 0),
    ("4 han 30 fu", 4, 30, 0),
    ("Mangan", 5, 30, 0),
    ("Haneman", 6, 30, 0),
    ("Baiman", 8, 30, 0),
    ("Sanbaiman", 11, 30, 0),
    ("Yakuman", 13, 30, 1),
)


@dataclass(frozen=True)
class PaymentRow:
    label: str
    nondealer_ron: int
    nondealer_tsumo: str  # "dealer + other = total"
    dealer_ron: int
    dealer_tsumo: str  # "each → total"
    four_player_nondealer_tsumo: str
    four_player_dealer_tsumo: str


def payment_rows(rules: Ruleset) -> list[PaymentRow]:
    """One row per typical hand value, sanma (this ruleset) next to four-player."""
    rows = []
    for label, han, fu, yakuman in HANDS:
        ndr = settle_win(rules, han, fu, dealer=False, tsumo=False, yakuman=yakuman)
        ndt = settle_win(rules, han, fu, dealer=False, tsumo=True, yakuman=yakuman)
        dr = settle_win(rules, han, fu, dealer=True, tsumo=False, yakuman=yakuman)
        dt = settle_win(rules, han, fu, dealer=True, tsumo=True, yakuman=yakuman)
        f_ndt = four_player_settlement(han, fu, dealer=False, tsumo=True, yakuman=yakuman)
        f_dt = four_player_settlement(han, fu, dealer=True, tsumo=True, yakuman=yakuman)
        rows.append(
            PaymentRow(
                label=label,
                nondealer_ron=ndr.payments["ron"],
                nondealer_tsumo=f"{ndt.payments['dealer']} + {ndt.payments['non_dealer']} = {ndt.total}",
                dealer_ron=dr.payments["ron"],
                dealer_tsumo=f"{dt.payments['each']} each = {dt.total}",
                four_player_nondealer_tsumo=f"{f_ndt.payments['dealer']} + 2 × {f_ndt.payments['non_dealer']} = {f_ndt.total}",
                four_player_dealer_tsumo=f"{f_dt.payments['each']} × 3 = {f_dt.total}",
            )
        )
    return rows


def rule_notes(rules: Ruleset) -> dict[str, list[str]]:
    """The sheet's short rule reminders, grouped, built from the ruleset's fields."""
    tsumo = (
        "Tsumo loss: each loser pays exactly the four-player share; the absent North's share is not paid."
        if rules.tsumo_loss
        else "North-bisection: the absent North's share is split between the two payers."
    )
    one, two = noten_payments(rules, [True, False, False]), noten_payments(rules, [True, True, False])
    reds = [f"{n} red 5{s}" for n, s in ((rules.red_five_p, "p"), (rules.red_five_s, "s")) if n]
    return {
        "Payments": [
            tsumo,
            f"Honba: +{rules.honba_ron} on a ron, +{rules.honba_tsumo} from each payer on a tsumo.",
            f"Riichi stick: {rules.riichi_stick}. Noten pool {rules.noten_pool}: one tenpai gets {one[0]} "
            f"({-one[1]} from each), two tenpai get {two[0]} each from the noten player.",
            f"Start {rules.start_points}, return {rules.return_points}, uma {'/'.join(f'{u:+d}' for u in rules.uma)}"
            + (f", oka +{rules.oka} to first." if rules.oka else "."),
        ],
        "Kita (North set aside)": [
            "On your turn, set a North aside and draw a replacement: +1 han of dora each; not a yaku.",
            "A West dora indicator makes North the dora: each kita is then worth 2 han.",
            "Kita is never a kan and never flips a dora indicator.",
            ("Kita counts as a call: it breaks ippatsu, double riichi, tenhou/chiihou and the nine-terminal abort."
             if rules.kita_is_call else "Kita is not a call: ippatsu and double riichi survive it."),
            ("Another player may ron the North set aside (not chankan)."
             if rules.ron_on_kita else "Nobody may ron a North set aside."),
            ("Under riichi only a freshly drawn North may be set aside."
             if rules.kita_under_riichi_drawn_only else "Under riichi any North may be set aside."),
        ],
        "Dora": [
            "Characters wrap: indicator 1m → dora 9m, 9m → 1m. 9p → 1p, 9s → 1s.",
            "Winds E → S → W → N → E; dragons haku → hatsu → chun → haku.",
            ("Red fives: " + ", ".join(reds) + ".") if reds else "No red fives.",
            "Ura dora " + ("count with riichi." if rules.ura_dora else "are not used.")
            + (" Kan dora are used." if rules.kan_dora else ""),
        ],
    }


_PRINT_CSS = """
body{font-family:DejaVu Sans,Arial,sans-serif;margin:1.2rem;color:#1d1d1f}
h1{font-size:1.4rem;margin:0 0 .2rem 0} h2{font-size:1.05rem;margin:1rem 0 .3rem 0}
table{border-collapse:collapse;font-size:.76rem} th,td{border:1px solid #bbb;padding:2px 5px;text-align:right}
td{white-space:nowrap} td.fp{white-space:normal}
th:first-child,td:first-child{text-align:left} thead th{background:#f1ede2}
td.fp{color:#777} ul{margin:.2rem 0;padding-left:1.2rem;font-size:.88rem}
@page{size:A4;margin:10mm}
@media print{body{margin:0}}
"""


def cheat_sheet_html(rules: Ruleset) -> str:
    """A complete, self-contained HTML page to print or save."""
    head = (
        "<tr><th>hand</th><th>non-dealer ron</th><th>non-dealer tsumo<br>(dealer + other)</th>"
        "<th>dealer ron</th><th>dealer tsumo</th><th class='fp'>4-player non-dealer tsumo</th>"
        "<th class='fp'>4-player dealer tsumo</th></tr>"
    )
    body = "".join(
        f"<tr><td>{escape(r.label)}</td><td>{r.nondealer_ron}</td><td>{r.nondealer_tsumo}</td><td>{r.dealer_ron}</td>"
        f"<td>{r.dealer_tsumo}</td><td class='fp'>{r.four_player_nondealer_tsumo}</td>"
        f"<td class='fp'>{r.four_player_dealer_tsumo}</td></tr>"
        for r in payment_rows(rules)
    )
    notes = "".join(
        f"<h2>{escape(title)}</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
        for title, lines in rule_notes(rules).items()
    )
    example = tiles_html(parse_tiles("3z4z"))
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>Sanma cheat sheet — {escape(rules.title)}</title><style>{_PRINT_CSS}{STRIP_CSS}</style></head><body>"
        f"<h1>Sanma cheat sheet — {escape(rules.title)}</h1><p>{escape(rules.description)}</p>"
        f"<h2>Payments (honba and sticks not included)</h2><table><thead>{head}</thead><tbody>{body}</tbody></table>"
        f"{notes}<p>West indicator, North is dora:</p>{example}</body></html>"
    )
