"""Mail in: store every raw message first, then process each exactly once."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem import failpoints
from pbem.ledger.db import session_scope
from pbem.ledger.models import InboundMessage, MailboxCursor
from pbem.mail.inbound import read_message
from pbem.mail.sources import MailSource
from pbem.services.mailroom import handle
from pbem.services.runtime import Runtime


@dataclass
class IngestStats:
    """Counts of one intake pass, by outcome code."""

    stored: int = 0
    processed: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)

    def count(self, outcome: str) -> None:
        """Count one processed message under its outcome code."""
        self.processed += 1
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1


def poll(rt: Runtime, source: MailSource, stats: IngestStats) -> None:
    """Store every new message raw, batch by batch, advancing the mailbox cursor with it."""
    while True:
        with session_scope(rt.engine) as session:
            cursor = _cursor(session, source.identity)
            batch = source.fetch_new(
                cursor.last_uid if cursor.id else None, cursor.uidvalidity if cursor.id else None
            )
            for uid, raw in batch.messages:
                stats.stored += _store(session, rt, source.identity, batch.uidvalidity, uid, raw)
            cursor.uidvalidity = batch.uidvalidity
            cursor.last_uid = batch.last_uid or (
                0 if batch.uidvalidity_changed else cursor.last_uid
            )
            session.add(cursor)
        failpoints.hit("ingest.after-store")
        if not batch.has_more:
            return


def _cursor(session: Session, mailbox: str) -> MailboxCursor:
    found = session.exec(select(MailboxCursor).where(MailboxCursor.mailbox == mailbox)).first()
    return found or MailboxCursor(mailbox=mailbox, uidvalidity=0, last_uid=0)


def _store(
    session: Session, rt: Runtime, mailbox: str, uidvalidity: int, uid: int, raw: bytes
) -> int:
    exists = session.exec(
        select(InboundMessage.id).where(
            InboundMessage.mailbox == mailbox,
            InboundMessage.uidvalidity == uidvalidity,
            InboundMessage.uid == uid,
        )
    ).first()
    if exists is not None:
        return 0
    inbound = read_message(raw)
    session.add(
        InboundMessage(
            mailbox=mailbox,
            uidvalidity=uidvalidity,
            uid=uid,
            message_id=inbound.message_id[:900],
            digest=inbound.digest,
            raw=raw,
            received_at=rt.clock.now(),
        )
    )
    return 1


def store_raw(rt: Runtime, mailbox: str, raw: bytes, uid: int, uidvalidity: int = 1) -> None:
    """Store one raw message as if a mailbox had delivered it (for imports and tests)."""
    with session_scope(rt.engine) as session:
        _store(session, rt, mailbox, uidvalidity, uid, raw)


def process_pending(rt: Runtime, stats: IngestStats) -> None:
    """Process every stored message not yet handled, each in its own transaction."""
    for message_id in _new_ids(rt):
        with session_scope(rt.engine) as session:
            if not _claim(session, message_id):
                continue
            row = session.get(InboundMessage, message_id)
            assert row is not None
            row.outcome = handle(session, rt, row)
            row.status = "duplicate" if row.outcome == "mail.duplicate" else "processed"
            session.add(row)
            failpoints.hit("ingest.before-commit")
        stats.count(row.outcome)


def _new_ids(rt: Runtime) -> list[int]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(InboundMessage.id)
            .where(InboundMessage.status == "new")
            .order_by(col(InboundMessage.id))
        ).all()
        return [r for r in rows if r is not None]


def _claim(session: Session, message_id: int) -> bool:
    claimed = session.exec(
        update(InboundMessage)
        .where(col(InboundMessage.id) == message_id, col(InboundMessage.status) == "new")
        .values(status="processing")
    )
    return bool(claimed.rowcount)
