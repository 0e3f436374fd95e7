"""A learner's whole progress as one JSON file: export it, and import it on another machine.

A club teacher moves learners between machines this way. The file holds the
profile's name, every answer, the scheduling cards, lesson progress, the
positions kept from reviews and, when the profile has a PIN, its salted hash
(never the PIN itself). Importing
never merges into or overwrites an existing learner.

>>> import os, tempfile
>>> from tutor.store import Answer, ProgressStore
>>> a = ProgressStore(os.path.join(tempfile.mkdtemp(), "a.db"))
>>> kim = a.create_profile("Kim")
>>> _ = a.record_answer(kim.id, Answer(source="drill", topic="payment", concept="payment.ron", correct=True))
>>> data = export_profile(a, kim.id)
>>> b = ProgressStore(os.path.join(tempfile.mkdtemp(), "b.db"))
>>> [x.concept for x in b.answers(import_profile(b, data).id)]
['payment.ron']
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from tutor.kept import KeptPosition, KeptPositions
from tutor.store import Answer, CardRow, Profile, ProgressStore, StoreError

FORMAT = "sanma-tutor-profile"
VERSION = 1
MAX_FILE_BYTES = 20 * 1024 * 1024
_ANSWER_FIELDS = ("source", "topic", "concept", "correct", "score", "ruleset", "seed", "difficulty", "question",
                  "response", "seconds", "ts")


def export_profile(store: ProgressStore, profile_id: int) -> dict[str, Any]:
    """Everything the store keeps for one learner, as plain JSON data."""
    profile = store.profile(profile_id)
    pin = store.pin_record(profile_id)
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": profile.name,
        "created": store.profile_created(profile_id),
        "pin": {"salt": pin[0], "hash": pin[1]} if pin else None,
        "answers": [
            {**{f: getattr(a, f) for f in _ANSWER_FIELDS if f != "ts"}, "ts": a.ts.isoformat() if a.ts else None}
            for a in store.answers(profile_id)
        ],
        "cards": [{"concept": c.concept, "topic": c.topic, "card": c.card, "due": c.due.isoformat()} for c in store.cards(profile_id)],
        "lessons": [{"lesson": lid, "step": step, "total": total, "updated": updated}
                    for lid, step, total, updated in store.lesson_rows(profile_id)],
        "kept": [{"key": key, "kept": kept, "position": json.loads(position)}
                 for key, kept, position in KeptPositions(store).rows(profile_id)],
    }


def export_text(store: ProgressStore, profile_id: int) -> str:
    return json.dumps(export_profile(store, profile_id), ensure_ascii=False, indent=1, sort_keys=True)


class _Reader:
    """Typed access to the file's fields; every error names the item and what was expected."""

    def __init__(self, where: str, item: Any) -> None:
        if not isinstance(item, dict):
            raise StoreError(f"profile file, {where}: expected an object, got {type(item).__name__}")
        self.where, self.item = where, item

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        value = self.item.get(key)
        if value is None and optional:
            return None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):  # true is no number
            raise StoreError(f"profile file, {self.where}.{key}: expected {_kind_name(kind)}, got {value!r}"[:300])
        return value

    def time(self, key: str) -> datetime:
        text = self.get(key, str)
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            raise StoreError(f"profile file, {self.where}.{key}: expected a date and time, got {text!r}"[:300]) from None


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {str: "text", int: "a whole number", float: "a number", bool: "true or false", dict: "an object", list: "a list"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _list(top: _Reader, key: str) -> list[Any]:
    return top.get(key, list)


def read_profile_file(text: str | bytes) -> dict[str, Any]:
    """Parse and check an exported profile; raises :class:`StoreError` saying what is wrong and where."""
    if len(text) > MAX_FILE_BYTES:
        raise StoreError(f"the profile file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = f" at line {exc.lineno}, column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise StoreError(f"the profile file is not JSON{where}") from None
    _Reader("top level", data)  # an object, not a list or a number
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise StoreError(f"not a profile file: expected format {FORMAT!r} version {VERSION}")
    return data


def import_profile(store: ProgressStore, data: dict[str, Any], name: str | None = None) -> Profile:
    """Create a learner from exported data (under ``name`` if given); all of it or nothing."""
    top = _Reader("top level", data)
    created = top.get("created", str)
    pin = None
    if data.get("pin") is not None:
        pin_item = _Reader("pin", data["pin"])
        pin = (pin_item.get("salt", str), pin_item.get("hash", str))
    answers = []
    for i, item in enumerate(_list(top, "answers")):
        r = _Reader(f"answers[{i}]", item)
        answers.append(Answer(
            source=r.get("source", str), topic=r.get("topic", str), concept=r.get("concept", str),
            correct=r.get("correct", bool), score=float(r.get("score", (int, float))), ruleset=r.get("ruleset", str),
            seed=r.get("seed", int, optional=True), difficulty=r.get("difficulty", int, optional=True),
            question=r.get("question", dict), response=item.get("response"),
            seconds=r.get("seconds", (int, float), optional=True), ts=r.time("ts"),
        ))
    cards = []
    for i, item in enumerate(_list(top, "cards")):
        r = _Reader(f"cards[{i}]", item)
        cards.append(CardRow(r.get("concept", str), r.get("topic", str), r.get("card", str), r.time("due")))
    lessons = []
    for i, item in enumerate(_list(top, "lessons")):
        r = _Reader(f"lessons[{i}]", item)
        lessons.append((r.get("lesson", str), r.get("step", int), r.get("total", int), r.get("updated", str)))
    kept = []
    for i, item in enumerate(top.get("kept", list, optional=True) or []):  # files written before it have none
        r = _Reader(f"kept[{i}]", item)
        position = KeptPosition.from_json(r.get("position", dict), where=f"profile file, kept[{i}].position")
        if position.key != r.get("key", str):
            raise StoreError(f"profile file, kept[{i}].key: expected {position.key!r}, the position's own key")
        r.time("kept")
        kept.append((position.key, r.get("kept", str), json.dumps(position.to_json(), ensure_ascii=False, sort_keys=True)))
    return store.restore_profile(name or top.get("name", str), created, answers, cards, lessons, pin, kept)
