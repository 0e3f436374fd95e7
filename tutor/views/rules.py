"""Rules: every ruleset side by side (generated from the ruleset data), choose one, or upload your own YAML."""

from __future__ import annotations

import streamlit as st
import yaml

from sanma_core.errors import InputError
from sanma_core.rules import (
    PRESETS,
    Ruleset,
    RulesetError,
    load_preset,
    load_ruleset_text,
    rule_field_names,
    ruleset_from_dict,
)
from tutor import state
from tutor.blocks import rows_html
from tutor.uploads import upload_text

#: Readable names for the ruleset fields; a field missing here is shown by its own name.
FIELD_LABELS = {
    "red_five_p": "red 5p",
    "red_five_s": "red 5s",
    "ura_dora": "ura dora",
    "kan_dora": "kan dora",
    "tsumo_payment": "tsumo payment",
    "honba_ron": "honba, ron (per honba)",
    "honba_tsumo": "honba, tsumo (per payer)",
    "riichi_stick": "riichi stick",
    "noten_pool": "noten payments pool",
    "kiriage_mangan": "kiriage mangan",
    "kazoe_yakuman": "kazoe yakuman (13+ han)",
    "double_yakuman_special": "double yakuman for special forms",
    "open_tanyao": "open tanyao",
    "north_is_yakuhai": "North in hand is yakuhai",
    "ron_on_kita": "ron on a North set aside",
    "ron_on_kita_keeps_ippatsu": "that ron keeps ippatsu",
    "kita_is_call": "kita counts as a call",
    "kita_after_pon": "kita right after pon",
    "kita_under_riichi_drawn_only": "under riichi: only a drawn North",
    "double_ron": "double ron",
    "riichi_min_points": "riichi needs points",
    "riichi_min_live_tiles": "riichi needs live tiles",
    "nine_terminal_abort": "nine-terminal abort",
    "four_kan_abort": "four-kan abort",
    "start_points": "start points",
    "return_points": "return points",
    "target_points": "target to end the game",
    "oka": "oka to first",
    "uma": "uma 1st/2nd/3rd",
    "extension_round": "West-round extension",
    "bust_below_zero": "game ends below zero",
    "all_last_dealer_stop": "all-last dealer may stop",
}
UPLOAD_KEY = "ruleset_upload"
RULESET_LIMIT_MB = 1  # a ruleset is a few kB of YAML


def fmt(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if all(isinstance(v, str) for v in value):
            return ", ".join(v.replace("_", " ") for v in value)
        return " / ".join(f"{v:+d}" for v in value)
    return str(value).replace("_", " ")


def comparison(rulesets: list[Ruleset], only_differences: bool) -> list[dict[str, str]]:
    rows = []
    for name in rule_field_names():
        values = [fmt(r.to_dict()[name]) for r in rulesets]
        if only_differences and len(set(values)) == 1:
            continue
        rows.append({"rule": FIELD_LABELS.get(name, name.replace("_", " "))} | {
            r.title if r.name in PRESETS else f"{r.title} (uploaded)": v for r, v in zip(rulesets, values, strict=True)
        })
    return rows


def _choose(name: str) -> None:
    state.use_ruleset(name)
    state.notice(f"Now using {state.ruleset_label(name)} on every page.", "success")


def _read_upload() -> Ruleset | None:
    upload = st.session_state.get(UPLOAD_KEY)
    if upload is None:
        return None
    data = upload.getvalue()
    if len(data) > RULESET_LIMIT_MB * 1024 * 1024:
        st.error(f"{upload.name} is larger than {RULESET_LIMIT_MB} MB: a ruleset file is a few kB of YAML.")
        return None
    try:
        text = upload_text(upload.name, data, "UTF-8 YAML")
    except InputError as exc:
        st.error(f"{exc}.")
        return None
    try:
        return load_ruleset_text(text, source=upload.name)
    except RulesetError as exc:
        st.error(f"This ruleset cannot be used: {exc}")
        return None


def render() -> None:
    active = state.active_rules()
    st.title("Rules")
    st.write(f"Active ruleset: **{active.title}** — {active.description}")

    rulesets = [load_preset(n) for n in PRESETS]
    rulesets += [ruleset_from_dict(dict(d), source=n) for n, d in state.custom_rulesets().items()]
    cols = st.columns(len(rulesets))
    current = st.session_state.get(state.RULESET_KEY)
    keys = [*PRESETS, *state.custom_rulesets()]
    for col, rules, key in zip(cols, rulesets, keys, strict=True):
        with col:
            st.button(
                f"Use {rules.title}",
                key=f"use_{key}",
                on_click=_choose,
                args=(key,),
                type="primary" if key == current else "secondary",
                disabled=key == current,
            )
    only = st.toggle("Only rules that differ", value=True, key="rules_only_diff")
    rows = comparison(rulesets, only)
    # a plain table in a box of its own: on a phone it scrolls sideways with each rule's name kept in view
    st.html(f'<div class="sm-scroll" data-role="rules-table">{rows_html(rows, first_column_stays=True)}</div>')
    with st.expander(f"Where {active.title}'s rules come from", expanded=False):
        if active.sources:
            st.dataframe([{"rule": FIELD_LABELS.get(f, f.replace("_", " ")), "source": text} for f, text in active.sources],
                         hide_index=True, width="stretch")
        st.caption("Every other value is this ruleset's own choice: no written rule or real game we follow settles it.")

    st.subheader("Your own ruleset")
    st.write(
        "Upload a YAML file with every field, or start with `base: PRESET` and list only what changes, "
        "for example `base: tenhou` and `honba_ron: 300`."
    )
    st.download_button(
        f"Download {active.title} as a starting point",
        data=yaml.safe_dump(active.to_dict(), sort_keys=False, allow_unicode=True),
        file_name=f"{active.name}.yaml",
        mime="text/yaml",
        key="download_ruleset",
    )
    st.file_uploader("Ruleset YAML", type=["yaml", "yml"], key=UPLOAD_KEY, max_upload_size=RULESET_LIMIT_MB)
    uploaded = _read_upload()
    if uploaded is not None:
        name = state.add_custom_ruleset(uploaded)
        st.success(f"{uploaded.title} is valid and was added as {name!r}.")
        st.button(f"Use {uploaded.title}", key="use_uploaded", on_click=_choose, args=(name,), type="primary")
