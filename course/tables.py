"""Tables generated from engine data (payments, tsumo loss, rulesets side by side …).

A lesson asks for ``table: payments`` (or a mapping with options) and gets
rows computed by :mod:`sanma_core.scoring.payments` under the active ruleset.

>>> from sanma_core.rules import load_preset
>>> t = build_table("payments", {"hands": [[5, 30]]}, load_preset("tenhou"))
>>> t.columns[1], t.rows[0][1]
('Non-dealer ron', '8000')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sanma_core.i18n import N_
from sanma_core.rules import PRESETS, Ruleset, load_preset, rule_field_names
from sanma_core.scoring import payments as pay_mod
from sanma_core.words import WIND_NAMES

from .engine import ENGLISH, Wording, format_value, rule_mapping
from .expr import ExpressionError

DEFAULT_HANDS = ((1, 30), (2, 30), (3, 30), (4, 30), (5, 30), (6, 30), (8, 30), (11, 30), (13, 30))

#: Human labels for ruleset fields (the Rules page and the comparison table use them).
FIELD_LABELS = {
    "red_five_p": N_("Red 5p"),
    "red_five_s": N_("Red 5s"),
    "red_fives": N_("Red fives in the set"),
    "ura_dora": N_("Ura dora"),
    "kan_dora": N_("Kan dora"),
    "tsumo_payment": N_("Tsumo payment"),
    "tsumo_loss": N_("Tsumo loss"),
    "honba_ron": N_("Honba, ron (per counter)"),
    "honba_tsumo": N_("Honba, tsumo (per payer, per counter)"),
    "riichi_stick": N_("Riichi stick"),
    "noten_pool": N_("Noten pool"),
    "kiriage_mangan": N_("Kiriage mangan"),
    "kazoe_yakuman": N_("Kazoe yakuman (13+ han)"),
    "double_yakuman_special": N_("Double yakuman for the special forms"),
    "open_tanyao": N_("Open tanyao"),
    "north_is_yakuhai": N_("North is yakuhai"),
    "ron_on_kita": N_("Ron on a North set aside"),
    "ron_on_kita_keeps_ippatsu": N_("Ippatsu kept for a ron on a kita"),
    "kita_is_call": N_("Kita counts as a call (cancels ippatsu …)"),
    "kita_after_pon": N_("Kita right after a pon"),
    "kita_under_riichi_drawn_only": N_("Under riichi, only a drawn North"),
    "double_ron": N_("Double ron"),
    "riichi_min_points": N_("Riichi needs at least (points)"),
    "riichi_min_live_tiles": N_("Riichi needs live tiles left"),
    "nine_terminal_abort": N_("Nine-terminal abort"),
    "four_kan_abort": N_("Four-kan abort"),
    "start_points": N_("Starting points"),
    "return_points": N_("Return points"),
    "target_points": N_("Target to end the game"),
    "oka": N_("Oka to first"),
    "uma": N_("Uma 1st / 2nd / 3rd"),
    "extension_round": N_("Sudden-death extension"),
    "bust_below_zero": N_("Bust below zero"),
    "all_last_dealer_stop": N_("All-last dealer may stop when top"),
    "kokushi_robs_closed_kan": N_("Thirteen orphans may rob a closed kan"),
    "pao": N_("Liability (pao) for"),
    "pao_whole_hand": N_("Liable seat pays the whole hand"),
}


@dataclass(frozen=True)
class RenderedTable:
    """A generated table: header row, body rows (strings) and the column to highlight."""

    kind: str
    columns: list[str]
    rows: list[list[str]]
    caption: str = ""
    highlight_column: int | None = None
    values: list[list[Any]] = field(default_factory=list)  # raw engine values behind ``rows``


def _hand_label(rules: Ruleset, han: int, fu: int) -> str:
    bp = pay_mod.base_points(rules, han, fu)
    if bp.limit:
        return f"{han} han ({pay_mod.LIMIT_NAMES[bp.limit].lower()})"
    return f"{han} han {fu} fu"


def _hands(options: dict[str, Any]) -> list[tuple[int, int]]:
    raw = options.get("hands", DEFAULT_HANDS)
    hands = []
    for item in raw:
        if (
            not isinstance(item, list | tuple)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise ExpressionError(f"table hands must be [han, fu] pairs, got {item!r}")
        hands.append((item[0], item[1]))
    return hands


def _payments(options: dict[str, Any], rules: Ruleset, words: Wording) -> RenderedTable:
    honba = options.get("honba", 0)
    columns = [words.gettext("Hand"), words.gettext("Non-dealer ron"), words.gettext("Non-dealer tsumo"), words.gettext("Dealer ron"), words.gettext("Dealer tsumo")]
    rows, values = [], []
    for han, fu in _hands(options):
        nr = pay_mod.settle_win(rules, han, fu, dealer=False, tsumo=False, honba=honba)
        nt = pay_mod.settle_win(rules, han, fu, dealer=False, tsumo=True, honba=honba)
        dr = pay_mod.settle_win(rules, han, fu, dealer=True, tsumo=False, honba=honba)
        dt = pay_mod.settle_win(rules, han, fu, dealer=True, tsumo=True, honba=honba)
        nt_text = f"{nt.payments['dealer']} + {nt.payments['non_dealer']} = {nt.total}"
        dt_text = words.gettext("{each} each = {total}").format(each=dt.payments["each"], total=dt.total)
        rows.append([_hand_label(rules, han, fu), str(nr.total), nt_text, str(dr.total), dt_text])
        values.append([(han, fu), nr.total, nt.total, dr.total, dt.total])
    return RenderedTable("payments", columns, rows, values=values)


def _tsumo_loss(options: dict[str, Any], rules: Ruleset, words: Wording) -> RenderedTable:
    dealer = bool(options.get("dealer", False))
    ron_label, tsumo_label = ((words.gettext("Dealer ron"), words.gettext("Dealer tsumo (sanma)")) if dealer
                              else (words.gettext("Non-dealer ron"), words.gettext("Non-dealer tsumo (sanma)")))
    columns = [words.gettext("Hand"), ron_label, tsumo_label, words.gettext("Same tsumo in four-player"), words.gettext("Tsumo ÷ ron")]
    rows, values = [], []
    for han, fu in _hands(options):
        ron = pay_mod.settle_win(rules, han, fu, dealer=dealer, tsumo=False).total
        tsumo = pay_mod.settle_win(rules, han, fu, dealer=dealer, tsumo=True).total
        four = pay_mod.four_player_settlement(han, fu, dealer=dealer, tsumo=True).total
        rows.append([_hand_label(rules, han, fu), str(ron), str(tsumo), str(four), words.percent(tsumo / ron)])
        values.append([(han, fu), ron, tsumo, four, tsumo / ron])
    return RenderedTable("tsumo_loss", columns, rows, values=values)


def _rulesets_compared(options: dict[str, Any], rules: Ruleset, words: Wording) -> RenderedTable:
    presets = [load_preset(name) for name in PRESETS]
    fields = options.get("fields")
    if fields is None:
        fields = rule_field_names()
        if not options.get("all", False):
            fields = [f for f in fields if len({format_value(rule_mapping(p)[f]) for p in presets}) > 1]
    active = rule_mapping(rules)
    for f in fields:
        if f not in active:
            raise ExpressionError(f"no ruleset field {f!r}")
    in_presets = any(p.name == rules.name and p == rules for p in presets)
    columns = [words.gettext("Rule"), *(p.title for p in presets)]
    if not in_presets:
        columns.append(f"{rules.title} (active)")
    rows, values = [], []
    for f in fields:
        cells = [rule_mapping(p)[f] for p in presets]
        if not in_presets:
            cells.append(active[f])
        label = words.gettext(FIELD_LABELS[f]) if f in FIELD_LABELS else f
        rows.append([label, *(format_value(c, words) for c in cells)])
        values.append([f, *cells])
    highlight = (PRESETS.index(rules.name) + 1) if in_presets else len(columns) - 1
    return RenderedTable("rulesets_compared", columns, rows, highlight_column=highlight, values=values)


def _noten(options: dict[str, Any], rules: Ruleset, words: Wording) -> RenderedTable:
    seats = tuple(words.gettext(w) for w in WIND_NAMES)
    columns = [words.gettext("Tenpai at the draw"), *seats]
    patterns = [[True, False, False], [True, True, False], [False, False, False], [True, True, True]]
    rows, values = [], []
    for pat in patterns:
        deltas = pay_mod.noten_payments(rules, pat)
        label = ", ".join(w for w, t in zip(seats, pat, strict=True) if t) or words.gettext("nobody")
        rows.append([label, *(format_value(d) if d <= 0 else f"+{d}" for d in deltas)])
        values.append([pat, *deltas])
    return RenderedTable("noten", columns, rows, values=values)


def _placement(options: dict[str, Any], rules: Ruleset, words: Wording) -> RenderedTable:
    points = options.get("points")
    if not isinstance(points, list) or len(points) != 3:
        raise ExpressionError("table placement needs points: [three final scores]")
    sticks = options.get("sticks", 0)
    result = sorted(pay_mod.final_placement(rules, points, leftover_sticks=sticks), key=lambda p: p.rank)
    seats = tuple(words.gettext(w) for w in WIND_NAMES)
    columns = [words.gettext("Rank"), words.gettext("Seat"), words.gettext("Final points"), words.gettext("(points − {points}) / 1000").format(points=rules.return_points),
               "Uma", "Oka", words.gettext("Placement points")]
    rows, values = [], []
    for p in result:
        diff = (p.points - rules.return_points) / 1000
        uma = rules.uma[p.rank - 1]
        oka = rules.oka if p.rank == 1 else 0
        rows.append([str(p.rank), seats[p.seat], str(p.points), f"{diff:+g}", f"{uma:+d}", f"{oka:+d}", f"{p.score:+g}"])
        values.append([p.rank, p.seat, p.points, diff, uma, oka, p.score])
    return RenderedTable("placement", columns, rows, values=values)


_BUILDERS = {
    "payments": _payments,
    "tsumo_loss": _tsumo_loss,
    "rulesets_compared": _rulesets_compared,
    "noten": _noten,
    "placement": _placement,
}


#: Options each table accepts (checked when a lesson is loaded).
TABLE_OPTIONS = {
    "payments": ("hands", "honba"),
    "tsumo_loss": ("hands", "dealer"),
    "rulesets_compared": ("fields", "all"),
    "noten": (),
    "placement": ("points", "sticks"),
}


def build_table(kind: str, options: dict[str, Any], rules: Ruleset, words: Wording = ENGLISH) -> RenderedTable:
    """Build one generated table under ``rules``, its labels in ``words``' language."""
    if kind not in _BUILDERS:
        raise ExpressionError(f"unknown table {kind!r}; known: {', '.join(_BUILDERS)}")
    return _BUILDERS[kind](options, rules, words)
