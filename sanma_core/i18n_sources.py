"""The rulesets' source sentences (``sources:`` in ``sanma_core/rulesets/*.yaml``), and each preset's ``title``
and ``description``, as translatable messages.

Lessons quote the sources through ``source(field)``, and pages show a preset's title and description through
:func:`sanma_core.words.ruleset_title` / ``ruleset_description``, so the catalogues translate them like any other
message (an uploaded ruleset's own words are shown as they are).
:func:`extract_sources` is the Babel extractor ``babel.cfg`` names for the preset files; :func:`source_messages`
lists them for the catalogue tests.

>>> "Tenhou's rules state it." in source_messages()
True
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import yaml

RULESETS = Path(__file__).with_name("rulesets")


def _sources(text: str) -> Iterator[tuple[int, str]]:
    """(line, sentence) of the document's ``title`` and ``description`` and of each value under its top-level
    ``sources:`` mapping."""
    root = yaml.compose(text)
    if not isinstance(root, yaml.MappingNode):
        return
    for key, value in root.value:
        if key.value in ("title", "description") and isinstance(value, yaml.ScalarNode) and value.value.strip():
            yield value.start_mark.line + 1, value.value
        if key.value == "sources" and isinstance(value, yaml.MappingNode):
            for _field, sentence in value.value:
                if isinstance(sentence, yaml.ScalarNode) and sentence.value.strip():
                    yield sentence.start_mark.line + 1, sentence.value


def extract_sources(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor protocol: (line, function name, message, comments) for each source sentence."""
    for line, sentence in _sources(fileobj.read().decode("utf-8")):
        yield line, "gettext", sentence, []


def source_messages(folder: Path = RULESETS) -> frozenset[str]:
    """Every source sentence of the preset rulesets."""
    return frozenset(sentence for path in sorted(folder.glob("*.yaml"))
                     for _line, sentence in _sources(path.read_text(encoding="utf-8")))
