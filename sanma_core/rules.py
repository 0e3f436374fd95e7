"""The ruleset object: every rule that differs between sanma rulesets, as data.

Presets live in ``sanma_core/rulesets/*.yaml``; a user file uses the same keys.
Code reads fields (``rules.honba_ron``); it never asks which preset is active.

>>> r = load_preset("club")
>>> r.honba_ron, r.honba_tsumo, r.ron_on_kita
(1000, 500, False)
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import typing
from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import RulesetError
from .yaml_errors import yaml_error_text

PRESET_DIR = Path(__file__).with_name("rulesets")
PRESETS = ("tenhou", "mahjongsoul", "club", "classic", "wrc")
DEFAULT_PRESET = "tenhou"



@dataclass(frozen=True)
class Ruleset:
    """All rule flags. Field docs double as the Rules page's descriptions."""

    name: str
    title: str
    description: str
    # tiles and dora
    red_five_p: int
    red_five_s: int
    ura_dora: bool
    kan_dora: bool
    # payments
    tsumo_payment: str  # "tsumo_loss" or "north_bisection"
    honba_ron: int  # added to a ron per honba
    honba_tsumo: int  # added per payer to a tsumo per honba
    riichi_stick: int
    noten_pool: int
    kiriage_mangan: bool
    kazoe_yakuman: bool
    double_yakuman_special: bool  # 13-wait kokushi, suuankou tanki, junsei chuuren, daisuushii
    open_tanyao: bool
    north_is_yakuhai: bool
    # kita
    ron_on_kita: bool
    ron_on_kita_keeps_ippatsu: bool
    kita_is_call: bool  # cancels ippatsu, double riichi, tenhou/chiihou, nine-terminal abort
    kita_after_pon: bool
    kita_under_riichi_drawn_only: bool
    # calls and wins
    double_ron: bool  # false: head-bump, the player nearest the discarder wins alone
    riichi_min_points: int
    riichi_min_live_tiles: int
    nine_terminal_abort: bool
    four_kan_abort: bool
    # points and game end
    start_points: int
    return_points: int
    target_points: int  # needed to end the game after the last hand (extension, all-last dealer stop)
    oka: int  # placement points to first (in thousands)
    uma: tuple[int, int, int]
    extension_round: bool  # sudden-death West round when nobody reached target_points
    bust_below_zero: bool
    all_last_dealer_stop: bool
    # robbing a kan, liability
    kokushi_robs_closed_kan: bool = False  # thirteen orphans may ron the fourth tile of a closed kan
    pao: tuple[str, ...] = ("daisangen", "daisuushii")  # yakuman whose last triplet's feeder is liable
    pao_whole_hand: bool = True  # the liable seat answers for the whole hand, not only the pao yakuman
    # where a value comes from: field -> one sentence (a written rule, real games); absent = this ruleset's choice
    sources: tuple[tuple[str, str], ...] = ()

    @property
    def red_fives(self) -> dict[int, int]:
        """Red fives per five kind (13 = 5p, 22 = 5s)."""
        return {13: self.red_five_p, 22: self.red_five_s}

    @property
    def tsumo_loss(self) -> bool:
        return self.tsumo_payment == "tsumo_loss"

    def replace(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (validated like a file)."""
        data = self.to_dict()
        data.update(changes)
        return ruleset_from_dict(data, source=f"{self.name} (modified)")

    def to_dict(self) -> dict[str, object]:
        data = dataclasses.asdict(self)
        data["uma"] = list(self.uma)
        data["pao"] = list(self.pao)
        data["sources"] = dict(self.sources)
        return data

    def source(self, field: str) -> str | None:
        """Where this ruleset's value of ``field`` comes from, or None when it is the ruleset's own choice.

        >>> load_preset("tenhou").source("riichi_min_live_tiles").startswith("Real Tenhou games")
        True
        """
        return dict(self.sources).get(field)


_FIELDS = {f.name: f for f in dataclasses.fields(Ruleset)}
_HINTS = typing.get_type_hints(Ruleset)
_CHOICES = {"tsumo_payment": ("tsumo_loss", "north_bisection")}
#: Yakuman a ruleset may name under ``pao`` (the feeder of the last triplet is liable).
PAO_YAKU = ("daisangen", "daisuushii")
_OPTIONAL: dict[str, object] = {
    "sources": {}, "kokushi_robs_closed_kan": False, "pao": list(PAO_YAKU), "pao_whole_hand": True,
}
_NOT_RULES = ("name", "title", "description", "sources")


def _check_sources(value: object, source: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise RulesetError(f"{source}: field 'sources' must map rule fields to a sentence, got {value!r}")
    for key, text in value.items():
        if key not in _FIELDS or key in _NOT_RULES:
            raise RulesetError(f"{source}: field 'sources' names {key!r}, which is not a rule field")
        if not isinstance(text, str) or not text.strip():
            raise RulesetError(f"{source}: field 'sources.{key}' must be a sentence, got {text!r}")
    return tuple(sorted((str(k), str(v).strip()) for k, v in value.items()))


def _check_type(name: str, value: object, source: str) -> object:
    if name == "sources":
        return _check_sources(value, source)
    hint = _HINTS[name]
    if hint is bool:
        if not isinstance(value, bool):
            raise RulesetError(f"{source}: field {name!r} must be true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"{source}: field {name!r} must be a whole number, got {value!r}")
        if value < 0 and name != "oka":
            raise RulesetError(f"{source}: field {name!r} must not be negative, got {value}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RulesetError(f"{source}: field {name!r} must be text, got {value!r}")
        if name in _CHOICES and value not in _CHOICES[name]:
            raise RulesetError(f"{source}: field {name!r} must be one of {', '.join(_CHOICES[name])}, got {value!r}")
        return value
    if name == "pao":
        if not isinstance(value, list | tuple) or any(v not in PAO_YAKU for v in value):
            raise RulesetError(f"{source}: field 'pao' must be a list of yakuman from {', '.join(PAO_YAKU)} "
                               f"(or empty), got {value!r}")
        return tuple(dict.fromkeys(value))
    # uma: three whole numbers
    if (
        not isinstance(value, list | tuple)
        or len(value) != 3
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise RulesetError(f"{source}: field {name!r} must be a list of three whole numbers, got {value!r}")
    if sum(value) != 0:
        raise RulesetError(f"{source}: field {name!r} must sum to 0, got {list(value)}")
    return tuple(value)


def ruleset_from_dict(data: object, source: str = "<ruleset>") -> Ruleset:
    """Validate a mapping: unknown key, missing field and wrong type each name the field."""
    if not isinstance(data, dict):
        raise RulesetError(f"{source}: a ruleset must be a mapping of fields, got {type(data).__name__}")
    unknown = sorted(set(map(str, data)) - set(_FIELDS))
    if unknown:
        close = difflib.get_close_matches(unknown[0], _FIELDS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise RulesetError(f"{source}: unknown field {unknown[0]!r}{hint}")
    data = {**_OPTIONAL, **data}
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        raise RulesetError(f"{source}: missing field {missing[0]!r}")
    values = {name: _check_type(name, data[name], source) for name in _FIELDS}
    if values["red_five_p"] > 4 or values["red_five_s"] > 4:
        raise RulesetError(f"{source}: field 'red_five_p'/'red_five_s' must be 0–4")
    if values["target_points"] < values["start_points"]:
        raise RulesetError(f"{source}: field 'target_points' must be at least start_points")
    if values["return_points"] < values["start_points"]:
        raise RulesetError(f"{source}: field 'return_points' must be at least start_points")
    return Ruleset(**values)  # type: ignore[arg-type]


def load_ruleset_text(text: str, source: str = "<ruleset>") -> Ruleset:
    """Parse YAML text into a validated ruleset.

    A user file may give ``base: PRESET`` and only the fields it changes.
    """
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RulesetError(f"{source}: not valid YAML: {yaml_error_text(exc)}") from None
    if isinstance(data, dict) and "base" in data:
        base_name = data.pop("base")
        if base_name not in PRESETS:
            raise RulesetError(f"{source}: field 'base' must be one of {', '.join(PRESETS)}, got {base_name!r}")
        base = load_preset(base_name)
        merged = base.to_dict()
        changed = sorted(k for k, v in data.items() if merged.get(k) != v and k not in _NOT_RULES)
        # a changed ruleset is never described as its base: it gets its own name, title and description
        merged["name"] = f"{base_name}-custom"
        merged["title"] = str(data.get("name") or f"{base.title}, changed")
        what = f"with {', '.join(changed)} changed" if changed else "with no rule changed"
        merged["description"] = f"Based on {base.title}, {what}."
        # a value changed here is this ruleset's own: the base's source no longer speaks for it
        merged["sources"] = {k: v for k, v in base.sources if k not in changed}
        merged.update(data)
        data = merged
    return ruleset_from_dict(data, source)


def load_ruleset_file(path: str | Path) -> Ruleset:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(f"{path}: cannot read: {exc.strerror}") from None
    return load_ruleset_text(text, str(path))


@functools.cache
def load_preset(name: str = DEFAULT_PRESET) -> Ruleset:
    """One of the built-in presets, by name."""
    if name not in PRESETS:
        raise RulesetError(f"unknown ruleset {name!r}: choose one of {', '.join(PRESETS)}")
    return load_ruleset_file(PRESET_DIR / f"{name}.yaml")


def get_ruleset(spec: str | Ruleset | None) -> Ruleset:
    """A preset name, a path to a YAML file, or a ruleset itself."""
    if spec is None:
        return load_preset(DEFAULT_PRESET)
    if isinstance(spec, Ruleset):
        return spec
    if not isinstance(spec, str):
        raise RulesetError(f"ruleset must be a preset name, got {spec!r}")
    if spec in PRESETS:
        return load_preset(spec)
    if spec.endswith((".yaml", ".yml")):
        return load_ruleset_file(spec)
    raise RulesetError(f"unknown ruleset {spec!r}: choose one of {', '.join(PRESETS)} or a .yaml file")


def field_names() -> list[str]:
    return list(_FIELDS)


def rule_field_names() -> list[str]:
    """The fields that are rules (not the ruleset's name, title, description or sources)."""
    return [name for name in _FIELDS if name not in _NOT_RULES]
