"""The questions whether a tick has anything to do, asked in plain SQL before SQLAlchemy or a
game is loaded (services/tick/steps.py says which step asks which; services/tick/idle.py asks).

Each check asks the question one step of `services/tick/tick.py` asks, over the same tables and
indexes, and answers True whenever that step could change something. A check may say True
when the step then does nothing (an idle tick is only skipped on a plain no, never on a guess),
but never False when the step would act:

* new mail: no cursor yet, or the source has a UID above the cursor (`ingest.poll`; idle.py);
* unprocessed mail: a stored message not yet processed (`mailroom.process_pending`);
* acks: a held acknowledgement whose time has come (`held_acks.release_due`);
* reminders: an open phase within a reminder lead time where a seat still playing has neither
  live orders nor a reminder at that lead (`reminders.send_reminders`). Without the game the
  check cannot tell a seat that owes nothing from one that is late, so such a seat makes the
  tick run in full until the deadline;
* turns: an open phase past its deadline or with its input all in (`phases.may_be_due`, which
  `turns.run_due` uses; a turn held for the referee also counts);
* community: a forming campaign whose seats SIGNON filled (`starting.start_full`), an open
  deadline inside a declared absence (`grace.apply_absences`), or an observer owed a phase's
  public report (`observing.send_public_reports`);
* drafts left: a report drafted and not drawn (`drafts.draw_drafts`);
* outbox: a row to send or draw: any status but sent, dead and void, except pending rows whose
  next attempt is still to come (`outbox.flush`, `drafts.draw_drafts`);
* slim: a sent row older than `sent_raw_days` still whole (`sent_mail.slim_sent`);
* alerts: a flagged or bouncing player without the referee's letter (`alerts.alert_referee`).

A ledger whose schema is not the newest, or is newer than the checks were reviewed for, is
never judged idle: the full tick refuses the first, and a new migration may add new work.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import datetime, timedelta

from pbem.config import Settings
from pbem.ledger.revisions import VERSION_TABLE, head_revision
from pbem.services.tick.idle_ledger import Ledger

# The schema revisions these checks were written for. A migration adds to this set only after
# the checks were reviewed against it (tests/scale/test_idle_fastpath.py fails until then).
# 0012 (openings, sign-ups, grace) adds the community step's checks: openings_full,
# deadline_in_absence and observer_reports_owed. 0013 changes only how PostgreSQL compresses
# large values: no new work.
REVIEWED_SCHEMA = frozenset({"0008", "0009", "0010", "0011", "0012", "0013"})
# Outbox rows no step of a tick sends or draws again: sent (slimmed by its own check), dead
# (out of retries) and void (a draft whose phase was rolled back, services/reports/drafts.py).
SETTLED_MAIL = ("dead", "sent", "void")
Check = Callable[[Ledger, datetime, Settings], bool]


def schema_is_reviewed_head(ledger: Ledger) -> bool:
    """The ledger is at the newest schema, and the checks were reviewed for it."""
    rows = ledger.rows(f"SELECT version_num FROM {VERSION_TABLE}")
    current = {str(row[0]) for row in rows}
    head = head_revision()
    return current == {head} and head in REVIEWED_SCHEMA


def unprocessed_mail(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A stored message not processed yet (index on inboundmessage.status)."""
    return ledger.exists("SELECT 1 FROM inboundmessage WHERE status = 'new'")


def held_acks_due(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A held acknowledgement due now."""
    return ledger.exists(
        "SELECT 1 FROM heldack h JOIN campaign c ON c.id = h.campaign_id"
        " WHERE h.released_at IS NULL AND h.due_at <= :now",
        now=now,
    )


def reminders_due(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """An open phase within a reminder lead time with a seat neither in nor reminded."""
    furthest = timedelta(hours=max(settings.reminder_hours, default=0))
    phases = ledger.rows(
        "SELECT p.id, p.campaign_id, p.deadline, p.opened_at FROM phase p"
        " JOIN campaign c ON c.id = p.campaign_id"
        " WHERE p.status = 'open' AND c.status = 'active' AND p.deadline IS NOT NULL"
        " AND p.deadline > :now AND p.deadline <= :furthest",
        now=now,
        furthest=now + furthest,
    )
    for phase_id, campaign_id, deadline, opened_at in phases:
        lead = lead_now(settings, now, ledger.moment(deadline), ledger.moment(opened_at))
        if lead is not None and _seat_unreminded(ledger, phase_id, campaign_id, lead):
            return True
    return False


def lead_now(settings: Settings, now: datetime, deadline: datetime, opened: datetime) -> int | None:
    """The smallest lead time reached (as `reminders._lead_now` reckons it), or None."""
    if now >= deadline:
        return None
    span = deadline - opened
    reached = [
        hours
        for hours in settings.reminder_hours
        if timedelta(hours=hours) < span and now >= deadline - timedelta(hours=hours)
    ]
    return min(reached) if reached else None


def _seat_unreminded(ledger: Ledger, phase_id: int, campaign_id: int, lead: int) -> bool:
    """A seat still played that has no live orders and no reminder at `lead` or closer."""
    return ledger.exists(
        "SELECT 1 FROM player pl WHERE pl.campaign_id = :campaign AND pl.status <> 'replaced'"
        " AND NOT EXISTS (SELECT 1 FROM submission s WHERE s.phase_id = :phase"
        " AND s.seat = pl.seat AND s.valid = :yes AND s.superseded = :no"
        " AND s.source <> 'default')"
        " AND NOT EXISTS (SELECT 1 FROM reminder r WHERE r.phase_id = :phase"
        " AND r.seat = pl.seat AND r.lead_hours <= :lead)",
        campaign=campaign_id,
        phase=phase_id,
        lead=lead,
        yes=True,
        no=False,
    )


def turns_due(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """An open phase of an active campaign that may be due (`phases.may_be_due`)."""
    return ledger.exists(
        "SELECT 1 FROM phase p JOIN campaign c ON c.id = p.campaign_id"
        " WHERE p.status = 'open' AND c.status = 'active'"
        " AND ((p.deadline IS NOT NULL AND p.deadline <= :now)"
        " OR (p.complete_at IS NOT NULL AND p.complete_at <= :now))",
        now=now,
    )


def openings_full(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A forming campaign SIGNON filled, not started yet (`starting.start_full`)."""
    return ledger.exists("SELECT 1 FROM opening WHERE status = 'full'")


def deadline_in_absence(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """An open phase of an active campaign whose deadline falls in a declared absence
    (`grace.apply_absences`)."""
    return ledger.exists(
        "SELECT 1 FROM grace g JOIN phase p ON p.campaign_id = g.campaign_id"
        " JOIN campaign c ON c.id = g.campaign_id"
        " WHERE g.kind = 'absence' AND g.ends > :now AND p.status = 'open'"
        " AND c.status = 'active' AND p.deadline >= g.begins AND p.deadline < g.ends",
        now=now,
    )


def observer_reports_owed(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """An observer without the public report of a phase adjudicated since they signed on
    (`observing.send_public_reports`; the outbox key is observing.report_key)."""
    return ledger.exists(
        "SELECT 1 FROM signup s JOIN opening o ON o.id = s.opening_id"
        " JOIN phase p ON p.campaign_id = o.campaign_id"
        " WHERE s.role = 'observer' AND s.status = 'joined' AND o.status = 'started'"
        " AND p.status = 'done' AND p.adjudicated_at >= s.at AND NOT EXISTS"
        " (SELECT 1 FROM outbox x WHERE x.key = 'observe:' || p.id || ':' || s.id)"
    )


def drafts_left(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A report drafted and not drawn yet (index ix_outbox_due)."""
    return ledger.exists("SELECT 1 FROM outbox WHERE status = 'draft'")


def outbox_due(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """Mail to send or draw: pending and due, or in any status but pending and the settled
    ones (ranges around them, so index ix_outbox_due answers without reading any mail)."""
    return ledger.exists(
        "SELECT 1 FROM outbox WHERE (status = 'pending' AND next_attempt_at <= :now)"
        f" OR {_outside(sorted({'pending', *SETTLED_MAIL}))}",
        now=now,
    )


def _outside(statuses: list[str]) -> str:
    """SQL: a status other than these (sorted), as index ranges rather than NOT IN."""
    bounds = [f"status < '{statuses[0]}'", f"status > '{statuses[-1]}'"]
    for low, high in itertools.pairwise(statuses):
        bounds.append(f"(status > '{low}' AND status < '{high}')")
    return "(" + " OR ".join(bounds) + ")"


def sent_mail_to_slim(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A sent mail past `sent_raw_days` still whole (index ix_outbox_slim)."""
    try:
        cutoff = now - timedelta(days=settings.sent_raw_days)
    except OverflowError:  # kept longer than the calendar goes back
        return False
    return ledger.exists(
        "SELECT 1 FROM outbox WHERE status = 'sent' AND slimmed_at IS NULL AND sent_at <= :cutoff",
        cutoff=cutoff,
    )


def referee_alerts_due(ledger: Ledger, now: datetime, settings: Settings) -> bool:
    """A flagged or bouncing player whose alert letter is not queued (`alerts._alerts_for`)."""
    players = ledger.rows(
        "SELECT c.name, pl.status, pl.delivery, pl.address, pl.missed FROM player pl"
        " JOIN campaign c ON c.id = pl.campaign_id"
        " WHERE c.status IN ('active', 'paused')"
        " AND (pl.status = 'flagged' OR pl.delivery = 'bouncing')"
    )
    for campaign, status, delivery, address, missed in players:
        keys = []
        if status == "flagged":
            keys.append(f"alert:{campaign}:flagged:{address}:{missed}")
        if delivery == "bouncing":
            keys.append(f"alert:{campaign}:bouncing:{address}")
        for key in keys:
            if not ledger.exists("SELECT 1 FROM outbox WHERE key = :key", key=key):
                return True
    return False
