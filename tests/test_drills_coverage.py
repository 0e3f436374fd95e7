"""Concept coverage: every yaku, every wait shape, every ruleset; questions serialise and reproduce."""

import json
import random
import subprocess
import sys

import pytest

from drills import DRILL_TYPES, Question, check, generate
from drills.hands import RECIPES, Extras, possible_yaku, winning_hand
from sanma_core.rules import PRESETS, load_preset
from sanma_core.scoring import YAKU, score_request
from sanma_core.tiles import parse_tiles, to_counts

TENHOU = load_preset("tenhou")


def test_every_yaku_id_appears_over_2000_seeds_of_the_yaku_drill():
    seen_answers: set[str] = set()
    seen_targets: set[str] = set()
    for seed in range(2000):
        q = generate("yaku", TENHOU, seed, 1 + seed % 3)
        seen_answers.update(q.answer["choices"])
        seen_targets.add(q.concept.split(".", 1)[1])
        assert set(q.answer["choices"]) <= {cid for cid, _ in q.choices}
    possible = set(YAKU) - {"north_wind"}  # North is yakuhai in no preset (a house-rule field)
    assert possible == set(possible_yaku(TENHOU))
    assert possible <= seen_answers
    assert possible <= seen_targets


@pytest.mark.parametrize("preset", PRESETS)
def test_every_recipe_shows_its_yaku_under_every_preset(preset):
    rules = load_preset(preset)
    for target in possible_yaku(rules):
        for seed in range(3):
            request, result = winning_hand(random.Random(seed), rules, target, Extras(riichi=0.3))
            assert target in [y for y, _ in result.yaku]
            assert score_request(dict(request), preset)["total"] == result.total


def test_north_wind_yaku_is_drilled_where_north_is_yakuhai():
    rules = TENHOU.replace(north_is_yakuhai=True, name="house")
    assert "north_wind" in possible_yaku(rules)
    _, result = winning_hand(random.Random(5), rules, "north_wind")
    assert "north_wind" in [y for y, _ in result.yaku]
    assert set(RECIPES) == set(YAKU)


def test_four_copy_waits_never_include_the_tile_held_four_times():
    seen = 0
    for seed in range(300):
        q = generate("waits", TENHOU, seed, 2 + seed % 2)
        if q.concept != "waits.four_copy":
            continue
        seen += 1
        counts = to_counts(parse_tiles(q.data["hand"]))
        held = {k for k, n in enumerate(counts) if n == 4}
        assert held and not held & {parse_tiles(t)[0] for t in q.answer["tiles"]}
    assert seen >= 10


def test_wait_shapes_and_furiten_are_all_drilled():
    concepts = {generate("waits", TENHOU, s, d).concept for s in range(200) for d in (1, 2, 3)}
    for shape in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "nobetan", "sanmenchan", "aryanmen",
                  "chiitoitsu", "kokushi", "kokushi_13", "chuuren", "multi", "four_copy", "furiten"):
        assert f"waits.{shape}" in concepts
    both = {generate("waits", TENHOU, s, 3).answer.get("choices", [None])[0] for s in range(200)}
    assert {"furiten", "not_furiten"} <= both


def test_fu_and_kita_dora_concepts_show_what_they_name():
    for seed in range(150):
        q = generate("fu", TENHOU, seed, 1 + seed % 3)
        fu = q.answer["numbers"]["fu"]
        if q.concept == "fu.pinfu_tsumo":
            assert fu == 20
        if q.concept == "fu.chiitoitsu":
            assert fu == 25
        k = generate("kita_dora", TENHOU, seed, 1 + seed % 3)
        if k.concept in ("kita_dora.kita", "kita_dora.west_indicator"):
            assert k.answer["numbers"]["kita"] >= k.hand_input["kita"] > 0
        if k.concept == "kita_dora.west_indicator":
            assert k.hand_input["dora"][0] == "3z"
            ura_from_kita = next(s for s in k.explanation if s["step"] == "dora")["kita_detail"]["ura_han"]
            assert k.answer["numbers"]["kita"] == 2 * k.hand_input["kita"] + ura_from_kita  # ura from kita: kita field


def test_difficulty_one_yaku_hands_have_no_bonus_han():
    for seed in range(100):
        q = generate("yaku", TENHOU, seed, 1)
        yaku_han = sum(y["han"] for y in q.explanation[1]["yaku"])
        assert q.answer["numbers"]["han"] == yaku_han


@pytest.mark.parametrize("preset", PRESETS)
def test_every_type_under_every_preset_serialises_and_reproduces(preset):
    rules = load_preset(preset)
    for drill_type in DRILL_TYPES:
        for seed in range(12):
            difficulty = 1 + seed % 3
            q = generate(drill_type, rules, seed, difficulty)
            text = q.to_json()
            json.loads(text)
            assert Question.from_json(text) == q
            assert generate(drill_type, rules, seed, difficulty).to_json() == text
            assert check(q, q.answer).correct and check(q, q.answer).score == 1.0
            if q.hand_input is not None:
                assert q.hand_input["ruleset"] == preset
                answer = score_request(dict(q.hand_input), "tenhou")
                if q.drill_type == "payment":
                    assert q.answer["numbers"]["total"] == answer["total"]


def test_sanma_score_accepts_the_hand_input_of_a_drill():
    out = subprocess.run([sys.executable, "-m", "sanma_core", "drill", "yaku", "--seed", "11", "--difficulty", "2", "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    q = json.loads(out.stdout)
    assert Question.from_dict(q) == generate("yaku", TENHOU, 11, 2)  # the same question in another process
    scored = subprocess.run([sys.executable, "-m", "sanma_core", "score"], input=json.dumps(q["hand_input"]) + "\n",
                            capture_output=True, text=True, timeout=60)
    answer = json.loads(scored.stdout)
    assert answer["ok"], answer
    assert sorted(y["id"] for y in answer["yaku"]) == q["answer"]["choices"]
    assert answer["han"] == q["answer"]["numbers"]["han"]
