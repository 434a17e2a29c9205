"""SmtpMailer: send raw messages over SMTP (aiosmtplib), with transient/permanent errors.

TLS follows the URL: smtps:// uses implicit TLS, ?starttls=1 (or smtp+starttls://)
requires STARTTLS, and plain smtp:// never upgrades. aiosmtplib would otherwise try
STARTTLS on its own whenever the server offers it, and fail on a certificate it cannot
verify; a plain URL means plain.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Sequence

import aiosmtplib

from pbem.mail.transport_errors import TransportError, UrlError
from pbem.mail.urls import ServerUrl, client_ssl_context, parse_server_url

DEFAULT_TIMEOUT = 30.0


class SendError(TransportError):
    """Sending failed; `smtp_code` is the server's reply code when there was one."""

    def __init__(
        self,
        message: str,
        smtp_code: int | None = None,
        refused: Sequence[str] = (),
        accepted: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.smtp_code = smtp_code
        self.refused = tuple(refused)
        self.accepted = tuple(accepted)


class TransientSendError(SendError):
    """A failure worth retrying later: 4xx replies, timeouts, lost or refused connections."""

    code = "smtp.E_TRANSIENT"


class PermanentSendError(SendError):
    """A failure that retrying will not fix: 5xx replies such as 550 unknown recipient."""

    code = "smtp.E_PERMANENT"


class SmtpMailer:
    """Sends raw messages through one SMTP server named by a URL."""

    def __init__(
        self,
        url: ServerUrl | str,
        ssl_context: ssl.SSLContext | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        local_hostname: str | None = None,
    ) -> None:
        self.url = parse_server_url(url, {"smtp"}) if isinstance(url, str) else url
        if self.url.scheme != "smtp":
            raise UrlError(f"not an SMTP URL: {self.url.redacted()}", "url.E_SCHEME")
        self.timeout = timeout
        self.local_hostname = local_hostname
        self._ssl_context = ssl_context or client_ssl_context(self.url)

    def __repr__(self) -> str:
        return f"SmtpMailer({self.url.redacted()!r})"

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Send one message; raise TransientSendError or PermanentSendError on failure."""
        if not recipients:
            raise PermanentSendError("no recipients given")
        try:
            refused = await self._transmit(raw, sender, list(recipients))
        except aiosmtplib.SMTPRecipientsRefused as exc:
            raise _all_refused(exc) from exc
        except (aiosmtplib.SMTPException, OSError) as exc:
            raise _classify(exc, self.url) from exc
        if refused:
            raise _some_refused(refused, list(recipients))

    def send_sync(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Blocking send() for callers outside an event loop."""
        asyncio.run(self.send(raw, sender, recipients))

    async def _transmit(
        self, raw: bytes, sender: str, recipients: list[str]
    ) -> dict[str, aiosmtplib.SMTPResponse]:
        """One aiosmtplib.send call; returns the recipients refused while others were taken."""
        url = self.url
        refused, _reply = await aiosmtplib.send(
            raw,
            sender=sender,
            recipients=recipients,
            hostname=url.host,
            port=url.port,
            username=url.user or None,
            password=(url.password or "") if url.user else None,
            local_hostname=self.local_hostname,
            timeout=self.timeout,
            use_tls=url.tls == "ssl",
            start_tls=url.tls == "starttls",
            tls_context=self._ssl_context,
        )
        return refused


def is_permanent(smtp_code: int | None) -> bool:
    """Whether an SMTP reply code means 'do not retry' (5xx)."""
    return smtp_code is not None and 500 <= smtp_code < 600


def _classify(exc: BaseException, url: ServerUrl) -> SendError:
    """Map an aiosmtplib or socket failure to a transient or permanent SendError."""
    where = url.redacted()
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        text = f"{where} answered {exc.code} {exc.message}"
        kind = PermanentSendError if is_permanent(exc.code) else TransientSendError
        return kind(text, smtp_code=exc.code)
    if isinstance(exc, aiosmtplib.SMTPNotSupported):
        return PermanentSendError(f"{where}: {exc}")
    if isinstance(exc, ssl.SSLError):
        return TransientSendError(f"TLS failed with {where}: {exc}")
    return TransientSendError(f"cannot deliver through {where}: {exc}")


def _all_refused(exc: aiosmtplib.SMTPRecipientsRefused) -> SendError:
    """Every recipient was refused at RCPT: permanent only if every refusal was 5xx."""
    found = {item.recipient: (item.code, item.message) for item in exc.recipients}
    return _refusal(found, accepted=[])


def _some_refused(refused: dict[str, aiosmtplib.SMTPResponse], recipients: list[str]) -> SendError:
    """Some recipients were refused; the message went to the others."""
    found = {address: (reply.code, reply.message) for address, reply in refused.items()}
    accepted = [address for address in recipients if address not in refused]
    return _refusal(found, accepted)


def _refusal(refused: dict[str, tuple[int, str]], accepted: list[str]) -> SendError:
    """Build the error for refused recipients."""
    permanent = all(is_permanent(code) for code, _ in refused.values())
    kind = PermanentSendError if permanent else TransientSendError
    detail = ", ".join(f"{address} ({code})" for address, (code, _) in sorted(refused.items()))
    worst = max(code for code, _ in refused.values())
    return kind(f"recipient(s) refused: {detail}", worst, sorted(refused), accepted)
