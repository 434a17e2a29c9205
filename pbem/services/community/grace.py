"""Grace: ABSENCE from to (deadlines that fall in a declared absence move past it, within the
game's allowance of days per player) and EXTEND (one deadline later by the game's hours, from
a per-player budget, off by default). Both come from an authenticated player and both are told
to everyone. Only campaigns opened with allowances (`campaign create --open`) grant them."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Grace, Opening, Phase, Player
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.community.answers import Answer
from pbem.services.community.asks import Ask
from pbem.services.outbox.referee_mail import tell_players

ABSENCE = "absence"
EXTEND = "extend"


def _opening(session: Session, campaign: Campaign) -> Opening | None:
    return session.exec(select(Opening).where(Opening.campaign_id == campaign.id)).first()


def _graces(session: Session, campaign: Campaign, player: Player, kind: str) -> list[Grace]:
    return list(session.exec(select(Grace).where(
        Grace.campaign_id == campaign.id, Grace.seat == player.seat,
        Grace.address == player.address, Grace.kind == kind,
    )).all())  # fmt: skip


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def _midnight(day: date, timezone: str) -> datetime:
    local = datetime(day.year, day.month, day.day, tzinfo=ZoneInfo(timezone))
    return local.astimezone(ZoneInfo("UTC"))


def absence(
    session: Session, rt: Runtime, campaign: Campaign, player: Player, ask: Ask
) -> Answer:
    """Declare an absence from one day to another (both included, in the campaign's zone)."""
    opening = _opening(session, campaign)
    base = {"campaign": campaign.name}
    if opening is None or not opening.absence_days:
        return Answer("community.E_ABSENCE_OFF", base)
    first, last = _day(ask.campaign), _day(ask.rest.split()[0] if ask.rest.split() else "")
    if first is None or last is None or last < first:
        return Answer("community.E_ABSENCE_DATES", base)
    start, end = _midnight(first, campaign.timezone), _midnight(last + timedelta(days=1),
                                                                campaign.timezone)  # fmt: skip
    if end <= rt.clock.now():
        return Answer("community.E_ABSENCE_DATES", base)
    days = (last - first).days + 1
    used = sum(round((g.ends - g.begins) / timedelta(days=1))
               for g in _graces(session, campaign, player, ABSENCE))  # fmt: skip
    left = opening.absence_days - used
    if days > left:
        return Answer("community.E_ABSENCE_LONG",
                      {**base, "days": days, "left": left, "allowed": opening.absence_days})
    row = Grace(campaign_id=campaign.id or 0, seat=player.seat, address=player.address,
                kind=ABSENCE, begins=start, ends=end, at=rt.clock.now())  # fmt: skip
    session.add(row)
    session.flush()
    away = f"{first.isoformat()} to {last.isoformat()}"
    tell_players(session, rt, campaign, f"absence:{campaign.name}:{row.id}",
                 f"{player.name} is away", f"{player.name} ({player.seat}) is away from {away}: "
                 "deadlines that fall in that time move past it.\n")  # fmt: skip
    _move_past(session, rt, campaign, row)
    return Answer("community.absent", {**base, "away": away, "left": left - days})


def extend(session: Session, rt: Runtime, campaign: Campaign, player: Player, ask: Ask) -> Answer:
    """Move the open phase's deadline later by the game's hours, from the player's budget."""
    opening = _opening(session, campaign)
    base = {"campaign": campaign.name}
    if opening is None or not opening.extensions:
        return Answer("community.E_EXTEND_OFF", base)
    used = len(_graces(session, campaign, player, EXTEND))
    if used >= opening.extensions:
        return Answer("community.E_EXTEND_USED", {**base, "allowed": opening.extensions})
    phase = queries.open_phase(session, campaign)
    if phase is None or phase.deadline is None:
        return Answer("community.E_EXTEND_NOTHING", base)
    new = phase.deadline + timedelta(hours=opening.extend_hours)
    row = Grace(campaign_id=campaign.id or 0, seat=player.seat, address=player.address,
                kind=EXTEND, begins=phase.deadline, ends=new, at=rt.clock.now())  # fmt: skip
    session.add(row)
    session.flush()
    _set_deadline(session, rt, campaign, phase, new, f"extend:{row.id}",
                  f"{player.name} ({player.seat}) used an extension")  # fmt: skip
    return Answer("community.extended", {**base, "deadline": local_text(new, campaign.timezone),
                  "left": opening.extensions - used - 1})  # fmt: skip


def _set_deadline(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, new: datetime, key: str,
    why: str,
) -> None:
    phase.deadline = new
    session.add(phase)
    text = local_text(new, campaign.timezone)
    tell_players(session, rt, campaign, f"grace:{campaign.name}:{key}",
                 f"New deadline: {phase.label}",
                 f"{why}: the deadline of {phase.label} is now {text}.\n")  # fmt: skip


def _move_past(session: Session, rt: Runtime, campaign: Campaign, row: Grace) -> bool:
    """Move the open phase's deadline past an absence it falls in; True if it moved."""
    phase = queries.open_phase(session, campaign)
    if phase is None or phase.deadline is None or not row.begins <= phase.deadline < row.ends:
        return False
    _set_deadline(session, rt, campaign, phase, row.ends, f"absence:{row.id}:{phase.id}",
                  "A player is away")  # fmt: skip
    return True


def apply_absences(rt: Runtime) -> int:
    """Move every open deadline that falls in a declared absence past it (the tick's
    `community` step, for phases opened after the absence was declared); how many moved."""
    moved = 0
    with session_scope(rt.engine) as session:
        rows = session.exec(
            select(Grace).where(Grace.kind == ABSENCE, col(Grace.ends) > rt.clock.now())
            .order_by(col(Grace.id))
        ).all()  # fmt: skip
        for row in rows:
            campaign = session.get(Campaign, row.campaign_id)
            if campaign is not None and campaign.status == "active":
                moved += _move_past(session, rt, campaign, row)
    return moved
