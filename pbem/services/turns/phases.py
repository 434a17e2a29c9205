"""Opening phases: the seed, the deadline and the status machine open -> running -> done."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, or_
from sqlmodel import Session, col

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
    deadline = (
        None
        if (due.referee and not due.players)
        else window_deadline(now, campaign_settings(campaign))
        if due.window is not None
        else deadline_for(now, campaign_settings(campaign), info.topic)
    )
    phase = Phase(
        campaign_id=campaign.id or 0,
        seq=seq,
        key=info.key,
        label=info.label,
        turn=info.turn,
        status="open",
        deadline=deadline,
        seed=phase_seed(campaign, seq),
        opened_at=now,
        complete_at=now if due.nobody else None,
    )
    session.add(phase)
    session.flush()
    return phase


def may_be_due(now: datetime) -> ColumnElement[bool]:
    """SQL: a phase can be due only once its deadline or the moment its input was all in has
    passed; the tick reads the saved state of no other campaign (indexes ix_phase_deadline and
    ix_phase_complete, migration 0007)."""
    return or_(
        and_(col(Phase.deadline).is_not(None), col(Phase.deadline) <= now),
        and_(col(Phase.complete_at).is_not(None), col(Phase.complete_at) <= now),
    )
