"""The ledger opened without SQLAlchemy, for the idle tick (services/tick/idle_checks.py).

SQLite through the standard library's sqlite3, PostgreSQL through psycopg, each under the lock a
tick holds (services/base/locks.py): the run lock file beside a SQLite ledger; on PostgreSQL the
shared run lock and the mailbox's intake lock. Every lock is tried once: when another run holds
one, or the URL is anything but a plain file or server URL, the answer is `Unsure` and the full
tick runs (and waits for the lock, as it always does).
"""

from __future__ import annotations

import fcntl
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.ledger.lock_names import ADVISORY_KEY, INTAKE_SPACE, mailbox_key, run_lock_file

SQLITE_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///")
POSTGRES_PREFIXES = ("postgresql://", "postgres://", "postgresql+psycopg://")
SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy stores a UTC datetime in SQLite
_PARAMETER = re.compile(r"(?<![:\w]):([a-z_]+)\b")


class Unsure(Exception):
    """The idle check cannot answer for certain; the full tick must run."""


class Ledger:
    """One read-only snapshot of the ledger; SQL is written with `:name` parameters."""

    def __init__(self, connection: Any, postgres: bool) -> None:
        self._connection = connection
        self.postgres = postgres

    def rows(self, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        """Every row the query returns."""
        if self.postgres:
            sql = _PARAMETER.sub(r"%(\1)s", sql)
        values = {name: self._bound(value) for name, value in params.items()}
        return list(self._connection.execute(sql, values).fetchall())

    def exists(self, sql: str, **params: Any) -> bool:
        """Whether the query returns a row."""
        return bool(self.rows(f"SELECT 1 WHERE EXISTS ({sql})", **params))

    def moment(self, value: Any) -> datetime:
        """A stored datetime as an aware UTC datetime, whichever database stored it."""
        moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)

    def _bound(self, value: Any) -> Any:
        """A parameter as SQLAlchemy binds it (its UTCDateTime type for datetimes)."""
        if not isinstance(value, datetime):
            return value
        value = value.astimezone(UTC)
        return value if self.postgres else value.strftime(SQLITE_TIME)


@contextmanager
def open_ledger(database_url: str, mailbox: str) -> Iterator[Ledger]:
    """The ledger in one read snapshot, under the locks a tick reading `mailbox` would hold."""
    if database_url.startswith(SQLITE_PREFIXES):
        with _sqlite_ledger(_sqlite_file(database_url)) as ledger:
            yield ledger
    elif database_url.startswith(POSTGRES_PREFIXES):
        with _postgres_ledger(_libpq_url(database_url), mailbox) as ledger:
            yield ledger
    else:
        raise Unsure("database URL")


def _sqlite_file(url: str) -> str:
    """The file a plain sqlite:///PATH URL names, exactly as SQLAlchemy reads it."""
    database = url.split(":///", 1)[1]
    if not database or database == ":memory:" or any(ch in database for ch in "?%#"):
        raise Unsure("sqlite URL")  # parameters, escapes, memory: the full tick decides
    return database


def _libpq_url(url: str) -> str:
    """The URL as libpq reads it (SQLAlchemy's driver suffix dropped)."""
    return "postgresql://" + url.split("://", 1)[1]


@contextmanager
def _sqlite_ledger(database: str) -> Iterator[Ledger]:
    if not Path(database).is_file():
        raise Unsure("no ledger file")  # the full tick refuses it: db.E_SCHEMA_MISSING
    with run_lock_file(database).open("a") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Unsure("run lock taken") from None
        try:
            connection = sqlite3.connect(database, timeout=60, isolation_level=None)
            try:
                connection.execute("BEGIN")  # one snapshot for every question
                yield Ledger(connection, postgres=False)
                connection.execute("ROLLBACK")
            finally:
                connection.close()
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


@contextmanager
def _postgres_ledger(url: str, mailbox: str) -> Iterator[Ledger]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:  # closing it frees the locks
        if not _try(connection, "SELECT pg_try_advisory_lock_shared(%s)", ADVISORY_KEY):
            raise Unsure("run lock taken")  # `pbem rollback`, `edit` or `end` holds it
        intake = (INTAKE_SPACE, mailbox_key(mailbox))
        if not _try(connection, "SELECT pg_try_advisory_lock(%s, %s)", *intake):
            raise Unsure("mailbox taken")  # another worker is reading the mail
        with connection.transaction():
            connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield Ledger(connection, postgres=True)


def _try(connection: Any, sql: str, *keys: int) -> bool:
    row = connection.execute(sql, keys).fetchone()
    return bool(row and row[0])
