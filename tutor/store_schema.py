"""The progress database's tables (SQLAlchemy Core) and the migrations that bring any older database up to date.

One ``schema_version`` row records how far a database has been migrated. Each
migration is one numbered step, run once, in order, inside the same
transaction as the version update, so a database is never half-migrated. A
SQLite file written before the version table existed (its tables were made
with ``CREATE TABLE IF NOT EXISTS``) is adopted by step 1, which creates only
what is missing. Times are kept as ISO-8601 UTC text on every backend.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

metadata = sa.MetaData()

schema_version = sa.Table("schema_version", metadata, sa.Column("version", sa.Integer, nullable=False))

# ---- step 1: the tables every earlier release had -----------------------------------------

profiles = sa.Table(
    "profiles", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False, unique=True),
    sa.Column("created", sa.Text, nullable=False),
)
answers = sa.Table(
    "answers", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
    sa.Column("ts", sa.Text, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("topic", sa.Text, nullable=False),
    sa.Column("concept", sa.Text, nullable=False),
    sa.Column("ruleset", sa.Text, nullable=False, server_default=""),
    sa.Column("seed", sa.BigInteger),
    sa.Column("difficulty", sa.Integer),
    sa.Column("question", sa.Text, nullable=False, server_default="{}"),
    sa.Column("response", sa.Text, nullable=False, server_default="null"),
    sa.Column("correct", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False, server_default="0"),
    sa.Column("seconds", sa.Float),
    sa.Index("answers_profile", "profile_id", "ts"),
)
cards = sa.Table(
    "cards", metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("concept", sa.Text, primary_key=True),
    sa.Column("topic", sa.Text, nullable=False),
    sa.Column("card", sa.Text, nullable=False),
    sa.Column("due", sa.Text, nullable=False),
)
lessons = sa.Table(
    "lessons", metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("lesson_id", sa.Text, primary_key=True),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("updated", sa.Text, nullable=False),
)
games = sa.Table(
    "games", metadata,
    sa.Column("token", sa.Text, primary_key=True),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("updated", sa.Text, nullable=False),
)
drill_sessions = sa.Table(  # a drill session in progress, under the token its page's link carries
    "drill_sessions", metadata,
    sa.Column("token", sa.Text, primary_key=True),
    sa.Column("profile_id", sa.Integer, nullable=True),  # the signed-in learner it belongs to; None: a guest's
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("updated", sa.Text, nullable=False),
)
pins = sa.Table(
    "pins", metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("salt", sa.Text, nullable=False),
    sa.Column("hash", sa.Text, nullable=False),
)
sign_ins = sa.Table(
    "sign_ins", metadata,
    sa.Column("token", sa.Text, primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
    sa.Column("created", sa.Text, nullable=False),
)

# ---- step 2: refused sign-ins, counted per name so the limit holds across replicas ----------------

pin_failures = sa.Table(
    "pin_failures", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("ts", sa.Text, nullable=False),
    sa.Index("pin_failures_name", "name", "ts"),
)

# ---- step 3: club groups, join codes and the learners' consent to share ---------------------------

groups = sa.Table(
    "club_groups", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("teacher_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("join_code", sa.Text, nullable=False, unique=True),
    sa.Column("code_expires", sa.Text, nullable=False),
    sa.Column("created", sa.Text, nullable=False),
)
memberships = sa.Table(
    "memberships", metadata,
    sa.Column("group_id", sa.Integer, sa.ForeignKey("club_groups.id"), primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("shares_since", sa.Text, nullable=False),  # the moment the learner agreed to share
)

# ---- step 4: quiz night (its whole state in the database, so every replica serves it) -------------------

quizzes = sa.Table(
    "quizzes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("group_id", sa.Integer, sa.ForeignKey("club_groups.id"), nullable=False),
    sa.Column("code", sa.Text, nullable=False, unique=True),
    sa.Column("settings", sa.Text, nullable=False),  # JSON: ruleset, drill types, questions, seed, seconds …
    sa.Column("phase", sa.Text, nullable=False),  # lobby, question, reveal, done
    sa.Column("current", sa.Integer, nullable=False, server_default="-1"),
    sa.Column("started", sa.Text, nullable=False),  # when the current phase began
    sa.Column("created", sa.Text, nullable=False),
)
quiz_players = sa.Table(
    "quiz_players", metadata,
    sa.Column("quiz_id", sa.Integer, sa.ForeignKey("quizzes.id"), primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("joined", sa.Text, nullable=False),
)
quiz_answers = sa.Table(
    "quiz_answers", metadata,
    sa.Column("quiz_id", sa.Integer, sa.ForeignKey("quizzes.id"), primary_key=True),
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("question", sa.Integer, primary_key=True),
    sa.Column("response", sa.Text, nullable=False),
    sa.Column("correct", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("ts", sa.Text, nullable=False),
)

# ---- step 5: a learner's saved choices (the tutor's language, ...) --------------------------------

settings = sa.Table(
    "settings", metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

# ---- step 6: positions a learner kept from a review ("Drill this"), each one scheduled card ---------------

kept_positions = sa.Table(
    "kept_positions", metadata,
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("key", sa.Text, primary_key=True),  # the position's digest: the same position kept twice is one
    sa.Column("kept", sa.Text, nullable=False),
    sa.Column("position", sa.Text, nullable=False),  # JSON: the table as it was, the options, the model's figures
)
_STEP_TABLES: dict[int, tuple[sa.Table, ...]] = {
    1: (profiles, answers, cards, lessons, games, pins, sign_ins),
    2: (pin_failures,),
    3: (groups, memberships),
    4: (quizzes, quiz_players, quiz_answers),
    5: (settings,),
    6: (kept_positions,),
    7: (drill_sessions,),
}


def _create(tables: tuple[sa.Table, ...]) -> Callable[[sa.Connection], None]:
    def step(con: sa.Connection) -> None:
        metadata.create_all(con, tables=list(tables), checkfirst=True)
    return step


#: (version reached, what it adds, the step): applied in order, each once.
MIGRATIONS: tuple[tuple[int, str, Callable[[sa.Connection], None]], ...] = (
    (1, "profiles, answers, cards, lessons, games, PINs, sign-ins", _create(_STEP_TABLES[1])),
    (2, "refused sign-ins (the PIN limit)", _create(_STEP_TABLES[2])),
    (3, "club groups and memberships", _create(_STEP_TABLES[3])),
    (4, "quiz night", _create(_STEP_TABLES[4])),
    (5, "a learner's settings (language)", _create(_STEP_TABLES[5])),
    (6, "positions kept from reviews", _create(_STEP_TABLES[6])),
    (7, "drill sessions in progress", _create(_STEP_TABLES[7])),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


def current_version(con: sa.Connection) -> int:
    """How far this database has been migrated (0: a new or pre-versioning database)."""
    if not sa.inspect(con).has_table("schema_version"):
        return 0
    return int(con.execute(sa.select(sa.func.max(schema_version.c.version))).scalar() or 0)


def migrate(con: sa.Connection) -> int:
    """Apply the missing migrations inside the caller's transaction; returns the version reached.

    A database newer than this program is refused: its tables may mean something this code does not know.
    """
    schema_version.create(con, checkfirst=True)
    version = current_version(con)
    if version > SCHEMA_VERSION:
        raise ValueError(f"the progress database is at schema version {version}, newer than this program's "
                         f"{SCHEMA_VERSION}: update the tutor")
    for target, _what, step in MIGRATIONS:
        if target > version:
            step(con)
            version = target
    con.execute(sa.delete(schema_version))
    con.execute(sa.insert(schema_version).values(version=version))
    return version
