"""Sound positions: no play asked of a hand that has already won, no fact about a tile the hand does not hold,
the concept title (which names the answer) only after the answer, and the rules table's "as tenhou" kept."""

import re
from pathlib import Path

import pytest
from drill_questions import question

import drills.registry as registry
from drills import generate
from drills.base import Draft
from drills.explain import concept_name, explanation_sentences
from drills.render import render_answer, render_question
from drills.soundness import DECISION_TYPES, complete_hand
from sanma_core.rules import PRESETS, load_preset
from sanma_core.tiles import parse_tiles

RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
SAMPLE_SEEDS = range(1, 41)


@pytest.mark.parametrize("preset", PRESETS)
def test_no_decision_question_shows_a_complete_hand(preset):
    for drill_type in sorted(DECISION_TYPES):
        for seed in SAMPLE_SEEDS:
            for difficulty in (1, 2, 3):
                q = question(drill_type, preset, seed, difficulty)
                assert not complete_hand(q.data), q.id


@pytest.mark.parametrize("drill_type, preset, seed, difficulty", [("efficiency", "club", 117, 3),
                                                                   ("kita", "mahjongsoul", 3, 3)])
def test_the_reported_won_hands_are_dealt_again(drill_type, preset, seed, difficulty):
    q = generate(drill_type, preset, seed, difficulty)
    assert not complete_hand(q.data) and q.data["hand"] not in ("234678999s44477z",)


def test_complete_hand_reads_melds_and_ignores_kita():
    assert complete_hand({"hand": "234678999s44z", "melds": ["pon:777z"]})
    assert not complete_hand({"hand": "234678999s4z", "melds": ["pon:777z"], "kita": 1})  # 13 tiles
    assert not complete_hand({"hand": "", "melds": []})


def test_a_generator_that_deals_a_won_hand_is_asked_again(monkeypatch):
    calls = []
    won = Draft(concept="efficiency.tenpai", prompt="?", data={"hand": "234678999s44477z", "melds": []},
                answer_kind="tiles", answer={"tiles": ["7z"]})
    sound = Draft(concept="efficiency.tenpai", prompt="?", data={"hand": "234678999s4447z5z", "melds": []},
                  answer_kind="tiles", answer={"tiles": ["5z"]})

    def fake(rules, rng, difficulty):
        calls.append(rng.random())
        return won if len(calls) < 3 else sound

    monkeypatch.setitem(registry.GENERATORS, "efficiency", fake)
    q = generate("efficiency", "tenhou", 5, 1)
    assert q.data["hand"] == "234678999s4447z5z" and len(calls) == 3
    assert len(set(calls)) == 3  # each deal from its own random stream


def test_explanations_call_dora_only_a_tile_the_hand_holds():
    said = 0
    for preset in ("tenhou", "club"):
        for seed in range(200):
            q = question("efficiency", preset, seed, 2 + seed % 2)
            held = {t if t[0] != "0" else "5" + t[1] for t in re.findall(r"\d[mpsz]", _spelt(q.data["hand"]))}
            for sentence in explanation_sentences(q.explanation):
                for tile in re.findall(r"(\d[mpsz]) is dora, so discarding it", sentence):
                    said += 1
                    assert tile in held, (q.id, sentence, q.data["hand"])
    assert said >= 5  # the sentence is still said where it is true


def _spelt(hand: str) -> str:
    """"123p45s" -> "1p2p3p4s5s"."""
    return "".join(f"{d}{suit}" for digits, suit in re.findall(r"(\d+)([mpsz])", hand) for d in digits)


@pytest.mark.parametrize("drill_type", ["riichi_dama", "kita", "push_fold", "efficiency", "call_pass", "all_last"])
def test_text_mode_names_the_concept_only_after_the_answer(drill_type):
    for seed in range(15):
        q = question(drill_type, "tenhou", seed, 1 + seed % 3)
        name = concept_name(q.concept)
        asked, answer = render_question(q), render_answer(q)
        assert name not in asked, (q.id, name)
        assert f"Concept: {name}" in answer
        assert answer.index("Answer:") < answer.index(f"Concept: {name}")


def test_the_command_prints_the_concept_after_the_answer(capsys):
    from drills.cli import main

    assert main(["riichi_dama", "--seed", "11", "--difficulty", "1"]) == 0
    out = capsys.readouterr().out
    q = generate("riichi_dama", "tenhou", 11, 1)
    assert out.index("Answer:") < out.index(concept_name(q.concept))


def _rules_row(topic: str) -> list[str]:
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == topic:
            return cells[1:]
    raise AssertionError(f"no row {topic!r} in RULES.md")


def test_a_ron_on_a_kita_keeps_ippatsu_wherever_the_rules_table_says_as_tenhou():
    presets = ["tenhou", "mahjongsoul", "club", "classic", "wrc"]
    cells = _rules_row("ron on a kita'd North")
    tenhou = load_preset("tenhou")
    assert tenhou.ron_on_kita_keeps_ippatsu and "ippatsu kept" in cells[0]
    checked = 0
    for name, cell in zip(presets, cells, strict=True):
        if "as tenhou" in cell:
            rules = load_preset(name)
            assert rules.ron_on_kita == tenhou.ron_on_kita, name
            assert rules.ron_on_kita_keeps_ippatsu == tenhou.ron_on_kita_keeps_ippatsu, name
            checked += 1
        if "ippatsu kept" in cell:
            assert load_preset(name).ron_on_kita_keeps_ippatsu, name
    assert checked >= 1  # wrc


def test_hand_spelling_helper():
    assert _spelt("123p45s") == "1p2p3p4s5s"
    assert len(parse_tiles("123p45s")) == 5
