"""Where a campaign stands: its phase, who it waits for, its players and result, and its mail
not yet sent (`pbem status`, `pbem campaign list`, the STATUS mail)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Outbox
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import iso
from pbem.services.base.standings import campaign_result
from pbem.services.base.states import current_state, game_of
from pbem.services.turns.submissions import is_clean


def unsent_mail(rt: Runtime, campaign: Campaign) -> tuple[int, str]:
    """How many of a campaign's mails are not sent yet, and the latest reason one failed."""
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox).where(Outbox.campaign_id == campaign.id, Outbox.status != "sent")
        ).all()
        reasons = [row.last_error for row in rows if row.last_error]
        return len(rows), (reasons[-1] if reasons else "")


def list_campaigns(rt: Runtime) -> list[dict[str, Any]]:
    """Every campaign with its game, status and current phase."""
    with Session(rt.engine) as session:
        rows = session.exec(select(Campaign).order_by(Campaign.name)).all()
        return [status_of(session, c) for c in rows]


def status(rt: Runtime, name: str) -> dict[str, Any]:
    """Where a campaign stands, as the documented `status --json` object."""
    with Session(rt.engine) as session:
        return status_of(session, queries.campaign_named(session, name))


def status_of(session: Session, campaign: Campaign) -> dict[str, Any]:
    """The status object of one campaign."""
    phase = queries.open_phase(session, campaign) or queries.latest_phase(session, campaign)
    state = current_state(session, campaign)
    game = game_of(campaign)
    due = game.due(state)
    waiting = _waiting_for(session, campaign, phase, due.players, due.referee)
    info = game.phase(state)
    return {
        "campaign": campaign.name,
        "game": campaign.game,
        "status": campaign.status,
        "phase": phase.label if phase else info.label,
        "phase_key": phase.key if phase else info.key,
        "turn": phase.turn if phase else info.turn,
        "deadline": iso(phase.deadline, campaign.timezone)
        if phase and phase.status == "open"
        else None,
        "waiting_for": waiting if campaign.status == "active" else [],
        "result": campaign_result(session, campaign, state),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "address": p.address,
                "status": p.status,
                "missed": p.missed,
                "delivery": p.delivery,
            }
            for p in queries.players_of(session, campaign)
        ],
    }


def _waiting_for(
    session: Session, campaign: Campaign, phase: Any, seats: list[str], referee: bool
) -> list[str]:
    if phase is None or phase.status != "open":
        return []
    waiting = []
    for seat in seats:
        live = queries.live_submission(session, phase, seat)
        if live is None or not is_clean(live):  # orders with errors: the phase still waits
            player = queries.player_by_seat(session, campaign, seat)
            waiting.append(player.address if player else seat)
    if referee and queries.live_submission(session, phase, REFEREE) is None:
        waiting.append(REFEREE)
    return waiting
