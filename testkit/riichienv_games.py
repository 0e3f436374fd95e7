"""Three-player hanchan played by RiichiEnv (a second opinion, not the ground truth), as its mjai logs.

Each seat takes a win when offered, declares riichi and sets Norths aside most of the time,
calls now and then and otherwise discards toward a lower shanten (by our own analysis), all
from ``random.Random(seed)``; RiichiEnv deals from the same seed, so a seed gives one game.
RiichiEnv is imported lazily: it is a test-only dependency.
"""

from __future__ import annotations

import random
from typing import Any

from sanma_core.analysis.shape import shanten

_CALLS = ("PON", "DAIMINKAN", "ANKAN", "KAKAN")


def _choose(rng: random.Random, obs: Any, types: Any) -> Any:
    acts = obs.legal_actions()
    for wanted in (types.TSUMO, types.RON):
        for a in acts:
            if a.action_type == wanted:
                return a
    for kind, chance in ((types.RIICHI, 0.9), (types.KITA, 0.8)):
        for a in acts:
            if a.action_type == kind and rng.random() < chance:
                return a
    for a in acts:
        if a.action_type in tuple(getattr(types, c) for c in _CALLS) and rng.random() < 0.3:
            return a
    discards = [a for a in acts if a.action_type == types.DISCARD]
    if discards:
        best = None
        for a in discards:
            hand = list(obs.hand)
            if a.tile in hand:
                hand.remove(a.tile)
            counts = [0] * 34
            for t in hand:
                counts[t // 4] += 1
            key = (shanten(counts), rng.random())
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if rng.random() < 0.85 else rng.choice(discards)
    passes = [a for a in acts if a.action_type == types.PASS]
    return passes[0] if passes else rng.choice(acts)


def riichienv_game(rules: str, seed: int, max_steps: int = 20_000) -> list[dict[str, Any]]:
    """The mjai events of one RiichiEnv hanchan under its ``"tenhou"`` or ``"mjsoul"`` rules."""
    from riichienv import ActionType, GameRule, RiichiEnv

    rule = GameRule.default_mjsoul() if rules == "mjsoul" else GameRule.default_tenhou()
    rng = random.Random(seed)
    env = RiichiEnv(game_mode="3p-red-half", seed=seed, rule=rule)
    obs = env.reset()
    for _ in range(max_steps):
        if env.done():
            break
        obs = env.step({pid: _choose(rng, o, ActionType) for pid, o in obs.items()})
    return list(env.mjai_log)
