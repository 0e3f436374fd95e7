"""A real PostgreSQL server for the store's tests: ``initdb`` into a temporary folder, ``pg_ctl start`` on a free
port, stopped at the end of the session (one server per test worker).

``db_url`` runs a test once on a fresh SQLite file and once on a fresh PostgreSQL database. When the server cannot
be started the PostgreSQL runs fail with the reason: they are never skipped quietly.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_USER = "postgres"  # the OS user that runs the server when the tests run as root (PostgreSQL refuses root)
_INSTALL_HINT = "run `sh scripts/ensure_postgres.sh` (as root it installs Debian's postgresql package)"


def postgres_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """A throw-away PostgreSQL cluster; :meth:`new_database` hands out an empty database per test."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        if self.bin is None:
            raise RuntimeError(f"PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql): {_INSTALL_HINT}")
        self.as_user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(PG_USER)
            except KeyError:
                raise RuntimeError(f"the tests run as root and there is no {PG_USER!r} OS user to run PostgreSQL: "
                                   f"{_INSTALL_HINT} (it creates the user)") from None
            self.as_user = PG_USER
        self.dir = Path(tempfile.mkdtemp(prefix="sanma-pg-"))
        if self.as_user:
            entry = pwd.getpwnam(self.as_user)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
        self.data = self.dir / "data"
        self.port = _free_port()
        self._names = itertools.count(1)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "server.log"), "-w", "-t", "60",
                  "-o", options, "start")
        self.base = f"postgresql://postgres@127.0.0.1:{self.port}"

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([str(self.bin / tool), *args], capture_output=True, text=True, user=self.as_user,
                              cwd=self.dir, timeout=120)
        if done.returncode != 0:
            log = self.dir / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}\n{tail}")

    def new_database(self) -> str:
        """An empty database's address."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(f"{self.base}/postgres", autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return f"{self.base}/{name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        server = PostgresServer()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        pytest.fail(f"the PostgreSQL tests need a server and none could be started: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture()
def new_db(request, tmp_path):
    """A function that makes an empty database of this test's backend (``db_url``'s parameter) and returns it."""
    callspec = getattr(request.node, "callspec", None)
    backend = callspec.params.get("db_url", "sqlite") if callspec else "sqlite"
    names = itertools.count(1)
    if backend == "postgresql":
        server = request.getfixturevalue("postgres_server")
        return server.new_database
    return lambda: str(tmp_path / f"db{next(names)}.db")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, new_db) -> str:
    """A fresh, empty progress database: a SQLite file, then a PostgreSQL database."""
    return new_db()
