"""A lesson's text in another language: one file per lesson and language, keyed by the text's place.

``lessons/de/01-tiles.yaml`` holds the German text of ``lessons/01-tiles.yaml``; every key is the
``field`` of one text of the English lesson (``title``, ``steps[0].text``,
``steps[1].questions[0].choices[2].text`` …). The structure — steps, diagrams, questions, answers and
engine expressions — exists once, in the English file. A translation must give every text, with
the same placeholders (the words inside a placeholder's quotes may change, nothing else) and the
same tile notation; an engine expression whose words the language's catalogue lacks is reported
when the lesson is rendered (:func:`wording_issues`).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from sanma_core.i18n import DEFAULT_LANGUAGE, ENGLISH_NAMES, translator
from sanma_core.rules import Ruleset
from sanma_core.yaml_errors import yaml_problem

from .expr import tokenize
from .render import PLACEHOLDER, render_step, wording
from .schema import Lesson, LessonError, LessonIssue, Text

#: MPSZ tile groups written in lesson prose (``19m``, ``234p``, ``0s``), outside placeholders.
_TILES = re.compile(r"(?<![\w.])[0-9]+[mpsz](?![\w])")
#: The field of the yes/no choices the loader writes itself; their words come from the catalogue.
_YES_NO_FIELD = re.compile(r"\.choices$")

#: Reads one text node as the loader does (placeholders checked); None when it is unusable (the reader reported why).
TextReader = Callable[[yaml.Node, str], "Text | None"]


def texts_of(obj: Any) -> Iterator[Text]:
    """Every :class:`Text` inside a lesson (or part of one), in file order."""
    if isinstance(obj, Text):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from texts_of(getattr(obj, f.name))
    elif isinstance(obj, tuple | list):
        for item in obj:
            yield from texts_of(item)


def _replaced(obj: Any, swap: Callable[[Text], Text]) -> Any:
    if isinstance(obj, Text):
        return swap(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {f.name: _replaced(getattr(obj, f.name), swap) for f in dataclasses.fields(obj)}
        return dataclasses.replace(obj, **changes)
    if isinstance(obj, tuple):
        return tuple(_replaced(item, swap) for item in obj)
    return obj


def placeholder_shapes(text: str) -> Counter[str]:
    """The placeholders of a text with the words of their quoted strings left out (the expressions)."""
    shapes: Counter[str] = Counter()
    for m in PLACEHOLDER.finditer(text):
        tokens = tokenize(m.group(1))
        shapes[" ".join('""' if t.kind == "string" else t.text for t in tokens)] += 1
    return shapes


def tile_groups(text: str) -> Counter[str]:
    """The MPSZ tile groups a text writes outside its placeholders."""
    return Counter(_TILES.findall(PLACEHOLDER.sub(" ", text)))


def translation_path(lesson: Lesson, lang: str, folder: Path) -> Path:
    return folder / lang / Path(lesson.file).name


def _is_yes_no(text: Text) -> bool:
    return bool(_YES_NO_FIELD.search(text.field))


def translate(lesson: Lesson, lang: str, path: Path, file: str, read_text: TextReader) -> tuple[Lesson, list[LessonIssue]]:
    """``lesson`` with its texts in ``lang`` from ``path``; the English lesson and the problems when it cannot be."""
    name = ENGLISH_NAMES.get(lang, lang)
    if not path.is_file():
        return lesson, [LessonIssue(file, 0, "(translation)", f"lesson {lesson.id!r} has no {name} text yet ({lesson.file})")]
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError) as exc:
        return lesson, [LessonIssue(file, 0, "(file)", f"cannot read: {exc}")]
    except yaml.YAMLError as exc:
        line, column, problem = yaml_problem(exc)
        where = "" if column is None else f"column {column}: "
        return lesson, [LessonIssue(file, line or 1, "(syntax)", f"not valid YAML: {where}{problem}")]
    if not isinstance(root, yaml.MappingNode):
        return lesson, [LessonIssue(file, 1, "(top level)", "must map each text's place (title, steps[0].text, …) to its text")]
    english = {t.field: t for t in texts_of(lesson) if not _is_yes_no(t)}
    issues: list[LessonIssue] = []
    given: dict[str, Text] = {}
    failed: set[str] = set()
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        line = key_node.start_mark.line + 1
        if key not in english:
            issues.append(LessonIssue(file, line, str(key), f"no text at this place in {lesson.file}"))
            continue
        if key in given:
            issues.append(LessonIssue(file, line, key, "text given twice"))
            continue
        before = len(issues)
        text = read_text(value_node, key)
        if text is None:
            failed.add(key)
            continue
        source = english[key].value
        if placeholder_shapes(text.value) != placeholder_shapes(source):
            issues.append(LessonIssue(file, text.line, key, f"placeholders differ from {lesson.file}: "
                                      f"{sorted(placeholder_shapes(source).elements())} expected"))
        if tile_groups(text.value) != tile_groups(source):
            issues.append(LessonIssue(file, text.line, key, f"tile notation differs from {lesson.file}: "
                                      f"{sorted(tile_groups(source).elements())} expected, got {sorted(tile_groups(text.value).elements())}"))
        if len(issues) == before:
            given[key] = dataclasses.replace(text, lang=lang)
    for key, text in english.items():
        if key not in given and key not in failed and not any(i.field == key for i in issues):
            issues.append(LessonIssue(file, 1, key, f"{name} text missing (English at {lesson.file}:{text.line})"))
    if issues or failed:
        return lesson, issues
    tr = translator(lang)

    def swap(t: Text) -> Text:
        if _is_yes_no(t):
            return dataclasses.replace(t, value=tr.gettext(t.value), lang=lang)
        return given[t.field]

    return _replaced(lesson, swap), []


def wording_issues(lesson: Lesson, rules: Ruleset, lang: str, file: str) -> list[LessonIssue]:
    """Render a translated lesson under ``rules``: the engine words its placeholders wrote that ``lang`` lacks."""
    if lang == DEFAULT_LANGUAGE:
        return []
    words = wording(lang)
    issues = []
    for step in lesson.steps:
        words.missing.clear()
        try:
            render_step(step, rules)
        except LessonError as exc:
            issues.append(exc.issue)
            continue
        for message in sorted(words.missing):
            issues.append(LessonIssue(file, step.line, step.field, f"an engine expression writes {message!r} under ruleset "
                                      f"{rules.name!r}, which has no {ENGLISH_NAMES[lang]} wording in the catalogue"))
    return issues


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(str, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", s, style="|" if "\n" in s else None))


def template(lesson: Lesson) -> str:
    """The English texts of a lesson keyed by their place: the start of a translation file."""
    texts = {t.field: t.value for t in sorted(texts_of(lesson), key=lambda t: t.line) if not _is_yes_no(t)}
    head = f"# The text of {lesson.file}, keyed by its place; translate every value, keep the {{{{ placeholders }}}}.\n"
    return head + yaml.dump(texts, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)
