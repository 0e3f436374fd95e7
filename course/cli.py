"""``sanma lessons``: list, show or check the course.

    sanma lessons                       list the lessons in order
    sanma lessons --show ID             print one lesson, filled in under a ruleset
    sanma lessons --check               validate every lesson under every preset

``--check`` renders every lesson under every preset and a north-bisection
variant, and exits 1 when any lesson has a problem (each printed as
``file:line: field: message``), 0 otherwise.
"""

from __future__ import annotations

import argparse
import sys

from sanma_core.rules import PRESETS, Ruleset, RulesetError, get_ruleset, load_preset

from .loader import load_course
from .render import check_answer, render_step
from .schema import Lesson, LessonError, LessonIssue


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma lessons", description="The sanma course: list, show or check lessons.")
    p.add_argument("--check", action="store_true", help="validate every lesson (all presets and north-bisection unless --ruleset)")
    p.add_argument("--ruleset", help="preset name or ruleset YAML file")
    p.add_argument("--dir", help="lesson directory (default: the project's lessons/)")
    p.add_argument("--show", metavar="ID", help="print one lesson")
    return p


def check_rulesets() -> list[Ruleset]:
    """What ``--check`` renders the course under: every preset, and a north-bisection variant
    (the tsumo payment no preset uses), so a lesson cannot assume tsumo loss."""
    bisection = load_preset("mahjongsoul").replace(
        name="north-bisection", title="Mahjong Soul, north-bisection", tsumo_payment="north_bisection")
    return [load_preset(name) for name in PRESETS] + [bisection]


MIN_DIAGRAMS = 1
MIN_QUESTIONS = 2


def course_policy(lesson: Lesson) -> list[LessonIssue]:
    """What every lesson of the course must have: a tile diagram and two check questions."""
    issues = []
    if len(lesson.diagrams) < MIN_DIAGRAMS:
        issues.append(LessonIssue(lesson.file, lesson.line, "steps", f"a lesson needs at least {MIN_DIAGRAMS} tile diagram"))
    if len(lesson.questions) < MIN_QUESTIONS:
        issues.append(LessonIssue(lesson.file, lesson.line, "steps", f"a lesson needs at least {MIN_QUESTIONS} check questions, has {len(lesson.questions)}"))
    return issues


def run_check(rulesets: list[str | Ruleset], directory: str | None) -> tuple[dict[str, int], list[LessonIssue]]:
    """Load and render the course under each ruleset; count its parts and collect every problem."""
    issues: dict[str, LessonIssue] = {}
    counts = {"lessons": 0, "steps": 0, "diagrams": 0, "questions": 0, "tables": 0, "comparisons": 0, "placeholders": 0}
    lesson_ids: set[str] = set()
    for name in rulesets:
        rules = get_ruleset(name)
        course = load_course(rules, directory)
        for issue in course.errors:
            issues.setdefault(str(issue), issue)
        for lesson in course.lessons:
            first = lesson.id not in lesson_ids
            lesson_ids.add(lesson.id)
            for issue in course_policy(lesson):
                issues.setdefault(str(issue), issue)
            for step in lesson.steps:
                try:
                    rendered = render_step(step, rules)
                    for q in step.questions:
                        check_answer(q, "", rules)
                except LessonError as exc:
                    issues.setdefault(str(exc.issue), exc.issue)
                    continue
                counts["placeholders"] += len(rendered.fills)
                if first:
                    counts["steps"] += 1
                    counts["diagrams"] += len(step.diagrams)
                    counts["questions"] += len(step.questions)
                    counts["tables"] += step.table is not None
                    counts["comparisons"] += len(step.compare)
    counts["lessons"] = len(lesson_ids)
    return counts, sorted(issues.values(), key=lambda i: (i.file, i.line, i.field))


def _show(lesson_id: str, rules_name: str | None, directory: str | None) -> int:
    rules = get_ruleset(rules_name)
    course = load_course(rules, directory)
    try:
        lesson = course.get(lesson_id)
    except KeyError:
        print(f"sanma lessons: no lesson {lesson_id!r}; known: {', '.join(course.ids)}", file=sys.stderr)
        return 1
    print(f"# {lesson.title.get()}\n\n{lesson.summary.get()}\n")
    for i, step in enumerate(lesson.steps, start=1):
        r = render_step(step, rules)
        print(f"## {i}. {r.title or ''}".rstrip())
        print(r.text.rstrip() + "\n")
        for d in r.diagrams:
            extra = "".join([f" melds {' '.join(d.melds)}" if d.melds else "", f" kita {d.kita}" if d.kita else "", f" dora indicators {' '.join(d.dora)}" if d.dora else ""])
            print(f"  [tiles] {d.hand}{extra}  {d.caption}")
        for row in r.compare:
            print(f"  - {row.topic}: four-player {row.four_player} | sanma {row.sanma}")
        if r.table:
            print("  " + " | ".join(r.table.columns))
            for row in r.table.rows:
                print("  " + " | ".join(row))
        if r.lessons:
            print(f"  see lessons: {', '.join(r.lessons)}")
        if r.drills:
            print(f"  practise: {', '.join(r.drills)}")
        for q in r.questions:
            result = check_answer(q.question, "", rules)
            print(f"  Q: {q.prompt}")
            for cid, text in q.choices:
                print(f"     {cid}) {text}")
            print(f"     answer: {result.expected}")
        print()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.show:
            return _show(args.show, args.ruleset, args.dir)
        if args.check:
            chosen: list[str | Ruleset] = [args.ruleset] if args.ruleset else list(check_rulesets())
            counts, issues = run_check(chosen, args.dir)
            print(f"checked under: {', '.join(get_ruleset(r).name for r in chosen)}")
            print("  ".join(f"{k}: {v}" for k, v in counts.items()))
            print(f"errors: {len(issues)}")
            for issue in issues:
                print(f"  {issue}")
            return 1 if issues else 0
        course = load_course(args.ruleset, args.dir)
        for lesson in course.lessons:
            print(f"{lesson.order:>4}  {lesson.id:<28} {lesson.title.get()}  ({len(lesson.steps)} steps, {len(lesson.questions)} questions)")
        for issue in course.errors:
            print(f"error: {issue}", file=sys.stderr)
        return 1 if course.errors else 0
    except RulesetError as exc:
        print(f"sanma lessons: {exc}", file=sys.stderr)
        return 2
