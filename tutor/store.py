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

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ENV_VAR = "SANMA_TUTOR_DB"
SCHEMA_VERSION = 1
MAX_NAME = 40
MAX_GAMES = 500  # play-mode games kept for their links; the least recently played go first

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
"""


class StoreError(ValueError):
    """The progress database cannot be used right now; the message says why and what to do."""


def default_path() -> Path:
    """``$SANMA_TUTOR_DB``, or ``progress.db`` in the platform's user data directory."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

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
