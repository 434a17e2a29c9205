"""LIST: the campaigns that take players or observers now, forming, with open seats, or
watchable, as anyone may see them (names of players, never their addresses)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.ledger.models import Campaign, Opening
from pbem.registry import get_game
from pbem.services.base.schedule import local_text
from pbem.services.community.forming import FORMING, FULL, joined, openings
from pbem.services.community.seats import open_seats


def taking_players(session: Session, now: datetime, timezone: str) -> list[dict[str, Any]]:
    """Every campaign a stranger may sign on to now, oldest first."""
    found: list[dict[str, Any]] = []
    for opening in openings(session):
        entry = {
            "campaign": opening.name,
            "game": get_game(opening.game).meta.title,
            "rules": opening.rules,
            "min_on_time": opening.min_on_time,
            "nmr_limit": opening.nmr_limit,
            "observers": opening.observers,
        }
        if opening.status == FULL:
            continue
        if opening.status == FORMING:
            signed = len(joined(session, opening))
            closed = opening.signup_by is not None and now > opening.signup_by
            if signed < opening.seats and not closed:
                until = local_text(opening.signup_by, timezone) if opening.signup_by else ""
                found.append({**entry, "forming": True, "signed_on": signed,
                              "seats": opening.seats, "signup_by": until})  # fmt: skip
            continue
        free = [p.seat for p in open_seats(session, opening)]
        if free or (opening.observers and _running(session, opening)):
            found.append({**entry, "forming": False, "open_seats": free})
    return found


def _running(session: Session, opening: Opening) -> bool:
    campaign = session.get(Campaign, opening.campaign_id) if opening.campaign_id else None
    return campaign is not None and campaign.status in ("active", "paused")
