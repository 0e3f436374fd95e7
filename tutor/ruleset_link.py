"""An uploaded ruleset carried in a link: its fields as a short URL-safe code (no Streamlit).

The code holds the ruleset's differences from the closest preset, compressed; opening the link
rebuilds the very same ruleset and checks it like an upload.

>>> from sanma_core.rules import load_preset
>>> club = load_preset("club")
>>> decode(encode(club)) == club
True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from sanma_core.i18n import gettext
from sanma_core.rules import PRESETS, Ruleset, RulesetError, load_preset, ruleset_from_dict

MAX_CODE = 4000  # characters of a code in a link (a ruleset that differs in every field is about 900)
MAX_JSON = 64 * 1024  # bytes a code may expand to


def _closest(data: dict) -> tuple[str, dict]:
    """The preset ``data`` differs least from, and those differences."""
    best: tuple[str, dict] | None = None
    for name in PRESETS:
        base = load_preset(name).to_dict()
        if set(base) != set(data):
            continue
        diff = {k: v for k, v in data.items() if base[k] != v}
        if best is None or len(diff) < len(best[1]):
            best = (name, diff)
    return best if best is not None else ("", data)


def encode(rules: Ruleset) -> str:
    """The code of ``rules`` for a link."""
    data = json.loads(json.dumps(rules.to_dict()))  # tuples as lists, as a link's JSON gives them back
    base, fields = _closest(data)
    packed = json.dumps({"base": base, "set": fields}, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(packed, 9)).decode("ascii").rstrip("=")


def decode(code: str, source: str = "the link") -> Ruleset:
    """The ruleset a link's code holds; raises :class:`RulesetError` naming ``source`` when it does not read (in the
    language spoken now)."""
    text = str(code).strip()
    if not text or len(text) > MAX_CODE:
        problem = gettext("{source}: the ruleset code is empty") if not text else gettext(
            "{source}: the ruleset code is too long")
        raise RulesetError(problem.format(source=source))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_JSON)
        if inflate.unconsumed_tail:
            raise RulesetError(gettext("{source}: the ruleset code expands to more than {size} kB").format(
                source=source, size=MAX_JSON // 1024))
        doc = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise RulesetError(gettext("{source}: the ruleset code is damaged (was the link cut short?)").format(
            source=source)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("set"), dict) or doc.get("base", "") not in ("", *PRESETS):
        raise RulesetError(gettext("{source}: the ruleset code does not hold a ruleset").format(source=source))
    base = load_preset(doc["base"]).to_dict() if doc["base"] else {}
    return ruleset_from_dict({**base, **doc["set"]}, source=source)


__all__ = ["decode", "encode"]
