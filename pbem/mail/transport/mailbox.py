"""Open the mailbox a URL names: an IMAP server or a Maildir."""

from __future__ import annotations

import ssl

from pbem.mail.transport.sources import DEFAULT_BATCH, MailSource
from pbem.mail.transport.urls import ServerUrl, parse_server_url


def open_source(
    url: ServerUrl | str,
    ssl_context: ssl.SSLContext | None = None,
    batch: int = DEFAULT_BATCH,
) -> MailSource:
    """Open the MailSource a URL names: imap(s):// or maildir://."""
    if isinstance(url, str):
        url = parse_server_url(url, allowed={"imap", "maildir"})
    if url.scheme == "maildir":
        from pbem.mail.transport.maildir import MaildirSource

        return MaildirSource(url.path, batch=batch)
    from pbem.mail.transport.imap import ImapSource

    return ImapSource(url, ssl_context=ssl_context, batch=batch)
