"""Gradient-boosted trees evaluated in plain Python: the shipped form of a LightGBM binary model.

:func:`compact` turns LightGBM's ``Booster.dump_model()`` into flat node lists
(feature, threshold, left, right, value; a leaf has feature -1), which is all
the package ships: playing needs neither LightGBM nor its dependencies.
:meth:`Forest.explain` splits a prediction into per-feature contributions along
each tree's path (the change of the node's mean value at each split), which
the reasons turn into words.

>>> f = Forest([[[0, 0.5, 1, 2, 0.1], [-1, 0, 0, 0, -1.0], [-1, 0, 0, 0, 1.0]]])
>>> round(f.probability([0.0]), 3), round(f.probability([2.0]), 3)
(0.269, 0.731)
>>> f.explain([2.0])
(0.1, [0.9])
>>> f.raw_many([[0.0], [2.0]]).round(1).tolist(), f.explain_many([[2.0]])[0].tolist()
([-1.0, 1.0], [0.9])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Node = list[float]  # [feature (-1: leaf), threshold, left index, right index, value]


class Forest:
    """A sum of regression trees; the probability is the logistic of the sum."""

    def __init__(self, trees: Sequence[Sequence[Sequence[float]]]):
        self.trees = [[(int(n[0]), float(n[1]), int(n[2]), int(n[3]), float(n[4])) for n in t] for t in trees]
        if not self.trees or any(not t for t in self.trees):
            raise ValueError("a forest needs at least one tree, each with at least one node")
        self.width = 1 + max(node[0] for t in self.trees for node in t)  # features the splits read

    def raw(self, x: Sequence[float]) -> float:
        total = 0.0
        for tree in self.trees:
            i = 0
            node = tree[0]
            while node[0] >= 0:
                i = node[2] if x[node[0]] <= node[1] else node[3]
                node = tree[i]
            total += node[4]
        return total

    def _arrays(self):
        """All trees as flat numpy arrays (made once), deepest tree first: each node's feature, threshold, first
        child (the right child follows it) and value, and for each depth the number of trees still that deep. A
        leaf reads an extra feature that is always 0 against +inf, so it stays where it is."""
        arrays = getattr(self, "_np", None)
        if arrays is None:
            import numpy as np

            feat, thr, child, value, roots, depths = [], [], [], [], [], []
            for tree in sorted(self.trees, key=lambda t: -_depth(t, 0)):
                roots.append(len(feat))
                depths.append(_depth(tree, 0))
                _lay_out(tree, feat, thr, child, value, self.width)
            active = [sum(d > k for d in depths) for k in range(max(depths))]
            arrays = self._np = (np.array(feat, dtype=np.intp), np.array(thr), np.array(child, dtype=np.intp),
                                 np.array(value), np.array(roots, dtype=np.intp), active)
        return arrays

    def _paths(self, xs: Sequence[Sequence[float]], explain: bool):
        """Every tree walked for every row at once (numpy): the leaf values' sums and, when ``explain``, each
        row's per-feature contributions as in :meth:`explain`. Step k walks only the trees deeper than k."""
        import numpy as np

        feat, thr, child, value, roots, active = self._arrays()
        rows = np.asarray(xs, dtype=float).reshape(len(xs), -1)
        if rows.shape[1] < self.width:
            raise ValueError(f"rows of {rows.shape[1]} features, the trees read {self.width}")
        x = np.zeros((len(rows), self.width + 1))  # the last column: the leaves' constant 0
        x[:, :self.width] = rows[:, :self.width]
        flat = x.ravel()
        base = np.arange(len(x)) * x.shape[1]
        node = np.repeat(roots[:, None], len(x), axis=1)  # trees × rows: the trees still walking come first
        contrib = np.zeros(flat.size) if explain else None
        for n in active:
            here = node[:n]
            f = base + feat[here]
            nxt = child[here] + ~(flat[f] <= thr[here])
            if explain:
                contrib += np.bincount(f.ravel(), (value[nxt] - value[here]).ravel(), flat.size)
            node[:n] = nxt
        sums = value[node].sum(axis=0)
        return sums, (contrib.reshape(x.shape) if explain else None)

    def raw_many(self, xs: Sequence[Sequence[float]]):
        """:meth:`raw` of every row, as a numpy array (one walk over all trees and rows)."""
        return self._paths(xs, False)[0]

    def explain_many(self, xs: Sequence[Sequence[float]]):
        """Per-feature contributions of every row (rows × features, numpy), as :meth:`explain` gives one row's."""
        return self._paths(xs, True)[1][:, :self.width]

    def probability(self, x: Sequence[float]) -> float:
        r = self.raw(x)
        return 1.0 / (1.0 + math.exp(-r)) if r > -700 else 0.0

    def explain(self, x: Sequence[float]) -> tuple[float, list[float]]:
        """(bias, per-feature contributions); their sum is :meth:`raw`."""
        contrib = [0.0] * self.width
        bias = 0.0
        for tree in self.trees:
            node = tree[0]
            bias += node[4]
            while node[0] >= 0:
                child = tree[node[2] if x[node[0]] <= node[1] else node[3]]
                contrib[node[0]] += child[4] - node[4]
                node = child
        return bias, contrib


def _depth(tree: Sequence[tuple[int, float, int, int, float]], i: int) -> int:
    """Splits on the longest path from node ``i`` down."""
    f, _t, lo, hi, _v = tree[i]
    return 0 if f < 0 else 1 + max(_depth(tree, lo), _depth(tree, hi))


def _lay_out(tree: Sequence[tuple[int, float, int, int, float]], feat: list[int], thr: list[float],
             child: list[int], value: list[float], leaf_feature: int) -> None:
    """Append one tree breadth first, so that each split's two children lie side by side."""
    index = {0: len(feat)}
    order = [0]
    for j in order:  # grows while it is read
        f, t, lo, hi, _v = tree[j]
        if f >= 0:
            index[lo], index[hi] = len(feat) + len(order), len(feat) + len(order) + 1
            order += [lo, hi]
    for j in order:
        f, t, lo, _hi, v = tree[j]
        leaf = f < 0
        feat.append(leaf_feature if leaf else f)
        thr.append(math.inf if leaf else t)
        child.append(index[j] if leaf else index[lo])
        value.append(v)


def _walk(node: dict[str, Any], nodes: list[list[float]], tree: int) -> int:
    i = len(nodes)
    if "leaf_value" in node:
        nodes.append([-1, 0.0, 0, 0, float(node["leaf_value"])])
        return i
    if node.get("decision_type", "<=") != "<=":
        raise ValueError(f"tree {tree}: only numerical '<=' splits can be shipped")
    nodes.append([int(node["split_feature"]), float(node["threshold"]), 0, 0, float(node["internal_value"])])
    nodes[i][2] = _walk(node["left_child"], nodes, tree)
    nodes[i][3] = _walk(node["right_child"], nodes, tree)
    return i


def compact(dump: dict[str, Any]) -> list[list[list[float]]]:
    """Flat node lists from LightGBM's ``dump_model()`` (numerical splits only)."""
    trees = []
    for info in dump["tree_info"]:
        nodes: list[list[float]] = []
        _walk(info["tree_structure"], nodes, info["tree_index"])
        trees.append(nodes)
    return trees
