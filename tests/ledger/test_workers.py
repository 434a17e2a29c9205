"""Tick workers sharing a PostgreSQL ledger: the locks that let them work side by side."""

from __future__ import annotations

import email
import threading
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from sqlalchemy import text, update
from sqlmodel import Session, col, select

from pbem.errors import Locked
from pbem.ledger.db import make_engine
from pbem.ledger.models import Outbox
from pbem.mail.transport.mailers import RecordingMailer
from pbem.services.base.locks import RowClaims, hold_campaign, run_lock, tick_lock, try_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import enqueue, flush
from tests.support.runtime import make_runtime


@pytest.fixture()
def rt(pg_url: str) -> Iterator[Runtime]:
    """A runtime on a fresh PostgreSQL ledger."""
    runtime = make_runtime(pg_url)
    yield runtime
    runtime.engine.dispose()


def _queue(rt: Runtime, count: int) -> list[int]:
    with Session(rt.engine) as session:
        for n in range(count):
            letter = Letter(key=f"k{n}", kind="notice", to=f"p{n}@localhost", subject="s", text="t")
            enqueue(session, rt, letter, None)
        session.commit()
        return [i for i in session.exec(select(Outbox.id).order_by(col(Outbox.id))) if i]


def test_ticks_share_the_run_lock_but_an_exclusive_command_waits(rt: Runtime) -> None:
    other = make_engine(rt.settings.database_url.value)
    try:
        # two workers hold it at once; a command that must be alone waits, then gives up
        with (
            tick_lock(rt.engine, 1),
            tick_lock(other, 1),
            pytest.raises(Locked),
            run_lock(other, 0.2),
        ):
            pass
        with run_lock(other, 1), pytest.raises(Locked), tick_lock(rt.engine, 0.2):
            pass
    finally:
        other.dispose()


def test_one_worker_reads_each_mailbox(rt: Runtime) -> None:
    other = make_engine(rt.settings.database_url.value)
    try:
        with tick_lock(other, 1) as second:
            with tick_lock(rt.engine, 1) as first:
                assert first.intake("imap://referee@host/INBOX")
                assert not second.intake("imap://referee@host/INBOX")
                assert second.intake("imap://other@host/INBOX")
            assert second.intake("imap://referee@host/INBOX")  # the first worker is done
    finally:
        other.dispose()


def test_a_worker_waits_for_the_reader_s_batch_before_campaign_work(rt: Runtime) -> None:
    other = make_engine(rt.settings.database_url.value)
    mailbox = "imap://referee@host/INBOX"
    try:
        with tick_lock(rt.engine, 1) as reader, tick_lock(other, 1) as worker:
            assert reader.intake(mailbox) and not worker.intake(mailbox)
            assert not worker.await_intake(mailbox, 0.3)  # still reading: gives up after 0.3 s
            reader.end_intake(mailbox)
            assert worker.await_intake(mailbox, 5)
            assert worker.intake(mailbox)  # the wait took nothing: the mailbox is free
    finally:
        other.dispose()


def test_a_campaign_step_is_passed_over_while_another_worker_holds_it(rt: Runtime) -> None:
    with Session(rt.engine) as holder, Session(rt.engine) as other:
        hold_campaign(holder, 7)
        assert not try_campaign(other, 7)
        assert try_campaign(other, 8)
        other.rollback()
        holder.commit()  # the hold ends with its transaction
        assert try_campaign(other, 7)


def test_a_row_a_live_worker_is_sending_is_left_to_it(rt: Runtime) -> None:
    (row_id,) = _queue(rt, 1)
    with Session(rt.engine) as session:
        session.exec(update(Outbox).values(status="sending", attempts=1))  # type: ignore[call-overload]
        session.commit()
    other = make_engine(rt.settings.database_url.value)
    mailer = RecordingMailer()
    try:
        worker = other.connect()
        assert RowClaims(worker).take(row_id)
        assert flush(rt, mailer).sent == 0  # the holder is alive: not taken again
        worker.invalidate()  # the worker dies: its connection closes, and its locks with it
        _await_no_advisory_locks(rt)
        assert flush(rt, mailer).sent == 1  # the row is resent, with the same Message-ID
    finally:
        other.dispose()
    assert len(mailer.sent) == 1
    with Session(rt.engine) as session:
        row = session.get(Outbox, row_id)
        assert row is not None and row.status == "sent" and row.attempts == 2


def _await_no_advisory_locks(rt: Runtime) -> None:
    """The server drops a closed connection's locks a moment later: wait for that."""
    for _ in range(100):
        with rt.engine.connect() as connection:
            held = connection.execute(
                text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")
            ).scalar()
        if held == 0:
            return
        time.sleep(0.1)


def test_racing_send_passes_send_each_row_once(rt: Runtime) -> None:
    _queue(rt, 120)
    mailers = [RecordingMailer() for _ in range(4)]
    threads = [threading.Thread(target=flush, args=(rt, mailer)) for mailer in mailers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ids = Counter(
        str(email.message_from_bytes(m.raw)["Message-ID"])
        for mailer in mailers
        for m in mailer.sent
    )
    assert len(ids) == 120 and set(ids.values()) == {1}
    assert sum(1 for mailer in mailers if mailer.sent) >= 2  # the passes really shared the work
    with Session(rt.engine) as session:
        statuses = session.exec(select(Outbox.status)).all()
    assert set(statuses) == {"sent"}


def test_two_workers_queueing_one_key_leave_one_row_and_both_commit(rt: Runtime) -> None:
    """The second insert of a key waits for the first's commit, then does nothing: no
    unique-key failure rolls back the second worker's transaction (issue 38)."""
    letter = Letter(key="same", kind="notice", to="p@localhost", subject="s", text="t")
    first = Session(rt.engine)
    queued_first = enqueue(first, rt, letter, None)
    results: list[int | None] = []

    def second_worker() -> None:
        with Session(rt.engine) as second:
            results.append(enqueue(second, rt, letter, None))
            second.commit()

    worker = threading.Thread(target=second_worker)
    worker.start()
    time.sleep(0.3)  # the second insert now waits on the first's uncommitted key
    assert worker.is_alive()
    first.commit()
    first.close()
    worker.join(timeout=30)
    assert queued_first is not None and results == [None]
    with Session(rt.engine) as session:
        assert session.exec(select(Outbox.id).where(Outbox.key == "same")).all() == [queued_first]
