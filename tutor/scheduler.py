"""Spaced repetition of drill *concepts* with FSRS (the ``fsrs`` package, v6 API).

A card stands for a concept (``payment.nondealer_tsumo``), never for one hand:
each review draws a fresh question of that concept. An answer becomes an FSRS
rating: wrong → Again, right but slow → Hard, right → Good, right and fast → Easy.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> row = review(None, "payment.tsumo", "payment", correct=False, at=t)
>>> row.due - t < (review(None, "payment.tsumo", "payment", correct=True, seconds=3, at=t).due - t)
True
"""

from __future__ import annotations

import functools
import zlib
from datetime import datetime

from fsrs import Card, Rating, Scheduler

from .store import CardRow, now_utc

SLOW_SECONDS = 45.0
FAST_SECONDS = 8.0


@functools.cache
def scheduler(desired_retention: float = 0.9) -> Scheduler:
    """One shared scheduler; fuzzing off so the same answers give the same schedule."""
    return Scheduler(desired_retention=desired_retention, enable_fuzzing=False)


def rating_for(correct: bool, seconds: float | None = None) -> Rating:
    """Map an outcome to an FSRS rating (time-free answers are Good when right)."""
    if not correct:
        return Rating.Again
    if seconds is None:
        return Rating.Good
    if seconds >= SLOW_SECONDS:
        return Rating.Hard
    if seconds <= FAST_SECONDS:
        return Rating.Easy
    return Rating.Good


def _card_id(concept: str) -> int:
    # stable per concept; Card() without an id would sleep and use the clock
    return zlib.crc32(concept.encode()) + 1


def new_card_row(concept: str, topic: str, at: datetime) -> CardRow:
    """A card never answered, due at ``at`` (a position kept from a review starts so)."""
    return CardRow(concept=concept, topic=topic, card=Card(card_id=_card_id(concept), due=at).to_json(), due=at)


def review(
    previous: CardRow | None,
    concept: str,
    topic: str,
    correct: bool,
    seconds: float | None = None,
    at: datetime | None = None,
    desired_retention: float = 0.9,
    rating: Rating | None = None,
) -> CardRow:
    """The concept's card after one more answer (a new card when ``previous`` is None); ``rating`` overrides the
    one :func:`rating_for` gives the outcome (a kept position rates its grade)."""
    at = at or now_utc()
    card = Card.from_json(previous.card) if previous is not None else Card(card_id=_card_id(concept), due=at)
    given = rating if rating is not None else rating_for(correct, seconds)
    new_card, _log = scheduler(desired_retention).review_card(card, given, review_datetime=at)
    return CardRow(concept=concept, topic=topic, card=new_card.to_json(), due=new_card.due)


def retrievability(row: CardRow, at: datetime | None = None) -> float:
    """Estimated chance (0–1) of answering the concept right now."""
    return float(scheduler().get_card_retrievability(Card.from_json(row.card), current_datetime=at or now_utc()))
