"""Deadlines: absolute times in the campaign's time zone, from its schedule settings."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

CAMPAIGN_SETTINGS: dict[str, Any] = {
    "deadline_hours": 72,
    "timezone": "UTC",
    "press": True,
    "press_to": "anyone",  # "all": broadcast press only (PRESS ALL)
    "press_style": "white",  # "grey": anonymous press; "either": the sender chooses
    "press_fake": False,  # private press may be shown to its recipient as broadcast
    "press_copy": "none",  # "private" or "all": the referee gets a copy of that press
    "disorder_after": 0,  # a seat missing this many phases in a row is dropped; 0: never
    "disorder_topic": "",  # the phases counted ("movement"); "": every phase
    "early_delay_minutes": -1,  # -1: use the site configuration
    "round_to_hour": True,
    "hold_for_questions": False,  # the turn waits while a REFEREE question is unanswered
    "reaction_hours": 12.0,  # hours a reaction window stays open (docs/games.md)
    "reports": "budget",  # who is mailed a report after each phase (docs/mail.md)
}


def phase_hours(schedule: dict[str, Any], topic: str) -> float:
    """Hours a phase of `topic` stays open: `deadline_hours.<topic>`, else `deadline_hours`."""
    specific = schedule.get(f"deadline_hours.{topic}")
    return float(specific if specific is not None else schedule.get("deadline_hours", 72))


def deadline_for(opened: datetime, schedule: dict[str, Any], topic: str) -> datetime:
    """The deadline of a phase opened at `opened`, rounded up to a whole hour in local time."""
    zone = ZoneInfo(str(schedule.get("timezone", "UTC")))
    local = (opened + timedelta(hours=phase_hours(schedule, topic))).astimezone(zone)
    if schedule.get("round_to_hour", True) and (local.minute or local.second or local.microsecond):
        local = local.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    return local.astimezone(ZoneInfo("UTC"))


def local_text(moment: datetime | None, timezone: str) -> str:
    """A deadline as people read it: '2026-11-24 18:00 CET (+01:00)'."""
    if moment is None:
        return "none (waiting for the referee)"
    local = moment.astimezone(ZoneInfo(timezone))
    offset = local.strftime("%z")
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()} ({offset[:3]}:{offset[3:]})"


def iso(moment: datetime | None, timezone: str) -> str | None:
    """ISO 8601 with the campaign's offset, or None."""
    return moment.astimezone(ZoneInfo(timezone)).isoformat() if moment else None
