"""Progress figures from stored answers and cards: accuracy per topic per day, reviews due, streak (no Streamlit).

Days are UTC calendar days.

>>> from datetime import datetime, UTC, date
>>> from tutor.store import Answer
>>> a = [Answer("drill", "fu", "fu.x", c, ts=datetime(2026, 1, d, tzinfo=UTC)) for d, c in ((1, True), (2, False), (2, True))]
>>> accuracy_by_day(a)
[{'day': datetime.date(2026, 1, 1), 'topic': 'fu', 'accuracy': 1.0, 'answers': 1}, {'day': datetime.date(2026, 1, 2), 'topic': 'fu', 'accuracy': 0.5, 'answers': 2}]
>>> streak(a, today=date(2026, 1, 3)), streak(a, today=date(2026, 1, 4))
(2, 0)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta

from .store import Answer, CardRow


def _day(ts: datetime | None) -> date:
    return (ts or datetime.now(UTC)).astimezone(UTC).date()


def accuracy_by_day(answers: Iterable[Answer]) -> list[dict]:
    """One row per (day, topic): share of right answers and how many there were."""
    groups: dict[tuple[date, str], list[bool]] = defaultdict(list)
    for a in answers:
        groups[(_day(a.ts), a.topic)].append(a.correct)
    return [
        {"day": d, "topic": t, "accuracy": round(sum(v) / len(v), 3), "answers": len(v)}
        for (d, t), v in sorted(groups.items())
    ]


def accuracy_by_topic(answers: Iterable[Answer]) -> dict[str, tuple[int, int]]:
    """topic -> (right, total)."""
    return _right_of_total(answers, lambda a: a.topic)


def accuracy_by_concept(answers: Iterable[Answer]) -> dict[str, tuple[int, int]]:
    """concept -> (right, total)."""
    return _right_of_total(answers, lambda a: a.concept)


def _right_of_total(answers: Iterable[Answer], key) -> dict[str, tuple[int, int]]:
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for a in answers:
        out[key(a)][0] += int(a.correct)
        out[key(a)][1] += 1
    return {t: (r, n) for t, (r, n) in sorted(out.items())}


def due_by_day(cards: Sequence[CardRow], today: date | None = None, days: int = 14) -> list[dict]:
    """Reviews falling due on each of the next ``days`` days; overdue ones count for today."""
    today = today or _day(None)
    counts = [0] * days
    for c in cards:
        offset = (_day(c.due) - today).days
        if offset < days:
            counts[max(0, offset)] += 1
    return [{"day": today + timedelta(days=i), "due": n} for i, n in enumerate(counts)]


def active_days(answers: Iterable[Answer]) -> set[date]:
    return {_day(a.ts) for a in answers}


def streak(answers: Iterable[Answer], today: date | None = None) -> int:
    """Consecutive days with at least one answer, ending today — or yesterday, so the day is not lost yet."""
    today = today or _day(None)
    days = active_days(answers)
    start = today if today in days else today - timedelta(days=1)
    n = 0
    while start - timedelta(days=n) in days:
        n += 1
    return n


def answers_per_day(answers: Iterable[Answer], today: date | None = None, days: int = 30) -> list[dict]:
    today = today or _day(None)
    counts: dict[date, int] = defaultdict(int)
    for a in answers:
        counts[_day(a.ts)] += 1
    return [{"day": today - timedelta(days=i), "answers": counts.get(today - timedelta(days=i), 0)}
            for i in range(days - 1, -1, -1)]
