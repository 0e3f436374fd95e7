"""How often each decision drill's answer agrees with what real players did, on positions of real games.

Run: ``.venv/bin/python -m drills.agreement ../shared/data/tenhou-phoenix-dev.jsonl.gz`` (``--limit N`` reads
the first N games, ``--json`` prints the figures as JSON).

Every game is re-played through the referee with the game review's grader
(:class:`sanma_core.review.graded.DecisionGrader`) over all three seats, and each decision is posed as the drill
that asks such positions poses it (:func:`drill_of`):

- ``efficiency``: a discard, closed hand, nobody in riichi, no North in hand: the decision model answers;
- ``efficiency.counting``: the same with a North in hand: the counting answer
  (:func:`drills.gens.efficiency.counted_play`: lowest shanten, most useful tiles, value breaking ties);
- ``push_fold``: a discard, closed hand, an opponent in riichi, tenpai or two or more from it: the model;
- ``riichi_dama`` and ``all_last`` (the last hand of the game): riichi or dama at a seat's first chance of the
  hand (the drills ask a first tenpai): the model;
- ``kita``: kita or keep, closed hand, nobody in riichi: the model; ``kita.safe_tile``: the same facing a
  riichi; ``kita.open``: an open hand: what most real players did for the kita rule's reason
  (:func:`drills.gens.kita.real_kita`); ``kita.riichi``: in own riichi: set aside whenever legal
  (:func:`drills.gens.kita.in_riichi_answer`);
- ``call_pass``: pon, open kan or pass: the model.

Each answer comes from the drill's own answer function: the model's through :func:`drills.model_answer.model_answer`
(a single answer where its option is a clear majority, :data:`drills.model_answer.SINGLE_FROM_TWO` for a
two-option decision, else "which are fine"), the rules' through the functions named.
A drill's **single-answer** agreement is set beside the model's own rate for the decision kind over the same
games (every graded decision of the kind, as ``sanma agree`` counts it).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from sanma_core.analysis import shanten
from sanma_core.analysis.efficiency import KITA as KITA_PLAY
from sanma_core.analysis.efficiency import kita_verdict
from sanma_core.commands.agree import record_texts
from sanma_core.game import Action, Game
from sanma_core.game.actions import DISCARD, KITA, RIICHI
from sanma_core.game.records import read_record
from sanma_core.game.state import Phase
from sanma_core.review.graded import DecisionGrader, GradedDecision
from sanma_core.tiles import NORTH, kind, kind_name

from .gens.efficiency import counted_play
from .gens.kita import in_riichi_answer, majority_sets_aside, real_kita
from .model_answer import model_answer

#: each drill's decision kind, as ``sanma agree`` names the model's rates
KIND_OF = {"efficiency": "discard", "efficiency.counting": "discard", "push_fold": "discard_vs_riichi",
           "riichi_dama": "riichi", "all_last": "riichi", "kita": "kita", "kita.safe_tile": "kita_vs_riichi",
           "kita.open": "kita", "kita.riichi": "kita", "call_pass": "call"}
#: the drills, each with the cases :func:`drill_of` and the rule-answered positions name; a drill's own kind
#: (``KIND_OF[drill]``) is the one its whole is measured against
CASES = {drill: tuple(c for c in KIND_OF if c.split(".")[0] == drill)
         for drill in dict.fromkeys(c.split(".")[0] for c in KIND_OF)}
DRILLS = tuple(CASES)


def drill_of(game: Game, d: GradedDecision) -> str | None:
    """The drill that asks the position of ``d`` (the game just before the seat acts), or None."""
    st = game.seats[d.seat]
    closed = not st.is_open
    threat = game.riichi_against(d.seat)
    if d.kind == "discard":
        if not closed or st.riichi:
            return None
        if threat:
            return "push_fold" if shanten(st.counts) != 1 else None
        return "efficiency" if not st.counts[NORTH] else None
    if d.kind == "riichi":  # the drills ask the first chance of a hand (see DrillAgreement)
        return "all_last" if game.all_last else "riichi_dama"
    if d.kind == "kita":  # an open hand's kita is answered by the rule (DrillAgreement._rule_answered)
        if not closed:
            return None
        return "kita.safe_tile" if threat else "kita"
    if d.kind == "call":
        return "call_pass"
    return None


def _kinds_of(d: GradedDecision, threat: bool, first: bool) -> tuple[str, ...]:
    """The ``sanma agree`` kinds that count ``d`` (``first``: the seat's first riichi chance of the hand)."""
    if d.kind == "riichi":
        return ("riichi_all", "riichi") if first else ("riichi_all",)
    return (d.kind, f"{d.kind}_vs_riichi") if threat and d.kind in ("discard", "kita") else (d.kind,)


class DrillAgreement:
    """An observer of a replay (``before(game, action)``): each drill's answers beside the players' choices."""

    def __init__(self) -> None:
        self.positions: Counter[str] = Counter()
        self.single: Counter[str] = Counter()
        self.single_agree: Counter[str] = Counter()
        self.kind_total: Counter[str] = Counter()
        self.kind_agree: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()  # decisions the grader has no figures for, by kind
        self.grader = DecisionGrader((0, 1, 2))
        self._game: Game | None = None
        self._riichi_asked: set[tuple[int, int]] = set()  # (hand, seat) whose first riichi chance is counted

    def before(self, game: Game, action: Action) -> None:
        seen, skipped = len(self.grader.decisions), len(self.grader.ungraded)
        if game is not self._game:  # the grader starts its lists afresh on a new game
            self._game, self._riichi_asked = game, set()
            seen = skipped = 0
        self.grader.before(game, action)
        self.skipped.update(u.kind for u in self.grader.ungraded[skipped:])
        for d in self.grader.decisions[seen:]:
            threat = game.riichi_against(d.seat)
            first = d.kind == "riichi" and (d.hand, d.seat) not in self._riichi_asked
            if d.kind == "riichi":
                self._riichi_asked.add((d.hand, d.seat))
            for name in _kinds_of(d, threat, first):
                self.kind_total[name] += 1
                self.kind_agree[name] += d.player == d.model
            drill = drill_of(game, d)
            if drill is not None and (d.kind != "riichi" or first):
                answer = model_answer(d, {label: [label] for label, _p in d.options})
                self._count(drill, answer.answer if answer.single else None, d.player)
        if game.phase is Phase.TURN and action.kind in (DISCARD, RIICHI, KITA):
            self._rule_answered(game, action)

    def _count(self, drill: str, single: list[str] | None, player: str) -> None:
        self.positions[drill] += 1
        if single is not None:
            self.single[drill] += 1
            self.single_agree[drill] += single == [player]

    def _rule_answered(self, game: Game, action: Action) -> None:
        """The positions the drills answer by a rule: kita in riichi, kita in an open hand, counting with a North."""
        seat = action.seat
        st = game.seats[seat]
        legal = game.legal_actions(seat)
        kita_legal = any(a.kind == KITA for a in legal)
        player_kita = action.kind == KITA
        if st.riichi:
            if kita_legal:
                drawn = game.drawn is not None and kind(game.drawn) == NORTH
                self._count("kita.riichi", [in_riichi_answer(True, drawn)], "kita" if player_kita else "other")
            return
        threat = game.riichi_against(seat)
        if st.is_open and kita_legal and not threat:
            melds = list(st.outside)  # the kita rule reads the melds, as the drill's hands hold no kita
            melds[NORTH] -= st.kita
            verdict = kita_verdict(st.counts, melds, closed=False)
            set_aside = majority_sets_aside(real_kita(verdict, st.counts[NORTH]))
            self._count("kita.open", ["kita" if set_aside else "keep"], "kita" if player_kita else "keep")
        if not st.is_open and not threat and st.counts[NORTH] and game.drawn is not None:
            indicators = [kind(t) for t in game.dora_indicators()]
            play, _seen, _dora = counted_play(list(st.hand), list(st.outside), indicators, kita_legal)
            names = [o.name for o in play.tied]
            if len(names) > 1:
                self._count("efficiency.counting", None, "")
                return
            player = KITA_PLAY if player_kita else kind_name(kind(action.tile))
            self._count("efficiency.counting", names, player)

    def report(self) -> dict[str, Any]:
        """Per drill, and per case of a drill (:data:`CASES`): positions, single-answer positions, their
        agreement with the players, the model's own rate for the drill's decision kind, and whether the single
        answers reach it."""
        def rate(a: int, n: int) -> float | None:
            return round(a / n, 4) if n else None

        def row(names: list[str], k: str) -> dict[str, Any]:
            n, single = sum(self.single[c] for c in names), sum(self.single_agree[c] for c in names)
            agree, model = rate(single, n), rate(self.kind_agree[k], self.kind_total[k])
            return {"positions": sum(self.positions[c] for c in names), "single": n, "single_agree": agree,
                    "kind": k, "model_rate": model,
                    "at_least_model": None if agree is None or model is None else agree >= model}

        return {drill: {**row(list(cases), KIND_OF[drill]),
                        "cases": {c: row([c], KIND_OF[c]) for c in cases}} for drill, cases in CASES.items()}


def measure(path: str, limit: int | None = None) -> tuple[int, dict[str, Any]]:
    """Replay the games of ``path`` (a .jsonl or .jsonl.gz of tenhou.net/6 records); (games, report)."""
    agreement = DrillAgreement()
    games = 0
    for _where, text in record_texts([path]):
        if limit is not None and games >= limit:
            break
        read_record(text, observers=[agreement])
        games += 1
    return games, agreement.report()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m drills.agreement", description=__doc__.split("\n", 1)[0])
    p.add_argument("games", help="a .jsonl or .jsonl.gz of tenhou.net/6 records")
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    games, report = measure(args.games, args.limit)
    if args.json:
        print(json.dumps({"games": games, "drills": report}))
        return 0

    def pct(v: float | None) -> str:
        return f"{v:.1%}" if v is not None else "—"

    print(f"{games} games")
    print(f"{'drill (case)':24} {'positions':>9} {'single':>7} {'agree':>7} {'model':>7}  kind")
    for drill, r in report.items():
        rows = [(drill, r)] + ([(f"  {c}", cr) for c, cr in r["cases"].items()] if len(r["cases"]) > 1 else [])
        for name, x in rows:
            print(f"{name:24} {x['positions']:9} {x['single']:7} {pct(x['single_agree']):>7} {pct(x['model_rate']):>7}"
                  f"  {x['kind']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
