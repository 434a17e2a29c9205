"""What one seat owes now, as the ORDERS and STATUS replies say it: its orders, a question to
it, optional input only, or nothing while others (perhaps answering a question) are awaited."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.ledger import queries
from pbem.ledger.models import Campaign
from pbem.services.base.schedule import local_text
from pbem.services.turns.now import CampaignNow
from pbem.services.turns.submissions import is_clean


def seat_now(session: Session, now: CampaignNow, seat: str) -> dict[str, Any]:
    """The seat's part in the phase open `now`: owed, optional, a question to it, who else is
    awaited."""
    campaign, phase, due = now.campaign, now.phase, now.due
    if phase is None or not now.takes_input:
        return {"phase": phase, "open": False, "seat": seat}
    live = queries.live_submission(session, phase, seat)
    window = due.window
    return {
        "phase": phase,
        "open": True,
        "seat": seat,
        "owed": seat in due.players,
        "optional": seat in due.optional,
        "question": window.id if window is not None and window.seat == seat else None,
        "others_question": window.id if window is not None and window.seat != seat else None,
        "awaited": _names(session, campaign, [s for s in due.players if s != seat]),
        "submission": live,
        "clean": live is not None and is_clean(live),
        "deadline": local_text(phase.deadline, campaign.timezone),
    }


def _names(session: Session, campaign: Campaign, seats: list[str]) -> list[str]:
    """Seats as players see them: `Name (p2)`, never an address."""
    shown = []
    for seat in seats:
        player = queries.player_by_seat(session, campaign, seat)
        shown.append(f"{player.name} ({seat})" if player is not None else seat)
    return shown
