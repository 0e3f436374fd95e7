"""The progress store: learner profiles, every answer, scheduling cards and lesson progress.

The database is an embedded SQLite file by default, or a PostgreSQL server
when ``$SANMA_TUTOR_DB`` is a ``postgresql://…`` address
(:mod:`tutor.store_engine`); the tables and their migrations are in
:mod:`tutor.store_schema`. Every write is one short transaction, so a crash or
a lock never loses a saved record; a damaged, locked or unreachable database
raises :class:`StoreError` with a message for the learner, and a file is
never rewritten or deleted.

Nothing here imports Streamlit.

>>> import tempfile, os
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"))
>>> alice = store.create_profile("Alice")
>>> _ = store.record_answer(alice.id, Answer(source="drill", topic="payment", concept="payment.tsumo", correct=True))
>>> [(a.topic, a.correct) for a in store.answers(alice.id)]
[('payment', True)]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect

from .store_engine import ENV_VAR, Database, StoreError, default_location, default_path
from .store_schema import (
    SCHEMA_VERSION,
    answers,
    cards,
    drill_sessions,
    games,
    kept_positions,
    lessons,
    migrate,
    pin_failures,
    pins,
    profiles,
    settings,
    sign_ins,
)

__all__ = [
    "ENV_VAR", "MAX_GAMES", "MAX_NAME", "SCHEMA_VERSION", "SIGN_IN_REFUSED", "Answer", "CardRow", "Profile",
    "ProgressStore", "StoreError", "check_pin_text", "default_location", "default_path", "now_utc", "pin_hash",
]

MAX_NAME = 40
MAX_GAMES = 500  # play-mode games kept for their links; the least recently played go first
MAX_DRILLS = 2000  # drill sessions in progress kept for their pages' links; the least recently answered go first
PIN_LENGTH = (4, 12)
PIN_ROUNDS = 120_000  # PBKDF2-SHA256 rounds for a PIN's salted hash
MAX_PIN_FAILURES = 5  # refused sign-ins allowed per name within PIN_WINDOW
PIN_WINDOW = timedelta(minutes=15)
SIGN_IN_TTL = timedelta(days=30)  # a sign-in token opens its profile for this long
#: The one answer to a refused sign-in, whether the name is unknown, the PIN wrong or missing: it never tells
#: which names exist.
SIGN_IN_REFUSED = ("that name and PIN open no profile: check both (a profile without a PIN needs only its name), "
                   "or create a new learner")
_NO_SALT = "00" * 16
_MIGRATION_LOCK = 2_713_027  # PostgreSQL advisory lock: two replicas starting together migrate one after the other


def pin_hash(pin: str, salt: str) -> str:
    """The stored form of a PIN: PBKDF2-SHA256 over the PIN with the profile's own salt (hex).

    >>> pin_hash("2468", "00" * 16) == pin_hash("2468", "00" * 16) != pin_hash("2469", "00" * 16)
    True
    """
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), bytes.fromhex(salt), PIN_ROUNDS).hex()


def check_pin_text(pin: str) -> str:
    """A PIN as the learner typed it, checked: 4–12 digits."""
    text = str(pin).strip()
    low, high = PIN_LENGTH
    if not (text.isdigit() and text.isascii() and low <= len(text) <= high):
        raise StoreError(f"a PIN is {low}–{high} digits")
    return text


def clean_name(name: str) -> str:
    """A profile name with its spaces tidied, as it is stored and looked up."""
    return " ".join(str(name).split())


def wait_text(wait: timedelta) -> str:
    """A waiting time for a learner: ``14 min 5 s``.

    >>> wait_text(timedelta(seconds=845))
    '14 min 5 s'
    """
    seconds = max(1, int(wait.total_seconds() + 0.999))
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Profile:
    id: int
    name: str


@dataclass(frozen=True)
class Answer:
    """One answered question (a drill, a review or a lesson check)."""

    source: str  # "drill", "review" or "lesson"
    topic: str  # drill type or lesson id
    concept: str  # the scheduled concept (e.g. "payment.nondealer_tsumo")
    correct: bool
    score: float = 0.0
    ruleset: str = ""
    seed: int | None = None
    difficulty: int | None = None
    question: dict = field(default_factory=dict)  # enough to replay the exact question
    response: object = None
    seconds: float | None = None
    ts: datetime | None = None
    id: int | None = None
    profile_id: int | None = None


@dataclass(frozen=True)
class CardRow:
    concept: str
    topic: str
    card: str  # fsrs Card as JSON
    due: datetime


def iso(ts: datetime) -> str:
    """How a time is stored: ISO-8601 in UTC to the second (text, so it sorts the same on every backend)."""
    return ts.astimezone(UTC).isoformat(timespec="seconds")


def parse_ts(text: str) -> datetime:
    return datetime.fromisoformat(text)



def _answer_values(profile_id: int, a: Answer) -> dict:
    return {
        "profile_id": profile_id, "ts": iso(a.ts or now_utc()), "source": a.source, "topic": a.topic,
        "concept": a.concept, "ruleset": a.ruleset, "seed": a.seed, "difficulty": a.difficulty,
        "question": json.dumps(a.question, sort_keys=True), "response": json.dumps(a.response),
        "correct": int(bool(a.correct)), "score": float(a.score), "seconds": a.seconds,
    }


class ProgressStore:
    """All learners' progress in one database. Safe to share between threads (a connection per call)."""

    def __init__(self, path: str | Path | None = None, timeout: float = 2.0) -> None:
        self.db = Database(path if path is not None else default_location(), timeout)
        self.path = self.db.path if self.db.path is not None else self.db.label
        self.timeout = timeout
        with self.db.write() as con:
            if self.db.is_server:
                con.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
            try:
                migrate(con)
            except ValueError as exc:
                raise StoreError(str(exc)) from None

    # ---- connections (shared with the club's and handouts' modules) -------------------

    def read(self):
        """A connection for reading (see :meth:`Database.read`)."""
        return self.db.read()

    def write(self):
        """One short write transaction (see :meth:`Database.write`)."""
        return self.db.write()

    def insert(self, table: sa.Table):
        """An INSERT for this backend, with ``on_conflict_do_update`` / ``on_conflict_do_nothing``."""
        dialect = pg_dialect if self.db.is_server else sqlite_dialect
        return dialect.insert(table)

    # ---- profiles ------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self.read() as con:
            rows = con.execute(sa.select(profiles.c.id, profiles.c.name)
                               .order_by(sa.func.lower(profiles.c.name), profiles.c.name)).all()
        return [Profile(i, n) for i, n in rows]

    def has_profiles(self) -> bool:
        with self.read() as con:
            return con.execute(sa.select(profiles.c.id).limit(1)).first() is not None

    def create_profile(self, name: str) -> Profile:
        """Create (or return the existing) profile with this name."""
        clean = clean_name(name)
        if not clean:
            raise StoreError("a profile needs a name")
        if len(clean) > MAX_NAME:
            raise StoreError(f"profile name {clean[:MAX_NAME]!r}… is longer than {MAX_NAME} characters")
        with self.write() as con:
            con.execute(self.insert(profiles).values(name=clean, created=iso(now_utc())).on_conflict_do_nothing())
            pid = con.execute(sa.select(profiles.c.id).where(profiles.c.name == clean)).scalar_one()
        return Profile(pid, clean)

    def profile(self, profile_id: int) -> Profile:
        with self.read() as con:
            row = con.execute(sa.select(profiles.c.id, profiles.c.name).where(profiles.c.id == int(profile_id))).first()
        if row is None:
            raise StoreError(f"no learner profile with id {profile_id}")
        return Profile(*row)

    def profile_named(self, name: str) -> Profile | None:
        """The profile with this name (spaces tidied as at creation), or None."""
        with self.read() as con:
            row = con.execute(sa.select(profiles.c.id, profiles.c.name).where(profiles.c.name == clean_name(name))).first()
        return Profile(*row) if row else None

    # ---- PINs and sign-ins -----------------------------------------------------

    def set_pin(self, profile_id: int, pin: str | None) -> None:
        """Protect a profile with a PIN (stored as a salted hash), or remove the PIN with None."""
        if pin is None:
            with self.write() as con:
                con.execute(sa.delete(pins).where(pins.c.profile_id == profile_id))
            return
        salt = secrets.token_hex(16)
        digest = pin_hash(check_pin_text(pin), salt)
        stmt = self.insert(pins).values(profile_id=profile_id, salt=salt, hash=digest)
        with self.write() as con:
            con.execute(stmt.on_conflict_do_update(index_elements=[pins.c.profile_id],
                                                   set_={"salt": stmt.excluded.salt, "hash": stmt.excluded.hash}))

    def _pin(self, profile_id: int) -> tuple[str, str] | None:
        with self.read() as con:
            row = con.execute(sa.select(pins.c.salt, pins.c.hash).where(pins.c.profile_id == profile_id)).first()
        return (row[0], row[1]) if row else None

    def has_pin(self, profile_id: int) -> bool:
        return self._pin(profile_id) is not None

    def pin_matches(self, profile_id: int, pin: str) -> bool:
        """True when the profile has no PIN, or ``pin`` is its PIN."""
        stored = self._pin(profile_id)
        if stored is None:
            return True
        salt, digest = stored
        return hmac.compare_digest(pin_hash(str(pin).strip(), salt), digest)

    def sign_in_wait(self, name: str, at: datetime | None = None) -> timedelta | None:
        """How long sign-ins under this name are refused (after MAX_PIN_FAILURES refusals within PIN_WINDOW), or None.

        Counted per name, known or not, so the limit tells nothing about which names exist; kept in the database, so
        it holds on every replica.
        """
        at = at or now_utc()
        with self.read() as con:
            times = con.execute(
                sa.select(pin_failures.c.ts).where(pin_failures.c.name == clean_name(name),
                                                   pin_failures.c.ts > iso(at - PIN_WINDOW))
                .order_by(pin_failures.c.ts.desc()).limit(MAX_PIN_FAILURES)
            ).scalars().all()
        if len(times) < MAX_PIN_FAILURES:
            return None
        return parse_ts(times[-1]) + PIN_WINDOW - at

    def _refuse(self, name: str, at: datetime) -> StoreError:
        with self.write() as con:
            con.execute(sa.delete(pin_failures).where(pin_failures.c.ts <= iso(at - PIN_WINDOW)))
            con.execute(sa.insert(pin_failures).values(name=name, ts=iso(at)))
        return StoreError(SIGN_IN_REFUSED)

    def sign_in(self, name: str, pin: str = "", *, at: datetime | None = None) -> tuple[Profile, str]:
        """Open a profile by name (and its PIN when it has one); returns it and a sign-in token.

        The token (unguessable: 192 random bits) is what a browser keeps to stay signed in; it says nothing about the
        profile and expires after SIGN_IN_TTL. The sixth refusal for one name within PIN_WINDOW is refused before
        the PIN is even checked, with the time to wait.
        """
        at = at or now_utc()
        clean = clean_name(name)
        wait = self.sign_in_wait(clean, at)
        if wait is not None:
            raise StoreError(f"{MAX_PIN_FAILURES} refused sign-ins for this name within "
                             f"{int(PIN_WINDOW.total_seconds() // 60)} minutes: wait {wait_text(wait)} and try again")
        profile = self.profile_named(clean)
        if profile is None:
            pin_hash(str(pin).strip(), _NO_SALT)  # the same work as a real check: the answer's time tells nothing
            raise self._refuse(clean, at)
        if not self.pin_matches(profile.id, pin):
            raise self._refuse(clean, at)
        token = secrets.token_urlsafe(24)
        with self.write() as con:
            con.execute(sa.delete(pin_failures).where(pin_failures.c.name == clean))
            con.execute(sa.delete(sign_ins).where(sign_ins.c.created < iso(at - SIGN_IN_TTL)))
            con.execute(sa.insert(sign_ins).values(token=token, profile_id=profile.id, created=iso(at)))
        return profile, token

    def signed_in(self, token: str, at: datetime | None = None) -> Profile | None:
        """The profile a sign-in token opens, or None for an unknown or expired token."""
        if not token:
            return None
        at = at or now_utc()
        with self.read() as con:
            row = con.execute(
                sa.select(profiles.c.id, profiles.c.name).join(sign_ins, sign_ins.c.profile_id == profiles.c.id)
                .where(sign_ins.c.token == str(token), sign_ins.c.created >= iso(at - SIGN_IN_TTL))
            ).first()
        return Profile(*row) if row else None

    def sign_out(self, token: str) -> None:
        with self.write() as con:
            con.execute(sa.delete(sign_ins).where(sign_ins.c.token == str(token)))

    # ---- answers and cards -------------------------------------------------

    def record_answer(self, profile_id: int, answer: Answer, card: CardRow | None = None) -> int:
        """Store one answer (and the concept's new scheduling card) in one transaction; returns the answer id."""
        with self.write() as con:
            result = con.execute(sa.insert(answers).values(**_answer_values(profile_id, answer)))
            if card is not None:
                stmt = self.insert(cards).values(profile_id=profile_id, concept=card.concept, topic=card.topic,
                                                 card=card.card, due=iso(card.due))
                con.execute(stmt.on_conflict_do_update(
                    index_elements=[cards.c.profile_id, cards.c.concept],
                    set_={"card": stmt.excluded.card, "due": stmt.excluded.due, "topic": stmt.excluded.topic}))
            return int(result.inserted_primary_key[0] or 0)

    def answers(self, profile_id: int, *, only_wrong: bool = False, limit: int | None = None) -> list[Answer]:
        """A profile's answers, oldest first (``limit`` keeps the newest N)."""
        query = sa.select(answers).where(answers.c.profile_id == profile_id)
        if only_wrong:
            query = query.where(answers.c.correct == 0)
        query = query.order_by(answers.c.id.desc())
        if limit is not None:
            query = query.limit(int(limit))
        with self.read() as con:
            rows = con.execute(query).mappings().all()
        return [
            Answer(id=r["id"], profile_id=r["profile_id"], ts=parse_ts(r["ts"]), source=r["source"], topic=r["topic"],
                   concept=r["concept"], ruleset=r["ruleset"], seed=r["seed"], difficulty=r["difficulty"],
                   question=json.loads(r["question"]), response=json.loads(r["response"]), correct=bool(r["correct"]),
                   score=r["score"], seconds=r["seconds"])
            for r in reversed(rows)
        ]

    def answer(self, profile_id: int, answer_id: int) -> Answer:
        for a in self.answers(profile_id):
            if a.id == answer_id:
                return a
        raise StoreError(f"no answer {answer_id} for this profile")

    def card(self, profile_id: int, concept: str) -> CardRow | None:
        with self.read() as con:
            row = con.execute(sa.select(cards.c.concept, cards.c.topic, cards.c.card, cards.c.due)
                              .where(cards.c.profile_id == profile_id, cards.c.concept == concept)).first()
        return CardRow(row[0], row[1], row[2], parse_ts(row[3])) if row else None

    def cards(self, profile_id: int) -> list[CardRow]:
        with self.read() as con:
            rows = con.execute(sa.select(cards.c.concept, cards.c.topic, cards.c.card, cards.c.due)
                               .where(cards.c.profile_id == profile_id).order_by(cards.c.due, cards.c.concept)).all()
        return [CardRow(c, t, card, parse_ts(d)) for c, t, card, d in rows]

    def due_cards(self, profile_id: int, at: datetime | None = None) -> list[CardRow]:
        """Cards whose review is due at ``at`` (default: now), most overdue first."""
        at = at or now_utc()
        return [c for c in self.cards(profile_id) if c.due <= at]

    # ---- lessons -------------------------------------------------------------

    def save_lesson_step(self, profile_id: int, lesson_id: str, step: int, total: int) -> None:
        """Remember the furthest step reached in a lesson (never goes backwards)."""
        stmt = self.insert(lessons).values(profile_id=profile_id, lesson_id=lesson_id, step=step, total=total,
                                           updated=iso(now_utc()))
        furthest = sa.case((lessons.c.step > stmt.excluded.step, lessons.c.step), else_=stmt.excluded.step)
        with self.write() as con:
            con.execute(stmt.on_conflict_do_update(
                index_elements=[lessons.c.profile_id, lessons.c.lesson_id],
                set_={"step": furthest, "total": stmt.excluded.total, "updated": stmt.excluded.updated}))

    def lesson_progress(self, profile_id: int) -> dict[str, tuple[int, int]]:
        """lesson id -> (furthest step reached, number of steps)."""
        return {lid: (step, total) for lid, step, total, _updated in self.lesson_rows(profile_id)}

    # ---- a learner's saved choices -------------------------------------------

    def setting(self, profile_id: int, key: str) -> str | None:
        """A learner's saved choice (``language``, ...), or None when they never made it."""
        with self.read() as con:
            return con.execute(sa.select(settings.c.value).where(settings.c.profile_id == profile_id,
                                                                 settings.c.key == key)).scalar()

    def set_setting(self, profile_id: int, key: str, value: str) -> None:
        """Keep a learner's choice under ``key`` (replacing an earlier one)."""
        stmt = self.insert(settings).values(profile_id=profile_id, key=key, value=str(value))
        with self.write() as con:
            con.execute(stmt.on_conflict_do_update(index_elements=[settings.c.profile_id, settings.c.key],
                                                   set_={"value": stmt.excluded.value}))

    # ---- whole profiles (export and import) --------------------------------------

    def profile_created(self, profile_id: int) -> str:
        with self.read() as con:
            created = con.execute(sa.select(profiles.c.created).where(profiles.c.id == profile_id)).scalar()
        if created is None:
            raise StoreError(f"no learner profile with id {profile_id}")
        return str(created)

    def lesson_rows(self, profile_id: int) -> list[tuple[str, int, int, str]]:
        """(lesson id, step, total, updated) for every lesson the profile has opened."""
        with self.read() as con:
            rows = con.execute(sa.select(lessons.c.lesson_id, lessons.c.step, lessons.c.total, lessons.c.updated)
                               .where(lessons.c.profile_id == profile_id).order_by(lessons.c.lesson_id)).all()
        return [(a, b, c, d) for a, b, c, d in rows]

    def pin_record(self, profile_id: int) -> tuple[str, str] | None:
        """The profile's PIN as stored (salt, hash), for an export that keeps the protection."""
        return self._pin(profile_id)

    def restore_profile(self, name: str, created: str, answer_list: list[Answer], card_list: list[CardRow],
                        lesson_list: list[tuple[str, int, int, str]], pin: tuple[str, str] | None,
                        kept_list: Sequence[tuple[str, str, str]] = ()) -> Profile:
        """Write a whole profile in one transaction (a new name only: nothing is ever merged or overwritten)."""
        clean = clean_name(name)
        if not clean or len(clean) > MAX_NAME:
            raise StoreError(f"a profile name is 1–{MAX_NAME} characters")
        with self.write() as con:
            if con.execute(sa.select(profiles.c.id).where(profiles.c.name == clean)).first():
                raise StoreError(f"a learner called {clean!r} already exists here: import under another name")
            pid = int(con.execute(sa.insert(profiles).values(name=clean, created=created)).inserted_primary_key[0])
            if answer_list:
                con.execute(sa.insert(answers), [_answer_values(pid, a) for a in answer_list])
            if card_list:
                con.execute(sa.insert(cards), [{"profile_id": pid, "concept": c.concept, "topic": c.topic,
                                                "card": c.card, "due": iso(c.due)} for c in card_list])
            if lesson_list:
                con.execute(sa.insert(lessons), [{"profile_id": pid, "lesson_id": lid, "step": step, "total": total,
                                                  "updated": updated} for lid, step, total, updated in lesson_list])
            if pin is not None:
                con.execute(sa.insert(pins).values(profile_id=pid, salt=pin[0], hash=pin[1]))
            if kept_list:  # (key, kept, position JSON): the positions kept from reviews
                con.execute(sa.insert(kept_positions), [{"profile_id": pid, "key": k, "kept": t, "position": p}
                                                        for k, t, p in kept_list])
        return Profile(pid, clean)

    # ---- play-mode games -----------------------------------------------------

    def _keep(self, table: sa.Table, limit: int, token: str, record: dict, **columns) -> None:
        """Write ``record`` (JSON) under ``token`` in ``table``, keeping only the ``limit`` newest rows."""
        stmt = self.insert(table).values(token=token, record=json.dumps(record, ensure_ascii=False),
                                         updated=now_utc().isoformat(timespec="microseconds"), **columns)
        newest = sa.select(table.c.token).order_by(table.c.updated.desc()).limit(limit)
        changed = {"record": stmt.excluded.record, "updated": stmt.excluded.updated}
        changed.update({name: stmt.excluded[name] for name in columns})
        with self.write() as con:
            con.execute(stmt.on_conflict_do_update(index_elements=[table.c.token], set_=changed))
            con.execute(sa.delete(table).where(table.c.token.not_in(newest.scalar_subquery())))

    @staticmethod
    def _record(text: str | None) -> dict | None:
        if text is None:
            return None
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            return None
        return record if isinstance(record, dict) else None

    def save_game(self, token: str, record: dict) -> None:
        """Keep a play-mode game (settings and steps) under its link token; only the newest games are kept."""
        self._keep(games, MAX_GAMES, token, record)

    def game(self, token: str) -> dict | None:
        """The game kept under ``token``, or None when there is none (or its record is unreadable)."""
        with self.read() as con:
            return self._record(con.execute(sa.select(games.c.record).where(games.c.token == token)).scalar())

    # ---- drill sessions in progress ----------------------------------------------

    def save_drill(self, token: str, profile_id: int | None, record: dict) -> None:
        """Keep a drill session (settings, questions, results) under its page's token, for its learner."""
        self._keep(drill_sessions, MAX_DRILLS, token, record, profile_id=profile_id)

    def drill(self, token: str) -> tuple[int | None, dict] | None:
        """(the learner it belongs to, the session's record) kept under ``token``; None when there is none."""
        with self.read() as con:
            row = con.execute(sa.select(drill_sessions.c.profile_id, drill_sessions.c.record)
                              .where(drill_sessions.c.token == token)).first()
        record = self._record(row.record) if row is not None else None
        return (row.profile_id, record) if record is not None else None

    def drop_drill(self, token: str) -> None:
        """Forget a closed drill session."""
        with self.write() as con:
            con.execute(sa.delete(drill_sessions).where(drill_sessions.c.token == token))
