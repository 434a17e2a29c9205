"""The referee's audit trail: every action with time and reason, and the log beside the mail."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.game import REFEREE
from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.models import (
    Campaign,
    InboundMessage,
    Outbox,
    Phase,
    RefereeAction,
    Submission,
)
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json


def need_reason(reason: str) -> str:
    """The reason, stripped; refused when empty."""
    if not reason.strip():
        raise Invalid("referee.E_REASON")
    return reason.strip()


def record(
    session: Session, rt: Runtime, campaign: Campaign, action: str, reason: str, **detail: Any
) -> RefereeAction:
    """Write one referee action, with its reason, in the caller's transaction."""
    row = RefereeAction(
        campaign_id=campaign.id or 0,
        action=action,
        detail_json=canonical_json({"reason": need_reason(reason), **detail}),
        at=rt.clock.now(),
    )
    session.add(row)
    session.flush()
    return row


def actions_of(session: Session, campaign: Campaign) -> list[RefereeAction]:
    """A campaign's referee actions, oldest first."""
    return list(
        session.exec(
            select(RefereeAction)
            .where(RefereeAction.campaign_id == campaign.id)
            .order_by(col(RefereeAction.at), col(RefereeAction.id))
        ).all()
    )


def campaign_log(rt: Runtime, name: str) -> list[dict[str, Any]]:
    """Referee actions, turns, and mail in and out, merged in time order."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        entries = [
            *_action_entries(session, campaign),
            *_phase_entries(session, campaign),
            *_mail_entries(session, campaign),
            *_order_entries(session, campaign),
        ]
    return sorted(entries, key=lambda e: (e["at"], e["order"]))


def _entry(at: datetime, kind: str, what: str, order: int, **extra: Any) -> dict[str, Any]:
    return {"at": at.isoformat(), "kind": kind, "what": what, "order": order, **extra}


def _action_entries(session: Session, campaign: Campaign) -> list[dict[str, Any]]:
    rows = []
    for action in actions_of(session, campaign):
        detail = json.loads(action.detail_json)
        reason = detail.pop("reason", "")
        rows.append(_entry(action.at, "referee", action.action, 2, reason=reason, detail=detail))
    return rows


def _phase_entries(session: Session, campaign: Campaign) -> list[dict[str, Any]]:
    rows = []
    phases = session.exec(select(Phase).where(Phase.campaign_id == campaign.id)).all()
    for phase in phases:
        rows.append(_entry(phase.opened_at, "turn", f"opened {phase.label}", 1, seq=phase.seq))
        if phase.adjudicated_at is not None:
            what = f"adjudicated {phase.label}" + (
                " (rolled back)" if phase.status == "void" else ""
            )
            rows.append(_entry(phase.adjudicated_at, "turn", what, 1, seq=phase.seq))
    return rows


def _order_entries(session: Session, campaign: Campaign) -> list[dict[str, Any]]:
    rows = session.exec(
        select(Submission, Phase.key)
        .where(Submission.campaign_id == campaign.id, Submission.phase_id == Phase.id)
        .order_by(col(Submission.id))
    ).all()
    return [
        _entry(
            row.created_at,
            "orders",
            f"{'result' if row.seat == REFEREE else 'orders'} of {row.seat} for {key} "
            f"({row.source}, {'valid' if row.valid else 'refused'})",
            3,
            digest=row.digest[:12],
        )
        for row, key in rows
        if row.source != "default"
    ]


def _mail_entries(session: Session, campaign: Campaign) -> list[dict[str, Any]]:
    inbound = session.exec(
        select(InboundMessage).where(InboundMessage.campaign_id == campaign.id)
    ).all()
    outbound = session.exec(select(Outbox).where(Outbox.campaign_id == campaign.id)).all()
    rows = [
        _entry(m.received_at, "mail in", m.outcome or m.status, 3, message=m.id) for m in inbound
    ]
    rows += [
        _entry(
            o.created_at, "mail out", f"{o.kind} to {o.recipient}: {o.status}", 4, subject=o.subject
        )
        for o in outbound
    ]
    return rows
