"""The referee's control of time: deadlines, pause and resume, and settings after creation."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session

from pbem.errors import Conflict, Invalid
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase
from pbem.services.base import audit
from pbem.services.base.campaign_settings import section_of, validate_campaign_settings
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.states import canonical_json, game_of
from pbem.services.outbox.referee_mail import tell_players

DURATION = re.compile(r"^\s*(?P<amount>\d+(?:\.\d+)?)\s*(?P<unit>[mhd])\s*$")
UNIT_MINUTES = {"m": 1, "h": 60, "d": 1440}


def parse_duration(text: str) -> timedelta:
    """'12h', '2d' or '90m' as a timedelta."""
    match = DURATION.match(text.lower())
    if match is None:
        raise Invalid("referee.E_DURATION", value=text)
    return timedelta(minutes=float(match["amount"]) * UNIT_MINUTES[match["unit"]])


def parse_moment(text: str, timezone: str) -> datetime:
    """An ISO time; without an offset it is read in the campaign's time zone."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise Invalid("referee.E_DEADLINE_FORMAT", value=text) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(timezone))
    return moment.astimezone(ZoneInfo("UTC"))


def _open(session: Session, campaign: Campaign) -> Phase:
    phase = queries.open_phase(session, campaign)
    if phase is None:
        raise Conflict("turn.E_NO_OPEN_PHASE", campaign=campaign.name)
    return phase


def set_deadline(
    rt: Runtime, name: str, reason: str, at: str | None = None, extend: str | None = None
) -> dict[str, Any]:
    """Move the open phase's deadline to `at`, or later by `extend`; players are told."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        phase = _open(session, campaign)
        old = phase.deadline
        if at is not None:
            new = parse_moment(at, campaign.timezone)
        else:
            new = (old or rt.clock.now()) + parse_duration(extend or "0h")
        if new <= rt.clock.now():
            raise Invalid("referee.E_DEADLINE_PAST", deadline=new.isoformat())
        phase.deadline = new
        session.add(phase)
        action = audit.record(
            session,
            rt,
            campaign,
            "deadline",
            reason,
            phase=phase.key,
            old=old.isoformat() if old else None,
            new=new.isoformat(),
        )
        text = local_text(new, campaign.timezone)
        tell_players(
            session,
            rt,
            campaign,
            f"deadline:{campaign.name}:{action.id}",
            f"New deadline: {phase.label}",
            f"The referee moved the deadline of {phase.label} to {text}.\n\nReason: {reason}\n",
        )
        return {"campaign": name, "phase": phase.key, "deadline": new.isoformat()}


def pause(rt: Runtime, name: str, reason: str) -> dict[str, Any]:
    """Stop the clock: no turn runs and no orders are taken until resumed; players are told."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status != "active":
            raise Conflict("referee.E_NOT_ACTIVE", campaign=name, status=campaign.status)
        campaign.status, campaign.paused_at = "paused", rt.clock.now()
        session.add(campaign)
        action = audit.record(session, rt, campaign, "pause", reason)
        tell_players(
            session,
            rt,
            campaign,
            f"pause:{campaign.name}:{action.id}",
            "Campaign paused",
            f"The referee has paused {campaign.name}. Orders are not taken until it resumes; "
            f"the deadline moves on by the time it is paused.\n\nReason: {reason}\n",
        )
        return {"campaign": name, "status": campaign.status}


def resume(rt: Runtime, name: str, reason: str) -> dict[str, Any]:
    """Restart the clock; the open deadline moves on by the time paused; players are told."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status != "paused":
            raise Conflict("referee.E_NOT_PAUSED", campaign=name)
        paused_for = rt.clock.now() - (campaign.paused_at or rt.clock.now())
        campaign.status, campaign.paused_at = "active", None
        session.add(campaign)
        phase = queries.open_phase(session, campaign)
        if phase is not None and phase.deadline is not None:
            phase.deadline = phase.deadline + paused_for
            session.add(phase)
        deadline = local_text(phase.deadline, campaign.timezone) if phase else "none"
        action = audit.record(
            session, rt, campaign, "resume", reason, paused_seconds=int(paused_for.total_seconds())
        )
        tell_players(
            session,
            rt,
            campaign,
            f"resume:{campaign.name}:{action.id}",
            "Campaign resumed",
            f"The referee has resumed {campaign.name}. The deadline is now {deadline}.\n\n"
            f"Reason: {reason}\n",
        )
        return {"campaign": name, "status": campaign.status, "deadline": deadline}


def change_settings(rt: Runtime, name: str, sets: dict[str, str], reason: str) -> dict[str, Any]:
    """Change campaign settings, validated as `campaign create --set` validates them."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        game = game_of(campaign)
        checked = validate_campaign_settings(game, sets)
        fixed = [key for key in checked if section_of(game, key) != "campaign"]
        if fixed:
            raise Invalid("referee.E_GAME_SETTING_FIXED", key=fixed[0])
        settings = json.loads(campaign.settings_json)
        old = {key: settings["campaign"].get(key) for key in sets}
        settings["campaign"].update({key: checked[key] for key in sets})
        campaign.settings_json = canonical_json(settings)
        campaign.timezone = str(settings["campaign"].get("timezone", campaign.timezone))
        campaign.allow_press = bool(settings["campaign"].get("press", campaign.allow_press))
        session.add(campaign)
        new = {key: checked[key] for key in sets}
        audit.record(session, rt, campaign, "settings", reason, old=old, new=new)
        return {"campaign": name, "changed": new}
