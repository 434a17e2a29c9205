"""Who may work on what at once.

SQLite has one writer, so every tick holds one run lock (a file lock beside the ledger).
PostgreSQL lets several tick workers share the ledger: a tick holds the run lock *shared*
(commands that must be alone take it exclusive), intake is single-reader per mailbox, each
campaign's step is claimed with a transaction-scoped advisory lock, and each outbox row is held
by the worker sending it with a session advisory lock that dies with the worker's connection.
"""

from __future__ import annotations

import fcntl
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from pbem.errors import Locked
from pbem.ledger.lock_names import (
    ADVISORY_KEY,
    CAMPAIGN_SPACE,
    INTAKE_SPACE,
    OUTBOX_SPACE,
    mailbox_key,
    run_lock_file,
)

HELD_CAMPAIGNS = "pbem_held_campaigns"  # session.info: (transaction, campaign ids locked in it)
AUTOCOMMIT = {"isolation_level": "AUTOCOMMIT"}  # lock calls need no BEGIN and COMMIT around them


def is_postgres(engine: Engine) -> bool:
    """True when the ledger is PostgreSQL (several workers may share it)."""
    return engine.dialect.name == "postgresql"


@contextmanager
def run_lock(engine: Engine, wait_seconds: float) -> Iterator[None]:
    """Hold the run lock alone, waiting up to `wait_seconds` for other runs to finish."""
    if not is_postgres(engine):
        with _file_lock(_lock_path(engine), wait_seconds):
            yield
    else:
        with _advisory_lock(engine, wait_seconds, shared=False):
            yield


class TickClaims:
    """What one tick worker holds: the shared run lock and, if it won it, its mailbox."""

    def __init__(self, connection: Connection | None, lock_fds: tuple[int, ...] = ()) -> None:
        self._connection = connection
        self._mailboxes: list[int] = []
        self.lock_fds = lock_fds  # a child process that keeps these open holds the lock too

    def intake(self, mailbox: str) -> bool:
        """Become the one reader of `mailbox` for this tick; False if another worker is."""
        if self._connection is None:
            return True
        key = mailbox_key(mailbox)
        if key in self._mailboxes:
            return True
        if not _try(self._connection, "pg_try_advisory_lock", INTAKE_SPACE, key):
            return False
        self._mailboxes.append(key)
        return True

    def end_intake(self, mailbox: str) -> None:
        """Let another worker read `mailbox` (or do the reader's bookkeeping) now."""
        key = mailbox_key(mailbox)
        if key in self._mailboxes:
            self._mailboxes.remove(key)
            _unlock(self._connection, INTAKE_SPACE, key)

    def await_intake(self, mailbox: str, wait_seconds: float) -> bool:
        """Wait up to `wait_seconds` for the worker reading `mailbox` to finish; True if it did."""
        if self._connection is None:
            return True
        connection, key = self._connection, mailbox_key(mailbox)

        def finished() -> bool:
            if not _try(connection, "pg_try_advisory_lock_shared", INTAKE_SPACE, key):
                return False
            _unlock(connection, INTAKE_SPACE, key, "pg_advisory_unlock_shared")
            return True

        try:
            _retry(finished, wait_seconds, "intake")
        except Locked:
            return False
        return True

    def release(self) -> None:
        """Give up the mailboxes this worker still holds."""
        for key in self._mailboxes:
            _unlock(self._connection, INTAKE_SPACE, key)
        self._mailboxes.clear()


@contextmanager
def tick_lock(engine: Engine, wait_seconds: float) -> Iterator[TickClaims]:
    """The run lock for a tick: exclusive on SQLite, shared by every worker on PostgreSQL."""
    if not is_postgres(engine):
        with _file_lock(_lock_path(engine), wait_seconds) as fd:
            yield TickClaims(None, (fd,))
        return
    with _advisory_lock(engine, wait_seconds, shared=True) as connection:
        claims = TickClaims(connection)
        try:
            yield claims
        finally:
            claims.release()


def hold_campaign(session: Session, campaign_id: int | None) -> None:
    """Wait for, then hold until commit, the campaign's lock (no-op on SQLite). A transaction
    that already holds it asks the server only once."""
    if campaign_id is None or not _session_is_postgres(session):
        return
    connection = session.connection()  # begins the transaction if none is open
    held = _held_in(session)
    if campaign_id in held:
        return
    connection.execute(
        text("SELECT pg_advisory_xact_lock(:a, :b)"), {"a": CAMPAIGN_SPACE, "b": campaign_id}
    )
    held.add(campaign_id)


def _held_in(session: Session) -> set[int]:
    """The campaign locks taken in the session's innermost transaction now open: a lock taken
    under a savepoint that is rolled back is let go, so each savepoint keeps its own set."""
    current = session.get_nested_transaction() or session.get_transaction()
    memo = session.info.get(HELD_CAMPAIGNS)
    if memo is None or memo[0] is not current:
        memo = (current, set())  # the transaction itself is kept: its id is never reused
        session.info[HELD_CAMPAIGNS] = memo
    held: set[int] = memo[1]
    return held


def try_campaign(session: Session, campaign_id: int | None) -> bool:
    """Hold the campaign's lock until commit if it is free; True on SQLite."""
    if campaign_id is None or not _session_is_postgres(session):
        return True
    got = session.connection().execute(
        text("SELECT pg_try_advisory_xact_lock(:a, :b)"), {"a": CAMPAIGN_SPACE, "b": campaign_id}
    )
    return bool(got.scalar())


class RowClaims:
    """Outbox rows held by this worker while it sends them (always granted on SQLite)."""

    def __init__(self, connection: Connection | None) -> None:
        self._connection = connection

    def take(self, row_id: int) -> bool:
        """Hold the row; False when a live worker holds it."""
        if self._connection is None:
            return True
        return _try(self._connection, "pg_try_advisory_lock", OUTBOX_SPACE, row_id)

    def release(self, row_id: int) -> None:
        """Let the row go once its outcome is committed."""
        if self._connection is not None:
            _unlock(self._connection, OUTBOX_SPACE, row_id)


@contextmanager
def row_claims(engine: Engine) -> Iterator[RowClaims]:
    """A send pass's row claims, on a connection of its own so they end if the worker dies."""
    if not is_postgres(engine):
        yield RowClaims(None)
        return
    with engine.connect().execution_options(**AUTOCOMMIT) as connection:
        try:
            yield RowClaims(connection)
        finally:  # the connection goes back to the pool holding nothing
            connection.execute(text("SELECT pg_advisory_unlock_all()"))
            connection.commit()


def _session_is_postgres(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def _try(connection: Connection, function: str, space: int, key: int) -> bool:
    got = connection.execute(text(f"SELECT {function}(:a, :b)"), {"a": space, "b": key})
    connection.commit()
    return bool(got.scalar())


def _unlock(
    connection: Connection | None, space: int, key: int, function: str = "pg_advisory_unlock"
) -> None:
    if connection is None:
        return
    connection.execute(text(f"SELECT {function}(:a, :b)"), {"a": space, "b": key})
    connection.commit()


def _lock_path(engine: Engine) -> Path:
    return run_lock_file(engine.url.database)


@contextmanager
def _file_lock(path: Path, wait_seconds: float) -> Iterator[int]:
    """flock `path`, yielding the descriptor: a child that inherits it holds the lock with it."""
    with path.open("a") as handle:
        _retry(lambda: _try_flock(handle.fileno()), wait_seconds, str(path))
        try:
            yield handle.fileno()
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _try_flock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def _advisory_lock(engine: Engine, wait_seconds: float, shared: bool) -> Iterator[Connection]:
    suffix = "_shared" if shared else ""
    with engine.connect().execution_options(**AUTOCOMMIT) as connection:

        def attempt() -> bool:
            got = connection.execute(
                text(f"SELECT pg_try_advisory_lock{suffix}(:k)"), {"k": ADVISORY_KEY}
            )
            connection.commit()
            return bool(got.scalar())

        _retry(attempt, wait_seconds, "postgresql advisory lock")
        try:
            yield connection
        finally:
            connection.execute(text(f"SELECT pg_advisory_unlock{suffix}(:k)"), {"k": ADVISORY_KEY})
            connection.commit()


def _retry(attempt: Callable[[], bool], wait_seconds: float, what: str) -> None:
    deadline = time.monotonic() + wait_seconds
    while not attempt():
        if time.monotonic() >= deadline:
            raise Locked("lock.E_BUSY", lock=what)
        time.sleep(0.1)
