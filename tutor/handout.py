"""Printable handouts (no Streamlit): a lesson as one page to print, and a worksheet of generated questions with the
answer key on a page of its own, under one ruleset.

Every question comes from the drills' generators with a seed drawn from the worksheet's own seed, so the same seed
gives the same sheet; every answer in a key is the engine's (the question's own answer, or a lesson question's
expected answer). Pages are self-contained HTML with print CSS (A4, the key after a page break); every text is
escaped.

>>> from sanma_core.rules import load_preset
>>> sheet = worksheet(load_preset("tenhou"), ["payment"], n=2, seed=7)
>>> [q.drill_type for q in sheet.questions], sheet == worksheet(load_preset("tenhou"), ["payment"], n=2, seed=7)
(['payment', 'payment'], True)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from html import escape

from course.render import check_answer, render_step
from course.schema import Lesson
from drills import DRILL_TYPES, DrillError, Question, generate
from drills.render import render_answer, render_question
from sanma_core.i18n import N_, gettext, ngettext, number
from sanma_core.rules import Ruleset
from sanma_core.tiles import NotationError, parse_tiles
from sanma_core.words.rulesets import ruleset_title

from .blocks import rows_html
from .tiles_svg import STRIP_CSS, tiles_html

MAX_QUESTIONS = 60
KEY_HEADING = N_("Answer key")  # in the language spoken: gettext(KEY_HEADING)

PRINT_CSS = """
body{font-family:DejaVu Sans,Arial,sans-serif;margin:1.2rem;color:#1d1d1f;font-size:11pt;line-height:1.35}
h1{font-size:1.5rem;margin:0 0 .3rem 0} h2{font-size:1.1rem;margin:1rem 0 .3rem 0} h3{font-size:1rem;margin:.6rem 0 .2rem}
.meta{color:#555;font-size:.85rem;margin-bottom:.8rem}
.question{border-top:1px solid #ccc;padding:.4rem 0;break-inside:avoid;page-break-inside:avoid}
.question pre,.key pre{white-space:pre-wrap;font-family:inherit;margin:.2rem 0}
.space{height:2.2rem;border-bottom:1px dotted #999;margin:.3rem 0 .6rem}
.key{break-before:page;page-break-before:always}
.key .item{break-inside:avoid;page-break-inside:avoid;border-top:1px solid #ddd;padding:.3rem 0}
.step{break-inside:avoid-page}
table{border-collapse:collapse;font-size:.8rem} th,td{border:1px solid #bbb;padding:2px 5px;text-align:left}
ol.choices{margin:.2rem 0 .4rem 1.2rem;padding:0}
@page{size:A4;margin:12mm}
@media print{body{margin:0}}
"""


@dataclass(frozen=True)
class Worksheet:
    rules: str  # the ruleset's name
    title: str
    seed: int
    difficulty: int
    questions: tuple[Question, ...]


def worksheet(rules: Ruleset, drill_types: list[str], n: int, seed: int, difficulty: int = 1) -> Worksheet:
    """``n`` questions, the drill types taken in turn, each with a seed drawn from ``seed``."""
    if not drill_types:
        raise DrillError(gettext("a worksheet needs at least one drill type"))
    unknown = [d for d in drill_types if d not in DRILL_TYPES]
    if unknown:
        raise DrillError(gettext("unknown drill type {name!r}; known: {known}").format(
            name=unknown[0], known=", ".join(DRILL_TYPES)))
    if not 1 <= int(n) <= MAX_QUESTIONS:
        raise DrillError(gettext("a worksheet has 1–{most} questions, not {n}").format(most=MAX_QUESTIONS, n=n))
    rng = random.Random(int(seed))
    questions = tuple(generate(drill_types[i % len(drill_types)], rules, seed=rng.randrange(1_000_000_000),
                               difficulty=difficulty) for i in range(int(n)))
    titles = ", ".join(str(DRILL_TYPES[d].get("title") or d) for d in drill_types)
    return Worksheet(rules.name, gettext("Worksheet: {titles}").format(titles=titles), int(seed), int(difficulty),
                     questions)


def _hand_strip(q: Question) -> str:
    hand = q.data.get("hand")
    if not isinstance(hand, str):
        return ""
    try:
        return tiles_html(parse_tiles(hand))
    except NotationError:
        return ""


def _key_text(q: Question) -> str:
    """The answer, its concept and the explanation (the question's own, as the drills print it)."""
    return render_answer(q).split("\n\n", 1)[0]


def _page(title: str, body: str) -> str:
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{PRINT_CSS}{STRIP_CSS}</style></head><body>{body}</body></html>")


def worksheet_html(sheet: Worksheet, rules: Ruleset) -> str:
    """The questions with room to answer, then the answer key on a page of its own."""
    n = len(sheet.questions)
    meta = "<p class='meta'>{}</p>".format(escape(ngettext(
        "Ruleset: {ruleset} · {n} question · seed {seed} · difficulty {difficulty} · Name: ______________________",
        "Ruleset: {ruleset} · {n} questions · seed {seed} · difficulty {difficulty} · Name: ______________________", n)
        .format(ruleset=ruleset_title(rules), n=number(n), seed=sheet.seed, difficulty=sheet.difficulty)))
    items = "".join(
        f"<div class='question' data-n='{i}'><h3>{i}.</h3>{_hand_strip(q)}<pre>{escape(render_question(q))}</pre>"
        "<div class='space'></div></div>"
        for i, q in enumerate(sheet.questions, 1))
    key = "".join(
        f"<div class='item' data-n='{i}'><strong>{i}.</strong> <pre>{escape(_key_text(q))}</pre></div>"
        for i, q in enumerate(sheet.questions, 1))
    body = (f"<h1>{escape(sheet.title)}</h1>{meta}{items}"
            f"<section class='key'><h1>{escape(gettext(KEY_HEADING))}</h1>{meta}{key}</section>")
    return _page(sheet.title, body)


_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)


def text_html(text: str) -> str:
    """A lesson step's Markdown as simple HTML: paragraphs, ``-`` lists and **bold**, everything else as text.

    >>> text_html("A **b** <c>\\n\\n- one\\n- two")
    '<p>A <strong>b</strong> &lt;c&gt;</p><ul><li>one</li><li>two</li></ul>'
    """
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if lines and all(line.startswith(("- ", "* ")) for line in lines):
            out.append("<ul>" + "".join(f"<li>{_inline(line[2:])}</li>" for line in lines) + "</ul>")
        elif lines:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    return _BOLD.sub(r"<strong>\1</strong>", escape(text).replace("`", ""))


def lesson_answer_text(choices: list[tuple[str, str]], expected: object) -> str:
    """A lesson question's expected answer as printed: the choices by letter and text, or the value itself.

    >>> lesson_answer_text([("yes", "Yes"), ("no", "No")], "no"), lesson_answer_text([], 2)
    ('b) No', '2')
    """
    if not choices:
        return ", ".join(map(str, expected)) if isinstance(expected, list) else str(expected)
    letters = {cid: f"{chr(ord('a') + i)}) {text}" for i, (cid, text) in enumerate(choices)}
    picked = expected if isinstance(expected, list) else [expected]
    return "; ".join(letters.get(str(c), str(c)) for c in picked)


def lesson_html(lesson: Lesson, rules: Ruleset) -> str:
    """A whole lesson to print: every step filled under ``rules``, its check questions, and their answers (the
    engine's) on a page of their own."""
    title = lesson.title.get()
    ruleset = gettext("Ruleset: {ruleset}").format(ruleset=ruleset_title(rules))
    parts = [f"<h1>{escape(title)}</h1><p class='meta'>{escape(ruleset)}</p>",
             text_html(lesson.summary.get())]
    answers = []
    asked = 0
    for i, step in enumerate(lesson.steps, 1):
        r = render_step(step, rules)
        parts.append(f"<div class='step'><h2>{i}. {escape(r.title or '')}</h2>{text_html(r.text)}")
        for d in r.diagrams:
            extra = [gettext("melds {melds}").format(melds=" ".join(d.melds)) if d.melds else "",
                     gettext("kita {n}").format(n=d.kita) if d.kita else "",
                     gettext("dora indicators {tiles}").format(tiles=" ".join(d.dora)) if d.dora else ""]
            parts.append(tiles_html(parse_tiles(d.hand)) + f"<p class='meta'>{escape('; '.join(x for x in extra if x))}"
                         f"</p><p>{escape(d.caption)}</p>")
        if r.compare:
            parts.append(rows_html([{"": row.topic, gettext("four-player"): row.four_player, gettext("sanma"): row.sanma}
                                    for row in r.compare]))
        if r.table is not None:
            parts.append(rows_html([dict(zip(r.table.columns, row, strict=False)) for row in r.table.rows]))
        for q in r.questions:
            asked += 1
            choices = "".join(f"<li>{escape(text)}</li>" for _cid, text in q.choices)
            heading = escape(gettext("Question {n}.").format(n=asked))
            parts.append(f"<div class='question'><strong>{heading}</strong> {escape(q.prompt)}"
                         + (f"<ol class='choices' type='a'>{choices}</ol>" if choices else "<div class='space'></div>")
                         + "</div>")
            expected = lesson_answer_text(q.choices, check_answer(q.question, "", rules).expected)
            answers.append(f"<div class='item'><strong>{heading}</strong> {escape(expected)}"
                           f"<pre>{escape(q.explanation)}</pre></div>")
        parts.append("</div>")
    if answers:
        parts.append(f"<section class='key'><h1>{escape(gettext(KEY_HEADING))}</h1><p class='meta'>{escape(title)} · "
                     f"{escape(ruleset_title(rules))}</p>{''.join(answers)}</section>")
    return _page(title, "".join(parts))


__all__ = ["KEY_HEADING", "MAX_QUESTIONS", "Worksheet", "lesson_html", "text_html", "worksheet",
           "worksheet_html"]
