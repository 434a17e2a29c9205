"""The standings of a finished campaign, for status, the campaign list, the site and mail."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.ledger import queries
from pbem.ledger.models import Campaign
from pbem.render.standings import final_result
from pbem.services.base.states import current_state, game_of


def campaign_result(
    session: Session, campaign: Campaign, state: Any = None
) -> dict[str, Any] | None:
    """The winner and standings of `campaign` (its current state unless given); None if running."""
    if state is None:
        state = current_state(session, campaign)
    names = {p.seat: p.name for p in queries.players_of(session, campaign)}
    return final_result(game_of(campaign).outcome(state), names)


def winner_summary(result: dict[str, Any] | None) -> str:
    """A short cell for tables: the winner's name, 'draw', or '' while the game runs."""
    if result is None:
        return ""
    winners = result["winners"]
    return " and ".join(str(w["name"]) for w in winners) if winners else "draw"
