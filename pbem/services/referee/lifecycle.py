"""The end of a campaign: ending early with a declared result, and archiving."""

from __future__ import annotations

import json
from typing import Any

from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.render.templating import render
from pbem.services.base import audit
from pbem.services.base.locks import run_lock
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json
from pbem.services.community.observing import tell_observers
from pbem.services.outbox.referee_mail import tell_players

LOCK_WAIT_SECONDS = 120  # ending waits for a running tick, so no turn runs as it ends


def end_campaign(rt: Runtime, name: str, result: str, reason: str) -> dict[str, Any]:
    """Finish a campaign now with the referee's declared result; players are told."""
    with run_lock(rt.engine, LOCK_WAIT_SECONDS), session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status not in ("active", "paused"):
            raise Conflict("referee.E_NOT_ACTIVE", campaign=name, status=campaign.status)
        phase = queries.open_phase(session, campaign)
        if phase is not None:
            phase.status = "void"
            session.add(phase)
        settings = json.loads(campaign.settings_json)
        settings["campaign"]["declared_result"] = result
        campaign.settings_json = canonical_json(settings)
        campaign.status, campaign.paused_at = "finished", None
        session.add(campaign)
        action = audit.record(session, rt, campaign, "end", reason, result=result)
        key, title = f"end:{campaign.name}:{action.id}", "The campaign has ended"
        body = render("mail/ended.txt.j2", campaign=campaign.name, result=result, reason=reason)
        tell_players(session, rt, campaign, key, title, body)
        tell_observers(session, rt, campaign, key, title, body)  # the result is public
        return {"campaign": name, "status": campaign.status, "result": result}


def archive(rt: Runtime, name: str, reason: str) -> dict[str, Any]:
    """Mark a finished campaign archived: listed apart, kept whole in the ledger."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status != "finished":
            raise Conflict("referee.E_NOT_FINISHED", campaign=name)
        campaign.status = "archived"
        session.add(campaign)
        audit.record(session, rt, campaign, "archive", reason)
        return {"campaign": name, "status": campaign.status}
