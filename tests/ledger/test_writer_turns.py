"""SQLite writers of one process take turns through a lock of their own; readers take none."""

from __future__ import annotations

import fcntl
import gc
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import Session

from pbem.ledger.db import make_engine, read_only, session_scope


def _engine(tmp_path: Path):  # type: ignore[no-untyped-def]
    engine = make_engine(f"sqlite:///{tmp_path / 'turns.db'}")
    with session_scope(engine) as session:
        session.exec(text("CREATE TABLE t (n INTEGER)"))  # type: ignore[call-overload]
    return engine


def _turn_free(engine) -> bool:  # type: ignore[no-untyped-def]
    """Whether another thread could start writing now."""
    free: list[bool] = []

    def probe() -> None:
        with session_scope(engine) as session:
            session.exec(text("INSERT INTO t VALUES (0)"))  # type: ignore[call-overload]
        free.append(True)

    worker = threading.Thread(target=probe)
    worker.start()
    worker.join(timeout=10)
    return bool(free)


def test_every_way_a_write_ends_passes_the_turn_on(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    with session_scope(engine) as session:
        session.exec(text("INSERT INTO t VALUES (1)"))  # type: ignore[call-overload]
    assert _turn_free(engine)  # committed
    with Session(engine) as session:
        session.exec(text("INSERT INTO t VALUES (2)"))  # type: ignore[call-overload]
    assert _turn_free(engine)  # closed without a commit: rolled back
    try:
        with session_scope(engine) as session:
            session.exec(text("INSERT INTO t VALUES (3)"))  # type: ignore[call-overload]
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert _turn_free(engine)  # rolled back on an error
    with Session(engine) as session:
        count = session.exec(text("SELECT count(*) FROM t")).one()  # type: ignore[call-overload]
    assert count == (4,)  # the committed row and the three probes; 2 and 3 were rolled back


def test_a_second_writer_waits_for_the_first_to_commit(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    order: list[str] = []
    holding = threading.Event()

    def second() -> None:
        holding.wait()
        with session_scope(engine) as session:
            session.exec(text("INSERT INTO t VALUES (2)"))  # type: ignore[call-overload]
            order.append("second wrote")

    worker = threading.Thread(target=second)
    worker.start()
    with session_scope(engine) as session:
        session.exec(text("INSERT INTO t VALUES (1)"))  # type: ignore[call-overload]
        holding.set()
        worker.join(timeout=0.5)  # the second writer is kept out meanwhile
        order.append("first commits")
    worker.join(timeout=10)
    assert order == ["first commits", "second wrote"]


def test_a_reader_reads_while_a_writer_holds_the_turn(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    seen: list[object] = []

    def read() -> None:
        with Session(read_only(engine)) as session:
            seen.append(session.exec(text("SELECT count(*) FROM t")).one())  # type: ignore[call-overload]

    with session_scope(engine) as session:
        session.exec(text("INSERT INTO t VALUES (1)"))  # type: ignore[call-overload]
        reader = threading.Thread(target=read)
        reader.start()
        reader.join(timeout=10)
        assert seen == [(0,)]  # read at once, before the writer committed


def _leak_a_session(engine) -> None:  # type: ignore[no-untyped-def]
    session = Session(engine)  # never closed: dropped, as careless code might
    session.exec(text("INSERT INTO t VALUES (9)"))  # type: ignore[call-overload]


def test_a_session_dropped_unended_gives_the_turn_back_with_its_connection(
    tmp_path: Path,
) -> None:
    engine = _engine(tmp_path)
    _leak_a_session(engine)
    gc.collect()  # the connection goes back to the pool, rolled back there
    assert _turn_free(engine)


WRITER = """
import sys
from sqlalchemy import text
from pbem.ledger.db import make_engine, session_scope
engine = make_engine(sys.argv[1])
with session_scope(engine) as session:
    session.exec(text("INSERT INTO t VALUES (7)"))
print("written", flush=True)
"""


@pytest.mark.subprocess
def test_another_process_waits_for_the_file_turn_and_writes_once_it_is_free(
    tmp_path: Path,
) -> None:
    engine = _engine(tmp_path)
    turn_file = tmp_path / "turns.db-writer"
    assert turn_file.exists() and (turn_file.stat().st_mode & 0o777) == 0o600
    url = f"sqlite:///{tmp_path / 'turns.db'}"
    with session_scope(engine) as session:
        session.exec(text("INSERT INTO t VALUES (1)"))  # type: ignore[call-overload]
        with turn_file.open("rb") as probe, pytest.raises(BlockingIOError):
            fcntl.flock(probe.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # this process's turn
        other = subprocess.Popen(
            [sys.executable, "-c", WRITER, url], stdout=subprocess.PIPE, text=True
        )
        with pytest.raises(subprocess.TimeoutExpired):
            other.communicate(timeout=1.5)  # held behind this process's turn
    output, _ = other.communicate(timeout=60)  # the turn was let go at the commit
    assert other.returncode == 0 and output.strip() == "written"
    with Session(read_only(engine)) as session:
        rows = session.exec(text("SELECT n FROM t ORDER BY n")).all()  # type: ignore[call-overload]
    assert [r[0] for r in rows] == [1, 7]
