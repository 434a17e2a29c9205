"""The configured mailbox a tick reads (IMAP or a Maildir)."""

from __future__ import annotations

from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.sources import MailSource
from pbem.services.base.runtime import Runtime
from pbem.services.base.tls import ssl_context


def default_source(rt: Runtime) -> MailSource | None:
    """The configured mailbox, or None when no IMAP URL is set."""
    url = rt.settings.imap_url.value
    return open_source(url, ssl_context=ssl_context(rt)) if url else None
