"""Fit the hard bot's models on real Phoenix-room games (fixed seeds).

Discards: ``.venv/bin/python scripts/train_bots.py [--games N] [--out PATH]``. Reads
``../shared/data/tenhou-phoenix-train.jsonl.gz``, re-plays each game, and at every
discard with more than one candidate kind records the candidates' features
(:func:`sanma_core.bots.learned.candidate_features`) and the kind the player
chose. A conditional logit (softmax over each decision's candidates, L2
penalty) is fitted by Adam (numpy) and written as JSON (package data).

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
from sanma_core.bots.discard_features import extra_features  # noqa: E402
from sanma_core.bots.learned import FEATURES, MODEL_FILE, load_model  # noqa: E402
from sanma_core.bots.learned_bot import LearnedBot  # noqa: E402
from sanma_core.bots.table import read_table  # noqa: E402
from sanma_core.game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, MINKAN, PASS, PON, RIICHI  # noqa: E402
from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.game.state import Phase  # noqa: E402
from sanma_core.tiles import RED_5P, kind  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


class Collector:
    """Observer: the feature rows and the chosen index of every counted discard."""

    def __init__(self) -> None:
        self.groups: list[tuple[list[list[float]], int]] = []
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
        bot = self.bots[action.seat]
        cands, rows = bot.ranked(view, legal, read_table(view))
        kinds = [c.kind for c in cands]
        if kind(action.tile) in kinds:
            self.groups.append((rows, kinds.index(kind(action.tile))))


def collect(path: Path, games: int, skip: int = 0) -> list[tuple[list[list[float]], int]]:
    out = Collector()
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n < skip:
                continue
            if n >= skip + games:
                break
            out.hands = -1
            read_record(line, "tenhou", observers=[out])
    return out.groups


def cached(path: Path, games: int, cache: Path | None, name: str) -> list[tuple[list[list[float]], int]]:
    """Collected decisions, read from ``cache/NAME.json`` when it holds the same number of games."""
    file = cache / f"{name}-{games}.json" if cache is not None else None
    if file is not None and file.exists():
        return [(rows, i) for rows, i in json.loads(file.read_text())]
    groups = collect(path, games)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(groups))
    return groups


def _arrays(groups):
    x = np.array([row for rows, _ in groups for row in rows], dtype=np.float64)
    sizes = np.array([len(rows) for rows, _ in groups])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([i for _, i in groups])
    return x, starts, sizes, chosen


def fit(groups, l2: float = 1e-4, steps: int = 400, seed: int = 7) -> np.ndarray:
    """Conditional logit by Adam on the mean negative log-likelihood."""
    x, starts, sizes, chosen = _arrays(groups)
    group = np.repeat(np.arange(len(sizes)), sizes)
    rng = np.random.default_rng(seed)
    w = rng.normal(0, 0.01, x.shape[1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, steps + 1):
        s = x @ w
        smax = np.maximum.reduceat(s, starts)
        e = np.exp(s - smax[group])
        z = np.add.reduceat(e, starts)
        p = e / z[group]
        grad = (x.T @ p - x[chosen].sum(axis=0)) / len(sizes) + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w


def fit_mlp(groups, hidden: int = 24, steps: int = 600, l2: float = 1e-4, lr: float = 0.03,
            seed: int = 7) -> dict[str, np.ndarray]:
    """A linear term plus one tanh hidden layer over the standardised features, by Adam."""
    x, starts, sizes, chosen = _arrays(groups)
    mu, sd = x.mean(axis=0), x.std(axis=0) + 1e-6
    xs = (x - mu) / sd
    group = np.repeat(np.arange(len(sizes)), sizes)
    rng = np.random.default_rng(seed)
    params = {"v": np.zeros(x.shape[1]), "W1": rng.normal(0, 0.3, (hidden, x.shape[1])), "b1": np.zeros(hidden),
              "w2": rng.normal(0, 0.1, hidden)}
    m = {k: np.zeros_like(p) for k, p in params.items()}
    v = {k: np.zeros_like(p) for k, p in params.items()}
    y = np.zeros(len(x))
    y[chosen] = 1.0
    for t in range(1, steps + 1):
        h = np.tanh(xs @ params["W1"].T + params["b1"])
        s = xs @ params["v"] + h @ params["w2"]
        smax = np.maximum.reduceat(s, starts)
        e = np.exp(s - smax[group])
        p = e / np.add.reduceat(e, starts)[group]
        g = (p - y) / len(sizes)
        dz = (g[:, None] * params["w2"][None, :]) * (1 - h**2)
        grads = {"v": xs.T @ g + l2 * params["v"], "w2": h.T @ g + l2 * params["w2"],
                 "W1": dz.T @ xs + l2 * params["W1"], "b1": dz.sum(axis=0)}
        for k in params:
            m[k] = 0.9 * m[k] + 0.1 * grads[k]
            v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
            params[k] -= lr * (m[k] / (1 - 0.9**t)) / (np.sqrt(v[k] / (1 - 0.999**t)) + 1e-8)
    return {"mu": mu, "sd": sd, **params}


def scores(x: np.ndarray, model: dict[str, np.ndarray]) -> np.ndarray:
    xs = (x - model["mu"]) / model["sd"]
    return xs @ model["v"] + np.tanh(xs @ model["W1"].T + model["b1"]) @ model["w2"]


def accuracy(groups, w) -> float:
    x, starts, sizes, chosen = _arrays(groups)
    s = scores(x, w) if isinstance(w, dict) else x @ w
    hits = 0
    for st, n, c in zip(starts, sizes, chosen, strict=True):
        hits += int(st + int(np.argmax(s[st:st + n])) == c)
    return hits / len(sizes)


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
    return [[[int(n[0]), float(f"{n[1]:.6g}"), int(n[2]), int(n[3]), float(f"{n[4]:.6g}")] for n in t] for t in trees]


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


# ---- the discard ranking by trees (more of the position) ------------------------------------------

RANK_PARAMS = {"objective": "lambdarank", "lambdarank_truncation_level": 3, "eval_at": [1], "learning_rate": 0.05,
               "num_leaves": 31, "min_data_in_leaf": 50, "feature_fraction": 0.9, "bagging_fraction": 0.8,
               "bagging_freq": 1, "num_threads": 1, "seed": 7, "deterministic": True, "force_row_wise": True,
               "verbose": -1}


class RankCollector(Collector):
    """Observer: the candidate rows (:func:`candidate_features` and :func:`extra_features`) of every counted discard."""

    def before(self, game, action) -> None:
        if game.phase is not Phase.TURN or action.kind not in (DISCARD, RIICHI):
            return
        if game.hand_index != self.hand:
            self.hand = game.hand_index
            self.bots = {s: LearnedBot(0) for s in range(3)}
        legal = [a for a in game.legal_actions(action.seat) if a.kind == DISCARD]
        if len({kind(a.tile) for a in legal}) < 2:
            return
        view = game.view(action.seat)
        bot = self.bots[action.seat]
        table = read_table(view)
        cands, rows = bot.ranked(view, legal, table)
        extra = extra_features(bot.knowledge(view, table), cands)
        kinds = [c.kind for c in cands]
        if kind(action.tile) in kinds:
            self.groups.append(([a + b for a, b in zip(rows, extra, strict=True)], kinds.index(kind(action.tile))))


def collect_ranked(path: Path, games: int, skip: int = 0) -> list[tuple[list[list[float]], int]]:
    out = RankCollector()
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n < skip:
                continue
            if n >= skip + games:
                break
            out.hand = -1
            read_record(line, "tenhou", observers=[out])
    return out.groups


def fit_ranker(groups, rounds: int = 300, holdout: float = 0.1):
    """LightGBM lambdarank over each decision's candidates; the last share of the decisions stops it early."""
    import lightgbm as lgb

    cut = int(len(groups) * (1 - holdout))

    def data(part, reference=None):
        x = np.array([r for rows, _ in part for r in rows], dtype=np.float64)
        y = np.array([float(j == i) for rows, i in part for j in range(len(rows))])
        return lgb.Dataset(x, y, group=[len(rows) for rows, _ in part], reference=reference, free_raw_data=False)

    train = data(groups[:cut])
    valid = data(groups[cut:], train)
    return lgb.train(RANK_PARAMS, train, rounds, valid_sets=[valid], callbacks=[lgb.early_stopping(30, verbose=False)])


def measure_ranker(data: Path, games: int, dev: int) -> int:
    """Dev agreement of the shipped network and of lambdarank trees on the 40 features and with the extras."""
    t0 = time.time()
    train = collect_ranked(data / "tenhou-phoenix-train.jsonl.gz", games)
    devg = collect_ranked(data / "tenhou-phoenix-dev.jsonl.gz", dev)
    model = load_model()
    base = len(FEATURES)
    print(f"{len(train)} training and {len(devg)} development decisions ({time.time() - t0:.0f} s)")
    if model is not None:
        acc = rank_accuracy([([r[:base] for r in rows], i) for rows, i in devg], lambda x: np.array(model.score(x.tolist())))
        print(f"shipped network: development {acc:.4f}")
    for name, cols in (("trees, 40 features", base), ("trees, with the extras", None)):
        tr = [([r[:cols] for r in rows], i) for rows, i in train]
        dv = [([r[:cols] for r in rows], i) for rows, i in devg]
        booster = fit_ranker(tr)
        print(f"{name}: {booster.num_trees()} trees, training {rank_accuracy(tr, booster.predict):.4f}, "
              f"development {rank_accuracy(dv, booster.predict):.4f}")
    return 0


def rank_accuracy(groups, score) -> float:
    """Share of decisions whose top-scored candidate is the player's."""
    hits = 0
    for rows, i in groups:
        s = score(np.array(rows, dtype=np.float64))
        hits += int(int(np.argmax(s)) == i)
    return hits / len(groups)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--dev", type=int, default=50, help="development games to report on")
    p.add_argument("--out", default=str(MODEL_FILE))
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--cache", default=None, help="a folder to keep the collected decisions in between runs")
    p.add_argument("--hidden", type=int, default=24, help="hidden units (0: a linear model)")
    p.add_argument("--steps", type=int, default=600)
    p.add_argument("--choices", action="store_true", help="fit the riichi, kita, call, kan and abort models instead")
    p.add_argument("--kinds", default=",".join(CHOICE_KINDS),
                   help="with --choices: the kinds to fit (comma-separated); the others are kept from the shipped file")
    p.add_argument("--rank", action="store_true",
                   help="measure the discard ranking by LightGBM trees with more of the position (not shipped)")
    args = p.parse_args(argv)
    if args.rank:
        return measure_ranker(Path(args.data), args.games, args.dev)
    if args.choices:
        out = args.out if args.out != str(MODEL_FILE) else None
        kinds = tuple(k for k in args.kinds.split(",") if k)
        unknown = sorted(set(kinds) - set(CHOICE_KINDS))
        if unknown:
            p.error(f"--kinds: unknown kind {', '.join(unknown)}; expected some of {', '.join(CHOICE_KINDS)}")
        return train_choices(Path(args.data), args.games, args.dev, Path(args.cache) if args.cache else None, out,
                             kinds=kinds)
    t0 = time.time()
    cache = Path(args.cache) if args.cache else None
    train = cached(Path(args.data) / "tenhou-phoenix-train.jsonl.gz", args.games, cache, "train")
    dev = cached(Path(args.data) / "tenhou-phoenix-dev.jsonl.gz", args.dev, cache, "dev") if args.dev else []
    print(f"{len(train)} training decisions, {len(dev)} development decisions ({time.time() - t0:.0f} s)")
    w = fit(train)
    model = fit_mlp(train, args.hidden, args.steps) if args.hidden else None
    best = model if model is not None else w
    print(f"agreement (linear): training {accuracy(train, w):.3f}" + (f", development {accuracy(dev, w):.3f}" if dev else ""))
    if model is not None:
        print(f"agreement (hidden layer of {args.hidden}): training {accuracy(train, model):.3f}"
              + (f", development {accuracy(dev, model):.3f}" if dev else ""))
    out = {"features": list(FEATURES), "weights": [round(float(a), 5) for a in w], "games": args.games}
    if model is not None:
        out["network"] = {k: (a if k == "sd" else np.round(a, 5)).tolist() for k, a in best.items()}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
