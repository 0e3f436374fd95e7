"""Sweep the decision drills over many seeds and report the figures the acceptance lines name.

Run: ``.venv/bin/python -m drills.sweep --first 1 --last 1000 [--preset tenhou] [--types kita,efficiency]``.
Prints, per preset, the questions generated, how many show a complete hand (must be 0), the kita drill's
kita-or-keep questions and the share answered "set aside", the highest win chance an explanation states, and
per decision type how many questions the decision model answers with one option, how many ask which options
are fine, and how many it does not answer.
With ``--agreement DEV_JSON`` (a table ``drills.measure_decisions`` wrote on other games) it prints instead how
often the kita and call drills' answers agree with what those players did.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter

from sanma_core.rules import PRESETS, load_preset

from .explain import explanation_sentences
from .model_answer import model_step
from .registry import generate
from .soundness import DECISION_TYPES, complete_hand

#: a stated win chance ("won 23%", "wins about 31%"); a share of players' choices ("declare here 97% of the time")
#: is not one
CHANCE = re.compile(r"(\d+)% (?:won|win)|(?:wins?|won) (?:about |in )?(\d+)%")


def sweep(preset: str, seeds: range, types: list[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    rules = load_preset(preset)
    for drill_type in types:
        for seed in seeds:
            for difficulty in (1, 2, 3):
                q = generate(drill_type, rules, seed, difficulty)
                out["questions"] += 1
                out["complete"] += complete_hand(q.data)
                ms = model_step(q.explanation)
                out[f"{drill_type}:{'none' if ms is None else 'single' if ms['single'] else 'fine'}"] += 1
                if drill_type == "kita" and "kita" in {c for c, _ in q.choices} and \
                        set(q.answer["choices"]) <= {"kita", "keep", "discard"}:
                    out["kita_or_keep"] += 1
                    out["set_aside"] += q.answer["choices"] == ["kita"]
                for sentence in explanation_sentences(q.explanation):
                    for m in CHANCE.finditer(sentence):
                        out["max_chance"] = max(out["max_chance"], int(m[1] or m[2]))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--last", type=int, default=1000)
    p.add_argument("--preset", action="append", choices=PRESETS)
    p.add_argument("--types", default=",".join(sorted(DECISION_TYPES)))
    p.add_argument("--agreement", metavar="DEV_JSON", help="instead: agreement with the players of a table written by "
                   "drills.measure_decisions on other games (e.g. the 400 development games)")
    args = p.parse_args(argv)
    if args.agreement:
        with open(args.agreement, encoding="utf-8") as f:
            for name, (rate, base, n) in agreement(json.load(f)).items():
                print(f"{name}: the drill's answer agrees with the players in {rate:.1%} of {n} positions "
                      f"(always the commonest play: {base:.1%})")
        return 0
    types = [t for t in args.types.split(",") if t]
    total: Counter[str] = Counter()
    for preset in args.preset or PRESETS:
        c = sweep(preset, range(args.first, args.last + 1), types)
        share = c["set_aside"] / c["kita_or_keep"] if c["kita_or_keep"] else 0.0
        print(f"{preset}: {c['questions']} questions, {c['complete']} on a complete hand; kita or keep "
              f"{c['kita_or_keep']}, set aside {share:.1%}; highest stated win chance {c['max_chance']}%", flush=True)
        print("  " + model_line(c, types), flush=True)
        for k, v in c.items():
            total[k] = max(total[k], v) if k == "max_chance" else total[k] + v
    share = total["set_aside"] / total["kita_or_keep"] if total["kita_or_keep"] else 0.0
    print(f"all: {total['questions']} questions, {total['complete']} on a complete hand; set aside {share:.1%} of "
          f"{total['kita_or_keep']}; highest stated win chance {total['max_chance']}%")
    print("  " + model_line(total, types))
    return 0


def model_line(c: Counter[str], types: list[str]) -> str:
    """Per type: single-answer, "which are fine" and unanswered questions (``kita 120/30/10``)."""
    return "model answers (single/fine/none): " + ", ".join(
        f"{t} {c[t + ':single']}/{c[t + ':fine']}/{c[t + ':none']}" for t in types)



def agreement(dev: dict) -> dict[str, tuple[float, float, int]]:
    """How often the drills' single answers (the real majority on the training games, by the same keys) agree
    with what the players of ``dev`` (another ``real_decisions`` table) did: (agreement, always-the-commonest, n)."""
    from .real_decisions import call_rate, kita_rate

    out = {}
    agree = n = kita_total = 0
    for key, row in dev["kita"].items():
        reason, threat, north, cost, sh = key.split("|")
        r = kita_rate(reason, threat == "riichi", int(north[5:]), int(cost[4:]), int(sh[7:]))
        agree += row["kita"] if r.share("kita") >= 0.5 else row["n"] - row["kita"]
        kita_total += row["kita"]
        n += row["n"]
    out["kita"] = (agree / n, max(kita_total, n - kita_total) / n, n)
    agree = n = 0
    totals = Counter()
    for key, row in dev["call"].items():
        what, closed, sh, held = key.split("|")
        shanten = {"tenpai": 0, "1-shanten": 1}.get(sh, 2)
        r = call_rate(what, closed == "closed", shanten, 3 if held == "triplet" else 2)
        shares = {"pon": r.share("pon"), "minkan": r.share("minkan")}
        shares["pass"] = 1 - sum(shares.values())
        done = {"pon": row["pon"], "minkan": row["minkan"], "pass": row["n"] - row["pon"] - row["minkan"]}
        agree += done[max(shares, key=lambda k: shares[k])]
        totals.update(done)
        n += row["n"]
    out["call"] = (agree / n, max(totals.values()) / n, n)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
