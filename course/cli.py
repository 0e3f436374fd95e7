"""``sanma lessons``: list, show or check the course.

    sanma lessons                       list the lessons in order
    sanma lessons --show ID             print one lesson, filled in under a ruleset
    sanma lessons --check               validate every lesson under every preset
    sanma lessons --check --lang de     ... and its German text (missing, placeholders, engine wording)
    sanma lessons --show ID --lang es   print one lesson in Spanish

``--check`` renders every lesson under every preset and a north-bisection
variant, and exits 1 when any lesson has a problem (each printed as
``file:line: field: message``), 0 otherwise. With ``--lang`` a lesson whose
text in that language is missing or differs from the English one is a problem too.
"""

from __future__ import annotations

import argparse
import sys

from sanma_core.i18n import DEFAULT_LANGUAGE, LANGUAGES, translator
from sanma_core.rules import PRESETS, Ruleset, RulesetError, get_ruleset, load_preset

from .glossary import markdown as glossary_markdown
from .loader import load_course
from .render import check_answer, render_step
from .schema import Lesson, LessonError, LessonIssue
from .translations import template


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma lessons", description="The sanma course: list, show or check lessons.")
    p.add_argument("--check", action="store_true", help="validate every lesson (all presets and north-bisection unless --ruleset)")
    p.add_argument("--ruleset", help="preset name or ruleset YAML file")
    p.add_argument("--dir", help="lesson directory (default: the project's lessons/)")
    p.add_argument("--show", metavar="ID", help="print one lesson")
    p.add_argument("--glossary", action="store_true", help="print docs/glossary.md from course/glossary.yaml")
    p.add_argument("--template", metavar="ID", help="print one lesson's texts keyed by their place (to start a translation)")
    p.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="the language of the lessons (default: en)")
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


def run_check(rulesets: list[str | Ruleset], directory: str | None,
              lang: str = DEFAULT_LANGUAGE) -> tuple[dict[str, int], list[LessonIssue]]:
    """Load and render the course under each ruleset (its text in ``lang``); count its parts and collect every problem."""
    issues: dict[str, LessonIssue] = {}
    counts = {"lessons": 0, "steps": 0, "diagrams": 0, "questions": 0, "tables": 0, "comparisons": 0, "placeholders": 0}
    lesson_ids: set[str] = set()
    for name in rulesets:
        rules = get_ruleset(name)
        course = load_course(rules, directory, lang)
        for issue in course.errors + course.translation_issues:
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


def _show(lesson_id: str, rules_name: str | None, directory: str | None, lang: str = DEFAULT_LANGUAGE) -> int:
    rules = get_ruleset(rules_name)
    course = load_course(rules, directory, lang)
    tr = translator(lang)
    try:
        lesson = course.get(lesson_id)
    except KeyError:
        print(f"sanma lessons: no lesson {lesson_id!r}; known: {', '.join(course.ids)}", file=sys.stderr)
        return 1
    for issue in course.translation_issues:
        if issue.file.endswith(lesson.file.rsplit("/", 1)[-1]):
            print(f"sanma lessons: shown in English: {issue}", file=sys.stderr)
    print(f"# {lesson.title.get()}\n\n{lesson.summary.get()}\n")
    for i, step in enumerate(lesson.steps, start=1):
        r = render_step(step, rules)
        print(f"## {i}. {r.title or ''}".rstrip())
        print(r.text.rstrip() + "\n")
        for d in r.diagrams:
            extra = "".join([tr.gettext(" melds {melds}").format(melds=" ".join(d.melds)) if d.melds else "",
                             f" kita {d.kita}" if d.kita else "",
                             tr.gettext(" dora indicators {tiles}").format(tiles=" ".join(d.dora)) if d.dora else ""])
            tiles = tr.gettext("tiles")
            print(f"  [{tiles}] {d.hand}{extra}  {d.caption}")
        for row in r.compare:
            print("  - " + tr.gettext("{topic}: four-player {four} | sanma {sanma}").format(
                topic=row.topic, four=row.four_player, sanma=row.sanma))
        if r.table:
            print("  " + " | ".join(r.table.columns))
            for row in r.table.rows:
                print("  " + " | ".join(row))
        if r.lessons:
            print("  " + tr.gettext("see lessons: {ids}").format(ids=", ".join(r.lessons)))
        if r.drills:
            print("  " + tr.gettext("practise: {ids}").format(ids=", ".join(r.drills)))
        for q in r.questions:
            result = check_answer(q.question, "", rules)
            print(f"  Q: {q.prompt}")
            for cid, text in q.choices:
                print(f"     {cid}) {text}")
            print("     " + tr.gettext("answer: {answer}").format(answer=result.expected))
        print()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.glossary:
            print(glossary_markdown(), end="")
            return 0
        if args.template:
            course = load_course(args.ruleset, args.dir)
            if args.template not in course.ids:
                print(f"sanma lessons: no lesson {args.template!r}; known: {', '.join(course.ids)}", file=sys.stderr)
                return 1
            print(template(course.get(args.template)), end="")
            return 0
        if args.show:
            return _show(args.show, args.ruleset, args.dir, args.lang)
        if args.check:
            chosen: list[str | Ruleset] = [args.ruleset] if args.ruleset else list(check_rulesets())
            counts, issues = run_check(chosen, args.dir, args.lang)
            print(f"checked under: {', '.join(get_ruleset(r).name for r in chosen)}" + (f" in {args.lang}" if args.lang != DEFAULT_LANGUAGE else ""))
            if args.lang != DEFAULT_LANGUAGE:
                missing = sorted({i.file for i in issues if i.field == "(translation)"})
                print(f"translated: {counts['lessons'] - len(missing)} of {counts['lessons']} lessons"
                      + (f"; not yet: {', '.join(missing)}" if missing else ""))
            print("  ".join(f"{k}: {v}" for k, v in counts.items()))
            print(f"errors: {len(issues)}")
            for issue in issues:
                print(f"  {issue}")
            return 1 if issues else 0
        course = load_course(args.ruleset, args.dir, args.lang)
        for lesson in course.lessons:
            print(f"{lesson.order:>4}  {lesson.id:<28} {lesson.title.get()}  ({len(lesson.steps)} steps, {len(lesson.questions)} questions)")
        for issue in course.errors:
            print(f"error: {issue}", file=sys.stderr)
        return 1 if course.errors else 0
    except RulesetError as exc:
        print(f"sanma lessons: {exc}", file=sys.stderr)
        return 2
