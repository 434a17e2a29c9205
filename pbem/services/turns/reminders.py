"""Reminders before a deadline to players who still owe input: once per player per lead time."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase, Reminder
from pbem.services.base.isolation import CampaignNote, guarded
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.states import current_state, game_of
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue


def send_reminders(rt: Runtime, notes: list[CampaignNote] | None = None) -> int:
    """Queue the reminders now due; return how many were queued.

    With `notes`, one campaign's failure is recorded there and the others still get reminders.
    """
    queued = 0
    for campaign_name, phase_id in _open_with_deadline(rt):
        with guarded(notes, campaign_name, "remind"), session_scope(rt.engine) as session:
            phase = session.get(Phase, phase_id)
            campaign = session.get(Campaign, phase.campaign_id) if phase else None
            if phase is None or campaign is None or phase.deadline is None:
                continue
            queued += _remind_phase(session, rt, campaign, phase)
    return queued


def _open_with_deadline(rt: Runtime) -> list[tuple[str, int]]:
    """Open phases whose deadline is near enough for a reminder (index ix_phase_deadline)."""
    now = rt.clock.now()
    furthest = timedelta(hours=max(rt.settings.reminder_hours, default=0))
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Campaign.name, Phase.id).where(
                Phase.campaign_id == Campaign.id,
                Phase.status == "open",
                Campaign.status == "active",  # a paused campaign sends no reminders
                col(Phase.deadline).is_not(None),
                col(Phase.deadline) > now,  # _lead_now: none once the deadline has passed,
                col(Phase.deadline) <= now + furthest,  # nor before the longest lead time
            )
        ).all()
        return [(name, i) for name, i in rows if i is not None]


def _lead_now(rt: Runtime, phase: Phase) -> int | None:
    """The smallest lead time already reached, so a late run sends one reminder, not several."""
    assert phase.deadline is not None
    now = rt.clock.now()
    if now >= phase.deadline:
        return None
    # A lead time as long as the phase itself is skipped: the phase's own mail just went out
    # (a 12-hour reaction window gets the 2-hour reminder, not the 24-hour one).
    span = phase.deadline - phase.opened_at
    reached = [
        h
        for h in rt.settings.reminder_hours
        if timedelta(hours=h) < span and now >= phase.deadline - timedelta(hours=h)
    ]
    return min(reached) if reached else None


def _remind_phase(session: Session, rt: Runtime, campaign: Campaign, phase: Phase) -> int:
    lead = _lead_now(rt, phase)
    if lead is None:
        return 0
    game = game_of(campaign)
    state = current_state(session, campaign)
    queued = 0
    for seat in game.due(state).players:
        if queries.live_submission(session, phase, seat) is not None or _already(
            session, phase, seat, lead
        ):
            continue
        player = queries.player_by_seat(session, campaign, seat)
        if player is None or player.status == "replaced":
            continue
        session.add(
            Reminder(phase_id=phase.id or 0, seat=seat, lead_hours=lead, sent_at=rt.clock.now())
        )
        template = game.canonical(state, seat, game.default_input(state, seat))
        letter = letter_to(
            rt,
            campaign,
            player,
            key=f"reminder:{campaign.name}:{phase.seq}:{seat}:{phase.deadline:%Y%m%d%H%M}:{lead}",
            kind="reminder",
            title=f"Reminder: orders due for {phase.label}",
            template="mail/reminder.txt.j2",
            context={
                "phase": phase,
                "deadline": local_text(phase.deadline, campaign.timezone),
                "template": template,
            },
        )
        enqueue(session, rt, letter, campaign.id)
        queued += 1
    return queued


def _already(session: Session, phase: Phase, seat: str, lead: int) -> bool:
    """True if this seat had a reminder for this phase at this lead time or a closer one."""
    rows = session.exec(
        select(Reminder).where(Reminder.phase_id == phase.id, Reminder.seat == seat)
    ).all()
    return any(r.lead_hours <= lead for r in rows)
