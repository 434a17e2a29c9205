"""The referee's overview: every campaign at a glance, and one campaign's orders in detail."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, col, func, select

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.models import Campaign, InboundMessage, Outbox, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import campaign_settings, current_state, game_of
from pbem.services.referee.maildesk import DESK_OUTCOMES
from pbem.services.turns.questions import holds_turn, open_questions
from pbem.services.turns.status import status_of


def overview(rt: Runtime) -> list[dict[str, Any]]:
    """Every campaign: phase, deadline, who is awaited or late, flagged, questions and mail
    problems."""
    with Session(rt.engine) as session:
        rows = session.exec(select(Campaign).order_by(col(Campaign.name))).all()
        return [_line(session, campaign, rt.clock.now()) for campaign in rows]


def _past_deadline(session: Session, campaign: Campaign, now: datetime) -> bool:
    """Whether the open phase's deadline has passed (its awaited players are late)."""
    phase = queries.open_phase(session, campaign)
    return phase is not None and phase.deadline is not None and now >= phase.deadline


def _line(session: Session, campaign: Campaign, now: datetime) -> dict[str, Any]:
    base = status_of(session, campaign)
    players = base["players"]
    late = _past_deadline(session, campaign, now)
    return {
        "campaign": campaign.name,
        "game": campaign.game,
        "status": campaign.status,
        "phase": base["phase"],
        "deadline": base["deadline"],
        "waiting": [] if late else base["waiting_for"],  # before the deadline
        "late": base["waiting_for"] if late else [],  # after it
        "flagged": [p["address"] for p in players if p["status"] == "flagged"],
        "bouncing": [p["address"] for p in players if p["delivery"] == "bouncing"],
        "questions": len(open_questions(session, campaign)),
        "held": holds_turn(session, campaign),
        "failed_mail": _count_outbox(session, campaign, "dead"),
        "refused_mail": _count_desk(session, campaign, _UNANSWERED),
        "refused_orders": _count_desk(session, campaign, ANSWERED_REFUSALS),
        "declared_result": campaign_settings(campaign).get("declared_result"),
    }


def _count_outbox(session: Session, campaign: Campaign, status: str) -> int:
    return session.exec(
        select(func.count())
        .select_from(Outbox)
        .where(Outbox.campaign_id == campaign.id, Outbox.status == status)
    ).one()


# Orders refused for a mistake of the player's, who was told why: not a mail problem, though
# the desk keeps them (the referee may still assign them).
ANSWERED_REFUSALS = ("mail.orders_refused", "mail.E_OLD_PHASE", "mail.E_OLD_QUESTION")
_UNANSWERED = tuple(o for o in DESK_OUTCOMES if o not in ANSWERED_REFUSALS)


def _count_desk(session: Session, campaign: Campaign, outcomes: tuple[str, ...]) -> int:
    return session.exec(
        select(func.count())
        .select_from(InboundMessage)
        .where(
            InboundMessage.campaign_id == campaign.id,
            col(InboundMessage.outcome).in_(outcomes),
        )
    ).one()


def detail(rt: Runtime, name: str) -> dict[str, Any]:
    """One campaign's status, with who has sent orders for the open phase, when, and digests."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        info = {**status_of(session, campaign), **_line(session, campaign, rt.clock.now())}
        info["orders"] = _orders(session, campaign)
        info["open_questions"] = [
            {"id": q.id, "seat": q.seat, "text": q.text} for q in open_questions(session, campaign)
        ]
        return info


def _orders(session: Session, campaign: Campaign) -> list[dict[str, Any]]:
    phase = queries.open_phase(session, campaign)
    if phase is None:
        return []
    due = game_of(campaign).due(current_state(session, campaign))
    rows = []
    for seat in [*due.players, *due.optional] + ([REFEREE] if due.referee else []):
        live = queries.live_submission(session, phase, seat)
        rows.append(
            {
                "seat": seat,
                "owed": seat in due.players or seat == REFEREE,
                "sent_at": live.created_at.isoformat() if live else None,
                "source": live.source if live else None,
                "digest": live.digest[:12] if live else None,
                "attempts": _attempts(session, phase.id or 0, seat),
            }
        )
    return rows


def _attempts(session: Session, phase_id: int, seat: str) -> int:
    return session.exec(
        select(func.count())
        .select_from(Submission)
        .where(Submission.phase_id == phase_id, Submission.seat == seat)
    ).one()
