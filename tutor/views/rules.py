"""Rules: every ruleset side by side (generated from the ruleset data), choose one, or upload your own YAML."""

from __future__ import annotations

import streamlit as st
import yaml

from sanma_core.errors import InputError
from sanma_core.i18n import N_, gettext
from sanma_core.rules import (
    PRESETS,
    Ruleset,
    RulesetError,
    load_preset,
    load_ruleset_text,
    rule_field_names,
    ruleset_from_dict,
)
from sanma_core.words.rulesets import ruleset_description, ruleset_title
from tutor import state
from tutor.blocks import rows_html
from tutor.language import tr
from tutor.score_view import figure
from tutor.uploads import upload_text

#: Readable names for the ruleset fields (marked; translated where shown); a field missing here is shown by its own
#: name.
FIELD_LABELS = {
    "red_five_p": N_("red 5p"),
    "red_five_s": N_("red 5s"),
    "ura_dora": N_("ura dora"),
    "kan_dora": N_("kan dora"),
    "tsumo_payment": N_("tsumo payment"),
    "honba_ron": N_("honba, ron (per honba)"),
    "honba_tsumo": N_("honba, tsumo (per payer)"),
    "riichi_stick": N_("riichi stick"),
    "noten_pool": N_("noten payments pool"),
    "kiriage_mangan": N_("kiriage mangan"),
    "kazoe_yakuman": N_("kazoe yakuman (13+ han)"),
    "double_yakuman_special": N_("double yakuman for special forms"),
    "open_tanyao": N_("open tanyao"),
    "north_is_yakuhai": N_("North in hand is yakuhai"),
    "ron_on_kita": N_("ron on a North set aside"),
    "ron_on_kita_keeps_ippatsu": N_("that ron keeps ippatsu"),
    "kita_is_call": N_("kita counts as a call"),
    "kita_after_pon": N_("kita right after pon"),
    "kita_under_riichi_drawn_only": N_("under riichi: only a drawn North"),
    "double_ron": N_("double ron"),
    "riichi_min_points": N_("riichi needs points"),
    "riichi_min_live_tiles": N_("riichi needs live tiles"),
    "nine_terminal_abort": N_("nine-terminal abort"),
    "four_kan_abort": N_("four-kan abort"),
    "start_points": N_("start points"),
    "return_points": N_("return points"),
    "target_points": N_("target to end the game"),
    "oka": N_("oka to first"),
    "uma": N_("uma 1st/2nd/3rd"),
    "extension_round": N_("West-round extension"),
    "bust_below_zero": N_("game ends below zero"),
    "all_last_dealer_stop": N_("all-last dealer may stop"),
    "kokushi_robs_closed_kan": N_("kokushi robs closed kan"),
    "pao": "pao",
    "pao_whole_hand": N_("pao whole hand"),
}
#: The words of a field's value that are not Japanese (marked; translated where shown).
VALUE_NAMES = {"tsumo_loss": N_("tsumo loss"), "north_bisection": N_("north bisection")}
UPLOAD_KEY = "ruleset_upload"
RULESET_LIMIT_MB = 1  # a ruleset is a few kB of YAML


def fmt(value: object) -> str:
    """A field's value for the table, in the language spoken now: ``yes``, ``35000`` (``35.000``), ``tsumo loss``."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list | tuple):
        if not value:
            return gettext("none")
        if all(isinstance(v, str) for v in value):
            return ", ".join(_value_name(v) for v in value)
        return " / ".join(f"{v:+d}" for v in value)
    if isinstance(value, int | float):
        return figure(value)
    return _value_name(str(value))


def _value_name(text: str) -> str:
    return gettext(VALUE_NAMES[text]) if text in VALUE_NAMES else text.replace("_", " ")


def field_label(name: str) -> str:
    """A ruleset field's readable name in the language spoken now."""
    return gettext(FIELD_LABELS[name]) if name in FIELD_LABELS else name.replace("_", " ")


def comparison(rulesets: list[Ruleset], only_differences: bool) -> list[dict[str, str]]:
    rows = []
    for name in rule_field_names():
        values = [fmt(r.to_dict()[name]) for r in rulesets]
        if only_differences and len(set(values)) == 1:
            continue
        rows.append({gettext("rule"): field_label(name)} | {
            ruleset_title(r) if r.name in PRESETS else gettext("{title} (uploaded)").format(title=r.title): v
            for r, v in zip(rulesets, values, strict=True)
        })
    return rows


def _choose(name: str) -> None:
    state.use_ruleset(name)
    state.notice(gettext("Now using {title} on every page.").format(title=state.ruleset_label(name)), "success")


def _read_upload() -> Ruleset | None:
    t = tr()
    upload = st.session_state.get(UPLOAD_KEY)
    if upload is None:
        return None
    data = upload.getvalue()
    if len(data) > RULESET_LIMIT_MB * 1024 * 1024:
        st.error(t.gettext("{name} is larger than {limit} MB: a ruleset file is a few kB of YAML.").format(
            name=upload.name, limit=RULESET_LIMIT_MB))
        return None
    try:
        text = upload_text(upload.name, data, t.gettext("UTF-8 YAML"))
    except InputError as exc:
        st.error(f"{exc}.")
        return None
    try:
        return load_ruleset_text(text, source=upload.name)
    except RulesetError as exc:
        st.error(t.gettext("This ruleset cannot be used: {reason}").format(reason=exc))
        return None


def render() -> None:
    t = tr()
    active = state.active_rules()
    title = ruleset_title(active)
    st.title(t.gettext("Rules"))
    st.write(t.gettext("Active ruleset: **{title}** — {description}").format(title=title,
                                                                           description=ruleset_description(active)))

    rulesets = [load_preset(n) for n in PRESETS]
    rulesets += [ruleset_from_dict(dict(d), source=n) for n, d in state.custom_rulesets().items()]
    cols = st.columns(len(rulesets))
    current = st.session_state.get(state.RULESET_KEY)
    keys = [*PRESETS, *state.custom_rulesets()]
    for col, rules, key in zip(cols, rulesets, keys, strict=True):
        with col:
            st.button(
                t.gettext("Use {title}").format(title=ruleset_title(rules) if key in PRESETS else rules.title),
                key=f"use_{key}",
                on_click=_choose,
                args=(key,),
                type="primary" if key == current else "secondary",
                disabled=key == current,
            )
    only = st.toggle(t.gettext("Only rules that differ"), value=True, key="rules_only_diff")
    rows = comparison(rulesets, only)
    # a plain table in a box of its own: on a phone it scrolls sideways with each rule's name kept in view
    st.html(f'<div class="sm-scroll" data-role="rules-table">{rows_html(rows, first_column_stays=True)}</div>')
    with st.expander(t.gettext("Where {title}'s rules come from").format(title=title), expanded=False):
        if active.sources:
            st.dataframe([{t.gettext("rule"): field_label(f), t.gettext("source"): t.gettext(text)}
                          for f, text in active.sources], hide_index=True, width="stretch")
        st.caption(t.gettext("Every other value is this ruleset's own choice: no written rule or real game we follow "
                             "settles it."))

    st.subheader(t.gettext("Your own ruleset"))
    st.write(t.gettext(
        "Upload a YAML file with every field, or start with `base: PRESET` and list only what changes, "
        "for example `base: tenhou` and `honba_ron: 300`."
    ))
    st.download_button(
        t.gettext("Download {title} as a starting point").format(title=title),
        data=yaml.safe_dump(active.to_dict(), sort_keys=False, allow_unicode=True),
        file_name=f"{active.name}.yaml",
        mime="text/yaml",
        key="download_ruleset",
    )
    st.file_uploader(t.gettext("Ruleset YAML"), type=["yaml", "yml"], key=UPLOAD_KEY, max_upload_size=RULESET_LIMIT_MB)
    uploaded = _read_upload()
    if uploaded is not None:
        name = state.add_custom_ruleset(uploaded)
        st.success(t.gettext("{title} is valid and was added as {name}.").format(title=uploaded.title, name=repr(name)))
        st.button(t.gettext("Use {title}").format(title=uploaded.title), key="use_uploaded", on_click=_choose,
                  args=(name,), type="primary")
