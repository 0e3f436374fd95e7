"""A ruleset's title and description in the language spoken now: the presets' words are catalogue messages
(extracted from ``sanma_core/rulesets/*.yaml``); an uploaded ruleset's own words are shown as they are.

>>> from sanma_core.i18n import speaking
>>> from sanma_core.rules import load_preset
>>> with speaking("de"):
...     ruleset_title(load_preset("classic"))
'Klassisch'
"""

from __future__ import annotations

from typing import Any

from ..i18n import gettext


def ruleset_title(rules: Any) -> str:
    """The ruleset's ``title`` for the reader."""
    return gettext(rules.title) if rules.title else rules.title


def ruleset_description(rules: Any) -> str:
    """The ruleset's ``description`` for the reader."""
    return gettext(rules.description) if rules.description else rules.description


__all__ = ["ruleset_description", "ruleset_title"]
