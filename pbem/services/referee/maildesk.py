"""The referee's mail desk: refused and unknown mail, the outbox, and resending reports."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from pbem.errors import NotFound
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import InboundMessage, Outbox
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import Origin, submit_and_acknowledge
from pbem.services.intake.stored_mail import read_stored
from pbem.services.outbox.outbox import enqueue
from pbem.services.reports.notify import report_letter
from pbem.services.reports.spans import Span
from pbem.services.reports.viewing import phase_for
from pbem.services.turns.now import read_now

DESK_OUTCOMES = (
    "mail.unknown_sender",
    "mail.E_FROM_MISMATCH",
    "mail.E_BAD_SECRET",
    "mail.E_NO_SECRET",
    "mail.refused",
    "mail.orders_refused",
    "mail.E_OLD_PHASE",  # written for a decided phase: the referee may still assign it
    "mail.E_OLD_QUESTION",
    "mail.quarantined",
    "mail.bounce_unmatched",
)


def desk(rt: Runtime) -> list[dict[str, Any]]:
    """Inbound mail that was refused, from unknown senders, or not understood, still unhandled."""
    with Session(rt.engine) as session:
        rows = session.exec(
            select(InboundMessage)
            .where(col(InboundMessage.outcome).in_(DESK_OUTCOMES))
            .order_by(col(InboundMessage.id))
        ).all()
        return [_desk_row(rt, row) for row in rows]


def _desk_row(rt: Runtime, row: InboundMessage) -> dict[str, Any]:
    inbound = read_stored(rt, row)
    return {
        "id": row.id,
        "received_at": row.received_at.isoformat(),
        "from": inbound.from_address,
        "subject": inbound.subject,
        "outcome": row.outcome,
        "campaign_id": row.campaign_id,
    }


def _desk_message(session: Session, message_id: int) -> InboundMessage:
    row = session.get(InboundMessage, message_id)
    if row is None or row.outcome not in DESK_OUTCOMES:
        raise NotFound("referee.E_NO_MAIL", message=message_id)
    return row


def assign(rt: Runtime, name: str, message_id: int, who: str, reason: str) -> dict[str, Any]:
    """Treat a refused message as orders from a player: submit its text and acknowledge."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        row = _desk_message(session, message_id)
        player = queries.find_player(session, campaign, who)
        text = read_stored(rt, row).body_text
        was = row.outcome
        row.campaign_id, row.player_id, row.outcome = campaign.id, player.id, "referee.assigned"
        session.add(row)
        now = read_now(session, campaign)
        receipt = submit_and_acknowledge(session, rt, now, player, text, Origin("mail", row.id))
        audit.record(
            session,
            rt,
            campaign,
            "mail-assign",
            reason,
            message=row.id,
            seat=player.seat,
            was=was,
            accepted=receipt.accepted,
        )
        return {"message": row.id, "seat": player.seat, "accepted": receipt.accepted}


def discard(rt: Runtime, name: str, message_id: int, reason: str) -> dict[str, Any]:
    """Mark a refused message as seen and set aside (it stays in the ledger)."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        row = _desk_message(session, message_id)
        was, row.outcome = row.outcome, "referee.discarded"
        session.add(row)
        audit.record(session, rt, campaign, "mail-discard", reason, message=row.id, was=was)
        return {"message": row.id, "outcome": row.outcome}


def outbox(rt: Runtime, name: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
    """Outbound mail with its delivery state, newest last."""
    with Session(rt.engine) as session:
        query = select(Outbox).order_by(col(Outbox.id))
        if name is not None:
            query = query.where(Outbox.campaign_id == queries.campaign_named(session, name).id)
        if status is not None:
            query = query.where(Outbox.status == status)
        return [
            {
                "id": row.id,
                "kind": row.kind,
                "to": row.recipient,
                "subject": row.subject,
                "status": row.status,
                "attempts": row.attempts,
                "last_error": row.last_error,
                "sent_at": _iso(row.sent_at),
            }
            for row in session.exec(query).all()
        ]


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def retry(rt: Runtime, name: str, message_id: int | None, reason: str) -> dict[str, Any]:
    """Put failed (dead) mail back in the queue: one message, or every one of the campaign."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        query = select(Outbox).where(Outbox.campaign_id == campaign.id, Outbox.status == "dead")
        if message_id is not None:
            query = query.where(Outbox.id == message_id)
        rows = session.exec(query).all()
        if message_id is not None and not rows:
            raise NotFound("referee.E_NO_OUTBOX", message=message_id)
        for row in rows:
            row.status, row.attempts, row.next_attempt_at = "pending", 0, rt.clock.now()
            session.add(row)
        ids = [row.id for row in rows]
        audit.record(session, rt, campaign, "mail-retry", reason, outbox=ids)
        return {"campaign": name, "requeued": ids}


def resend_report(
    rt: Runtime, name: str, who: str, turn: int | None, reason: str
) -> dict[str, Any]:
    """Queue a player's report for any adjudicated turn again."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.find_player(session, campaign, who)
        phase = phase_for(session, campaign, turn)
        if phase is None:
            raise NotFound("turn.E_NOT_FOUND", campaign=name, turn=turn)
        action = audit.record(
            session, rt, campaign, "resend-report", reason, seat=player.seat, phase=phase.key
        )
        letter = report_letter(
            session,
            rt,
            campaign,
            player,
            Span(phase.seq, phase),
            key=f"resend-report:{campaign.name}:{action.id}",
        )
        enqueue(session, rt, letter, campaign.id)
        return {"campaign": name, "seat": player.seat, "phase": phase.key}
