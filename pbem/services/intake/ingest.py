"""Mail in: store every raw message first, with the mailbox cursor, in one transaction
(services/intake/mailroom.py then processes each stored message exactly once)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from pbem import failpoints
from pbem.ledger.db import session_scope
from pbem.ledger.models import InboundMessage, MailboxCursor
from pbem.mail.reading.inbound import Inbound, read_message
from pbem.mail.transport.sources import MailSource
from pbem.services.base.isolation import describe
from pbem.services.base.runtime import Runtime
from pbem.services.intake.intake_limits import max_message_bytes
from pbem.services.intake.quarantine import E_STORE, OUTCOME, QUARANTINED
from pbem.services.intake.stored_mail import kept_raw


@dataclass
class IngestStats:
    """Counts of one intake pass, by outcome code."""

    stored: int = 0
    processed: int = 0
    quarantined: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    # messages stored in this pass, by row id, as read then: processing does not read them again
    parsed: dict[int, Inbound] = field(default_factory=dict, repr=False, compare=False)

    def count(self, outcome: str) -> None:
        """Count one processed message under its outcome code."""
        self.processed += 1
        self.quarantined += outcome == OUTCOME
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1


def poll(rt: Runtime, source: MailSource, stats: IngestStats) -> None:
    """Store every new message raw, batch by batch, advancing the mailbox cursor with it."""
    while True:
        with session_scope(rt.engine) as session:
            cursor = _cursor(session, source.identity)
            batch = source.fetch_new(
                cursor.last_uid if cursor.id else None, cursor.uidvalidity if cursor.id else None
            )
            uids = [uid for uid, _ in batch.messages]
            known = _stored_uids(session, source.identity, batch.uidvalidity, uids)
            for uid, raw in batch.messages:
                kept = _store(
                    session, rt, source.identity, batch.uidvalidity, uid, raw, stats, known
                )
                stats.stored += kept is not None
                stats.quarantined += kept == QUARANTINED
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


def _stored_uids(session: Session, mailbox: str, uidvalidity: int, uids: list[int]) -> set[int]:
    """Which of `uids` are already stored, in one query."""
    if not uids:
        return set()
    rows = session.exec(
        select(InboundMessage.uid).where(
            InboundMessage.mailbox == mailbox,
            InboundMessage.uidvalidity == uidvalidity,
            col(InboundMessage.uid).in_(uids),
        )
    ).all()
    return set(rows)


def _store(
    session: Session,
    rt: Runtime,
    mailbox: str,
    uidvalidity: int,
    uid: int,
    raw: bytes,
    stats: IngestStats | None = None,
    known: set[int] | None = None,
) -> str | None:
    """Store one message and return its status (None if already stored).

    A message that cannot be stored as it came is kept as a quarantine row instead. What was
    read of it is kept in `stats` for processing in the same pass. `known` holds the UIDs of
    this mailbox and UIDVALIDITY already stored, when the caller has read them; it gains `uid`.
    """
    if known is None:
        known = _stored_uids(session, mailbox, uidvalidity, [uid])
    if uid in known:
        return None
    known.add(uid)
    place = Place(mailbox, uidvalidity, uid)
    try:
        with session.begin_nested():
            row, inbound = _row(rt, place, raw)
            session.add(row)
            session.flush()
        if stats is not None and row.id is not None:
            stats.parsed[row.id] = inbound
    except Exception as exc:
        with session.begin_nested():
            session.add(_quarantine_row(rt, place, raw, describe(exc)))
            session.flush()
        return QUARANTINED
    return "new"


@dataclass(frozen=True)
class Place:
    """Where a message was read from: mailbox, UIDVALIDITY and UID."""

    mailbox: str
    uidvalidity: int
    uid: int


def _row(rt: Runtime, place: Place, raw: bytes) -> tuple[InboundMessage, Inbound]:
    """The ledger row for a raw message, truncated when it is over the size limit, and the
    message as read."""
    limit = max_message_bytes(rt)
    inbound = read_message(raw, max_bytes=limit)
    kept, truncated = kept_raw(raw, limit)
    row = InboundMessage(
        mailbox=place.mailbox,
        uidvalidity=place.uidvalidity,
        uid=place.uid,
        message_id=inbound.message_id,
        digest=inbound.digest,
        raw=kept,
        raw_size=len(raw),
        truncated=truncated,
        received_at=rt.clock.now(),
    )
    return row, inbound


def _quarantine_row(rt: Runtime, place: Place, raw: bytes, detail: str) -> InboundMessage:
    """A row that keeps what it can of a message that could not be stored as it came."""
    digest = hashlib.sha256(raw).hexdigest()
    kept, truncated = kept_raw(raw, max_message_bytes(rt))
    return InboundMessage(
        mailbox=place.mailbox,
        uidvalidity=place.uidvalidity,
        uid=place.uid,
        message_id=f"nomsgid-{digest}",
        digest=digest,
        raw=kept,
        raw_size=len(raw),
        truncated=truncated,
        received_at=rt.clock.now(),
        status=QUARANTINED,
        outcome=OUTCOME,
        quarantine_reason=E_STORE,
        quarantine_detail=detail,
    )


def store_raw(rt: Runtime, mailbox: str, raw: bytes, uid: int, uidvalidity: int = 1) -> None:
    """Store one raw message as if a mailbox had delivered it (for imports and tests)."""
    with session_scope(rt.engine) as session:
        _store(session, rt, mailbox, uidvalidity, uid, raw)
