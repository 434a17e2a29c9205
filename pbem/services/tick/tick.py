"""`pbem tick`: one pass of the cron job, the steps of services/tick/steps.py in order (read
mail, answer, adjudicate, draw, send), each run here by its runner."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from pbem import failpoints
from pbem.errors import ExitCode
from pbem.ledger.lock_names import NO_MAILBOX
from pbem.mail.transport.errors import TransportError
from pbem.mail.transport.mailers import Mailer
from pbem.mail.transport.sources import MailSource
from pbem.services.base.isolation import CampaignNote
from pbem.services.base.locks import TickClaims, run_lock, tick_lock
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.community.grace import apply_absences
from pbem.services.community.observing import send_public_reports
from pbem.services.community.starting import start_full
from pbem.services.intake.ingest import IngestStats, poll
from pbem.services.intake.mailroom import process_pending
from pbem.services.outbox import outbox
from pbem.services.outbox.alerts import alert_referee
from pbem.services.outbox.held_acks import release_due
from pbem.services.outbox.mailer import default_mailer
from pbem.services.outbox.sender import BackgroundSender
from pbem.services.outbox.sender_process import SenderProcess
from pbem.services.outbox.sent_mail import slim_sent
from pbem.services.reports.drafts import Delegate, draw_drafts
from pbem.services.reports.draw_helpers import DrawHelpers, processes_for
from pbem.services.tick.steps import EVERY, MAILBOX_FIRST, STEPS, Step
from pbem.services.turns.reminders import send_reminders
from pbem.services.turns.turns import RunResult, run_due

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


@dataclass
class _Pass:
    """What the steps of one tick share."""

    rt: Runtime
    source: MailSource | None
    report: TickReport
    budget: TimeBudget
    sender: BackgroundSender | SenderProcess
    helpers: DrawHelpers


def tick(
    rt: Runtime,
    source: MailSource | None,
    mailer: Mailer,
    wait_seconds: float = 300,
    send_apart: bool = False,
) -> TickReport:
    """Run one pass under the run lock (shared by workers on PostgreSQL): the steps of
    services/tick/steps.py, in order, each timed under its name. Any crash is resumed by the
    next pass.

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
        work = _Pass(rt, source, report, budget, sender, helpers)
        mailbox = source.identity if source is not None else NO_MAILBOX
        with sender, helpers:  # sends while the tick works; draws once it has drafted
            for step in STEPS:
                with report.timed(step.name):
                    _run(step, work, claims, mailbox, wait_seconds)
    return report


def _run(step: Step, work: _Pass, claims: TickClaims, mailbox: str, wait_seconds: float) -> None:
    """Run one step as its scope says: by every worker, or by the mailbox's one reader (on
    PostgreSQL the others wait for its batch, or pass the step by)."""
    if step.scope == EVERY:
        RUNNERS[step.name](work)
    elif claims.intake(mailbox):
        RUNNERS[step.name](work)
        claims.end_intake(mailbox)
    elif step.scope == MAILBOX_FIRST:
        claims.await_intake(mailbox, wait_seconds)


def _intake(work: _Pass) -> None:
    """Read the mailbox, process what it held and send reminders (one worker); the sender
    finds each answer within IDLE_WAIT_SECONDS of its commit. A mailbox with enough new mail
    to make this a busy tick starts the draw helpers before the mail is processed."""
    rt, report = work.rt, work.report
    if work.source is not None:
        _poll(rt, work.source, report)
    if report.ingest.stored >= BUSY_TICK_MAILS:
        work.helpers.start()
    process_pending(rt, report.ingest)
    release_due(rt, report.campaigns)
    work.sender.wake()
    report.reminders = send_reminders(rt, report.campaigns)


def _answers(work: _Pass) -> None:
    """Sender threads die with the tick: the answers go out before an adjudication could
    fail (a sender process outlives the tick, and answers by itself)."""
    if isinstance(work.sender, BackgroundSender):
        work.sender.settle()


def _community(work: _Pass) -> None:
    """Start the forming campaigns SIGNON filled, move deadlines out of declared absences and
    queue the public reports observers are owed; the mail goes out with the rest."""
    start_full(work.rt)
    apply_absences(work.rt)
    send_public_reports(work.rt)
    work.sender.wake()


def _leftovers(work: _Pass) -> None:
    """Draw the drafts an earlier tick left."""
    _draw(work)


def _adjudicating(work: _Pass) -> None:
    """Adjudicate what is due, offering each campaign's drafted reports to a helper."""
    report = work.report
    report.turns = run_due(work.rt, report.campaigns, work.budget, on_drafted=work.helpers.offer)
    failpoints.hit("tick.before-draw")  # adjudicated and committed; reports drafted


def _drawing(work: _Pass) -> None:
    """Draw the reports adjudication drafted, handing whole campaigns to helper processes
    where `draw_processes` allows, then what a helper left if one died."""
    _draw(work, work.helpers.delegate)
    work.helpers.finish()
    _draw(work)


def _alerts(work: _Pass) -> None:
    """Tell the referee of players flagged or bouncing."""
    alert_referee(work.rt)


def _sending(work: _Pass) -> None:
    """Send what was still to go once the work was done, and count the tick's sending."""
    work.sender.finish()
    _send(work.report, work.sender.result)


def _slim(work: _Pass) -> None:
    """Sent mail past sent_raw_days keeps no pictures."""
    slim_sent(work.rt, work.budget)


def _draw(work: _Pass, delegate: Delegate | None = None) -> None:
    """Draw the drafted reports (but those `delegate` hands to a helper), each sendable once
    drawn."""
    draw_drafts(work.rt, work.budget, on_ready=work.sender.wake, notes=work.report.campaigns,
                delegate=delegate)  # fmt: skip


RUNNERS: dict[str, Callable[[_Pass], None]] = {
    "intake": _intake,
    "answers": _answers,
    "leftovers": _leftovers,
    "adjudicating": _adjudicating,
    "drawing": _drawing,
    "community": _community,
    "alerts": _alerts,
    "sending": _sending,
    "slim": _slim,
}


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
