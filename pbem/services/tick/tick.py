"""`pbem tick`: one pass of the cron job — poll, ingest, remind, adjudicate, send."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from pbem import failpoints
from pbem.errors import ExitCode
from pbem.mail.transport.errors import TransportError
from pbem.mail.transport.mailers import Mailer
from pbem.mail.transport.sources import MailSource
from pbem.services.base.budget import TimeBudget
from pbem.services.base.isolation import CampaignNote
from pbem.services.base.locks import run_lock, tick_lock
from pbem.services.base.runtime import Runtime
from pbem.services.intake.ingest import IngestStats, poll, process_pending
from pbem.services.outbox import outbox
from pbem.services.outbox.alerts import alert_referee
from pbem.services.outbox.drafts import Delegate, draw_drafts
from pbem.services.outbox.draw_helpers import DrawHelpers, processes_for
from pbem.services.outbox.held_acks import release_due
from pbem.services.outbox.sender import BackgroundSender
from pbem.services.outbox.sender_process import SenderProcess
from pbem.services.outbox.sent_mail import slim_sent
from pbem.services.outbox.servers import default_mailer
from pbem.services.turns.reminders import send_reminders
from pbem.services.turns.turns import RunResult, run_due

NO_MAILBOX = "-"  # the intake key when no mailbox is configured
BUSY_TICK_MAILS = 60  # new mails from which a tick starts its draw helpers as it reads them


@dataclass
class TickReport:
    """What one tick did, and the exit code it maps to."""

    ingest: IngestStats = field(default_factory=IngestStats)
    reminders: int = 0
    turns: list[RunResult] = field(default_factory=list)
    sent: int = 0
    retrying: int = 0
    dead: int = 0
    mail_errors: list[str] = field(default_factory=list)
    campaigns: list[CampaignNote] = field(default_factory=list)
    would_send: list[dict[str, Any]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each step

    @contextmanager
    def timed(self, step: str) -> Iterator[None]:
        """Add the wall time of the block to `step`."""
        started = time.perf_counter()
        try:
            yield
        finally:
            spent = time.perf_counter() - started
            self.seconds[step] = round(self.seconds.get(step, 0.0) + spent, 3)

    @property
    def exit_code(self) -> ExitCode:
        """OK; MAIL_TRANSIENT if a server was unreachable; PARTIAL if mail or a campaign failed."""
        if self.mail_errors or self.retrying:
            return ExitCode.MAIL_TRANSIENT
        if self.dead or self.failures:
            return ExitCode.PARTIAL
        return ExitCode.OK

    @property
    def failures(self) -> list[CampaignNote]:
        """The campaign steps that failed this pass (a lost claim is not a failure)."""
        return [note for note in self.campaigns if note.failed]


def tick(
    rt: Runtime,
    source: MailSource | None,
    mailer: Mailer,
    wait_seconds: float = 300,
    send_apart: bool = False,
) -> TickReport:
    """Run one pass under the run lock (shared by workers on PostgreSQL). Any crash is
    resumed by the next pass.

    Mail goes out from sender threads as soon as it is queued, so replies to the mail just read
    never wait for adjudication; with `send_apart` they run in a process of their own, beside
    this one, sending through the configured server (`mailer` is then not used).
    Adjudications and reports stop being started once `tick_seconds` is spent, and the next
    tick takes up the rest."""
    report = TickReport()
    with tick_lock(rt.engine, wait_seconds) as claims:
        budget = TimeBudget(rt.settings.tick_seconds)  # started once the lock is held
        lanes = rt.settings.smtp_connections
        sender: BackgroundSender | SenderProcess = (
            SenderProcess(rt, budget, lanes, inherit=claims.lock_fds)
            if send_apart
            else BackgroundSender(rt, mailer, budget, lanes)
        )
        helpers = DrawHelpers(rt, processes_for(rt.settings.draw_processes))
        with sender, helpers:  # sends while the tick works; draws once it has drafted
            # On PostgreSQL one worker at a time reads each mailbox and does the bookkeeping;
            # the others wait for its batch, then every worker adjudicates and sends.
            mailbox = source.identity if source is not None else NO_MAILBOX
            with report.timed("intake"):
                if claims.intake(mailbox):
                    _intake(rt, source, report, sender.wake, helpers.start)
                    claims.end_intake(mailbox)
                else:
                    claims.await_intake(mailbox, wait_seconds)
            if isinstance(sender, BackgroundSender):  # dies with the tick: the answers go
                with report.timed("answers"):  # out before an adjudication could fail
                    sender.settle()
            _adjudicate_and_draw(rt, report, budget, sender.wake, helpers)
            if claims.intake(mailbox):
                alert_referee(rt)
                claims.end_intake(mailbox)
            with report.timed("sending"):  # what was still to go once the work was done
                sender.finish()
        _send(report, sender.result)
        if claims.intake(mailbox):
            slim_sent(rt, budget)  # sent mail past sent_raw_days keeps no pictures
            claims.end_intake(mailbox)
    return report


def _adjudicate_and_draw(
    rt: Runtime,
    report: TickReport,
    budget: TimeBudget,
    wake: Callable[[], None],
    helpers: DrawHelpers,
) -> None:
    """Draw what an earlier tick left, adjudicate what is due, and draw its reports, handing
    whole campaigns to helper processes where `draw_processes` allows."""
    with report.timed("drawing"):
        _draw(rt, report, budget, wake)  # drafts an earlier tick left
    with report.timed("adjudicating"):
        report.turns = run_due(rt, report.campaigns, budget, on_drafted=helpers.offer)
    failpoints.hit("tick.before-draw")  # adjudicated and committed; reports drafted
    with report.timed("drawing"):
        _draw(rt, report, budget, wake, helpers.delegate)
        helpers.finish()
        _draw(rt, report, budget, wake)  # what a helper left, if one died


def _intake(
    rt: Runtime,
    source: MailSource | None,
    report: TickReport,
    wake: Callable[[], None],
    busy: Callable[[], None] = lambda: None,
) -> None:
    """Read the mailbox, process what it held and send reminders (one worker); the sender
    finds each answer within IDLE_WAIT_SECONDS of its commit. `busy` hears of a mailbox with
    enough new mail to make this a busy tick, before the mail is processed."""
    if source is not None:
        _poll(rt, source, report)
    if report.ingest.stored >= BUSY_TICK_MAILS:
        busy()
    process_pending(rt, report.ingest)
    release_due(rt, report.campaigns)
    wake()
    report.reminders = send_reminders(rt, report.campaigns)


def _draw(
    rt: Runtime,
    report: TickReport,
    budget: TimeBudget,
    wake: Callable[[], None],
    delegate: Delegate | None = None,
) -> None:
    """Draw the drafted reports (but those `delegate` hands to a helper), each sendable once
    drawn."""
    draw_drafts(rt, budget, on_ready=wake, notes=report.campaigns, delegate=delegate)


def _send(report: TickReport, flushed: outbox.FlushResult) -> None:
    """Add the tick's sending to its report."""
    report.sent += flushed.sent
    report.retrying += flushed.retrying
    report.dead += flushed.dead


def _poll(rt: Runtime, source: MailSource, report: TickReport) -> None:
    try:
        with source:
            poll(rt, source, report.ingest)
    except (TransportError, OSError) as exc:
        report.mail_errors.append(f"{getattr(exc, 'code', 'imap.E_TRANSIENT')}: {exc}")


def dry_run(rt: Runtime) -> TickReport:
    """Change nothing: list the mail a real tick would send now from the outbox."""
    report = TickReport()
    with Session(rt.engine) as session:
        for row in outbox.pending(session):
            report.would_send.append(
                {
                    "to": row.recipient,
                    "subject": row.subject,
                    "kind": row.kind,
                    "message_id": row.message_id,
                }
            )
    return report


def send_now(rt: Runtime, wait_seconds: float = 30) -> int:
    """Send the outbox at once (under the run lock); return how many went out."""
    with run_lock(rt.engine, wait_seconds):
        draw_drafts(rt)
        return outbox.flush(rt, default_mailer(rt)).sent
