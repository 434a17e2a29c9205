"""Whether a tick would do anything: every step's questions (services/tick/steps.py) asked
over one snapshot of the ledger, the mailbox last, before SQLAlchemy or a game is loaded."""

from __future__ import annotations

from datetime import datetime

from pbem.config import Settings
from pbem.ledger.lock_names import NO_MAILBOX
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.sources import MailSource
from pbem.services.tick.idle_checks import schema_is_reviewed_head
from pbem.services.tick.idle_ledger import Ledger, Unsure, open_ledger
from pbem.services.tick.steps import STEPS

NEW_MAIL = "new_mail"  # the question put to the mail server, not the ledger


def find_work(settings: Settings, now: datetime) -> str | None:
    """The first work a tick would find now, as `step/question` (e.g. `adjudicating/turns_due`),
    or None when it would find none. Raises Unsure (or any error) when only the full tick can
    tell."""
    if not settings.smtp_url:
        raise Unsure("no SMTP URL")  # the full tick refuses: config.E_NO_MAIL
    source = _source(settings)
    mailbox = source.identity if source is not None else NO_MAILBOX
    with open_ledger(settings.database_url.value, mailbox) as ledger:
        if not schema_is_reviewed_head(ledger):
            return "schema"
        for step in STEPS:
            for question in step.asks:
                if question(ledger, now, settings):
                    return f"{step.name}/{question.__name__}"
        if source is None:
            return None
        with source:
            return _mailbox_work(ledger, source)


def _mailbox_work(ledger: Ledger, source: MailSource) -> str | None:
    """The step that reads the mailbox, when it holds new mail."""
    for step in STEPS:
        if step.asks_mailbox and _new_mail(ledger, source):
            return f"{step.name}/{NEW_MAIL}"
    return None


def _source(settings: Settings) -> MailSource | None:
    """The configured mail source as the tick opens it, or None without a mailbox URL."""
    url = settings.imap_url.value
    if not url:
        return None
    context = None
    if settings.ca_file:  # as services/base/tls.py's ssl_context
        import ssl

        context = ssl.create_default_context(cafile=settings.ca_file)
    return open_source(url, ssl_context=context)


def _new_mail(ledger: Ledger, source: MailSource) -> bool:
    """No cursor yet, or the source holds a message above it."""
    has_new = getattr(source, "has_new", None)
    if has_new is None:
        raise Unsure("a mail source that cannot say whether it has new mail")
    cursor = ledger.rows(
        "SELECT uidvalidity, last_uid FROM mailboxcursor WHERE mailbox = :mailbox",
        mailbox=source.identity,
    )
    if not cursor:
        return True  # the first poll records the cursor
    uidvalidity, last_uid = cursor[0]
    return bool(has_new(int(last_uid), int(uidvalidity)))


