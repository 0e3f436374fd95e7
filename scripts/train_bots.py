"""Fit the hard bot's models on real Phoenix-room games (fixed seeds).

Discards: ``.venv/bin/python scripts/train_bots.py [--games N] [--dev M] [--cache DIR] [--out PATH]``.
Reads ``../shared/data/tenhou-phoenix-train.jsonl.gz``, re-plays each game (two
processes, in chunks of games), and at every discard with more than one
candidate kind records the candidates' rows
(:meth:`sanma_core.bots.learned_bot.LearnedBot.ranked`) and the kind the player
chose. LightGBM lambdarank trees rank them (fixed seed; the last tenth of the
training decisions stops the boosting), a temperature fitted on that tenth
calibrates the softmax of their scores, and the trees, the temperature and the
figures reached on training and development games are written as JSON
(``sanma_core/bots/data/discard_model.json``, :func:`train_discards`).

Riichi or dama, kita or keep, pon or pass:
``scripts/train_bots.py --choices [--games N] [--dev M] [--cache DIR]`` collects
one row per decision (:mod:`sanma_core.bots.choice_features`), fits LightGBM
binary trees per kind (one thread, fixed seed; the last tenth of the training
games stops the boosting early) and writes the trees with their figures to
``sanma_core/bots/data/choice_models.json`` (:func:`train_choices`).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sanma_core.analysis import kokushi_shanten  # noqa: E402
from sanma_core.bots.learned import FEATURES, MODEL_FILE  # noqa: E402
from sanma_core.bots.learned_bot import LearnedBot  # noqa: E402
from sanma_core.bots.table import read_table  # noqa: E402
from sanma_core.game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, MINKAN, PASS, PON, RIICHI  # noqa: E402
from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.game.state import Phase  # noqa: E402
from sanma_core.tiles import RED_5P, kind  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


# ---- the discard ranking ----------------------------------------------------------------------------

RANK_PARAMS = {"objective": "lambdarank", "lambdarank_truncation_level": 3, "eval_at": [1], "learning_rate": 0.05,
               "num_leaves": 63, "min_data_in_leaf": 50, "feature_fraction": 0.8, "bagging_fraction": 0.8,
               "bagging_freq": 1, "num_threads": 2, "seed": 7, "deterministic": True, "force_row_wise": True,
               "verbose": -1}
RANK_ROUNDS = 1500
CHUNK = 50  # games per collecting task

Group = tuple[list[list[float]], int, int]  # the candidates' rows, the player's index, facing a riichi (0/1)


class Collector:
    """Observer: the candidate rows (:meth:`LearnedBot.ranked`) of every discard with two kinds or more to
    choose from, the player's choice and whether an opponent was in riichi."""

    def __init__(self) -> None:
        self.groups: list[Group] = []
        self.bots: dict[int, LearnedBot] = {}
        self.hand = -1

    def before(self, game, action) -> None:
        if game.phase is not Phase.TURN or action.kind not in (DISCARD, RIICHI):
            return
        if game.hand_index != self.hand:
            self.hand = game.hand_index
            self.bots = {s: LearnedBot(0) for s in range(3)}  # a fresh riichi memory each hand
        legal = [a for a in game.legal_actions(action.seat) if a.kind == DISCARD]
        if len({kind(a.tile) for a in legal}) < 2:
            return
        view = game.view(action.seat)
        cands, rows = self.bots[action.seat].ranked(view, legal, read_table(view))
        kinds = [c.kind for c in cands]
        if kind(action.tile) in kinds:
            threat = int(any(game.riichi[o] for o in range(3) if o != action.seat))
            self.groups.append((rows, kinds.index(kind(action.tile)), threat))


def collect(path: Path, games: int, skip: int = 0) -> list[Group]:
    """The decisions of games ``skip`` … ``skip + games - 1`` of a ``.jsonl.gz`` file."""
    out = Collector()
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n < skip:
                continue
            if n >= skip + games:
                break
            out.hand = -1
            read_record(line, "tenhou", observers=[out])
    return out.groups


def _collect_chunk(task: tuple[str, int, int]) -> list[Group]:
    return collect(Path(task[0]), task[2], task[1])


def collect_all(path: Path, games: int, workers: int = 2) -> list[Group]:
    """:func:`collect` over chunks of games in ``workers`` processes, in the games' order."""
    tasks = [(str(path), start, min(CHUNK, games - start)) for start in range(0, games, CHUNK)]
    if workers <= 1 or len(tasks) == 1:
        return [g for t in tasks for g in _collect_chunk(t)]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return [g for part in pool.imap(_collect_chunk, tasks) for g in part]


def cached(path: Path, games: int, cache: Path | None, name: str) -> list[Group]:
    """Collected decisions, read from ``cache/discards-NAME-GAMES.json`` when there (same features only)."""
    file = cache / f"discards-{name}-{games}.json" if cache is not None else None
    if file is not None and file.exists():
        data = json.loads(file.read_text())
        if data.get("features") == list(FEATURES):
            return [tuple(g) for g in data["groups"]]
    groups = collect_all(path, games)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps({"features": list(FEATURES), "groups": groups}))
    return groups


def shipped_trees(trees: list) -> list:
    """Flat node lists as shipped: thresholds and values to six significant digits."""
    return [[[int(n[0]), float(f"{n[1]:.6g}"), int(n[2]), int(n[3]), float(f"{n[4]:.6g}")] for n in t] for t in trees]


def _rank_data(groups: list[Group]):
    x = np.array([r for g in groups for r in g[0]], dtype=np.float64)
    y = np.array([float(j == g[1]) for g in groups for j in range(len(g[0]))])
    return x, y, [len(g[0]) for g in groups]


def fit_ranker(groups: list[Group], rounds: int = RANK_ROUNDS, holdout: float = 0.1, params: dict | None = None):
    """LightGBM lambdarank over each decision's candidates; the last share of the decisions (the latest games)
    stops it early."""
    import lightgbm as lgb

    params = {**RANK_PARAMS, **(params or {})}
    cut = int(len(groups) * (1 - holdout))
    x, y, sizes = _rank_data(groups[:cut])
    train = lgb.Dataset(x, y, group=sizes, free_raw_data=False)
    if cut == len(groups):
        return lgb.train(params, train, rounds)
    xv, yv, sv = _rank_data(groups[cut:])
    valid = lgb.Dataset(xv, yv, group=sv, reference=train)
    return lgb.train(params, train, rounds, valid_sets=[valid], callbacks=[lgb.early_stopping(50, verbose=False)])


def _softmax_parts(groups: list[Group]):
    sizes = np.array([len(g[0]) for g in groups])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([g[1] for g in groups])
    return starts, np.repeat(np.arange(len(groups)), sizes), chosen


def probabilities(groups: list[Group], raw: np.ndarray, temperature: float) -> np.ndarray:
    """Each candidate's softmax probability within its decision, the scores divided by ``temperature``."""
    starts, index, _ = _softmax_parts(groups)
    s = raw / temperature
    e = np.exp(s - np.maximum.reduceat(s, starts)[index])
    return e / np.add.reduceat(e, starts)[index]


def fit_temperature(groups: list[Group], raw: np.ndarray) -> float:
    """The temperature that minimises the mean negative log-likelihood of the players' choices (golden-section
    search on its logarithm)."""
    chosen = _softmax_parts(groups)[2]

    def nll(log_t: float) -> float:
        return float(-np.log(np.maximum(probabilities(groups, raw, math.exp(log_t))[chosen], 1e-12)).mean())

    lo, hi = math.log(0.05), math.log(20.0)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if nll(a) < nll(b):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def rank_figures(groups: list[Group], raw: np.ndarray, temperature: float) -> dict[str, float | int]:
    """Agreement (the top-scored candidate is the player's), mean NLL and the calibration error of the top
    candidate's probability; all decisions and those facing a riichi."""
    from sanma_core.bots.agreement import expected_calibration_error

    p = probabilities(groups, raw, temperature)
    starts, _, chosen = _softmax_parts(groups)
    out: dict[str, float | int] = {}
    picks = [int(np.argmax(raw[st:st + len(g[0])])) for st, g in zip(starts, groups, strict=True)]
    for name, keep in (("", lambda g: True), ("_vs_riichi", lambda g: g[2])):
        idx = [i for i, g in enumerate(groups) if keep(g)]
        if not idx:
            continue
        hits = [picks[i] == groups[i][1] for i in idx]
        conf = [(float(p[starts[i] + picks[i]]), h) for i, h in zip(idx, hits, strict=True)]
        out[f"n{name}"] = len(idx)
        out[f"agree{name}"] = round(sum(hits) / len(idx), 4)
        out[f"nll{name}"] = round(float(-np.log(np.maximum(p[chosen[idx]], 1e-12)).mean()), 4)
        out[f"ece{name}"] = round(expected_calibration_error(conf), 4)
    return out


def train_discards(data: Path, games: int, dev: int, cache: Path | None, out: str) -> int:
    """Collect, fit the ranking and its temperature, measure, and write the discard model with its figures."""
    from sanma_core.bots.trees import compact

    t0 = time.time()
    train = cached(data / "tenhou-phoenix-train.jsonl.gz", games, cache, "train")
    devg = cached(data / "tenhou-phoenix-dev.jsonl.gz", dev, cache, "dev") if dev else []
    print(f"{len(train)} training decisions, {len(devg)} development decisions ({time.time() - t0:.0f} s)", flush=True)
    booster = fit_ranker(train)
    holdout = train[int(len(train) * 0.9):]
    temperature = fit_temperature(holdout, booster.predict(_rank_data(holdout)[0])) if holdout else 1.0
    figures: dict = {"trees": booster.num_trees(), "temperature": round(temperature, 4)}
    for name, part in (("train", train), ("dev", devg)):
        if part:
            figures[name] = rank_figures(part, booster.predict(_rank_data(part)[0]), temperature)
    print(json.dumps(figures), flush=True)
    trees = shipped_trees(compact(booster.dump_model()))
    doc = {"features": list(FEATURES), "games": games, "dev_games": dev, "params": RANK_PARAMS,
           "temperature": round(temperature, 6), "figures": figures, "trees": trees}
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    Path(out).write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out} in {time.time() - t0:.0f} s")
    return 0


# ---- riichi or dama, kita or keep, pon or pass ---------------------------------------------------

CHOICE_KINDS = ("riichi", "kita", "call", "kan", "abort")
LGB_PARAMS = {"objective": "binary", "learning_rate": 0.05, "num_leaves": 15, "min_data_in_leaf": 40,
              "feature_fraction": 0.9, "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 1.0,
              "num_threads": 1, "seed": 7, "deterministic": True, "force_row_wise": True, "verbose": -1}
ROUNDS = 400
#: Kinds with few decisions get small trees and a fixed number of rounds, their holdout being too small to stop on.
#: The abort (about 550 first draws in 1,800 games, 4 of them one tile from thirteen orphans) is fitted in two
#: stages: trees on how far thirteen orphans is and the kinds held alone, the likelier to abort the further and
#: the fewer (monotone), then trees on the whole row boosted from those. By 5-fold cross-validation on the
#: training rows: NLL 0.319, agreement 87.0%, against one stage's 0.337, 86.8% (3 leaves, 100 rounds) and the
#: hand features alone 0.345; the one-stage model told a 12-kind hand to abort (p 0.78), the two stages 0.16.
KIND_FIT: dict[str, dict] = {
    "abort": {
        "first": {"features": ["orphan_kinds", "kokushi"], "rounds": 200,
                  "params": {"num_leaves": 3, "min_data_in_leaf": 2, "min_sum_hessian_in_leaf": 0.0,
                             "feature_fraction": 1.0}},
        "params": {"num_leaves": 3, "min_data_in_leaf": 20}, "rounds": 100, "holdout": 0.0,
        "increasing": ["kokushi"], "decreasing": ["orphan_kinds"],
    },
}


class ChoiceCollector:
    """Observer: per decision kind, rows of (features, the player's answer, first chance, facing riichi, hand-written answer)."""

    def __init__(self, kinds: tuple[str, ...] = CHOICE_KINDS) -> None:
        self.kinds = frozenset(kinds)
        self.rows: dict[str, list[tuple[list[float], int, int, int, int]]] = {k: [] for k in kinds}
        self.bots: dict[int, LearnedBot] = {}
        self.hand = None
        self.asked: set[int] = set()
        self.aborts: set[int] = set()

    def _bot(self, game, seat: int) -> LearnedBot:
        key = (id(game), game.hand_index)
        if key != self.hand:
            self.hand = key
            self.bots = {s: LearnedBot(0) for s in range(3)}  # a fresh riichi memory each hand
            self.asked = set()
            self.aborts: set[int] = set()
        return self.bots[seat]

    def before(self, game, action) -> None:
        seat = action.seat
        threat = int(any(game.riichi[o] for o in range(3) if o != seat))
        if game.phase is Phase.RESPONSE:
            if action.kind not in (PON, MINKAN, PASS) or "call" not in self.kinds:
                return
            legal = game.legal_actions(seat)
            pons = [a for a in legal if a.kind == PON]
            if not pons:
                return
            view = game.view(seat)
            bot = self._bot(game, seat)
            pon = min(pons, key=lambda a: sum(1 for t in a.consumed if t >= RED_5P))
            row, verdict = bot.call_row(view, read_table(view), pon, any(a.kind == MINKAN for a in legal))
            self.rows["call"].append((row, int(action.kind != PASS), 0, threat, int(verdict[0])))
            return
        if game.phase is not Phase.TURN:
            return
        legal = game.legal_actions(seat)
        bot = self._bot(game, seat)
        view = table = None
        if "abort" in self.kinds and any(a.kind == ABORT for a in legal) and seat not in self.aborts:  # once a hand: the first draw
            self.aborts.add(seat)
            view = game.view(seat)
            table = read_table(view)
            self.rows["abort"].append((bot.abort_row(view, table), int(action.kind == ABORT), 0, threat,
                                       int(kokushi_shanten(table.counts) >= 3)))
        if ("kan" in self.kinds and action.kind in (DISCARD, RIICHI, ANKAN, KAKAN)
                and any(a.kind in (ANKAN, KAKAN) for a in legal)):
            view = view or game.view(seat)
            table = table or read_table(view)
            kan = bot.kan_option(legal, table)
            row = bot.kan_row(view, legal, table, kan)
            self.rows["kan"].append((row, int(action.kind in (ANKAN, KAKAN)), 0, threat, int(row[13])))
        if action.kind not in (DISCARD, RIICHI, KITA):
            return
        if "riichi" in self.kinds and action.kind in (DISCARD, RIICHI) and any(a.kind == RIICHI for a in legal):
            # every riichi chance: the player's tile when it allows riichi, else the widest tenpai discard
            first = int(seat not in self.asked)
            self.asked.add(seat)
            view = game.view(seat)
            table = read_table(view)
            discards = [a for a in legal if a.kind in (DISCARD, RIICHI)]
            cands = bot._candidates(view, discards, table)
            ready = [c for c in cands if bot._riichi_action(discards, c) is not None]
            cand = next((c for c in ready if c.kind == kind(action.tile)), None)
            if cand is None and ready:
                cand = max(ready, key=lambda c: (c.live, -c.kind))
            if cand is not None:
                row, hard = bot.riichi_row(view, discards, table, cand, cands)
                hard_yes = int(hard is not None and hard.action.kind == RIICHI)
                self.rows["riichi"].append((row, int(action.kind == RIICHI), first, threat, hard_yes))
        if "kita" in self.kinds and any(a.kind == KITA for a in legal) and not game.riichi[seat]:
            view = view or game.view(seat)
            table = table or read_table(view)
            row, keep = bot.kita_row(view, table)
            self.rows["kita"].append((row, int(action.kind == KITA), 0, threat, int(keep is None)))


def collect_choices(path: Path, games: int, skip: int = 0, kinds: tuple[str, ...] = CHOICE_KINDS) -> dict[str, list]:
    out = ChoiceCollector(kinds)
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n < skip:
                continue
            if n >= skip + games:
                break
            read_record(line, "tenhou", observers=[out])
    return out.rows


def cached_choices(path: Path, games: int, cache: Path | None, name: str,
                   kinds: tuple[str, ...] = CHOICE_KINDS) -> dict[str, list]:
    """Collected choice rows, read from ``cache/choices-NAME-GAMES[-KINDS].json`` when there."""
    tag = "" if set(kinds) == set(CHOICE_KINDS) else "-" + "-".join(kinds)
    file = cache / f"choices-{name}-{games}{tag}.json" if cache is not None else None
    if file is not None and file.exists():
        return json.loads(file.read_text())
    rows = collect_choices(path, games, kinds=kinds)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(rows))
    return rows


def _xy(rows) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([r[0] for r in rows], dtype=np.float64)
    y = np.array([r[1] for r in rows], dtype=np.float64)
    return x, y


def fit_choice(rows, rounds: int = ROUNDS, holdout: float = 0.1, params: dict | None = None, init=None):
    """LightGBM binary trees (``LGB_PARAMS`` updated by ``params``), boosted from the raw scores ``init`` when
    given; the last ``holdout`` share of the rows (the latest games) stops the boosting."""
    import lightgbm as lgb

    params = {**LGB_PARAMS, **(params or {})}
    x, y = _xy(rows)
    cut = int(len(x) * (1 - holdout)) if holdout and len(x) >= 200 else len(x)
    train = lgb.Dataset(x[:cut], y[:cut], free_raw_data=False, init_score=None if init is None else init[:cut])
    if cut < len(x):
        valid = lgb.Dataset(x[cut:], y[cut:], reference=train, init_score=None if init is None else init[cut:])
        booster = lgb.train(params, train, rounds, valid_sets=[valid],
                            callbacks=[lgb.early_stopping(40, verbose=False)])
    else:
        booster = lgb.train(params, train, rounds)
    return booster


def _monotone(names: list[str], fit: dict) -> list[int]:
    return [1 if n in fit.get("increasing", ()) else -1 if n in fit.get("decreasing", ()) else 0 for n in names]


def fit_kind(kind: str, rows, rounds: int = ROUNDS) -> list:
    """The shipped trees of one decision kind, fitted as :data:`KIND_FIT` says (one stage by default)."""
    from sanma_core.bots.choice_features import FEATURES as CHOICE_FEATURES
    from sanma_core.bots.trees import compact

    fit = KIND_FIT.get(kind, {})
    names = list(CHOICE_FEATURES[kind])
    params = {**fit.get("params", {})}
    if fit.get("increasing") or fit.get("decreasing"):
        params["monotone_constraints"] = _monotone(names, fit)
    trees, init = [], None
    if "first" in fit:
        first = fit["first"]
        cols = [names.index(n) for n in first["features"]]
        sub = [([r[0][c] for c in cols], *r[1:]) for r in rows]
        booster = fit_choice(sub, first["rounds"], 0.0,
                             {**first["params"], "monotone_constraints": _monotone(first["features"], fit)})
        for tree in compact(booster.dump_model()):  # the stage's columns back to the row's
            trees.append([[cols[int(n[0])] if n[0] >= 0 else -1, *n[1:]] for n in tree])
        init = booster.predict(_xy(sub)[0], raw_score=True)
    booster = fit_choice(rows, fit.get("rounds", rounds), fit.get("holdout", 0.1), params, init)
    trees += compact(booster.dump_model())
    return shipped_trees(trees)


def choice_figures(forest, rows) -> dict[str, float | int | None]:
    """Agreement, NLL, constant baseline and calibration error of a fitted forest on rows; facing a riichi
    and first chances apart, and the hand-written rules' agreement beside."""
    from sanma_core.bots.agreement import expected_calibration_error

    out: dict[str, float | int | None] = {}
    subsets = {"all": rows, "vs_riichi": [r for r in rows if r[3]], "first": [r for r in rows if r[2]]}
    for name, part in subsets.items():
        if not part:
            continue
        n = len(part)
        ps = [forest.probability(r[0]) for r in part]
        hits = sum(int((p >= 0.5) == bool(r[1])) for p, r in zip(ps, part, strict=True))
        yes = sum(r[1] for r in part)
        nll = -sum(math.log(max(1e-6, p if r[1] else 1 - p)) for p, r in zip(ps, part, strict=True)) / n
        conf = [(max(p, 1 - p), (p >= 0.5) == bool(r[1])) for p, r in zip(ps, part, strict=True)]
        suffix = "" if name == "all" else f"_{name}"
        out[f"n{suffix}"] = n
        out[f"agree{suffix}"] = round(hits / n, 4)
        out[f"nll{suffix}"] = round(nll, 4)
        out[f"baseline{suffix}"] = round(max(yes, n - yes) / n, 4)
        out[f"ece{suffix}"] = round(expected_calibration_error(conf), 4)
        out[f"rules{suffix}"] = round(sum(int(r[4] == r[1]) for r in part) / n, 4)
    return out


def train_choices(data: Path, games: int, dev: int, cache: Path | None, out: str | None,
                  rounds: int = ROUNDS, kinds: tuple[str, ...] = CHOICE_KINDS) -> int:
    """Collect and fit the kinds asked; the other kinds' models are kept as the shipped file has them (when it was
    fitted on the same games)."""
    from sanma_core.bots.choice_features import FEATURES as CHOICE_FEATURES
    from sanma_core.bots.choice_model import MODELS_FILE
    from sanma_core.bots.trees import Forest

    t0 = time.time()
    train = cached_choices(data / "tenhou-phoenix-train.jsonl.gz", games, cache, "train", kinds)
    devrows = cached_choices(data / "tenhou-phoenix-dev.jsonl.gz", dev, cache, "dev", kinds) if dev else {}
    print(f"collected in {time.time() - t0:.0f} s: " + ", ".join(f"{k} {len(v)}" for k, v in train.items()))
    doc: dict = {"version": 1, "games": games, "dev_games": dev, "params": LGB_PARAMS, "kinds": {}}
    if set(kinds) != set(CHOICE_KINDS) and MODELS_FILE.exists():
        shipped = json.loads(MODELS_FILE.read_text(encoding="utf-8"))
        if (shipped.get("games"), shipped.get("dev_games")) == (games, dev):
            doc["kinds"] = {k: v for k, v in shipped.get("kinds", {}).items() if k not in kinds}
        else:
            print(f"the shipped models were fitted on {shipped.get('games')} games: only {', '.join(kinds)} written")
    for k in CHOICE_KINDS:
        if k not in kinds:
            continue
        rows = train.get(k, [])
        if len(rows) < 50:
            print(f"{k}: only {len(rows)} decisions, not fitted")
            continue
        fit = KIND_FIT.get(k, {})
        trees = fit_kind(k, rows, rounds)
        forest = Forest(trees)
        figures = {"trees": len(trees), "train": choice_figures(forest, rows)}
        if devrows.get(k):
            figures["dev"] = choice_figures(forest, devrows[k])
        print(f"{k}: {json.dumps(figures)}")
        doc["kinds"][k] = {"features": list(CHOICE_FEATURES[k]), "trees": trees, "figures": figures}
        if fit:
            doc["kinds"][k]["fit"] = fit
    target = Path(out) if out else MODELS_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {target} in {time.time() - t0:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1800)
    p.add_argument("--dev", type=int, default=400, help="development games to report on")
    p.add_argument("--out", default=str(MODEL_FILE))
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--cache", default=None, help="a folder to keep the collected decisions in between runs")
    p.add_argument("--choices", action="store_true", help="fit the riichi, kita, call, kan and abort models instead")
    p.add_argument("--kinds", default=",".join(CHOICE_KINDS),
                   help="with --choices: the kinds to fit (comma-separated); the others are kept from the shipped file")
    args = p.parse_args(argv)
    if args.choices:
        out = args.out if args.out != str(MODEL_FILE) else None
        kinds = tuple(k for k in args.kinds.split(",") if k)
        unknown = sorted(set(kinds) - set(CHOICE_KINDS))
        if unknown:
            p.error(f"--kinds: unknown kind {', '.join(unknown)}; expected some of {', '.join(CHOICE_KINDS)}")
        return train_choices(Path(args.data), args.games, args.dev, Path(args.cache) if args.cache else None, out,
                             kinds=kinds)
    return train_discards(Path(args.data), args.games, args.dev, Path(args.cache) if args.cache else None, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
