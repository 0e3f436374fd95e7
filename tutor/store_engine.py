"""Where the progress database lives and how it is reached: an embedded SQLite file or a PostgreSQL server.

``$SANMA_TUTOR_DB`` holds either a file path (SQLite, the default) or a
``postgresql://user:password@host:port/dbname`` address (psycopg 3 is the
driver). :class:`Database` hands out short read and write transactions and
turns every driver error into a :class:`StoreError` whose message says what
to do; a server address in a message never shows its password.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from platformdirs import user_data_dir
from sqlalchemy import event
from sqlalchemy.pool import NullPool

ENV_VAR = "SANMA_TUTOR_DB"
SERVER_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


class StoreError(ValueError):
    """The progress database cannot be used right now; the message says why and what to do."""


def is_server_url(text: str) -> bool:
    """True for a PostgreSQL address (``postgresql://…``), False for a file path."""
    return str(text).strip().lower().startswith(SERVER_SCHEMES)


def default_path() -> Path:
    """The SQLite file: ``$SANMA_TUTOR_DB`` when it names a file, otherwise ``progress.db`` in the user data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env and not is_server_url(env):
        return Path(env).expanduser()
    return Path(user_data_dir("sanma-tutor", appauthor=False)) / "progress.db"


def default_location() -> str:
    """What the app opens: ``$SANMA_TUTOR_DB`` when it is a server address, otherwise :func:`default_path`."""
    env = os.environ.get(ENV_VAR, "").strip()
    return env if is_server_url(env) else str(default_path())


def _server_url(text: str) -> sa.URL:
    scheme, _, rest = text.strip().partition("://")
    try:
        return sa.make_url(f"postgresql+psycopg://{rest}")
    except sa.exc.ArgumentError as exc:
        raise StoreError(f"{ENV_VAR}: {scheme}://… is not a database address ({exc}); expected "
                         "postgresql://user:password@host:port/dbname") from None


class Database:
    """One database (SQLite file or PostgreSQL server) and its connection pool."""

    def __init__(self, target: str | Path, timeout: float = 2.0) -> None:
        self.timeout = timeout
        if is_server_url(str(target)):
            url = _server_url(str(target))
            self.path: Path | None = None
            self.label = url.render_as_string(hide_password=True)
            self.engine = sa.create_engine(url, pool_pre_ping=True, pool_size=4, max_overflow=8,
                                           connect_args={"connect_timeout": max(1, round(timeout))})
            return
        self.path = Path(target)
        self.label = str(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the folder for the progress database {self.path}: {exc.strerror}") from None
        # one connection per call, as the file may be shared with other processes
        self.engine = sa.create_engine(f"sqlite:///{self.path}", poolclass=NullPool, connect_args={"timeout": timeout})
        event.listen(self.engine, "connect", _sqlite_connect)
        event.listen(self.engine, "begin", _sqlite_begin)
        with self._errors():
            raw = self.engine.raw_connection()
            try:
                raw.cursor().execute("PRAGMA journal_mode=WAL")  # readers go on while one writer writes
            finally:
                raw.close()

    @property
    def is_server(self) -> bool:
        return self.path is None

    @contextmanager
    def read(self) -> Iterator[sa.Connection]:
        """A connection for reading (its transaction is rolled back at the end)."""
        with self._errors(), self.engine.connect() as con:
            yield con

    @contextmanager
    def write(self) -> Iterator[sa.Connection]:
        """One short write transaction: all or nothing."""
        with self._errors(), self.engine.connect() as con:
            con.execution_options(sanma_write=True)
            with con.begin():
                yield con

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sa.exc.DBAPIError as exc:
            raise self._translate(exc.orig) from None
        except sqlite3.Error as exc:
            raise self._translate(exc) from None

    def _translate(self, exc: BaseException) -> StoreError:
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if self.is_server:
            if type(exc).__name__ == "OperationalError":
                return StoreError(f"cannot reach the progress database {self.label}: {text}; nothing was written — "
                                  "check that the server runs and the address is right")
            return StoreError(f"the progress database {self.label} refused the request: {text}")
        low = text.lower()
        if isinstance(exc, sqlite3.OperationalError):
            if "locked" in low or "busy" in low:
                return StoreError(f"the progress database {self.path} is locked by another program; nothing was "
                                  "written — try again")
            if "unable to open" in low or "readonly" in low:
                return StoreError(f"cannot open the progress database {self.path}: {text}")
            return StoreError(f"the progress database {self.path} cannot be used: {text}")
        if isinstance(exc, sqlite3.IntegrityError):
            return StoreError(f"the progress database {self.path} refused the request: {text}")
        return StoreError(f"the progress database {self.path} is damaged or is not a SQLite file ({text}); it was left "
                          f"untouched. Move it aside or set {ENV_VAR} to another file to keep practising.")


def _sqlite_connect(dbapi_con, _record) -> None:
    dbapi_con.isolation_level = None  # the transactions below are begun explicitly
    dbapi_con.execute("PRAGMA foreign_keys=ON")


def _sqlite_begin(con: sa.Connection) -> None:
    """A write takes the file's write lock at once (BEGIN IMMEDIATE), so it fails early instead of half-way."""
    con.exec_driver_sql("BEGIN IMMEDIATE" if con.get_execution_options().get("sanma_write") else "BEGIN")
