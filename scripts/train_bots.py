"""Fit the hard bot's discard model on real Phoenix-room games (fixed seed, numpy only).

Run: ``.venv/bin/python scripts/train_bots.py [--games N] [--out PATH]``. Reads
``../shared/data/tenhou-phoenix-train.jsonl.gz``, re-plays each game, and at every
discard with more than one candidate kind records the candidates' features
(:func:`sanma_core.bots.learned.candidate_features`) and the kind the player
chose. A conditional logit (softmax over each decision's candidates, L2
penalty) is fitted by Adam and written as JSON (package data).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sanma_core.bots.learned import FEATURES, MODEL_FILE  # noqa: E402
from sanma_core.bots.learned_bot import LearnedBot  # noqa: E402
from sanma_core.bots.table import read_table  # noqa: E402
from sanma_core.game.actions import DISCARD, RIICHI  # noqa: E402
from sanma_core.game.records import read_record  # noqa: E402
from sanma_core.game.state import Phase  # noqa: E402
from sanma_core.tiles import kind  # noqa: E402

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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--dev", type=int, default=50, help="development games to report on")
    p.add_argument("--out", default=str(MODEL_FILE))
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--cache", default=None, help="a folder to keep the collected decisions in between runs")
    p.add_argument("--hidden", type=int, default=24, help="hidden units (0: a linear model)")
    p.add_argument("--steps", type=int, default=600)
    args = p.parse_args(argv)
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
