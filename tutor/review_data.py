"""The Review page's data, without Streamlit: reading a record, its players, the positions of a hand.

A record is parsed and reviewed once (:func:`load_review`, about a second); that re-play keeps a snapshot
before every action, and stepping restores the snapshot of the position (well under a millisecond).

>>> read_upload("game.json", b'{"log": []}')
'{"log": []}'
>>> spans_of([0, 53, 80], 100)
((0, 53), (53, 27), (80, 20))
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sanma_core.game import Action, Game
from sanma_core.game.mjai import RecordError, loads
from sanma_core.game.records import MAX_RECORD_BYTES, record_format, tenhou6_document
from sanma_core.i18n import N_, gettext
from sanma_core.review.graded import Figures, GradedDecision
from sanma_core.review.record import RecordReview, review_record
from sanma_core.rules import Ruleset

#: The record formats by the engine's id (marked; :func:`format_name` says them in the language spoken now).
FORMAT_NAMES = {"tenhou6": N_("tenhou.net/6 JSON"), "mjlog": N_("Tenhou mjlog XML"), "mjai": N_("mjai JSON lines")}
UPLOAD_TYPES = ["json", "xml", "mjson", "jsonl", "txt"]
LIMIT_MB = MAX_RECORD_BYTES // (1024 * 1024)


def format_name(fmt: str) -> str:
    """``Tenhou mjlog XML``: a record format in words."""
    return gettext(FORMAT_NAMES[fmt]) if fmt in FORMAT_NAMES else fmt


def check_size(text: str) -> str:
    """The text itself; raises :class:`RecordError` when it is over the engine's record limit."""
    if len(text.encode("utf-8", "ignore")) > MAX_RECORD_BYTES:
        raise RecordError(0, gettext("the record is larger than {limit} MB (a long real hanchan is about 100 kB)")
                          .format(limit=LIMIT_MB))
    return text


def read_upload(name: str, data: bytes) -> str:
    """An uploaded file as record text; raises :class:`RecordError` for a file too big or not text."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(0, gettext("{name} is larger than {limit} MB (a long real hanchan is about 100 kB)")
                          .format(name=name, limit=LIMIT_MB))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(0, gettext("{name} is not UTF-8 text (byte {byte}): upload a JSON, XML or mjai record")
                          .format(name=name, byte=exc.start)) from None
    if not text.strip():
        raise RecordError(0, gettext("{name} is empty").format(name=name))
    return text


def record_names(text: str) -> tuple[str, str, str]:
    """The three players' names as the record gives them (``""`` where it gives none)."""
    check_size(text)
    if record_format(text) == "mjai":
        first = next((e for e in loads(text) if e.get("type") == "start_game"), {})
        names = first.get("names") or []
    else:
        names = tenhou6_document(text).get("name") or []
    if not isinstance(names, list):
        names = []
    out = [str(n) for n in names[:3]] + [""] * (3 - len(names[:3]))
    return out[0], out[1], out[2]


def display_names(names: Sequence[str]) -> tuple[str, str, str]:
    """Names to show: a nameless seat is ``Seat N``."""
    out = [n if n.strip() else gettext("Seat {seat}").format(seat=s) for s, n in enumerate(names)]
    return out[0], out[1], out[2]


def ruleset_fingerprint(rules: Ruleset) -> str:
    return json.dumps(rules.to_dict(), sort_keys=True, default=str)


def text_key(text: str) -> str:
    """A hash of a record's text."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def review_key(text: str, rules: Ruleset, seat: int) -> str:
    """The cache key of a review: a hash of the text, the ruleset and the reviewed seat."""
    h = hashlib.sha256(text.encode("utf-8", "surrogatepass"))
    h.update(b"\0" + ruleset_fingerprint(rules).encode() + f"\0{seat}".encode())
    return h.hexdigest()


@dataclass(frozen=True)
class DecisionPoint:
    """One graded decision of the reviewed player, where the page shows it."""

    index: int  # in game order, from 0
    hand: int  # the hand (its index in the review)
    position: int  # the position of the hand that shows the decision still to take
    decision: GradedDecision


def spans_of(firsts: Sequence[int], total: int) -> tuple[tuple[int, int], ...]:
    """(first step, number of actions) of each hand, from the hands' first steps and the game's action count."""
    ends = [*firsts[1:], total]
    return tuple((first, max(0, end - first)) for first, end in zip(firsts, ends, strict=True))


@dataclass(frozen=True)
class LoadedReview:
    """A reviewed record with what stepping through it needs."""

    text: str
    rules: Ruleset
    review: RecordReview
    actions: tuple[Action, ...] = field(repr=False)  # every action of the game, in order
    spans: tuple[tuple[int, int], ...]  # per hand: (first step, number of actions)

    def game_at(self, hand: int, position: int) -> Game:
        """The game after ``position`` actions of ``hand``; the last position is the hand's end (settled)."""
        first, count = self.spans[hand]
        position = max(0, min(position, count))
        positions = self.review.positions  # the load's own re-play kept a snapshot before every action
        assert positions is not None
        if position < count:
            return positions.game_at(first + position)
        game = positions.game_at(first + count - 1)
        game.apply(self.actions[first + count - 1])  # a step stops before a hand's last action: apply it here
        return game

    def action_before(self, hand: int, position: int) -> Action | None:
        """The action that led to ``position`` of ``hand`` (None at the deal)."""
        first, _ = self.spans[hand]
        return self.actions[first + position - 1] if position > 0 else None

    def position_of(self, hand: int, step: int) -> int:
        """A game step (as :meth:`~sanma_core.review.record.GamePositions.game_at` counts) as a position in ``hand``, kept inside the hand."""
        first, count = self.spans[hand]
        return max(0, min(step - first, count))

    @cached_property
    def points(self) -> tuple[DecisionPoint, ...]:
        """The reviewed player's graded decisions in game order, each with the hand position that shows it."""
        out = []
        for h in self.review.hands:
            for d in h.graded:
                out.append(DecisionPoint(len(out), h.index, self.position_of(h.index, d.step), d))
        return tuple(out)

    def decisions_at(self, hand: int, position: int) -> list[GradedDecision]:
        """The graded decisions taken at ``position`` of ``hand`` (the table shows the position before them)."""
        return [p.decision for p in self.points if (p.hand, p.position) == (hand, position)]

    def mistake_near(self, hand: int, position: int, direction: int) -> DecisionPoint | None:
        """The first mistake after (``direction`` 1) or before (-1) ``position`` of ``hand``, in game order."""
        at = (hand, position)
        found = [p for p in self.points if p.decision.mistake and ((p.hand, p.position) > at if direction > 0
                                                                    else (p.hand, p.position) < at)]
        if not found:
            return None
        return found[0] if direction > 0 else found[-1]

    def figures(self, hand: int | None = None) -> Figures:
        """The model's figures of one hand, or of the whole game."""
        return Figures.of(p.decision for p in self.points if hand is None or p.hand == hand)

    @property
    def observer(self) -> bool:
        """Whether the reviewed player makes no decision at all in the record."""
        return all(self.review.observer(s) for s in self.review.seats)

    def history(self) -> list[tuple[str, tuple[int, int, int]]]:
        """(label, scores): the start, then the scores after each hand."""
        hands = self.review.hands
        if not hands:
            return []
        out = [(gettext("start"), tuple(hands[0].summary.scores_before))]
        out += [(h.label, tuple(h.summary.scores_after)) for h in hands]
        return out  # type: ignore[return-value]


def load_review(text: str, rules: Ruleset, seat: int) -> LoadedReview:
    """Review ``text`` for ``seat`` (decisions and moments); raises RecordError."""
    check_size(text)
    review = review_record(text, rules, players=[seat], decisions=True, moments=True, positions=True)
    assert review.positions is not None
    actions = review.positions.actions  # the same re-play kept every action: no second one
    spans = spans_of([h.first_step for h in review.hands], len(actions))
    return LoadedReview(text, rules, review, actions, spans)


def moment_step(moment: Any) -> int:
    """The game step a moment happened at (the engine's ``step``)."""
    return int(getattr(moment, "step", 0) or 0)


__all__ = ["FORMAT_NAMES", "DecisionPoint", "format_name", "LoadedReview", "UPLOAD_TYPES", "check_size", "display_names", "load_review",
           "moment_step", "read_upload", "record_names", "review_key", "spans_of", "text_key"]
