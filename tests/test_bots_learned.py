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
from sanma_core.game import Game, GameMode
from sanma_core.game.records import read_record


def test_training_on_a_small_slice_ranks_better_than_chance_and_ships_a_calibrated_model(tmp_path):
    """The discard pipeline end to end on two games: rows of every feature, lambdarank trees well above chance, a
    temperature that lowers the NLL, and a written model the bot's loader reads back with the same scores."""
    import numpy as np

    from sanma_core.bots.learned import Model
    from sanma_core.bots.trees import Forest

    train = train_module()
    groups = train.collect(DATA / "tenhou-phoenix-train.jsonl.gz", 2)
    assert len(groups) > 300 and all(0 <= i < len(rows) for rows, i, _ in groups)
    assert all(len(row) == len(FEATURES) for rows, _, _ in groups for row in rows)
    assert {t for _, _, t in groups} <= {0, 1}
    booster = train.fit_ranker(groups, rounds=40, holdout=0.0)
    raw = booster.predict(train._rank_data(groups)[0])
    chance = sum(1 / len(rows) for rows, _, _ in groups) / len(groups)
    fitted = train.rank_figures(groups, raw, 1.0)
    assert fitted["agree"] > chance + 0.25 and fitted["n"] == len(groups)
    t = train.fit_temperature(groups, raw)
    assert t != 1.0 and train.rank_figures(groups, raw, t)["nll"] < fitted["nll"]
    p = train.probabilities(groups, raw, t)
    assert abs(p[: len(groups[0][0])].sum() - 1.0) < 1e-9

    out = tmp_path / "model.json"
    assert train.main(["--games", "1", "--dev", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["features"] == list(FEATURES) and data["trees"] and data["temperature"] > 0
    assert set(data["figures"]) >= {"train", "dev", "trees", "temperature"} and 0 < data["figures"]["dev"]["agree"] < 1
    model = Model(Forest(data["trees"]), data["temperature"])
    rows = groups[0][0]
    direct = [Forest(data["trees"]).raw(r) / data["temperature"] for r in rows]
    assert np.allclose(model.score(rows), direct)


def test_the_shipped_model_matches_the_features_and_hard_uses_it():
    data = json.loads(MODEL_FILE.read_text())
    assert data["features"] == list(FEATURES) and data["games"] == 1800 and data["dev_games"] == 400
    assert load_model() is not None and isinstance(make_bot("hard"), LearnedBot)
    assert load_model().figures == data["figures"]


def test_the_batched_trees_give_each_rows_own_walk():
    """:meth:`Forest.raw_many` and :meth:`Forest.explain_many` (every tree and candidate at once, as the bot scores)
    equal the one-row walks on real candidate rows, and the contributions add up to the score."""
    import numpy as np

    forest = load_model().forest
    game_rows = []
    for seed in range(5):
        game = Game("tenhou", seed=seed)
        view = game.view(0)
        legal = [a for a in game.legal_actions(0) if a.kind == "discard"]
        game_rows += LearnedBot(0).ranked(view, legal, read_table(view))[1]
    many, parts = forest.raw_many(game_rows), forest.explain_many(game_rows)
    for row, raw, part in zip(game_rows, many, parts, strict=True):
        bias, contrib = forest.explain(row)
        assert np.isclose(raw, forest.raw(row)) and np.allclose(part, contrib)
        assert np.isclose(bias + part.sum(), raw)


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
    tile has more of than the runner-up (a runner-up's red five was once said of the thrown tile); the candidates'
    rows are the same before and after the decision (the hand-written pick among them breaks its ties alike)."""
    from sanma_core.bots.learned import FEATURE_WORDS
    from sanma_core.game import Game
    from sanma_core.tiles import tile_name

    named = 0
    for seed in range(60):
        game = Game("tenhou", seed=seed)
        legal = [a for a in game.legal_actions(0) if a.kind == "discard"]
        view = game.view(0)
        bot = make_bot("hard", seed)
        before = bot.ranked(view, legal, read_table(view))[1]
        decision = bot.decide(view, legal)
        assert decision.action in legal and decision.facts["mode"] == "learned"
        assert decision.reason.startswith(f"discard {tile_name(decision.action.tile)}:")
        if "as strong players weigh it" not in decision.reason:
            continue
        named += 1
        cands, rows = bot.ranked(view, legal, read_table(view))
        assert rows == before, seed  # the same position ranks alike whatever the bot drew before
        scores = load_model().score(rows)
        first, second = sorted(range(len(cands)), key=lambda i: (-scores[i], cands[i].kind))[:2]
        assert cands[first].action.tile == decision.action.tile
        said = decision.reason.split("(", 1)[1]
        longest_first = sorted(enumerate(FEATURE_WORDS), key=lambda e: -len(e[1][1]))  # "a value honour" is in
        for i, (_name, words) in longest_first:                                        # "… for an opponent"
            if words in said:
                assert rows[first][i] > rows[second][i], (seed, words, decision.reason)
                said = said.replace(words, "")
    assert named >= 20, named
