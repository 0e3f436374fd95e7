"""The riichi, kita and call models: the trees as shipped predict what LightGBM predicts, training on a small
slice works end to end, the shipped file loads quickly and only when asked, and the hard bot plays by it."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time

import pytest
from train_support import DATA, ROOT, train_module

from sanma_core.bots.choice_features import FEATURES
from sanma_core.bots.choice_model import MODELS_FILE, choice_model, read_models
from sanma_core.bots.trees import Forest
from sanma_core.game import Game


def test_retraining_on_a_small_slice_end_to_end(tmp_path):
    lgb = pytest.importorskip("lightgbm")
    train = train_module()
    rows = train.collect_choices(DATA / "tenhou-phoenix-train.jsonl.gz", 4)
    for k in ("riichi", "kita", "call"):
        assert len(rows[k]) > 40, k
        assert all(len(r[0]) == len(FEATURES[k]) and r[1] in (0, 1) for r in rows[k])
    booster = train.fit_choice(rows["call"], rounds=60)
    assert isinstance(booster, lgb.Booster)
    from sanma_core.bots.trees import compact

    forest = Forest(compact(booster.dump_model()))
    x, y = train._xy(rows["call"])
    raw = booster.predict(x, raw_score=True)
    assert max(abs(forest.raw(r) - v) for r, v in zip(x, raw, strict=True)) < 1e-9
    bias, contrib = forest.explain(x[0])
    assert bias + sum(contrib) == pytest.approx(raw[0])
    figures = train.choice_figures(forest, rows["call"])
    assert figures["agree"] >= figures["baseline"] and figures["n"] == len(rows["call"])
    out = tmp_path / "models.json"
    cache = tmp_path / "cache"
    assert train.main(["--choices", "--games", "3", "--dev", "1", "--out", str(out), "--cache", str(cache)]) == 0
    assert (cache / "choices-train-3.json").exists()
    models = read_models(out)
    assert set(models) == {"riichi", "kita", "call"}
    for k, m in models.items():
        assert m.features == FEATURES[k] and "dev" in m.figures and "train" in m.figures
        assert 0.0 < m.probability(rows[k][0][0]) < 1.0


def test_the_shipped_models_load_fast_and_fit_the_features():
    t0 = time.process_time()  # CPU time: other programs on the machine cannot inflate it
    models = read_models(MODELS_FILE)
    assert time.process_time() - t0 < 0.5
    assert set(models) == {"riichi", "kita", "call", "kan", "abort"}
    for k, m in models.items():
        dev = m.figures["dev"]
        b = dev["baseline"]  # the share of the commoner answer: a constant guess's agreement
        assert dev["nll"] < -(b * math.log(b) + (1 - b) * math.log(1 - b)), (k, dev)  # beats the constant guess
        assert dev["agree"] >= b, (k, dev)
        if dev["n"] >= 1000:  # enough decisions to tell: agrees more often than the constant guess, calibrated
            assert dev["agree"] > b and dev["ece"] <= 0.05, (k, dev)
        else:  # the abort's ~140: ten bins of ~14 decisions, each off by ~0.08 by chance alone
            assert dev["ece"] <= 0.1, (k, dev)


def test_nothing_is_loaded_at_import_time():
    code = ("import sanma_core.bots, sanma_core.bots.make, sanma_core.bots.learned_bot\n"
            "from sanma_core.bots.choice_model import _shipped\n"
            "from sanma_core.bots.make import make_bot\nmake_bot('hard')\n"
            "print(_shipped.cache_info().currsize, 'lightgbm' in __import__('sys').modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["0", "False"]


def test_hard_decides_riichi_kita_and_calls_by_the_models_with_reasons():
    from sanma_core.bots.make import make_bot
    from sanma_core.game import GameMode
    from sanma_core.game.players import run

    assert choice_model("riichi") is not None
    seen: dict[str, list] = {"riichi": [], "kita": [], "call": []}
    for seed in range(4):
        game = Game("tenhou", GameMode("tonpuusen"), seed=f"choices/{seed}")
        decisions = [m.decision for m in run(game, [make_bot("hard", s) for s in range(3)], ask_forced=False)]
        assert game.is_over()
        for d in decisions:
            probs = d.facts.get("probs", {})
            for k, (yes, no) in {"riichi": ("riichi", "dama"), "kita": ("kita", "keep"), "call": ("call", "pass")}.items():
                if yes in probs:
                    assert math.isclose(probs[yes] + probs[no], 1.0)
                    seen[k].append((d, probs[yes]))
    for k, items in seen.items():
        assert items, k
        for d, p in items:
            assert "strong players" in d.reason, d.reason
            assert f"{round(100 * max(p, 1 - p))}%" in d.reason
    said_yes = [d for d, p in seen["riichi"] if p >= 0.5]
    assert all(d.action.kind == "riichi" for d in said_yes)


def _first_turns(seeds: int = 600) -> list[tuple[object, list]]:
    """Fresh games' dealer positions where the nine-terminal abort is legal at the first draw."""
    games = (Game(seed=f"first/{s}") for s in range(seeds))
    return [(g.view(g.to_act()[0]), g.legal_actions(g.to_act()[0])) for g in games
            if "nine_terminal_abort" in {a.kind for a in g.legal_actions(g.to_act()[0])}]


def _kan_turns(games: int = 40) -> list[tuple[object, list]]:
    """Positions of the development games where a closed or added kan is legal at the turn."""
    import gzip

    from sanma_core.game.records import read_record

    found = []

    class Keep:
        def before(self, game, action):
            seat = game.to_act()[0] if game.to_act() else None
            if seat is None or action.kind not in ("discard", "riichi", "ankan", "kakan"):
                return
            legal = game.legal_actions(seat)
            if any(a.kind in ("ankan", "kakan") for a in legal):
                found.append((game.view(seat), legal))

    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        for _, text in zip(range(games), fh, strict=False):
            read_record(text, "tenhou", observers=[Keep()])
    return found


@pytest.mark.parametrize(("action", "yes", "no"), [("kan", "kan", "no_kan"), ("nine_terminal_abort", "abort", "play_on")])
def test_hard_decides_kans_and_the_abort_by_their_models(action, yes, no):
    """The kan and the abort are asked of their models: the probabilities sum to 1, the action follows the
    likelier answer, and the reason gives the share strong players choose it."""
    from sanma_core.bots.learned_bot import LearnedBot

    kinds = {"ankan", "kakan"} if action == "kan" else {action}
    positions = _kan_turns() if action == "kan" else _first_turns()
    assert len(positions) >= 3
    answers, shares = set(), set()
    for view, all_legal in positions:
        legal = [a for a in all_legal if a.kind in kinds | {"discard"}]  # no kita or riichi asked first
        d = LearnedBot(0).decide(view, legal)
        p = d.facts["probs"][yes]
        assert math.isclose(p + d.facts["probs"][no], 1.0)
        assert (d.action.kind in kinds) == (p >= 0.5), (d.reason, p)
        assert f"{round(100 * max(p, 1 - p))}% of the time" in d.reason
        answers.add(d.action.kind in kinds)
        shares.add(round(p, 6))
        if action == "kan" and p < 0.5:  # no kan: the discard is still ranked by its model
            assert any(k.startswith("discard:") for k in d.facts["probs"])
    # strong players kan or not by the hand; they abort a dealt nine-terminal hand most of the time, more
    # often the further it is from kokushi, so the model's share differs from hand to hand
    assert answers == ({True, False} if action == "kan" else {True}) and len(shares) > 1


def test_agreement_reads_the_models_probabilities():
    import gzip

    from sanma_core.bots.agreement import AgreementCounter
    from sanma_core.game.records import read_record

    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        text = fh.readline()
    hard = AgreementCounter("hard", seed="test")
    read_record(text, "tenhou", observers=[hard])
    for k in ("discard", "riichi_all", "kita", "call"):
        assert hard.eces()[k] is not None and len(hard.calib[k]) == hard.total[k] > 10, k
        assert hard.nlls()[k] < math.log(2 if k != "discard" else 5), k  # better than a coin (discards: 5 kinds)


def test_a_game_position_gives_rows_of_the_right_length():
    from sanma_core.bots.learned_bot import LearnedBot
    from sanma_core.bots.table import read_table

    g = next(g for g in (Game(seed=s) for s in range(50)) if any(a.kind == "kita" for a in g.legal_actions(0)))
    view = g.view(0)
    bot = LearnedBot(0)
    table = read_table(view)
    row, _keep = bot.kita_row(view, table)
    assert len(row) == len(FEATURES["kita"]) and row[0] == table.counts[30]
    assert json.dumps(row)  # plain numbers only


def test_extra_discard_features_read_the_opponents_ponds():
    from sanma_core.bots.discard_features import EXTRA_FEATURES, extra_features
    from sanma_core.bots.learned_bot import LearnedBot
    from sanma_core.bots.make import make_bot
    from sanma_core.bots.table import read_table
    from sanma_core.game.players import run
    from sanma_core.tiles import kind

    game = Game(seed=12)
    moves = run(game, [make_bot("easy", s) for s in range(3)], ask_forced=False)
    for _ in range(24):  # some discards into every pond
        next(moves)
    while game.phase.value != "turn":
        next(moves)
    seat = game.turn
    view = game.view(seat)
    bot = LearnedBot(0)
    table = read_table(view)
    cands = bot._candidates(view, list(game.legal_actions(seat)), table)
    rows = extra_features(bot.knowledge(view, table), cands)
    col = EXTRA_FEATURES.index("thrown_by")
    for c, row in zip(cands, rows, strict=True):
        want = sum(1 for ps in view.seats if ps.seat != seat and any(kind(d.tile) == c.kind for d in ps.discards))
        assert row[col] == want and row[EXTRA_FEATURES.index("candidates")] == len(cands)
    assert any(row[col] for row in rows) or all(not ps.discards for ps in view.seats if ps.seat != seat)


def test_shape_features_count_the_suits_left_and_the_next_steps_width():
    """At every third turn of four bot games: the suits left after each discard, counted
    from the seat's tiles, and :func:`next_width` against a walk of its own (every useful draw, every discard after
    it, by ``shanten`` and ``ukeire``)."""
    from sanma_core.analysis import shanten, ukeire
    from sanma_core.bots import discard_features as df
    from sanma_core.bots.learned_bot import LearnedBot
    from sanma_core.bots.make import make_bot
    from sanma_core.bots.table import read_table
    from sanma_core.game.players import run

    def positions():
        for seed in range(4):
            game = Game(seed=seed)
            moves = run(game, [make_bot("easy", s) for s in range(3)], ask_forced=False)
            turns = 0
            for _ in moves:
                if game.phase.value == "turn" and not game.is_over():
                    turns += 1
                    if turns % 3 == 0 and any(a.kind == "discard" for a in game.legal_actions(game.turn)):
                        yield game
                if turns > 120:
                    break

    widths = 0
    for game in positions():
        seat = game.turn
        view = game.view(seat)
        bot = LearnedBot(0)
        table = read_table(view)
        cands = bot._candidates(view, [a for a in game.legal_actions(seat) if a.kind == "discard"], table)
        rows = df.position_features(bot.knowledge(view, table), cands)
        assert all(len(r) == len(df.POSITION_FEATURES) for r in rows)
        shape = [r[len(df.POSITION_FEATURES) - len(df.SHAPE_NAMES):] for r in rows]
        col = df.SHAPE_NAMES.index
        best = min(c.shanten for c in cands)
        ranked = sorted((c for c in cands if c.shanten == best), key=lambda c: (-c.live, c.kind))[:df.NEXT_WIDTH_OF]
        looked = {c.kind for c in ranked if 0 < c.shanten <= df.NEXT_WIDTH_SHANTEN}
        for c, row in zip(cands, shape, strict=True):
            left = list(table.counts)
            left[c.kind] -= 1
            held = [n + o for n, o in zip(left, table.outside, strict=True)]  # the melds and Norths set aside too
            same = sum(held[9 * (c.kind // 9):9 * (c.kind // 9) + 9]) if c.kind < 27 else sum(held[27:])
            assert row[col("same_suit")] * 13 == pytest.approx(same)
            assert row[col("copies")] == table.counts[c.kind]
            want = (0.0, 0.0)
            if c.kind in looked:
                total = weight = 0
                for u in ukeire(left).tiles:
                    w = table.unseen[u]
                    if not w:
                        continue
                    left[u] += 1
                    after = [d for d in range(len(left)) if left[d]]
                    low = min(shanten([n - (i == d) for i, n in enumerate(left)]) for d in after)
                    total += w * max(sum(table.unseen[k] for k in ukeire([n - (i == d) for i, n in enumerate(left)]).tiles)
                                     for d in after if shanten([n - (i == d) for i, n in enumerate(left)]) == low)
                    weight += w
                    left[u] -= 1
                want = (total / weight / 20.0, total / 400.0) if weight else (0.0, 0.0)
                widths += weight > 0
            assert (row[col("next_width")], row[col("next_reach")]) == pytest.approx(want)
            if c.kind in looked:  # the row asks only the widest candidates near tenpai; the function answers any
                assert df.next_width(table, c) == pytest.approx(want)
    assert widths >= 40, widths


def test_the_riichi_model_knows_a_wait_held_at_the_last_discard():
    """``waited_before`` at each riichi chance of real games equals the hand's own tenpai after the seat's previous
    discard (followed discard by discard, where no call or kita came between), and both answers occur."""
    from sanma_core.analysis import shanten
    from sanma_core.bots.choice_features import waited_before
    from sanma_core.bots.learned_bot import LearnedBot
    from sanma_core.bots.table import read_table
    from sanma_core.commands.agree import record_texts
    from sanma_core.game.records import read_record
    from sanma_core.tiles import to_counts

    compared: list[bool] = []

    class Follow:
        def __init__(self):
            self.hand: int | None = None
            self.after: dict[int, bool | None] = {}  # seat -> tenpai after its last discard (None: unknown)

        def before(self, game, action):
            s = action.seat
            if game.hand_index != self.hand:
                self.hand, self.after = game.hand_index, {}
            if action.kind in ("kita", "pon", "minkan", "ankan", "kakan"):
                self.after[s] = None
            if action.kind not in ("discard", "riichi") or game.phase.name != "TURN":
                return
            view = game.view(s)
            legal = game.legal_actions(s)
            if any(a.kind == "riichi" for a in legal) and self.after.get(s) is not None and not view.seats[s].melds:
                table = read_table(view)
                compared.append(waited_before(LearnedBot(s).knowledge(view, table)))
                assert compared[-1] == self.after[s], (game.hand_index, s)
            rest = list(view.hand)
            rest.remove(action.tile)
            self.after[s] = shanten(to_counts(rest)) == 0 if not view.seats[s].melds else None

    for _, (_where, text) in zip(range(30), record_texts([str(DATA / "tenhou-phoenix-dev.jsonl.gz")]), strict=False):
        read_record(text, "tenhou", observers=[Follow()])
    assert len(compared) >= 100 and any(compared) and not all(compared), len(compared)
