"""Open seats in running campaigns: a seat the referee opened or dropped, or one past the
campaign's NMR limit, is offered by LIST and taken over by SIGNON (after a drop the game's
own rules still hold the seat: a Diplomacy power in civil disorder comes back with the
referee's `edit disorder POWER off`)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Opening, Player
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime

OPEN = "open"  # a player status: the seat plays on defaults until someone takes it
DROPPED = "dropped"  # `player drop`: out under the game's rules, and offered all the same
STILL_PLAYING = ("active", "flagged")


def is_open(player: Player, nmr_limit: int) -> bool:
    """The seat is offered: the referee opened or dropped it, or it missed `nmr_limit` phases
    in a row."""
    if player.status in (OPEN, DROPPED):
        return True
    return bool(nmr_limit) and player.status in STILL_PLAYING and player.missed >= nmr_limit


def open_seats(session: Session, opening: Opening) -> list[Player]:
    """The seats of a started opening's campaign that anyone may take over, in seat order."""
    campaign = session.get(Campaign, opening.campaign_id) if opening.campaign_id else None
    if campaign is None or campaign.status not in ("active", "paused"):
        return []
    return [
        p for p in queries.players_of(session, campaign) if is_open(p, opening.nmr_limit)
    ]


def open_seat(rt: Runtime, name: str, who: str, reason: str) -> dict[str, Any]:
    """The referee's `player open`: offer a seat to whoever signs on for it; it plays on
    defaults until then."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status not in ("active", "paused"):
            raise Conflict("referee.E_NOT_ACTIVE", campaign=name, status=campaign.status)
        player = queries.find_player(session, campaign, who)
        old = player.status
        player.status = OPEN
        session.add(player)
        audit.record(session, rt, campaign, "open-seat", reason, seat=player.seat, old=old)
        return {"campaign": name, "seat": player.seat, "status": OPEN}
