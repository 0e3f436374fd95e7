"""Which platform (and so which preset) a game record comes from, and how long its game is, as the record says.

A tenhou.net/6 record names its room in ``rule.disp`` and ``title``: Tenhou's
three-player rooms read like ``三鳳南喰赤`` (東 or 南 gives the length),
Mahjong Soul's like ``三金の間赤`` or ``三速玉の間赤`` (a room, often without
East or South). Mahjong Soul's ranks (``雀士★2``, ``雀豪★1``, ``魂天``) and a
Tenhou log id in ``ref`` (``2021010217gm-00b9-0000-3eb2e915``) are read too.
An mjlog XML record is always Tenhou's; an mjai record may say it in
``start_game`` (``platform``, ``rule``, ``ruleset``, ``title``).

>>> stated_platform({"rule": {"disp": "三金の間赤"}}).preset
'mahjongsoul'
>>> p = stated_platform({"rule": {"disp": "三鳳南喰赤"}}); p.preset, p.length
('tenhou', 'hanchan')
>>> stated_platform({"log": []}) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..i18n import gettext

#: Mahjong Soul's room names (``三金の間``), its speed rooms (``三速``) and its ranks, as converters write them.
_MAHJONGSOUL = re.compile(r"の間|三速|雀魂|魂天|雀[士豪傑聖]★|初心★|mahjong ?soul|majsoul|jantama", re.IGNORECASE)
#: Tenhou's three-player room names (``三般東喰赤``, ``三鳳南喰赤``) and its log ids.
_TENHOU_DISP = re.compile(r"^三[般上特鳳若銀琥孔]?[東南]")
_TENHOU_REF = re.compile(r"^\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}$")
_PRESET_WORDS = {"tenhou": "tenhou", "mahjongsoul": "mahjongsoul", "majsoul": "mahjongsoul",
                 "mjsoul": "mahjongsoul", "mahjong soul": "mahjongsoul"}


@dataclass(frozen=True)
class Platform:
    """What a record says of itself: the preset, the game's length where it is stated, and why."""

    preset: str
    length: str | None
    why: str


def _length_of(text: str) -> str | None:
    if "南" in text or "hanchan" in text.lower() or "south" in text.lower():
        return "hanchan"
    if "東" in text or "tonpuu" in text.lower() or "east" in text.lower():
        return "tonpuusen"
    return None


def _texts(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, text) pairs of a tenhou.net/6 record that may name its room."""
    out = []
    rule = doc.get("rule")
    if isinstance(rule, dict) and isinstance(rule.get("disp"), str):
        out.append(("rule.disp", rule["disp"]))
    title = doc.get("title")
    if isinstance(title, list):
        out += [("title", t) for t in title if isinstance(t, str) and t]
    elif isinstance(title, str) and title:
        out.append(("title", title))
    dan = doc.get("dan")
    if isinstance(dan, list):
        out += [("dan", d) for d in dan if isinstance(d, str) and d]
    return out


def _tenhou6_platform(doc: dict[str, Any]) -> Platform | None:
    texts = _texts(doc)
    room = next(((f, t) for f, t in texts if f != "dan" and _MAHJONGSOUL.search(t)), None)
    rank = next(((f, t) for f, t in texts if f == "dan" and _MAHJONGSOUL.search(t)), None)
    for found in (room, rank):
        if found is not None:
            length = next((_length_of(t) for f, t in texts if f != "dan" and _length_of(t)), None)
            return Platform("mahjongsoul", length, gettext("the record's {field} {value} is Mahjong Soul's").format(
                field=found[0], value=repr(found[1])))
    disp = next(((f, t) for f, t in texts if f == "rule.disp" and _TENHOU_DISP.match(t)), None)
    if disp is not None:
        return Platform("tenhou", _length_of(disp[1]), gettext("the record's rule.disp {value} is a Tenhou room").format(
            value=repr(disp[1])))
    ref = doc.get("ref")
    if isinstance(ref, str) and _TENHOU_REF.match(ref):
        return Platform("tenhou", None, gettext("the record's ref {value} is a Tenhou log id").format(value=repr(ref)))
    return None


def _mjai_platform(events: list[dict[str, Any]]) -> Platform | None:
    head = events[0] if events and events[0].get("type") == "start_game" else {}
    for key in ("platform", "ruleset", "rule", "title"):
        value = head.get(key)
        if isinstance(value, dict):
            value = value.get("disp") or value.get("name")
        if not isinstance(value, str) or not value:
            continue
        word = value.strip().lower()
        preset = _PRESET_WORDS.get(word) or ("mahjongsoul" if _MAHJONGSOUL.search(value) else None)
        if preset is None and _TENHOU_DISP.match(value):
            preset = "tenhou"
        if preset is not None:
            return Platform(preset, _length_of(value), gettext("the record's start_game {field} {value}").format(
                field=key, value=repr(value)))
    return None


def stated_platform(parsed: dict[str, Any] | list[dict[str, Any]], fmt: str = "tenhou6") -> Platform | None:
    """The platform a parsed record names (``fmt``: ``tenhou6``, ``mjlog`` or ``mjai``), or None when it names none."""
    if fmt == "mjlog":
        return Platform("tenhou", None, gettext("an mjlog XML record is Tenhou's own"))
    if isinstance(parsed, list):
        return _mjai_platform(parsed)
    return _tenhou6_platform(parsed) if isinstance(parsed, dict) else None


__all__ = ["Platform", "stated_platform"]
