"""The glossary: every term the tutor uses in English, German, Spanish and Japanese (rōmaji and kana).

One source, ``course/glossary.yaml``; ``docs/glossary.md`` and the app's Glossary page are drawn from it.

>>> terms = load_glossary()
>>> kita = next(t for t in terms if t.id == "kita")
>>> kita.de, kita.es, kita.romaji
('Nord beiseitelegen', 'apartar el Norte', 'kita / nuki')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from sanma_core.i18n import N_

GLOSSARY_FILE = Path(__file__).with_name("glossary.yaml")
DOC_FILE = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"
COLUMNS = ("en", "de", "es", "romaji", "kana")
HEADINGS = {"en": "English", "de": "Deutsch", "es": "Español", "romaji": "Rōmaji", "kana": "Kana"}
GROUPS = {
    "tiles": N_("Tiles"), "table": N_("Table and seats"), "calls": N_("Calls"), "hand": N_("Hand shapes"),
    "bonus": N_("Bonus tiles"), "scoring": N_("Scoring and payments"), "draws": N_("Draws"),
    "game": N_("Game and placement"), "yaku": N_("Yaku"), "play": N_("Play"),
}


class GlossaryError(ValueError):
    """A glossary entry that cannot be used; the message names the entry and the field."""


@dataclass(frozen=True)
class Term:
    id: str
    group: str
    en: str
    de: str
    es: str
    romaji: str
    kana: str
    seeds: bool = False  # the German and Spanish terms are the club pages' own
    seed_forms: dict[str, str] = field(default_factory=dict)

    def word(self, column: str) -> str:
        return str(getattr(self, column))


def _term(raw: object, index: int) -> Term:
    if not isinstance(raw, dict):
        raise GlossaryError(f"{GLOSSARY_FILE.name} entry {index + 1}: must be a mapping, got {raw!r}")
    where = f"{GLOSSARY_FILE.name} entry {index + 1} ({raw.get('id', '?')})"
    missing = [k for k in ("id", "group", *COLUMNS) if not str(raw.get(k) or "").strip()]
    if missing:
        raise GlossaryError(f"{where}: missing {', '.join(missing)}")
    if raw["group"] not in GROUPS:
        raise GlossaryError(f"{where}: unknown group {raw['group']!r}; known: {', '.join(GROUPS)}")
    unknown = set(raw) - {"id", "group", *COLUMNS, "seeds", "seed_forms"}
    if unknown:
        raise GlossaryError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    return Term(**{k: raw[k] for k in raw})


@functools.cache
def load_glossary(path: Path = GLOSSARY_FILE) -> tuple[Term, ...]:
    """The glossary's terms in file order; a bad entry is a :class:`GlossaryError` naming it."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise GlossaryError(f"{path.name}: must be a list of terms")
    terms = tuple(_term(raw, i) for i, raw in enumerate(data))
    ids = [t.id for t in terms]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise GlossaryError(f"{path.name}: term id {repeated[0]!r} is used twice")
    return terms


def grouped(terms: tuple[Term, ...]) -> dict[str, list[Term]]:
    """Terms by group, groups in their fixed order, terms by English name."""
    out: dict[str, list[Term]] = {}
    for group in GROUPS:
        members = sorted((t for t in terms if t.group == group), key=lambda t: t.en.lower())
        if members:
            out[group] = members
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(terms: tuple[Term, ...] | None = None) -> str:
    """docs/glossary.md: one table per group."""
    terms = terms if terms is not None else load_glossary()
    lines = [
        "# Glossary",
        "",
        "Every term the tutor uses, in English, German, Spanish and Japanese. The German and Spanish terms marked",
        "with * are those of the club's own sanma pages. Generated from `course/glossary.yaml` by",
        "`sanma lessons --glossary`; edit that file, not this one.",
        "",
    ]
    for group, members in grouped(terms).items():
        lines += [f"## {GROUPS[group]}", "", "| " + " | ".join(HEADINGS[c] for c in COLUMNS) + " |",
                  "|" + "---|" * len(COLUMNS)]
        for t in members:
            cells = [_cell(t.word(c)) + (" *" if t.seeds and c in ("de", "es") else "") for c in COLUMNS]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)
