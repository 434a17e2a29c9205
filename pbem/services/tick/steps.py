"""The steps of one tick, in order: what each is called, which workers run it, and the
questions that say whether it has work. `tick()` runs them from this table, `--timings`
names them by it, and the idle check (services/tick/idle.py) asks their questions, so the
check cannot drift from the tick: a step added here is asked about there.

Standard library only (with idle_checks.py): the idle check reads this table before
SQLAlchemy, Typer or a game is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.services.tick import idle_checks as asks
from pbem.services.tick.idle_checks import Check

# Which workers run a step. On PostgreSQL several ticks may run at once; on SQLite one does.
MAILBOX_FIRST = "mailbox, others wait"  # one worker per mailbox; the others wait for its batch
MAILBOX = "mailbox"  # one worker per mailbox, when it is free; the others pass it by
EVERY = "every worker"  # each worker, on what it claims (campaigns, outbox rows)


@dataclass(frozen=True)
class Step:
    """One step of a tick: its name, who runs it, and when it has work."""

    name: str
    scope: str
    asks: tuple[Check, ...] = ()  # any answer True: the step may have work
    asks_mailbox: bool = False  # new mail in the mailbox is its work too (asked last)
    job: str = ""  # what it does, for the docs and `--help`


STEPS: tuple[Step, ...] = (
    Step("intake", MAILBOX_FIRST,
         (asks.unprocessed_mail, asks.held_acks_due, asks.reminders_due), asks_mailbox=True,
         job="read the mailbox, process stored mail, release held acknowledgements, remind"),
    Step("answers", EVERY, job="send the replies intake queued before anything can fail"),
    Step("leftovers", EVERY, (asks.drafts_left,), job="draw reports an earlier tick left"),
    Step("adjudicating", EVERY, (asks.turns_due,), job="adjudicate every phase that is due"),
    Step("drawing", EVERY, job="draw the reports adjudication drafted, with helper processes"),
    Step("community", MAILBOX,
         (asks.openings_full, asks.deadline_in_absence, asks.observer_reports_owed),
         job="start campaigns SIGNON filled; move deadlines out of absences; tell observers"),
    Step("alerts", MAILBOX, (asks.referee_alerts_due,), job="tell the referee of flagged players"),
    Step("sending", EVERY, (asks.outbox_due,), job="send what is still to go"),
    Step("slim", MAILBOX, (asks.sent_mail_to_slim,), job="drop the pictures of old sent mail"),
)  # fmt: skip
STEP_NAMES = tuple(step.name for step in STEPS)
