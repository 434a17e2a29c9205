"""Starting forming campaigns: those SIGNON filled (the tick's `openings` step), or one the
referee starts with the players it has (`campaign start`)."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from pbem.errors import Conflict, NotFound
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Opening
from pbem.services.base.runtime import Runtime
from pbem.services.community.forming import (
    FORMING,
    FULL,
    STARTED,
    describe,
    joined,
    opening_named,
    openings,
)
from pbem.services.turns.campaigns import NewCampaign, create_campaign_in


def start_in(session: Session, rt: Runtime, opening: Opening) -> Campaign:
    """Start a forming campaign with its signed-on players, welcome mail and all."""
    signed = joined(session, opening)  # in sign-up order: p1 signed on first
    players = [f"{s.name} <{s.address}>" for s in signed]
    request = NewCampaign(
        opening.name, opening.game, opening.scenario, players, seed=opening.seed,
        sets=json.loads(opening.sets_json), preferences=[s.preference for s in signed],
    )  # fmt: skip
    campaign = create_campaign_in(session, rt, request)
    opening.status, opening.campaign_id = STARTED, campaign.id
    session.add(opening)
    return campaign


def start_full(rt: Runtime) -> list[str]:
    """Start every opening whose seats SIGNON filled, each in its own transaction."""
    with Session(rt.engine) as session:
        names = [o.name for o in openings(session, FULL)]
    for name in names:
        with session_scope(rt.engine) as session:
            opening = opening_named(session, name)
            if opening is not None and opening.status == FULL:
                start_in(session, rt, opening)
    return names


def start_opening(rt: Runtime, name: str) -> dict[str, Any]:
    """The referee's `campaign start`: start a forming campaign with the players it has."""
    with session_scope(rt.engine) as session:
        opening = opening_named(session, name)
        if opening is None:
            raise NotFound("campaign.E_NOT_FOUND", name=name)
        if opening.status not in (FORMING, FULL):
            raise Conflict("community.E_STARTED", campaign=opening.name)
        start_in(session, rt, opening)
        return describe(session, opening)
