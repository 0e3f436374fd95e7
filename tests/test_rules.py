import pytest

from sanma_core.rules import (
    PRESETS,
    RulesetError,
    field_names,
    get_ruleset,
    load_preset,
    load_ruleset_file,
    load_ruleset_text,
    rule_field_names,
)


def test_default_is_tenhou():
    assert get_ruleset(None).name == "tenhou"


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_loads_with_every_field(name):
    rules = load_preset(name)
    assert rules.name == name
    assert set(rules.to_dict()) == set(field_names())


def test_preset_table_from_rules_md():
    t, ms, club, classic, wrc = (load_preset(n) for n in PRESETS)
    assert (t.honba_ron, t.honba_tsumo, club.honba_ron, club.honba_tsumo, classic.honba_ron, wrc.honba_ron) == (
        200, 100, 1000, 500, 300, 300)
    assert (t.red_five_p, classic.red_five_p, wrc.red_five_s) == (1, 0, 0)
    assert (t.return_points, ms.return_points, club.return_points) == (40000, 35000, 40000)
    assert all(load_preset(n).target_points == 40000 for n in PRESETS)
    assert (t.oka, ms.oka, club.oka) == (15, 0, 15)
    assert t.uma == (20, 0, -20) and ms.uma == (15, 0, -15)
    assert not club.ron_on_kita and t.ron_on_kita and ms.ron_on_kita_keeps_ippatsu
    assert not club.kita_is_call and t.kita_is_call
    assert not wrc.double_ron and t.double_ron
    assert ms.double_yakuman_special and not t.double_yakuman_special
    assert not classic.extension_round and not wrc.extension_round and t.extension_round
    assert all(load_preset(n).start_points == 35000 for n in PRESETS)


def test_user_file_with_base(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("base: tenhou\nname: house\nhonba_ron: 500\n")
    rules = load_ruleset_file(path)
    assert rules.honba_ron == 500 and rules.honba_tsumo == 100


def test_a_changed_preset_is_described_as_itself_not_as_its_base(tmp_path):
    named = load_ruleset_text("base: tenhou\nname: Our club\nhonba_ron: 500\nred_five_s: 2\n")
    tenhou = load_preset("tenhou")
    assert named.title == "Our club" and named.title != tenhou.title
    assert named.description == f"Based on {tenhou.title}, with honba_ron, red_five_s changed."
    unnamed = load_ruleset_text("base: tenhou\nhonba_ron: 500\n")
    assert (unnamed.name, unnamed.title) == ("tenhou-custom", f"{tenhou.title}, changed")
    own = load_ruleset_text("base: tenhou\ntitle: House\ndescription: Our house rules.\n")
    assert (own.title, own.description) == ("House", "Our house rules.")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("base: tenhou\nhonba_rom: 3\n", "unknown field 'honba_rom'; did you mean 'honba_ron'?"),
        ("base: tenhou\nzzz: 3\n", "unknown field 'zzz'"),
        ("base: tenhou\nhonba_ron: lots\n", "field 'honba_ron' must be a whole number"),
        ("base: tenhou\ndouble_ron: 1\n", "field 'double_ron' must be true or false"),
        ("base: tenhou\numa: [10, 0]\n", "field 'uma' must be a list of three"),
        ("base: tenhou\ntsumo_payment: split\n", "field 'tsumo_payment' must be one of"),
        ("name: x\n", "missing field"),
        ("base: nope\n", "field 'base'"),
        ("[1, 2", "not valid YAML: line 1, column 6: expected ',' or ']'"),
        ("base: tenhou\n  name: x\n", "not valid YAML: line 2, column 7: mapping values are not allowed here"),
        ("- 1\n- 2\n", "must be a mapping"),
    ],
)
def test_bad_files_name_file_and_field(tmp_path, text, fragment):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(RulesetError, match=fragment) as info:
        load_ruleset_file(path)
    assert str(path) in str(info.value) and "<unicode string>" not in str(info.value)


def test_unknown_preset_and_missing_file(tmp_path):
    with pytest.raises(RulesetError, match="unknown ruleset 'nope'"):
        get_ruleset("nope")
    with pytest.raises(RulesetError, match="cannot read"):
        load_ruleset_file(tmp_path / "missing.yaml")


def test_replace_validates():
    with pytest.raises(RulesetError, match="honba_ron"):
        load_preset().replace(honba_ron="x")
    assert load_ruleset_text("base: club\nname: c2\n").honba_ron == 1000


def test_every_preset_names_its_sources_for_rule_fields_only():
    for name in PRESETS:
        rules = load_preset(name)
        assert rules.sources, name
        assert {f for f, _ in rules.sources} <= set(rule_field_names())
    tenhou = load_preset("tenhou")
    assert tenhou.source("riichi_min_live_tiles").startswith("Real Tenhou games confirm")
    assert tenhou.source("honba_ron") is None  # the preset's own choice


def test_a_changed_value_loses_its_base_source_and_a_bad_sources_entry_is_named():
    changed = load_ruleset_text("base: tenhou\nriichi_min_live_tiles: 4\n")
    assert changed.source("riichi_min_live_tiles") is None
    assert changed.source("kita_under_riichi_drawn_only") == load_preset("tenhou").source("kita_under_riichi_drawn_only")
    with pytest.raises(RulesetError, match="'sources' names 'honba_rn', which is not a rule field"):
        load_ruleset_text("base: tenhou\nsources: {honba_rn: a book}\n")
    with pytest.raises(RulesetError, match="'sources.honba_ron' must be a sentence"):
        load_ruleset_text("base: tenhou\nsources: {honba_ron: 3}\n")
    assert load_preset("club").to_dict()["sources"]["honba_ron"] == "The club's written rules set it."
