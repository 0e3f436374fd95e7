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

from drills.explain.common import figure
from sanma_core.i18n import N_, gettext, ngettext
from sanma_core.rules import Ruleset
from sanma_core.scoring.payments import four_player_settlement, noten_payments, settle_win
from sanma_core.tiles import parse_tiles
from sanma_core.words.rulesets import ruleset_description, ruleset_title

from .tiles_svg import STRIP_CSS, tiles_html

#: (label, han, fu, yakuman multiplier); a label of han and fu is worded by :func:`hand_label`.
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
#: The sheet's groups of rule reminders (marked; :func:`rule_notes` translates).
PAYMENTS, KITA, DORA = N_("Payments"), N_("Kita (North set aside)"), N_("Dora")


@dataclass(frozen=True)
class PaymentRow:
    label: str
    nondealer_ron: int
    nondealer_tsumo: str  # "dealer + other = total"
    dealer_ron: int
    dealer_tsumo: str  # "each → total"
    four_player_nondealer_tsumo: str
    four_player_dealer_tsumo: str


def hand_label(label: str, han: int, fu: int) -> str:
    """A row's hand in the language spoken now: ``1 han 30 fu``; the limits keep their Japanese names."""
    return gettext("{han} han {fu} fu").format(han=han, fu=fu) if label.endswith(" fu") else label


def payment_rows(rules: Ruleset) -> list[PaymentRow]:
    """One row per typical hand value, sanma (this ruleset) next to four-player (the sums in the language spoken
    now: ``4.000 + 2.000 = 6.000`` in German)."""
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
                label=hand_label(label, han, fu),
                nondealer_ron=ndr.payments["ron"],
                nondealer_tsumo=f"{figure(ndt.payments['dealer'])} + {figure(ndt.payments['non_dealer'])} = "
                                f"{figure(ndt.total)}",
                dealer_ron=dr.payments["ron"],
                dealer_tsumo=gettext("{each} each = {total}").format(each=figure(dt.payments["each"]),
                                                                     total=figure(dt.total)),
                four_player_nondealer_tsumo=f"{figure(f_ndt.payments['dealer'])} + 2 × "
                                            f"{figure(f_ndt.payments['non_dealer'])} = {figure(f_ndt.total)}",
                four_player_dealer_tsumo=f"{figure(f_dt.payments['each'])} × 3 = {figure(f_dt.total)}",
            )
        )
    return rows


def rule_notes(rules: Ruleset) -> dict[str, list[str]]:
    """The sheet's short rule reminders, grouped, built from the ruleset's fields, in the language spoken now."""
    tsumo = (
        gettext("Tsumo loss: each loser pays exactly the four-player share; the absent North's share is not paid.")
        if rules.tsumo_loss
        else gettext("North-bisection: the absent North's share is split between the two payers.")
    )
    one, two = noten_payments(rules, [True, False, False]), noten_payments(rules, [True, True, False])
    reds = [ngettext("{n} red 5{suit}", "{n} red 5{suit}", n).format(n=n, suit=s)
            for n, s in ((rules.red_five_p, "p"), (rules.red_five_s, "s")) if n]
    uma = "/".join(f"{u:+d}" for u in rules.uma)
    if rules.oka:
        start = gettext("Start {start}, return {back}, uma {uma}, oka +{oka} to first.")
    else:
        start = gettext("Start {start}, return {back}, uma {uma}.")
    return {
        gettext(PAYMENTS): [
            tsumo,
            gettext("Honba: +{ron} on a ron, +{tsumo} from each payer on a tsumo.").format(
                ron=figure(rules.honba_ron), tsumo=figure(rules.honba_tsumo)),
            gettext("Riichi stick: {stick}. Noten pool {pool}: one tenpai gets {one} ({each} from each), two tenpai "
                    "get {two} each from the noten player.").format(
                stick=figure(rules.riichi_stick), pool=figure(rules.noten_pool), one=figure(one[0]),
                each=figure(-one[1]), two=figure(two[0])),
            start.format(start=figure(rules.start_points), back=figure(rules.return_points), uma=uma,
                         oka=figure(rules.oka)),
        ],
        gettext(KITA): [
            gettext("On your turn, set a North aside and draw a replacement: +1 han of dora each; not a yaku."),
            gettext("A West dora indicator makes North the dora: each kita is then worth 2 han."),
            gettext("Kita is never a kan and never flips a dora indicator."),
            (gettext("Kita counts as a call: it breaks ippatsu, double riichi, tenhou/chiihou and the nine-terminal "
                     "abort.")
             if rules.kita_is_call else gettext("Kita is not a call: ippatsu and double riichi survive it.")),
            (gettext("Another player may ron the North set aside (not chankan).")
             if rules.ron_on_kita else gettext("Nobody may ron a North set aside.")),
            (gettext("Under riichi only a freshly drawn North may be set aside.")
             if rules.kita_under_riichi_drawn_only else gettext("Under riichi any North may be set aside.")),
        ],
        gettext(DORA): [
            gettext("Characters wrap: indicator 1m → dora 9m, 9m → 1m. 9p → 1p, 9s → 1s."),
            gettext("Winds E → S → W → N → E; dragons haku → hatsu → chun → haku."),
            gettext("Red fives: {list}.").format(list=", ".join(reds)) if reds else gettext("No red fives."),
            (gettext("Ura dora count with riichi.") if rules.ura_dora else gettext("Ura dora are not used."))
            + (" " + gettext("Kan dora are used.") if rules.kan_dora else ""),
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
    """A complete, self-contained HTML page to print or save, in the language spoken now."""
    columns = (
        (escape(gettext("hand")), ""),
        (escape(gettext("non-dealer ron")), ""),
        (escape(gettext("non-dealer tsumo")) + "<br>" + escape(gettext("(dealer + other)")), ""),
        (escape(gettext("dealer ron")), ""),
        (escape(gettext("dealer tsumo")), ""),
        (escape(gettext("4-player non-dealer tsumo")), " class='fp'"),
        (escape(gettext("4-player dealer tsumo")), " class='fp'"),
    )
    head = "<tr>" + "".join(f"<th{attr}>{text}</th>" for text, attr in columns) + "</tr>"
    body = "".join(
        f"<tr><td>{escape(r.label)}</td><td>{figure(r.nondealer_ron)}</td><td>{r.nondealer_tsumo}</td>"
        f"<td>{figure(r.dealer_ron)}</td>"
        f"<td>{r.dealer_tsumo}</td><td class='fp'>{r.four_player_nondealer_tsumo}</td>"
        f"<td class='fp'>{r.four_player_dealer_tsumo}</td></tr>"
        for r in payment_rows(rules)
    )
    notes = "".join(
        f"<h2>{escape(title)}</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
        for title, lines in rule_notes(rules).items()
    )
    example = tiles_html(parse_tiles("3z4z"))
    title = escape(gettext("Sanma cheat sheet — {title}").format(title=ruleset_title(rules)))
    payments = escape(gettext("Payments (honba and sticks not included)"))
    north_dora = escape(gettext("West indicator, North is dora:"))
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{_PRINT_CSS}{STRIP_CSS}</style></head><body>"
        f"<h1>{title}</h1><p>{escape(ruleset_description(rules))}</p>"
        f"<h2>{payments}</h2>"
        f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"
        f"{notes}<p>{north_dora}</p>{example}</body></html>"
    )
