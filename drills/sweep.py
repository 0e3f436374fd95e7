"""Sweep the decision drills over many seeds and report the figures the acceptance lines name.

Run: ``.venv/bin/python -m drills.sweep --first 1 --last 1000 [--preset tenhou] [--types kita,efficiency]``.
Prints, per preset, the questions generated, how many show a complete hand (must be 0), the kita drill's
kita-or-keep questions and the share answered "set aside", and the highest win chance an explanation states.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from sanma_core.rules import PRESETS, load_preset

from .explain import explanation_sentences
from .registry import generate
from .soundness import DECISION_TYPES, complete_hand

CHANCE = re.compile(r"(\d+)% (?:won|win|of the time)|(?:wins?|won) (?:about )?(\d+)%")


def sweep(preset: str, seeds: range, types: list[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    rules = load_preset(preset)
    for drill_type in types:
        for seed in seeds:
            for difficulty in (1, 2, 3):
                q = generate(drill_type, rules, seed, difficulty)
                out["questions"] += 1
                out["complete"] += complete_hand(q.data)
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
    args = p.parse_args(argv)
    types = [t for t in args.types.split(",") if t]
    total: Counter[str] = Counter()
    for preset in args.preset or PRESETS:
        c = sweep(preset, range(args.first, args.last + 1), types)
        share = c["set_aside"] / c["kita_or_keep"] if c["kita_or_keep"] else 0.0
        print(f"{preset}: {c['questions']} questions, {c['complete']} on a complete hand; kita or keep "
              f"{c['kita_or_keep']}, set aside {share:.1%}; highest stated win chance {c['max_chance']}%", flush=True)
        for k, v in c.items():
            total[k] = max(total[k], v) if k == "max_chance" else total[k] + v
    share = total["set_aside"] / total["kita_or_keep"] if total["kita_or_keep"] else 0.0
    print(f"all: {total['questions']} questions, {total['complete']} on a complete hand; set aside {share:.1%} of "
          f"{total['kita_or_keep']}; highest stated win chance {total['max_chance']}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
