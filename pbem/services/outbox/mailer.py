"""The configured SMTP server a tick sends through.

Kept apart from the tick so that its sender process loads only what sending needs.
"""

from __future__ import annotations

from pbem.errors import ConfigError
from pbem.mail.transport.mailers import Mailer, open_mailer
from pbem.services.base.runtime import Runtime
from pbem.services.base.tls import ssl_context


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
