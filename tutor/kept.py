"""Positions kept from a review ("Drill this"): a learner's own mistakes become personal questions (no Streamlit).

A kept position holds what the question needs, so it never depends on the record staying around: the table as the
reviewed player saw it (the table component's state), every legal option with the decision model's probability,
the player's choice in the game, the model's choice and its reason, and where it came from. Its key is a digest
of the position itself (the table without the names, the decision kind, the options), so the same position kept
twice, or kept again from the same game uploaded in another format, is one position and one card.

Each kept position is one FSRS card (concept ``kept.<key>``, topic :data:`TOPIC`), scheduled beside the drill
concepts. An answer is graded as the review grades (:func:`sanma_core.review.graded.grade`): "agrees" and "fine"
count as right, a mistake as wrong.

>>> kp = KeptPosition(key="k1", kind="riichi", table={}, options=(("riichi", 0.7), ("dama", 0.3)),
...                   player="dama", model="riichi", reason="", tile=None, names=("A", "B", "C"), seat=0,
...                   source="A · B · C, East 1, step 12")
>>> kp.grade_of("dama"), kp.grade_of("riichi"), kp.concept
('fine', 'agrees', 'kept.k1')
>>> KeptPosition.from_json(kp.to_json()) == kp
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from fsrs import Rating

from sanma_core.i18n import gettext
from sanma_core.review.graded import GradedDecision, grade
from sanma_core.tiles import kind, parse_tile

from .scheduler import new_card_row
from .store import CardRow, ProgressStore, StoreError, iso, now_utc, parse_ts
from .store_schema import cards, kept_positions

TOPIC = "kept"  # the cards' topic
CONCEPT_PREFIX = "kept."
RIGHT = ("agrees", "fine")  # grades that count as a right answer
#: the FSRS rating of each grade: the model's choice is Good, a fine one Hard (right, but not the best), else Again
RATINGS = {"agrees": Rating.Good, "fine": Rating.Hard, "mistake": Rating.Again, "big mistake": Rating.Again}
MAX_POSITION_BYTES = 200_000  # a kept position's JSON (a full late table is about 20 kB)
MAX_KEPT = 2_000  # positions one learner may keep


@dataclass(frozen=True)
class KeptPosition:
    """One kept decision: the question (the table, the options) and the model's answer to grade it by."""

    key: str
    kind: str  # the decision kind (discard, riichi, kita, call)
    table: dict  # the table component's state, as the reviewed player saw it
    options: tuple[tuple[str, float], ...]  # every legal option with its probability, in the order shown
    player: str  # what the player chose in the game
    model: str  # the model's choice (the most probable option)
    reason: str  # the model's reason for its choice (seat markers as the bots write them)
    tile: int | None  # the offered tile (call), the North (kita)
    names: tuple[str, str, str]  # the record's players, by seat
    seat: int  # the reviewed player
    source: str  # where it came from: players, hand, step
    kept: datetime | None = None

    @property
    def concept(self) -> str:
        return CONCEPT_PREFIX + self.key

    @property
    def probabilities(self) -> dict[str, float]:
        return dict(self.options)

    def grade_of(self, choice: str) -> str:
        """The grade of ``choice`` at this position, as the review grades."""
        p = self.probabilities
        if choice not in p:
            raise StoreError(gettext("{choice!r} is not one of this position's options ({options})").format(
                choice=choice, options=", ".join(p)))
        return grade(p[choice], p[self.model], choice == self.model)

    def decision(self, choice: str) -> GradedDecision:
        """The position as a graded decision with ``choice`` as the player's (for the review's bars)."""
        ranked = tuple(sorted(self.options, key=lambda o: -o[1]))
        return GradedDecision(hand=0, step=0, seat=self.seat, left=0, kind=self.kind, options=ranked, player=choice,
                              model=self.model, reason=self.reason, tile=self.tile)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "table": self.table,
                "options": [[label, p] for label, p in self.options], "player": self.player, "model": self.model,
                "reason": self.reason, "tile": self.tile, "names": list(self.names), "seat": self.seat,
                "source": self.source}

    @classmethod
    def from_json(cls, data: Any, kept: datetime | None = None, where: str = "kept position") -> KeptPosition:
        """A kept position from its JSON; :class:`StoreError` names the field that is wrong."""
        def need(key: str, types: type | tuple[type, ...]) -> Any:
            value = data.get(key) if isinstance(data, dict) else None
            if not isinstance(value, types) or isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
                raise StoreError(f"{where}: {key!r} is missing or of the wrong type")
            return value

        options = need("options", list)
        try:
            opts = tuple((str(label), float(p)) for label, p in options)
        except (TypeError, ValueError):
            raise StoreError(f"{where}: 'options' must be [label, probability] pairs") from None
        names = need("names", list)
        if len(names) != 3:
            raise StoreError(f"{where}: 'names' must hold three names")
        tile = data.get("tile")
        if tile is not None and (not isinstance(tile, int) or isinstance(tile, bool)):
            raise StoreError(f"{where}: 'tile' must be a tile number")
        kp = cls(key=need("key", str), kind=need("kind", str), table=need("table", dict), options=opts,
                 player=need("player", str), model=need("model", str), reason=need("reason", str), tile=tile,
                 names=(str(names[0]), str(names[1]), str(names[2])), seat=need("seat", int),
                 source=need("source", str), kept=kept)
        if kp.model not in kp.probabilities or not opts:
            raise StoreError(f"{where}: the model's choice {kp.model!r} is not among the options")
        return kp


def _neutral_order(options: Sequence[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
    """The options in an order that gives nothing away: discards by tile, other answers alphabetically."""
    def order(option: tuple[str, float]) -> tuple[int, int, str]:
        label = option[0]
        if label.startswith("discard:"):
            return (0, kind(parse_tile(label.removeprefix("discard:"))), "")
        return (1, 0, label)
    return tuple(sorted(options, key=order))


NEUTRAL_NAMES = ("seat 0", "seat 1", "seat 2")  # the names a position's key is taken with


def position_key(kind_name: str, neutral_table: dict, labels: Sequence[str]) -> str:
    """The digest that makes one position one card: the table drawn with :data:`NEUTRAL_NAMES` (so the players'
    names, which differ between a record's formats and sites, do not count), the kind and the options."""
    text = json.dumps({"kind": kind_name, "table": neutral_table, "options": sorted(labels)}, sort_keys=True,
                      default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def kept_from_decision(d: GradedDecision, table: dict, neutral_table: dict, names: Sequence[str], seat: int,
                       source: str) -> KeptPosition:
    """A graded decision of a review as a position to keep: ``table`` is the position drawn with the players'
    names, ``neutral_table`` the same drawn with :data:`NEUTRAL_NAMES` (for the key)."""
    options = _neutral_order(d.options)
    return KeptPosition(key=position_key(d.kind, neutral_table, [label for label, _ in options]), kind=d.kind,
                        table=table, options=options, player=d.player, model=d.model, reason=str(d.reason),
                        tile=d.tile, names=(str(names[0]), str(names[1]), str(names[2])), seat=seat, source=source)


def new_card(concept: str, at: datetime | None = None) -> CardRow:
    """A fresh FSRS card for a kept position, due at once."""
    return new_card_row(concept, TOPIC, at or now_utc())


class KeptPositions:
    """A learner's kept positions in the progress store (each read and write names the learner)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    def keep(self, profile_id: int, kp: KeptPosition, at: datetime | None = None) -> bool:
        """Keep a position (and schedule it, due now); False when the learner had kept it already."""
        text = json.dumps(kp.to_json(), ensure_ascii=False, sort_keys=True)
        if len(text.encode()) > MAX_POSITION_BYTES:
            raise StoreError(gettext("this position is too large to keep ({n} kB)").format(n=len(text) // 1000))
        at = at or now_utc()
        card = new_card(kp.concept, at)
        with self.store.write() as con:
            if con.execute(sa.select(kept_positions.c.key).where(kept_positions.c.profile_id == profile_id,
                                                                  kept_positions.c.key == kp.key)).first():
                return False
            count = con.execute(sa.select(sa.func.count()).select_from(kept_positions)
                                .where(kept_positions.c.profile_id == profile_id)).scalar() or 0
            if count >= MAX_KEPT:
                raise StoreError(gettext("{n} positions are kept already: answer or remove some first").format(
                    n=MAX_KEPT))
            con.execute(sa.insert(kept_positions).values(profile_id=profile_id, key=kp.key, kept=iso(at), position=text))
            con.execute(self.store.insert(cards).values(profile_id=profile_id, concept=card.concept, topic=card.topic,
                                                        card=card.card, due=iso(card.due)).on_conflict_do_nothing())
        return True

    def keys(self, profile_id: int) -> set[str]:
        with self.store.read() as con:
            return set(con.execute(sa.select(kept_positions.c.key)
                                   .where(kept_positions.c.profile_id == profile_id)).scalars())

    def rows(self, profile_id: int) -> list[tuple[str, str, str]]:
        """(key, kept, position JSON) of every kept position, oldest first (for export)."""
        with self.store.read() as con:
            return [(k, t, p) for k, t, p in con.execute(
                sa.select(kept_positions.c.key, kept_positions.c.kept, kept_positions.c.position)
                .where(kept_positions.c.profile_id == profile_id).order_by(kept_positions.c.kept, kept_positions.c.key))]

    def all(self, profile_id: int) -> list[KeptPosition]:
        """Every kept position of the learner, oldest first."""
        return [KeptPosition.from_json(json.loads(p), parse_ts(t), where=f"kept position {k}")
                for k, t, p in self.rows(profile_id)]

    def get(self, profile_id: int, key: str) -> KeptPosition:
        for kp in self.all(profile_id):
            if kp.key == key:
                return kp
        raise StoreError(gettext("no kept position {key!r} for this learner").format(key=key))

    def remove(self, profile_id: int, key: str) -> None:
        """Forget a kept position and its card."""
        with self.store.write() as con:
            con.execute(sa.delete(kept_positions).where(kept_positions.c.profile_id == profile_id,
                                                        kept_positions.c.key == key))
            con.execute(sa.delete(cards).where(cards.c.profile_id == profile_id,
                                               cards.c.concept == CONCEPT_PREFIX + key))


def is_kept_concept(concept: str) -> bool:
    return concept.startswith(CONCEPT_PREFIX)


__all__ = ["CONCEPT_PREFIX", "MAX_KEPT", "RATINGS", "RIGHT", "TOPIC", "KeptPosition", "KeptPositions", "is_kept_concept",
           "NEUTRAL_NAMES", "kept_from_decision", "new_card", "position_key"]
