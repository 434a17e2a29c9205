"""The referee's view of orders on file: show them, and clear a player's."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, game_of


def _seats(session: Session, campaign: Campaign, who: str | None) -> list[str]:
    if who == REFEREE:
        return [REFEREE]
    if who is not None:
        return [queries.find_player(session, campaign, who).seat]
    return [p.seat for p in queries.players_of(session, campaign)] + [REFEREE]


def _open(session: Session, campaign: Campaign) -> Phase:
    phase = queries.open_phase(session, campaign)
    if phase is None:
        raise Conflict("turn.E_NO_OPEN_PHASE", campaign=campaign.name)
    return phase


def show_orders(rt: Runtime, name: str, who: str | None = None) -> list[dict[str, Any]]:
    """The orders on file for the open phase, per seat (canonical text, source, time, digest)."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        phase = _open(session, campaign)
        due = game_of(campaign).due(current_state(session, campaign))
        owed = set(due.players) | ({REFEREE} if due.referee else set())
        rows = []
        for seat in _seats(session, campaign, who):
            live = queries.live_submission(session, phase, seat)
            if live is None and seat not in owed and who is None:
                continue
            rows.append(
                {
                    "seat": seat,
                    "phase": phase.key,
                    "owed": seat in owed,
                    "orders": live.canonical if live else None,
                    "source": live.source if live else None,
                    "sent_at": live.created_at.isoformat() if live else None,
                    "digest": live.digest[:12] if live else None,
                }
            )
        return rows


def clear_orders(rt: Runtime, name: str, who: str, reason: str) -> dict[str, Any]:
    """Withdraw a seat's orders for the open phase (they stay in the ledger, superseded)."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        phase = _open(session, campaign)
        seat = _seats(session, campaign, who)[0]
        live = queries.live_submission(session, phase, seat)
        while live is not None:
            live.superseded = True
            session.add(live)
            session.flush()
            live = queries.live_submission(session, phase, seat)
        phase.complete_at = None
        session.add(phase)
        audit.record(session, rt, campaign, "clear-orders", reason, seat=seat, phase=phase.key)
        return {"campaign": name, "seat": seat, "phase": phase.key}
