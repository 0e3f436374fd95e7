"""Load and validate lesson YAML files; every problem names file, line and field.

The loader walks PyYAML's node tree (``yaml.compose``), which keeps the line
of every key and value. A broken file is reported and skipped; the other
lessons still load.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from drills.explain import CONCEPTS
from sanma_core.i18n import DEFAULT_LANGUAGE, N_, check_language
from sanma_core.melds import parse_meld
from sanma_core.rules import Ruleset, get_ruleset
from sanma_core.tiles import NORTH, NotationError, check_tile_supply, format_tiles, parse_tile, parse_tiles
from sanma_core.yaml_errors import yaml_problem

from . import engine
from .expr import ExpressionError, filters_used, names_used, parse
from .render import PLACEHOLDER, normalise, placeholder_line, render_step
from .schema import (
    DRILL_IDS,
    QUESTION_KINDS,
    Choice,
    CompareRow,
    Course,
    Diagram,
    Expression,
    Lesson,
    LessonError,
    LessonIssue,
    Question,
    Step,
    TableSpec,
    Text,
)
from .tables import TABLE_OPTIONS
from .translations import translate, translation_path, wording_issues

DEFAULT_DIRECTORY = Path(__file__).resolve().parent.parent / "lessons"
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_WHOLE_EXPRESSION = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.DOTALL)

LESSON_FIELDS = ("id", "title", "order", "summary", "prerequisites", "steps")
STEP_FIELDS = ("title", "text", "diagrams", "compare", "table", "questions", "drills", "lessons")
DIAGRAM_FIELDS = ("hand", "melds", "kita", "dora", "win", "caption")
COMPARE_FIELDS = ("topic", "four_player", "sanma")
QUESTION_FIELDS = ("id", "kind", "prompt", "choices", "answer", "verify", "explanation")
CHOICE_FIELDS = ("id", "text")
YES_NO = (("yes", N_("Yes")), ("no", N_("No")))


class _Invalid(Exception):
    """Internal: a field is unusable (already recorded as an issue)."""


class _FileReader:
    """Builds one lesson from one composed YAML document, collecting issues."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.issues: list[LessonIssue] = []
        self._constructor = yaml.SafeLoader("")
        self._names = engine.known_names()
        self.lesson_id = ""

    # -- primitives ----------------------------------------------------------
    def fail(self, node: yaml.Node | None, field: str, message: str) -> _Invalid:
        line = node.start_mark.line + 1 if node is not None else 1
        self.issues.append(LessonIssue(self.file, line, field, message))
        return _Invalid(message)

    def value(self, node: yaml.Node) -> Any:
        return self._constructor.construct_object(node, deep=True)

    def mapping(self, node: yaml.Node, field: str, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, field or "(top level)", f"must be a mapping with fields {', '.join(allowed)}")
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            key = self.value(key_node)
            where = f"{field}.{key}" if field else str(key)
            if not isinstance(key, str):
                self.fail(key_node, where, "field names must be text")
                continue
            if key in out:
                self.fail(key_node, where, "field given twice")
                continue
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f"; allowed: {', '.join(allowed)}"
                self.fail(key_node, where, f"unknown field {key!r}{hint}")
                continue
            out[key] = (key_node, value_node)
        for name in required:
            if name not in out:
                self.fail(node, f"{field}.{name}" if field else name, "required field is missing")
        return out

    def sequence(self, node: yaml.Node, field: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, field, "must be a list")
        return list(node.value)

    def string(self, node: yaml.Node, field: str) -> str:
        value = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(node, field, f"must be non-empty text, got {value!r}" if isinstance(node, yaml.ScalarNode) else "must be text")
        return value

    def whole(self, node: yaml.Node, field: str, low: int, high: int) -> int:
        value = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(node, field, f"must be a whole number {low}–{high}, got {value!r}")
        return value

    def guarded(self, build: Callable[[], Any]) -> Any:
        """Run a builder; an invalid field yields ``None`` (the issue is already recorded)."""
        try:
            return build()
        except _Invalid:
            return None

    # -- expressions and text ---------------------------------------------------------
    def expression(self, source: str, node: yaml.Node, field: str, line: int | None = None) -> Expression:
        line = line or node.start_mark.line + 1
        try:
            tree = parse(source.strip())
        except ExpressionError as exc:
            self.issues.append(LessonIssue(self.file, line, field, str(exc)))
            raise _Invalid(str(exc)) from None
        unknown = sorted(names_used(tree) - self._names)
        bad_filters = sorted(filters_used(tree) - set(engine.FILTERS))
        if unknown or bad_filters:
            what = f"unknown name {unknown[0]!r}" if unknown else f"unknown filter {bad_filters[0]!r}"
            message = f"{what} in {source.strip()!r}"
            self.issues.append(LessonIssue(self.file, line, field, message))
            raise _Invalid(message)
        return Expression(source.strip(), tree, field, line)

    def text(self, node: yaml.Node, field: str) -> Text:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, field, "lesson text must be one string (lessons are in English; translations are not supported)")
        value = self.string(node, field)
        block = self._is_block(node)
        line = node.start_mark.line + 1
        ok = True
        for m in PLACEHOLDER.finditer(value):
            try:
                self.expression(m.group(1), node, field, placeholder_line(value, m.start(), line, block))
            except _Invalid:
                ok = False
        if value.count("{{") != len(PLACEHOLDER.findall(value)):
            self.fail(node, field, "an opening '{{' has no closing '}}'")
            ok = False
        if not ok:
            raise _Invalid("bad placeholder")
        return Text(value, field, line, block)

    @staticmethod
    def _is_block(node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.style in ("|", ">")

    # -- parts ---------------------------------------------------------------------------
    def diagram(self, node: yaml.Node, field: str) -> Diagram:
        parts = self.mapping(node, field, DIAGRAM_FIELDS, required=("hand",))
        if "hand" not in parts:
            raise _Invalid("no hand")
        every_tile: list[int] = []

        def tiles_of(key: str) -> list[int]:
            text = self.string(parts[key][1], f"{field}.{key}")
            try:
                return parse_tiles(text)
            except NotationError as exc:
                raise self.fail(parts[key][1], f"{field}.{key}", str(exc)) from None

        hand_tiles = tiles_of("hand")
        every_tile += hand_tiles
        melds: list[str] = []
        if "melds" in parts:
            for i, m in enumerate(self.sequence(parts["melds"][1], f"{field}.melds")):
                text = self.string(m, f"{field}.melds[{i}]")
                try:
                    meld = parse_meld(text)
                except NotationError as exc:
                    raise self.fail(m, f"{field}.melds[{i}]", str(exc)) from None
                every_tile += list(meld.tiles)
                melds.append(text.strip())
        kita = self.whole(parts["kita"][1], f"{field}.kita", 0, 4) if "kita" in parts else 0
        every_tile += [NORTH] * kita
        dora: list[str] = []
        if "dora" in parts:
            dnode = parts["dora"][1]
            items = self.sequence(dnode, f"{field}.dora") if isinstance(dnode, yaml.SequenceNode) else [dnode]
            for i, item in enumerate(items):
                text = self.string(item, f"{field}.dora[{i}]")
                try:
                    tiles = parse_tiles(text)
                except NotationError as exc:
                    raise self.fail(item, f"{field}.dora[{i}]", str(exc)) from None
                dora += [format_tiles([t]) for t in tiles]
            if len(dora) > 5:
                raise self.fail(dnode, f"{field}.dora", f"at most 5 dora indicators, got {len(dora)}")
        win = None
        if "win" in parts:
            text = self.string(parts["win"][1], f"{field}.win")
            try:
                win_tile = parse_tile(text)
            except NotationError as exc:
                raise self.fail(parts["win"][1], f"{field}.win", str(exc)) from None
            if win_tile not in hand_tiles:
                raise self.fail(parts["win"][1], f"{field}.win", f"winning tile {text} is not in the hand")
            win = format_tiles([win_tile])
        try:
            check_tile_supply(every_tile + [parse_tile(d) for d in dora])
        except NotationError as exc:
            raise self.fail(node, field, f"hand, melds, kita and indicators together: {exc}") from None
        caption = self.text(parts["caption"][1], f"{field}.caption") if "caption" in parts else None
        return Diagram(format_tiles(hand_tiles), tuple(melds), kita, tuple(dora), win, caption, field, node.start_mark.line + 1)

    def compare_row(self, node: yaml.Node, field: str) -> CompareRow:
        parts = self.mapping(node, field, COMPARE_FIELDS, required=COMPARE_FIELDS)
        texts = [self.guarded(lambda k=k: self.text(parts[k][1], f"{field}.{k}")) for k in COMPARE_FIELDS if k in parts]
        if len(texts) != 3 or any(t is None for t in texts):
            raise _Invalid("bad row")
        return CompareRow(texts[0], texts[1], texts[2], node.start_mark.line + 1)

    def table(self, node: yaml.Node, field: str) -> TableSpec:
        if isinstance(node, yaml.ScalarNode):
            kind = self.string(node, field)
            if kind not in TABLE_OPTIONS:
                raise self.fail(node, field, f"unknown table {kind!r}; known: {', '.join(TABLE_OPTIONS)}")
            return TableSpec(kind, {}, None, field, node.start_mark.line + 1)
        first = self.mapping(node, field, ("kind", "caption", *sorted({o for opts in TABLE_OPTIONS.values() for o in opts})), required=("kind",))
        if "kind" not in first:
            raise _Invalid("no kind")
        kind = self.string(first["kind"][1], f"{field}.kind")
        if kind not in TABLE_OPTIONS:
            raise self.fail(first["kind"][1], f"{field}.kind", f"unknown table {kind!r}; known: {', '.join(TABLE_OPTIONS)}")
        options = {}
        for key, (key_node, value_node) in first.items():
            if key in ("kind", "caption"):
                continue
            if key not in TABLE_OPTIONS[kind]:
                allowed = ", ".join(TABLE_OPTIONS[kind]) or "none"
                raise self.fail(key_node, f"{field}.{key}", f"table {kind!r} has no option {key!r} (options: {allowed})")
            options[key] = self.value(value_node)
        caption = self.text(first["caption"][1], f"{field}.caption") if "caption" in first else None
        return TableSpec(kind, options, caption, field, node.start_mark.line + 1)

    def choices(self, node: yaml.Node, field: str) -> tuple[Choice, ...]:
        if isinstance(node, yaml.ScalarNode) and self.value(node) == "yesno":
            line = node.start_mark.line + 1
            return tuple(Choice(cid, Text(label, field, line)) for cid, label in YES_NO)
        out: list[Choice] = []
        for i, item in enumerate(self.sequence(node, field)):
            where = f"{field}[{i}]"
            parts = self.mapping(item, where, CHOICE_FIELDS, required=CHOICE_FIELDS)
            if len(parts) != 2:
                raise _Invalid("bad choice")
            raw_id = self.value(parts["id"][1])
            cid = ("yes" if raw_id else "no") if isinstance(raw_id, bool) else str(raw_id).strip()
            if not cid or any(c.id == cid for c in out):
                raise self.fail(parts["id"][1], f"{where}.id", f"choice id {cid!r} is empty or repeated")
            out.append(Choice(cid, self.text(parts["text"][1], f"{where}.text")))
        if len(out) < 2:
            raise self.fail(node, field, "needs at least two choices")
        return tuple(out)

    def question(self, node: yaml.Node, field: str, default_id: str) -> Question:
        parts = self.mapping(node, field, QUESTION_FIELDS, required=("kind", "prompt", "answer", "explanation"))
        if not {"kind", "prompt", "answer", "explanation"} <= set(parts):
            raise _Invalid("missing fields")
        kind = self.string(parts["kind"][1], f"{field}.kind")
        if kind not in QUESTION_KINDS:
            raise self.fail(parts["kind"][1], f"{field}.kind", f"unknown question kind {kind!r}; known: {', '.join(QUESTION_KINDS)}")
        qid = self.string(parts["id"][1], f"{field}.id") if "id" in parts else default_id
        prompt = self.guarded(lambda: self.text(parts["prompt"][1], f"{field}.prompt"))
        explanation = self.guarded(lambda: self.text(parts["explanation"][1], f"{field}.explanation"))
        choices: tuple[Choice, ...] = ()
        if kind in ("single", "multiple"):
            if "choices" not in parts:
                raise self.fail(node, f"{field}.choices", f"a {kind} question needs choices")
            choices = self.choices(parts["choices"][1], f"{field}.choices")
        elif "choices" in parts:
            raise self.fail(parts["choices"][0], f"{field}.choices", f"a {kind} question has no choices")
        verify: list[Expression] = []
        if "verify" in parts:
            vnode = parts["verify"][1]
            items = self.sequence(vnode, f"{field}.verify") if isinstance(vnode, yaml.SequenceNode) else [vnode]
            for i, item in enumerate(items):
                src = self.string(item, f"{field}.verify[{i}]")
                m = _WHOLE_EXPRESSION.match(src)
                verify.append(self.expression(m.group(1) if m else src, item, f"{field}.verify[{i}]"))
        anode = parts["answer"][1]
        raw = self.value(anode)
        answer: Any
        if isinstance(raw, str) and _WHOLE_EXPRESSION.match(raw):
            answer = self.expression(_WHOLE_EXPRESSION.match(raw).group(1), anode, f"{field}.answer")
        else:
            try:
                normalised = normalise(kind, raw)
            except (ValueError, NotationError) as exc:
                raise self.fail(anode, f"{field}.answer", str(exc)) from None
            ids = {c.id for c in choices}
            if kind == "single" and normalised not in ids:
                raise self.fail(anode, f"{field}.answer", f"{normalised!r} is not one of the choices ({', '.join(sorted(ids))})")
            if kind == "multiple" and not normalised <= ids:
                raise self.fail(anode, f"{field}.answer", f"{sorted(normalised - ids)} are not choices")
            if not verify:
                raise self.fail(anode, f"{field}.answer", "a literal answer needs 'verify' (engine expressions that must be true); or compute it with {{ ... }}")
            answer = raw if kind != "tiles" else "".join(sorted(normalised))
        if prompt is None or explanation is None:
            raise _Invalid("bad text")
        return Question(qid, kind, prompt, choices, answer, tuple(verify), explanation, field, node.start_mark.line + 1, self.file)

    def step(self, node: yaml.Node, field: str, index: int) -> Step:
        parts = self.mapping(node, field, STEP_FIELDS, required=("text",))
        ok = "text" in parts
        text = self.guarded(lambda: self.text(parts["text"][1], f"{field}.text")) if ok else None
        title = self.guarded(lambda: self.text(parts["title"][1], f"{field}.title")) if "title" in parts else None

        def many(key: str, build: Callable[[yaml.Node, str, int], Any]) -> list[Any]:
            if key not in parts:
                return []
            items = self.guarded(lambda: self.sequence(parts[key][1], f"{field}.{key}"))
            if items is None:
                return [None]
            return [self.guarded(lambda n=n, i=i: build(n, f"{field}.{key}[{i}]", i)) for i, n in enumerate(items)]

        diagrams = many("diagrams", lambda n, f, i: self.diagram(n, f))
        compare = many("compare", lambda n, f, i: self.compare_row(n, f))
        questions = many("questions", lambda n, f, i: self.question(n, f, f"{self.lesson_id}.{index + 1}.{i + 1}"))
        table = self.guarded(lambda: self.table(parts["table"][1], f"{field}.table")) if "table" in parts else None
        drills: list[str] = []
        if "drills" in parts:
            for i, d in enumerate(self.guarded(lambda: self.sequence(parts["drills"][1], f"{field}.drills")) or []):
                name = self.guarded(lambda d=d, i=i: self.string(d, f"{field}.drills[{i}]"))
                if name is None:
                    continue
                if name not in DRILL_IDS and not (name in CONCEPTS and name.partition(".")[0] in DRILL_IDS):
                    self.fail(d, f"{field}.drills[{i}]", f"unknown drill link {name!r}: a drill type "
                              f"({', '.join(DRILL_IDS)}) or one of its concepts (push_fold.north)")
                    continue
                drills.append(name)
        links: list[str] = []
        link_lines: list[int] = []
        if "lessons" in parts:
            for i, d in enumerate(self.guarded(lambda: self.sequence(parts["lessons"][1], f"{field}.lessons")) or []):
                name = self.guarded(lambda d=d, i=i: self.string(d, f"{field}.lessons[{i}]"))
                if name is not None:
                    links.append(name)
                    link_lines.append(d.start_mark.line + 1)
        ids = [q.id for q in questions if q is not None]
        if len(ids) != len(set(ids)):
            self.fail(node, f"{field}.questions", "question ids repeat")
        broken = text is None or any(x is None for x in (*diagrams, *compare, *questions))
        if broken or ("table" in parts and table is None) or ("title" in parts and title is None):
            raise _Invalid("bad step")
        return Step(text, tuple(diagrams), tuple(compare), table, tuple(questions), tuple(drills), title, field,
                    node.start_mark.line + 1, self.file, tuple(links), tuple(link_lines))

    def lesson(self, root: yaml.Node) -> Lesson | None:
        try:
            parts = self.mapping(root, "", LESSON_FIELDS, required=LESSON_FIELDS)
        except _Invalid:
            return None
        if "id" in parts:
            lid = self.guarded(lambda: self.string(parts["id"][1], "id"))
            if lid is not None and not _ID.match(lid):
                self.fail(parts["id"][1], "id", f"lesson id {lid!r} must be lower-case letters, digits, '-' or '_'")
            self.lesson_id = lid or ""
        title = self.guarded(lambda: self.text(parts["title"][1], "title")) if "title" in parts else None
        summary = self.guarded(lambda: self.text(parts["summary"][1], "summary")) if "summary" in parts else None
        order = self.guarded(lambda: self.whole(parts["order"][1], "order", 0, 10**6)) if "order" in parts else None
        prereqs: list[str] = []
        prereq_lines: list[int] = []
        if "prerequisites" in parts:
            for i, p in enumerate(self.guarded(lambda: self.sequence(parts["prerequisites"][1], "prerequisites")) or []):
                name = self.guarded(lambda p=p, i=i: self.string(p, f"prerequisites[{i}]"))
                if name is not None:
                    prereqs.append(name)
                    prereq_lines.append(p.start_mark.line + 1)
        steps: list[Step | None] = []
        if "steps" in parts:
            nodes = self.guarded(lambda: self.sequence(parts["steps"][1], "steps")) or []
            if not nodes:
                self.fail(parts["steps"][1], "steps", "a lesson needs at least one step")
            steps = [self.guarded(lambda n=n, i=i: self.step(n, f"steps[{i}]", i)) for i, n in enumerate(nodes)]
        if self.issues or None in (title, summary, order) or any(s is None for s in steps):
            return None
        return Lesson(self.lesson_id, title, order, summary, tuple(prereqs), tuple(steps), self.file, root.start_mark.line + 1, tuple(prereq_lines))


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_lesson_text(text: str, file: str = "<lesson>") -> tuple[Lesson | None, list[LessonIssue], str | None]:
    """Parse one lesson; returns (lesson or None, issues, the id it declares if readable)."""
    reader = _FileReader(file)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        line, column, problem = yaml_problem(exc)
        where = "" if column is None else f"column {column}: "
        return None, [LessonIssue(file, line or 1, "(syntax)", f"not valid YAML: {where}{problem}")], None
    if root is None:
        return None, [LessonIssue(file, 1, "(top level)", "the file is empty")], None
    lesson = reader.lesson(root)
    return lesson, reader.issues, reader.lesson_id or None


def _render_issues(lesson: Lesson, rules: Ruleset) -> list[LessonIssue]:
    issues = []
    for step in lesson.steps:
        try:
            render_step(step, rules)
        except LessonError as exc:
            issues.append(exc.issue)
    return issues


def _translated(lesson: Lesson, lang: str, folder: Path, rules: Ruleset) -> tuple[Lesson, list[LessonIssue]]:
    """The lesson in ``lang`` (see :mod:`course.translations`), or in English with the problems that stop it."""
    path = translation_path(lesson, lang, folder)
    file = _display_path(path)
    reader = _FileReader(file)
    reader.lesson_id = lesson.id
    translated, issues = translate(lesson, lang, path, file, lambda node, key: reader.guarded(lambda: reader.text(node, key)))
    issues = reader.issues + issues
    if not issues:
        issues = wording_issues(translated, rules, lang, file)
    return (lesson, issues) if issues else (translated, [])


def load_course(rules: Ruleset | str | None = None, directory: str | Path | None = None, lang: str = DEFAULT_LANGUAGE) -> Course:
    """Load every ``*.yaml`` lesson in ``directory`` (default: the project's ``lessons/``).

    Each lesson is validated (schema, tiles, placeholders, drill links, prerequisites)
    and rendered once under ``rules`` (default ruleset when None). Lessons with a
    problem are left out; every problem is in ``Course.errors``. With ``lang`` other than
    English each lesson reads in that language where its translation is complete and
    consistent, else in English, its problems in ``Course.translation_issues``.
    """
    check_language(lang)
    rules = get_ruleset(rules)
    folder = Path(directory) if directory is not None else DEFAULT_DIRECTORY
    course = Course()
    if not folder.is_dir():
        course.errors.append(LessonIssue(str(folder), 0, "(directory)", "lesson directory not found"))
        return course
    declared: dict[str, str] = {}
    loaded: list[Lesson] = []
    for path in sorted(folder.glob("*.yaml")):
        file = _display_path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            course.errors.append(LessonIssue(file, 0, "(file)", f"cannot read: {exc}"))
            continue
        lesson, issues, declared_id = load_lesson_text(text, file)
        course.errors.extend(issues)
        if declared_id and declared_id in declared:
            course.errors.append(LessonIssue(file, 1, "id", f"lesson id {declared_id!r} is already used by {declared[declared_id]}"))
            continue
        if declared_id:
            declared[declared_id] = file
        if lesson is not None:
            loaded.append(lesson)
    orders = {lesson.id: lesson.order for lesson in loaded}
    for lesson in loaded:
        problems = []
        for name, line in zip(lesson.prerequisites, lesson.prerequisite_lines, strict=True):
            if name not in declared:
                problems.append(LessonIssue(lesson.file, line, "prerequisites", f"unknown lesson {name!r}"))
            elif name in orders and orders[name] >= lesson.order:
                problems.append(LessonIssue(lesson.file, line, "prerequisites", f"{name!r} must come earlier (order {orders[name]} ≥ {lesson.order})"))
        for step in lesson.steps:
            for name, line in zip(step.lessons, step.lesson_lines, strict=True):
                if name not in declared:
                    problems.append(LessonIssue(lesson.file, line, f"{step.field}.lessons", f"unknown lesson link {name!r}"))
                elif name == lesson.id:
                    problems.append(LessonIssue(lesson.file, line, f"{step.field}.lessons", "a lesson cannot link to itself"))
        problems += _render_issues(lesson, rules)
        course.errors.extend(problems)
        if problems:
            continue
        if lang != DEFAULT_LANGUAGE:
            lesson, untranslated = _translated(lesson, lang, folder, rules)
            course.translation_issues.extend(untranslated)
        course.lessons.append(lesson)
    course.lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return course


def kita_tiles_text(kita: int) -> str:
    """MPSZ text of the Norths set aside (for drawing): ``kita_tiles_text(2) == '44z'``."""
    return format_tiles([NORTH] * kita) if kita else ""

