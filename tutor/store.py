"""The progress store: learner profiles, every answer, scheduling cards and lesson progress, in SQLite.

The file lives at ``$SANMA_TUTOR_DB`` when set, otherwise in the user's data
directory. WAL mode lets several app sessions read while one writes. Every
write is one short transaction, so a crash or a lock never loses a saved
record; a damaged or locked file raises :class:`StoreError` with a message for
the learner, and the file is never rewritten or deleted.

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
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_data_dir

ENV_VAR = "SANMA_TUTOR_DB"
SCHEMA_VERSION = 2
MAX_NAME = 40
MAX_GAMES = 500  # play-mode games kept for their links; the least recently played go first
PIN_LENGTH = (4, 12)
PIN_ROUNDS = 120_000  # PBKDF2-SHA256 rounds for a PIN's salted hash
#: The one answer to a refused sign-in, whether the name is unknown, the PIN wrong or missing: it never tells
#: which names exist.
SIGN_IN_REFUSED = ("that name and PIN open no profile: check both (a profile without a PIN needs only its name), "
                   "or create a new learner")
_NO_SALT = "00" * 16


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

_SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    ts TEXT NOT NULL,
    source TEXT NOT NULL,
    topic TEXT NOT NULL,
    concept TEXT NOT NULL,
    ruleset TEXT NOT NULL DEFAULT '',
    seed INTEGER,
    difficulty INTEGER,
    question TEXT NOT NULL DEFAULT '{}',
    response TEXT NOT NULL DEFAULT 'null',
    correct INTEGER NOT NULL,
    score REAL NOT NULL DEFAULT 0,
    seconds REAL
);
CREATE INDEX IF NOT EXISTS answers_profile ON answers(profile_id, ts);
CREATE TABLE IF NOT EXISTS cards (
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    concept TEXT NOT NULL,
    topic TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    PRIMARY KEY (profile_id, concept)
);
CREATE TABLE IF NOT EXISTS lessons (
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    lesson_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    total INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (profile_id, lesson_id)
);
CREATE TABLE IF NOT EXISTS games (
    token TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pins (
    profile_id INTEGER PRIMARY KEY REFERENCES profiles(id),
    salt TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (profile_id, key)
);
CREATE TABLE IF NOT EXISTS sign_ins (
    token TEXT PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    created TEXT NOT NULL
);
"""


class StoreError(ValueError):
    """The progress database cannot be used right now; the message says why and what to do."""


def default_path() -> Path:
    """``$SANMA_TUTOR_DB``, or ``progress.db`` in the platform's user data directory."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(user_data_dir("sanma-tutor", appauthor=False)) / "progress.db"


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


def _iso(ts: datetime) -> str:
    return ts.astimezone(UTC).isoformat(timespec="seconds")


def _parse_ts(text: str) -> datetime:
    return datetime.fromisoformat(text)


class ProgressStore:
    """All learners' progress in one SQLite file. Safe to share between threads (one connection per call)."""

    def __init__(self, path: str | Path | None = None, timeout: float = 2.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout = timeout
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the folder for the progress database {self.path}: {exc.strerror}") from None
        with self._connect() as con:
            con.execute("PRAGMA journal_mode=WAL")
            con.executescript(_SCHEMA)
            con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    # ---- connection handling -------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        con = None
        try:
            con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
            con.execute("PRAGMA foreign_keys=ON")
            yield con
        except sqlite3.OperationalError as exc:
            text = str(exc).lower()
            if "locked" in text or "busy" in text:
                raise StoreError(
                    f"the progress database {self.path} is locked by another program; nothing was written — try again"
                ) from None
            if "unable to open" in text or "readonly" in text:
                raise StoreError(f"cannot open the progress database {self.path}: {exc}") from None
            raise StoreError(f"the progress database {self.path} cannot be used: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"the progress database {self.path} is damaged or is not a SQLite file ({exc}); it was left "
                f"untouched. Move it aside or set {ENV_VAR} to another file to keep practising."
            ) from None
        finally:
            if con is not None:
                con.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction: all or nothing."""
        with self._connect() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    # ---- profiles ------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self._connect() as con:
            rows = con.execute("SELECT id, name FROM profiles ORDER BY name COLLATE NOCASE").fetchall()
        return [Profile(i, n) for i, n in rows]

    def has_profiles(self) -> bool:
        with self._connect() as con:
            return con.execute("SELECT 1 FROM profiles LIMIT 1").fetchone() is not None

    def create_profile(self, name: str) -> Profile:
        """Create (or return the existing) profile with this name."""
        clean = " ".join(str(name).split())
        if not clean:
            raise StoreError("a profile needs a name")
        if len(clean) > MAX_NAME:
            raise StoreError(f"profile name {clean[:MAX_NAME]!r}… is longer than {MAX_NAME} characters")
        with self._write() as con:
            con.execute("INSERT OR IGNORE INTO profiles(name, created) VALUES (?, ?)", (clean, _iso(now_utc())))
            pid = con.execute("SELECT id FROM profiles WHERE name = ?", (clean,)).fetchone()[0]
        return Profile(pid, clean)

    def profile(self, profile_id: int) -> Profile:
        with self._connect() as con:
            row = con.execute("SELECT id, name FROM profiles WHERE id = ?", (profile_id,)).fetchone()
        if row is None:
            raise StoreError(f"no learner profile with id {profile_id}")
        return Profile(*row)

    def profile_named(self, name: str) -> Profile | None:
        """The profile with this name (spaces tidied as at creation), or None."""
        clean = " ".join(str(name).split())
        with self._connect() as con:
            row = con.execute("SELECT id, name FROM profiles WHERE name = ?", (clean,)).fetchone()
        return Profile(*row) if row else None

    # ---- PINs and sign-ins -----------------------------------------------------

    def set_pin(self, profile_id: int, pin: str | None) -> None:
        """Protect a profile with a PIN (stored as a salted hash), or remove the PIN with None."""
        with self._write() as con:
            if pin is None:
                con.execute("DELETE FROM pins WHERE profile_id = ?", (profile_id,))
                return
            salt = secrets.token_hex(16)
            con.execute(
                "INSERT INTO pins(profile_id, salt, hash) VALUES (?,?,?)"
                " ON CONFLICT(profile_id) DO UPDATE SET salt = excluded.salt, hash = excluded.hash",
                (profile_id, salt, pin_hash(check_pin_text(pin), salt)),
            )

    def _pin(self, profile_id: int) -> tuple[str, str] | None:
        with self._connect() as con:
            row = con.execute("SELECT salt, hash FROM pins WHERE profile_id = ?", (profile_id,)).fetchone()
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

    def sign_in(self, name: str, pin: str = "") -> tuple[Profile, str]:
        """Open a profile by name (and its PIN when it has one); returns it and a sign-in token.

        The token is what a browser keeps to stay signed in; it says nothing about the profile.
        """
        profile = self.profile_named(name)
        if profile is None:
            pin_hash(str(pin).strip(), _NO_SALT)  # the same work as a real check: the answer's time tells nothing
            raise StoreError(SIGN_IN_REFUSED)
        if not self.pin_matches(profile.id, pin):
            raise StoreError(SIGN_IN_REFUSED)
        token = secrets.token_urlsafe(24)
        with self._write() as con:
            con.execute("INSERT INTO sign_ins(token, profile_id, created) VALUES (?,?,?)", (token, profile.id, _iso(now_utc())))
        return profile, token

    def signed_in(self, token: str) -> Profile | None:
        """The profile a sign-in token opens, or None for an unknown token."""
        if not token:
            return None
        with self._connect() as con:
            row = con.execute(
                "SELECT p.id, p.name FROM sign_ins s JOIN profiles p ON p.id = s.profile_id WHERE s.token = ?", (str(token),)
            ).fetchone()
        return Profile(*row) if row else None

    def sign_out(self, token: str) -> None:
        with self._write() as con:
            con.execute("DELETE FROM sign_ins WHERE token = ?", (str(token),))

    # ---- answers and cards -------------------------------------------------

    def record_answer(self, profile_id: int, answer: Answer, card: CardRow | None = None) -> int:
        """Store one answer (and the concept's new scheduling card) in one transaction; returns the answer id."""
        ts = answer.ts or now_utc()
        with self._write() as con:
            cur = con.execute(
                "INSERT INTO answers(profile_id, ts, source, topic, concept, ruleset, seed, difficulty, question,"
                " response, correct, score, seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    profile_id,
                    _iso(ts),
                    answer.source,
                    answer.topic,
                    answer.concept,
                    answer.ruleset,
                    answer.seed,
                    answer.difficulty,
                    json.dumps(answer.question, sort_keys=True),
                    json.dumps(answer.response),
                    int(bool(answer.correct)),
                    float(answer.score),
                    answer.seconds,
                ),
            )
            if card is not None:
                con.execute(
                    "INSERT INTO cards(profile_id, concept, topic, card, due) VALUES (?,?,?,?,?)"
                    " ON CONFLICT(profile_id, concept) DO UPDATE SET card = excluded.card, due = excluded.due,"
                    " topic = excluded.topic",
                    (profile_id, card.concept, card.topic, card.card, _iso(card.due)),
                )
            return int(cur.lastrowid or 0)

    def answers(self, profile_id: int, *, only_wrong: bool = False, limit: int | None = None) -> list[Answer]:
        """A profile's answers, oldest first (``limit`` keeps the newest N)."""
        sql = (
            "SELECT id, profile_id, ts, source, topic, concept, ruleset, seed, difficulty, question, response,"
            " correct, score, seconds FROM answers WHERE profile_id = ?"
        )
        if only_wrong:
            sql += " AND correct = 0"
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._connect() as con:
            rows = con.execute(sql, (profile_id,)).fetchall()
        out = []
        for r in reversed(rows):
            out.append(
                Answer(
                    id=r[0], profile_id=r[1], ts=_parse_ts(r[2]), source=r[3], topic=r[4], concept=r[5], ruleset=r[6],
                    seed=r[7], difficulty=r[8], question=json.loads(r[9]), response=json.loads(r[10]),
                    correct=bool(r[11]), score=r[12], seconds=r[13],
                )
            )
        return out

    def answer(self, profile_id: int, answer_id: int) -> Answer:
        for a in self.answers(profile_id):
            if a.id == answer_id:
                return a
        raise StoreError(f"no answer {answer_id} for this profile")

    def card(self, profile_id: int, concept: str) -> CardRow | None:
        with self._connect() as con:
            row = con.execute(
                "SELECT concept, topic, card, due FROM cards WHERE profile_id = ? AND concept = ?", (profile_id, concept)
            ).fetchone()
        return CardRow(row[0], row[1], row[2], _parse_ts(row[3])) if row else None

    def cards(self, profile_id: int) -> list[CardRow]:
        with self._connect() as con:
            rows = con.execute(
                "SELECT concept, topic, card, due FROM cards WHERE profile_id = ? ORDER BY due", (profile_id,)
            ).fetchall()
        return [CardRow(c, t, card, _parse_ts(d)) for c, t, card, d in rows]

    def due_cards(self, profile_id: int, at: datetime | None = None) -> list[CardRow]:
        """Cards whose review is due at ``at`` (default: now), most overdue first."""
        at = at or now_utc()
        return [c for c in self.cards(profile_id) if c.due <= at]

    # ---- lessons -------------------------------------------------------------

    def save_lesson_step(self, profile_id: int, lesson_id: str, step: int, total: int) -> None:
        """Remember the furthest step reached in a lesson (never goes backwards)."""
        with self._write() as con:
            con.execute(
                "INSERT INTO lessons(profile_id, lesson_id, step, total, updated) VALUES (?,?,?,?,?)"
                " ON CONFLICT(profile_id, lesson_id) DO UPDATE SET step = max(step, excluded.step),"
                " total = excluded.total, updated = excluded.updated",
                (profile_id, lesson_id, step, total, _iso(now_utc())),
            )

    def lesson_progress(self, profile_id: int) -> dict[str, tuple[int, int]]:
        """lesson id -> (furthest step reached, number of steps)."""
        with self._connect() as con:
            rows = con.execute("SELECT lesson_id, step, total FROM lessons WHERE profile_id = ?", (profile_id,)).fetchall()
        return {lid: (step, total) for lid, step, total in rows}

    # ---- whole profiles (export and import) --------------------------------------

    def profile_created(self, profile_id: int) -> str:
        with self._connect() as con:
            row = con.execute("SELECT created FROM profiles WHERE id = ?", (profile_id,)).fetchone()
        if row is None:
            raise StoreError(f"no learner profile with id {profile_id}")
        return str(row[0])

    def lesson_rows(self, profile_id: int) -> list[tuple[str, int, int, str]]:
        """(lesson id, step, total, updated) for every lesson the profile has opened."""
        with self._connect() as con:
            rows = con.execute(
                "SELECT lesson_id, step, total, updated FROM lessons WHERE profile_id = ? ORDER BY lesson_id", (profile_id,)
            ).fetchall()
        return [(a, b, c, d) for a, b, c, d in rows]

    def pin_record(self, profile_id: int) -> tuple[str, str] | None:
        """The profile's PIN as stored (salt, hash), for an export that keeps the protection."""
        return self._pin(profile_id)

    def restore_profile(self, name: str, created: str, answers: list[Answer], cards: list[CardRow],
                        lessons: list[tuple[str, int, int, str]], pin: tuple[str, str] | None) -> Profile:
        """Write a whole profile in one transaction (a new name only: nothing is ever merged or overwritten)."""
        clean = " ".join(str(name).split())
        if not clean or len(clean) > MAX_NAME:
            raise StoreError(f"a profile name is 1–{MAX_NAME} characters")
        with self._write() as con:
            if con.execute("SELECT 1 FROM profiles WHERE name = ?", (clean,)).fetchone():
                raise StoreError(f"a learner called {clean!r} already exists here: import under another name")
            pid = int(con.execute("INSERT INTO profiles(name, created) VALUES (?, ?)", (clean, created)).lastrowid or 0)
            for a in answers:
                con.execute(
                    "INSERT INTO answers(profile_id, ts, source, topic, concept, ruleset, seed, difficulty, question,"
                    " response, correct, score, seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (pid, _iso(a.ts or now_utc()), a.source, a.topic, a.concept, a.ruleset, a.seed, a.difficulty,
                     json.dumps(a.question, sort_keys=True), json.dumps(a.response), int(bool(a.correct)), float(a.score),
                     a.seconds),
                )
            for c in cards:
                con.execute("INSERT INTO cards(profile_id, concept, topic, card, due) VALUES (?,?,?,?,?)",
                            (pid, c.concept, c.topic, c.card, _iso(c.due)))
            for lesson_id, step, total, updated in lessons:
                con.execute("INSERT INTO lessons(profile_id, lesson_id, step, total, updated) VALUES (?,?,?,?,?)",
                            (pid, lesson_id, step, total, updated))
            if pin is not None:
                con.execute("INSERT INTO pins(profile_id, salt, hash) VALUES (?,?,?)", (pid, pin[0], pin[1]))
        return Profile(pid, clean)

    # ---- play-mode games -----------------------------------------------------

    def save_game(self, token: str, record: dict) -> None:
        """Keep a play-mode game (settings and steps) under its link token; only the newest games are kept."""
        with self._write() as con:
            con.execute(
                "INSERT INTO games(token, record, updated) VALUES (?,?,?)"
                " ON CONFLICT(token) DO UPDATE SET record = excluded.record, updated = excluded.updated",
                (token, json.dumps(record, ensure_ascii=False), now_utc().astimezone(UTC).isoformat(timespec="microseconds")),
            )
            con.execute(
                "DELETE FROM games WHERE token NOT IN (SELECT token FROM games ORDER BY updated DESC LIMIT ?)",
                (MAX_GAMES,),
            )

    def game(self, token: str) -> dict | None:
        """The game kept under ``token``, or None when there is none (or its record is unreadable)."""
        with self._connect() as con:
            row = con.execute("SELECT record FROM games WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        try:
            record = json.loads(row[0])
        except json.JSONDecodeError:
            return None
        return record if isinstance(record, dict) else None

    # ---- profile settings ----------------------------------------------------

    def setting(self, profile_id: int, key: str) -> str | None:
        """A learner's saved choice (``language``, …), or None when they never made it."""
        with self._connect() as con:
            row = con.execute("SELECT value FROM settings WHERE profile_id = ? AND key = ?", (profile_id, key)).fetchone()
        return None if row is None else row[0]

    def set_setting(self, profile_id: int, key: str, value: str) -> None:
        """Keep a learner's choice under ``key``."""
        with self._write() as con:
            con.execute(
                "INSERT INTO settings(profile_id, key, value) VALUES (?,?,?)"
                " ON CONFLICT(profile_id, key) DO UPDATE SET value = excluded.value",
                (profile_id, key, str(value)),
            )
