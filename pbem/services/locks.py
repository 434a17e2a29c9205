"""One pbem run at a time: a file lock beside SQLite, an advisory lock on PostgreSQL."""

from __future__ import annotations

import fcntl
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Engine

from pbem.errors import Locked

ADVISORY_KEY = 0x70B3_6D00  # "pbem"


@contextmanager
def run_lock(engine: Engine, wait_seconds: float) -> Iterator[None]:
    """Hold the run lock, waiting up to `wait_seconds` for another run to finish."""
    if engine.dialect.name == "sqlite":
        with _file_lock(_lock_path(engine), wait_seconds):
            yield
    else:
        with _advisory_lock(engine, wait_seconds):
            yield


def _lock_path(engine: Engine) -> Path:
    database = engine.url.database or ":memory:"
    if database == ":memory:":
        return Path("/tmp/pbem-memory.lock")
    return Path(database + ".lock")


@contextmanager
def _file_lock(path: Path, wait_seconds: float) -> Iterator[None]:
    with path.open("a") as handle:
        _retry(lambda: _try_flock(handle.fileno()), wait_seconds, str(path))
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _try_flock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def _advisory_lock(engine: Engine, wait_seconds: float) -> Iterator[None]:
    with engine.connect() as connection:

        def attempt() -> bool:
            got = connection.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": ADVISORY_KEY})
            connection.commit()
            return bool(got.scalar())

        _retry(attempt, wait_seconds, "postgresql advisory lock")
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": ADVISORY_KEY})
            connection.commit()


def _retry(attempt: Callable[[], bool], wait_seconds: float, what: str) -> None:
    deadline = time.monotonic() + wait_seconds
    while not attempt():
        if time.monotonic() >= deadline:
            raise Locked("lock.E_BUSY", lock=what)
        time.sleep(0.1)
