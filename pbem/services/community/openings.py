"""Opening a campaign to sign-ups by mail: the referee's `campaign create --open`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from pbem.errors import Conflict, Invalid
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Opening
from pbem.registry import get_game
from pbem.services.base.campaign_settings import settings_for_new_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.community.forming import describe, openings
from pbem.services.turns.campaigns import check_campaign_name, resolve_scenario


@dataclass
class NewOpening:
    """What a referee asks for when opening a campaign to sign-ups by mail."""

    name: str
    game: str
    seats: int
    scenario: str | None = None
    seed: int | None = None
    sets: dict[str, str] = field(default_factory=dict)
    rules: str = ""
    signup_by: datetime | None = None
    observers: bool = False
    nmr_limit: int = 0
    min_on_time: int = 0
    absence_days: int = 0
    extensions: int = 0
    extend_hours: int = 24


def create_opening(rt: Runtime, request: NewOpening) -> dict[str, Any]:
    """Record a forming campaign; everything is checked first, so a refusal leaves no trace."""
    game = get_game(request.game)
    check_campaign_name(request.name)
    if not game.meta.min_players <= request.seats <= game.meta.max_players:
        raise Invalid("campaign.E_PLAYER_COUNT", game=game.meta.title,
                      min=game.meta.min_players, max=game.meta.max_players, count=request.seats)
    counts = (request.nmr_limit, request.absence_days, request.extensions)
    if not 0 <= request.min_on_time <= 100 or min(counts) < 0 or request.extend_hours < 1:
        raise Invalid("community.E_LIMITS", nmr=request.nmr_limit, pct=request.min_on_time)
    resolve_scenario(game, request.scenario)
    settings_for_new_campaign(game, request.sets)  # a bad --set is refused now, not at start
    with session_scope(rt.engine) as session:
        _check_free_name(session, request.name)
        opening = Opening(
            name=request.name, game=request.game, scenario=request.scenario,
            seats=request.seats, seed=request.seed, sets_json=json.dumps(request.sets),
            rules=request.rules, signup_by=request.signup_by, observers=request.observers,
            nmr_limit=request.nmr_limit, min_on_time=request.min_on_time,
            absence_days=request.absence_days, extensions=request.extensions,
            extend_hours=request.extend_hours,
            created_at=rt.clock.now(),
        )  # fmt: skip
        session.add(opening)
        session.flush()
        return describe(session, opening)


def _check_free_name(session: Session, name: str) -> None:
    taken = session.exec(select(Campaign.id).where(Campaign.name == name)).first()
    opened = session.exec(select(Opening.id).where(Opening.name == name)).first()
    if taken is not None or opened is not None:
        raise Conflict("campaign.E_EXISTS", name=name)


def opening_list(rt: Runtime) -> list[dict[str, Any]]:
    """Every opening as the referee sees it, oldest first (`campaign forming`)."""
    with Session(rt.engine) as session:
        return [describe(session, o) for o in openings(session)]
