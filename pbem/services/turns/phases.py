"""Opening phases: the seed, the deadline and the status machine open -> running -> done."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, or_
from sqlmodel import Session, col, select

from pbem.ledger.models import Campaign, Phase
from pbem.services.base.schedule import deadline_for
from pbem.services.base.seeding import phase_seed
from pbem.services.base.states import campaign_settings, game_of
from pbem.services.turns.reactions import window_deadline


def open_phase(
    session: Session, campaign: Campaign, state: Any, seq: int, now: datetime
) -> Phase | None:
    """Record the phase the state is waiting in; None (and the campaign finished) at the end."""
    game = game_of(campaign)
    outcome = game.outcome(state)
    if outcome is not None and outcome.finished:
        campaign.status = "finished"
        session.add(campaign)
        return None
    info = game.phase(state)
    due = game.due(state)
    phase = Phase(
        campaign_id=campaign.id or 0,
        seq=seq,
        key=info.key,
        label=info.label,
        turn=info.turn,
        status="open",
        deadline=phase_deadline(campaign, state, now),
        seed=phase_seed(campaign, seq),
        opened_at=now,
        complete_at=now if due.nobody else None,
    )
    session.add(phase)
    session.flush()
    return phase


def next_seq(session: Session, campaign: Campaign) -> int:
    """The sequence number for a new phase row: above every row's, void ones included."""
    rows = session.exec(select(Phase.seq).where(Phase.campaign_id == campaign.id)).all()
    return max(rows, default=0) + 1


def phase_deadline(campaign: Campaign, state: Any, now: datetime) -> datetime | None:
    """When the phase `state` waits in, opened at `now`, is due; None when only the referee owes."""
    game = game_of(campaign)
    due = game.due(state)
    if due.referee and not due.players:
        return None
    if due.window is not None:
        return window_deadline(now, campaign_settings(campaign))
    return deadline_for(now, campaign_settings(campaign), game.phase(state).topic)


def may_be_due(now: datetime) -> ColumnElement[bool]:
    """SQL: a phase can be due only once its deadline or the moment its input was all in has
    passed; the tick reads the saved state of no other campaign (indexes ix_phase_deadline and
    ix_phase_complete, migration 0007)."""
    return or_(
        and_(col(Phase.deadline).is_not(None), col(Phase.deadline) <= now),
        and_(col(Phase.complete_at).is_not(None), col(Phase.complete_at) <= now),
    )
