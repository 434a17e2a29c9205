"""The configured mail servers: the mailbox a tick reads and the SMTP server it sends through.

Kept apart from the tick so that its sender process loads only what sending needs.
"""

from __future__ import annotations

import ssl

from pbem.errors import ConfigError
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.mailers import Mailer, open_mailer
from pbem.mail.transport.sources import MailSource
from pbem.services.base.runtime import Runtime


def ssl_context(rt: Runtime) -> ssl.SSLContext | None:
    """A TLS context trusting the configured CA file, if one is set."""
    if not rt.settings.ca_file:
        return None
    return ssl.create_default_context(cafile=rt.settings.ca_file)


def default_source(rt: Runtime) -> MailSource | None:
    """The configured mailbox, or None when no IMAP URL is set."""
    url = rt.settings.imap_url.value
    return open_source(url, ssl_context=ssl_context(rt)) if url else None


def default_mailer(rt: Runtime) -> Mailer:
    """The configured SMTP mailer."""
    url = rt.settings.smtp_url.value
    if not url:
        raise ConfigError("config.E_NO_MAIL")
    if url.startswith("file://"):
        return open_mailer(url)
    from pbem.mail.transport.smtp import SmtpMailer
    from pbem.mail.transport.urls import parse_server_url

    return SmtpMailer(parse_server_url(url, allowed={"smtp"}), ssl_context=ssl_context(rt))
