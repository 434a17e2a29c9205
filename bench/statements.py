"""Count the SQL statements a `pbem` process runs, by the tick's step, for `bench.rss_probe`.

When PBEM_BENCH_STATEMENTS names a file, `install()` listens to every SQLAlchemy engine of the
process and tags each statement with the step `pbem tick --timings` is timing in the main
thread (intake, answers, adjudicating, drawing, sending) or with the name of the thread that ran
it. At exit it writes, per step, the statement count and the statements run most often (their
text with literals as the driver's placeholders), so a statement made once per row shows up
with the row count beside it. On PostgreSQL the count is of round trips: it adds the BEGIN
psycopg sends before a transaction's first statement and every COMMIT or ROLLBACK that ends an
open transaction (a connection in autocommit mode sends neither).
"""

from __future__ import annotations

import atexit
import json
import os
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

STATEMENTS_FILE = "PBEM_BENCH_STATEMENTS"  # bench/statements.py: count SQL statements by step

TOP = 25  # the most frequent statements kept per step
_step = {"now": "outside"}  # the main thread's current step
_counts: dict[str, Counter[str]] = {}


def install() -> None:
    """Start counting when PBEM_BENCH_STATEMENTS is set; write the counts at exit."""
    target = os.environ.get(STATEMENTS_FILE)
    if not target:
        return
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from sqlalchemy.pool import Pool

    event.listen(Engine, "before_cursor_execute", _record)
    event.listen(Engine, "commit", lambda conn: _ended(_dbapi(conn), "COMMIT"))
    event.listen(Engine, "rollback", lambda conn: _ended(_dbapi(conn), "ROLLBACK"))
    event.listen(Pool, "reset", lambda dbapi, *_: _ended(dbapi, "ROLLBACK (reset)"))
    _count_pings()
    _tag_tick_steps()
    atexit.register(_write, Path(target))


def _record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
    if _status(conn.connection.dbapi_connection) == IDLE:
        _count("BEGIN (implicit)")  # psycopg opens the transaction first
    _count(" ".join(statement.split())[:160])


def _dbapi(conn: Any) -> Any:
    return conn.connection.dbapi_connection


def _count_pings() -> None:
    """Count the pool's pings on PostgreSQL (of a connection idle a while, `pbem.ledger.idle_ping`):
    a round trip each, made outside any event."""
    try:
        from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
    except ImportError:
        return
    ping = PGDialect_psycopg.do_ping

    def counted(self: Any, dbapi_connection: Any) -> bool:
        _count("ping (idle connection)")
        return bool(ping(self, dbapi_connection))

    PGDialect_psycopg.do_ping = counted  # type: ignore[method-assign]


def _ended(dbapi: Any, what: str) -> None:
    """A COMMIT or ROLLBACK psycopg will send: the transaction is open (not idle)."""
    status = _status(dbapi)
    if status is not None and status != IDLE:
        _count(what)


IDLE = 0  # psycopg's TransactionStatus.IDLE


def _status(dbapi: Any) -> int | None:
    """psycopg's transaction status, or None (SQLite, or autocommit: no round trips added)."""
    info = getattr(dbapi, "info", None)
    if info is None or getattr(dbapi, "autocommit", False):
        return None
    return int(info.transaction_status)


def _count(what: str) -> None:
    thread = threading.current_thread()
    step = _step["now"] if thread is threading.main_thread() else f"thread {thread.name}"
    _counts.setdefault(step, Counter())[what] += 1


def _tag_tick_steps() -> None:
    """Wrap TickReport.timed so that the main thread's statements carry its step."""
    from pbem.services.tick import tick

    timed = tick.TickReport.timed

    @contextmanager
    def tagged(report: Any, step: str) -> Iterator[None]:
        outer, _step["now"] = _step["now"], step
        try:
            with timed(report, step):
                yield
        finally:
            _step["now"] = outer

    tick.TickReport.timed = tagged  # type: ignore[method-assign]


def _write(target: Path) -> None:
    summary = {
        step: {"statements": sum(counts.values()), "top": counts.most_common(TOP)}
        for step, counts in _counts.items()
    }
    target.write_text(json.dumps(summary, indent=1), encoding="utf-8")
