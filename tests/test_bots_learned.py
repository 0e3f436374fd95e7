"""The learned hard bot: the training pipeline end to end on a small slice, the shipped model's shape,
legal and explained decisions, and its agreement with real players on development games."""

from __future__ import annotations

import gzip
import json

from train_support import DATA, train_module

from sanma_core.bots import make_bot
from sanma_core.bots.agreement import AgreementCounter
from sanma_core.bots.arena import play_bot_game
from sanma_core.bots.learned import FEATURES, MODEL_FILE, load_model
from sanma_core.bots.learned_bot import LearnedBot
from sanma_core.bots.table import read_table
from sanma_core.game import GameMode
from sanma_core.game.records import read_record


def test_training_on_a_small_slice_fits_better_than_chance(tmp_path):
    train = train_module()
    groups = train.collect(DATA / "tenhou-phoenix-train.jsonl.gz", 2)
    assert len(groups) > 300 and all(0 <= i < len(rows) for rows, i in groups)
    assert all(len(row) == len(FEATURES) for rows, _ in groups for row in rows)
    w = train.fit(groups, steps=120)
    chance = sum(1 / len(rows) for rows, _ in groups) / len(groups)
    assert train.accuracy(groups, w) > chance + 0.25
    out = tmp_path / "model.json"
    assert train.main(["--games", "1", "--dev", "0", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["features"] == list(FEATURES) and len(data["weights"]) == len(FEATURES)
    net = data["network"]
    assert len(net["W1"]) == 24 and all(len(r) == len(FEATURES) for r in net["W1"]) and len(net["w2"]) == 24
    model = train.fit_mlp(groups, hidden=8, steps=150)
    assert train.accuracy(groups, model) > chance + 0.25


def test_the_shipped_model_matches_the_features_and_hard_uses_it():
    data = json.loads(MODEL_FILE.read_text())
    assert data["features"] == list(FEATURES)
    assert load_model() is not None and isinstance(make_bot("hard"), LearnedBot)


def test_hard_plays_whole_games_to_the_end():
    """Every action goes through the referee, which refuses anything illegal."""
    for seed in range(3):
        report = play_bot_game(["hard", "normal", "easy"], seed=seed, mode=GameMode("tonpuusen"))
        assert report.game.is_over() and report.game.placement is not None


def test_hard_agrees_with_phoenix_players_more_than_normal():
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        texts = [line for _, line in zip(range(6), fh, strict=False)]
    rates = {}
    for level in ("normal", "hard"):
        counter = AgreementCounter(level, seed="test")
        for text in texts:
            counter.new_game()
            read_record(text, "tenhou", observers=[counter])
        rates[level] = counter.rates()["discard"]
    assert rates["hard"] > rates["normal"] + 0.02 and rates["hard"] > 0.62, rates


def test_a_learned_discard_names_its_tile_and_only_features_the_tile_has():
    """Over 60 deals: the reason names the tile thrown, and every feature it names as deciding is one the thrown
    tile has more of than the runner-up (a runner-up's red five was once said of the thrown tile)."""
    from sanma_core.bots.learned import FEATURE_WORDS
    from sanma_core.game import Game
    from sanma_core.tiles import tile_name

    named = 0
    for seed in range(60):
        game = Game("tenhou", seed=seed)
        legal = [a for a in game.legal_actions(0) if a.kind == "discard"]
        view = game.view(0)
        bot = make_bot("hard", seed)
        decision = bot.decide(view, legal)
        assert decision.action in legal and decision.facts["mode"] == "learned"
        assert decision.reason.startswith(f"discard {tile_name(decision.action.tile)}:")
        if "as strong players weigh it" not in decision.reason:
            continue
        named += 1
        cands, rows = bot.ranked(view, legal, read_table(view))
        scores = load_model().score(rows)
        first, second = sorted(range(len(cands)), key=lambda i: (-scores[i], cands[i].kind))[:2]
        assert cands[first].action.tile == decision.action.tile
        said = decision.reason.split("(", 1)[1]
        for i, (_name, words) in enumerate(FEATURE_WORDS):
            if words in said:
                assert rows[first][i] > rows[second][i], (seed, words, decision.reason)
    assert named >= 20, named
