"""Engines, sessions and migrations for SQLite (default) and PostgreSQL."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, inspect, make_url, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from pbem.errors import ConfigError
from pbem.ledger.idle_ping import ping_when_idle
from pbem.ledger.revisions import MIGRATIONS, VERSION_TABLE, head_revision, known_revisions

if TYPE_CHECKING:  # Alembic is imported only by `pbem init` and `pbem migrate`
    from alembic.config import Config


READ_ONLY = "pbem_read_only"  # execution option of read_only(engine)
SQLITE_BUSY_SECONDS = 60  # how long a write waits for another's turn, then fails
TURN_PAUSE_SECONDS = (0.0001, 0.001)  # a waiting process's first and longest pause
_TURN = "pbem_writer_turn"  # in a connection's info while its transaction holds the turn


def normalise_url(url: str) -> str:
    """Use the psycopg 3 driver for plain postgresql:// URLs."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def is_sqlite(url: str) -> bool:
    """True for SQLite URLs."""
    return url.startswith("sqlite")


def make_engine(url: str) -> Engine:
    """Create an engine; SQLite gets WAL, a busy timeout and foreign keys."""
    url = normalise_url(url)
    if not is_sqlite(url):
        engine = create_engine(url)
        ping_when_idle(engine)  # not pool_pre_ping: no round trip before each checkout
        return engine
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 60})
    event.listen(engine, "connect", _sqlite_pragmas)
    turns = _WriterTurns(_writer_lock_path(engine))
    event.listen(engine, "begin", turns.begin)
    event.listen(engine, "commit", turns.end)
    event.listen(engine, "rollback", turns.end)
    # a connection that comes back to the pool unended (a session dropped without closing)
    # is rolled back there, below the events above: its turn ends with it
    event.listen(engine, "checkin", turns.returned)
    event.listen(engine, "invalidate", turns.returned)
    return engine


def read_only(engine: Engine) -> Engine:
    """The engine for sessions that only read: on SQLite they take no write lock (WAL lets
    them read while another connection writes); on PostgreSQL they run in autocommit, which
    spares the BEGIN and ROLLBACK round trips and sees what READ COMMITTED sees anyway (each
    statement its own snapshot)."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(**{READ_ONLY: True, "isolation_level": "AUTOCOMMIT"})
    return engine.execution_options(**{READ_ONLY: True})


def one_statement(engine: Engine) -> Engine:
    """The engine for a write made of one statement: on PostgreSQL it runs in autocommit, a
    transaction of its own without the BEGIN and COMMIT round trips; on SQLite as any write
    (its transaction is the writer's turn at the ledger)."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


class _WriterTurns:
    """SQLite transactions take the write lock at BEGIN, so two runs never both read and then
    race to write. Writers take their turns at it through locks of their own that are handed
    over at once, rather than through SQLite's busy handler, which sleeps between tries (up to
    100 ms a try) however soon the lock is free: threads of one process through a lock, and
    the processes of one tick (its sender and draw helpers) through a file lock beside the
    ledger, which the kernel hands to a waiting process as soon as it is let go."""

    def __init__(self, lock_path: Path | None) -> None:
        self._lock = threading.Lock()
        self._lock_path = lock_path
        self._fd: int | None = None  # opened on first use, kept for the process's life
        self._file_held = False

    def begin(self, connection: Any) -> None:
        """BEGIN for a read-only session, BEGIN IMMEDIATE in turn for every other."""
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")
            return
        held = self._lock.acquire(timeout=SQLITE_BUSY_SECONDS)  # else SQLite's own wait
        try:
            if held:
                self._take_file_turn()
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        except BaseException:
            if held:
                self._release()
            raise
        connection.info[_TURN] = held

    def end(self, connection: Any) -> None:
        """Pass the turn on when a writing transaction ends."""
        self._pass_on(connection.info)

    def returned(self, _dbapi_connection: Any, record: Any, *_: Any) -> None:
        """Pass the turn on when its connection goes back to the pool or is thrown away."""
        if record is not None:
            self._pass_on(record.info)

    def _pass_on(self, info: dict[str, Any]) -> None:
        if info.pop(_TURN, False):
            self._release()

    def _take_file_turn(self) -> None:
        if self._lock_path is None:
            return
        if self._fd is None:
            self._fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline, pause = time.monotonic() + SQLITE_BUSY_SECONDS, TURN_PAUSE_SECONDS[0]
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._file_held = True
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return  # SQLite's own wait decides
            time.sleep(pause)
            pause = min(pause * 2, TURN_PAUSE_SECONDS[1])

    def _release(self) -> None:
        if self._file_held and self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            self._file_held = False
        self._lock.release()


def _writer_lock_path(engine: Engine) -> Path | None:
    """The file whose lock writers of a file-based SQLite ledger take turns at, if any."""
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(f"{database}-writer")


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # pbem issues BEGIN itself
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_SECONDS * 1000}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def alembic_config() -> Config:
    """An Alembic config pointing at pbem's migrations."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def current_revision(engine: Engine) -> str | None:
    """The ledger's schema revision, or None when it has none yet (plain SQL, no Alembic)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return None
        row = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).first()
        return None if row is None else str(row[0])


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL, or None for other backends and in-memory databases."""
    database = make_url(normalise_url(url)).database if is_sqlite(url) else None
    return Path(database) if database and database != ":memory:" else None


def check_schema(url: str) -> Engine:
    """An engine on a ledger whose schema is current; refuse a missing, old or newer one.

    A missing SQLite file is refused before connecting, so no empty file is left behind.
    """
    path = sqlite_path(url)
    shown = _shown_url(url)
    if path is not None and not path.exists():
        raise ConfigError("db.E_SCHEMA_MISSING", url=shown)
    engine = make_engine(url)
    current, head = current_revision(engine), head_revision()
    if current == head:
        return engine
    engine.dispose()
    if current is None:
        raise ConfigError("db.E_SCHEMA_MISSING", url=shown)
    code = "db.E_SCHEMA_OLD" if current in known_revisions() else "db.E_SCHEMA_NEWER"
    raise ConfigError(code, url=shown, current=current, head=head)


def migrate_with_backup(url: str, now: datetime) -> tuple[Engine, Path | None]:
    """Migrate the ledger to the newest schema; copy an outdated SQLite file aside first."""
    path = sqlite_path(url)
    backup = None
    if path is not None:
        with owner_only():
            path.parent.mkdir(parents=True, exist_ok=True)
            existed = path.exists() and path.stat().st_size > 0
            engine = make_engine(url)
            current = current_revision(engine) if existed else None
            if current is not None and current != head_revision():
                backup = _backup(engine, path, current, now)
            migrate(engine)
        path.chmod(0o600)
        return engine, backup
    engine = make_engine(url)
    migrate(engine)
    return engine, None


def _backup(engine: Engine, path: Path, revision: str, now: datetime) -> Path:
    """A consistent copy of the SQLite ledger (the WAL included) beside it, owner-only."""
    target = path.with_name(f"{path.name}.{revision}.{now:%Y%m%dT%H%M%S}.bak")
    engine.dispose()
    source, copy = sqlite3.connect(path), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target


def _shown_url(url: str) -> str:
    return make_url(normalise_url(url)).render_as_string(hide_password=True)


@contextmanager
def owner_only() -> Iterator[None]:
    """Create files readable by their owner only (0600) within the block."""
    previous = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(previous)


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
