"""Quarantined mail: kept with a stable reason, out of the tick's way, shown to the referee."""

from __future__ import annotations

import logging

from sqlalchemy import update
from sqlmodel import Session, col, func, select

from pbem.errors import NotFound
from pbem.ledger.models import InboundMessage
from pbem.mail.reading.inbound import read_message
from pbem.services.base.runtime import Runtime

QUARANTINED = "quarantined"
E_STORE = "intake.E_STORE"  # the message could not be stored as it came
E_PROCESS = "intake.E_PROCESS"  # processing the message raised
OUTCOME = "mail.quarantined"

log = logging.getLogger("pbem.intake")


def mark(session: Session, message_id: int, reason: str, detail: str) -> bool:
    """Quarantine a stored message that is not yet done with; True if it was marked."""
    marked = session.exec(
        update(InboundMessage)
        .where(
            col(InboundMessage.id) == message_id,
            col(InboundMessage.status).in_(["new", "processing"]),
        )
        .values(status=QUARANTINED, outcome=OUTCOME, quarantine_reason=reason,
                quarantine_detail=detail)
    )  # fmt: skip
    log.warning("quarantined inbound message %s: %s %s", message_id, reason, detail)
    return bool(marked.rowcount)


def quarantined(session: Session) -> list[InboundMessage]:
    """Every quarantined message, oldest first."""
    return list(
        session.exec(
            select(InboundMessage)
            .where(InboundMessage.status == QUARANTINED)
            .order_by(col(InboundMessage.id))
        ).all()
    )


def count(session: Session) -> int:
    """How many messages are quarantined."""
    found = session.exec(
        select(func.count()).select_from(InboundMessage).where(InboundMessage.status == QUARANTINED)
    ).one()
    return int(found)


def summary(row: InboundMessage) -> dict[str, object]:
    """What the referee sees of one stored message in a listing."""
    inbound = read_message(row.raw)
    return {
        "id": row.id,
        "received_at": row.received_at,
        "from": inbound.from_address,
        "subject": inbound.subject,
        "message_id": row.message_id,
        "status": row.status,
        "outcome": row.outcome,
        "reason": row.quarantine_reason,
        "detail": row.quarantine_detail,
        "size": row.raw_size or len(row.raw),
        "truncated": row.truncated,
        "sha256": row.digest,
    }


def listing(rt: Runtime) -> list[dict[str, object]]:
    """Every quarantined message, summarised for the referee."""
    with Session(rt.engine) as session:
        return [summary(row) for row in quarantined(session)]


def shown(rt: Runtime, message_id: int) -> tuple[dict[str, object], bytes]:
    """One stored message: its summary and the raw bytes kept."""
    with Session(rt.engine) as session:
        row = session.get(InboundMessage, message_id)
        if row is None:
            raise NotFound("mail.E_NO_SUCH_MESSAGE", id=message_id)
        return summary(row), row.raw


def quarantined_count(rt: Runtime) -> int:
    """How many messages in the ledger are quarantined."""
    with Session(rt.engine) as session:
        return count(session)
