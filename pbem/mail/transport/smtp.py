"""SmtpMailer: send raw messages over SMTP (aiosmtplib), with transient/permanent errors.

TLS follows the URL: smtps:// uses implicit TLS, ?starttls=1 (or smtp+starttls://)
requires STARTTLS, and plain smtp:// never upgrades. aiosmtplib would otherwise try
STARTTLS on its own whenever the server offers it, and fail on a certificate it cannot
verify; a plain URL means plain.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import aiosmtplib

from pbem.mail.transport.errors import TransportError, UrlError
from pbem.mail.transport.urls import ServerUrl, client_ssl_context, parse_server_url

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
        self._loop: asyncio.AbstractEventLoop | None = None  # set inside session()
        self._client: aiosmtplib.SMTP | None = None

    def __repr__(self) -> str:
        return f"SmtpMailer({self.url.redacted()!r})"

    def another(self) -> SmtpMailer:
        """A mailer like this one with a session of its own, for sending side by side."""
        return SmtpMailer(self.url, self._ssl_context, self.timeout, self.local_hostname)

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
        """Blocking send() for callers outside an event loop; inside session() it reuses the
        session's one connection (one TLS handshake and login per send pass)."""
        if self._loop is None:
            asyncio.run(self.send(raw, sender, recipients))
        else:
            self._loop.run_until_complete(self.send(raw, sender, recipients))

    @contextmanager
    def session(self) -> Iterator[SmtpMailer]:
        """Send every message of the block over one connection, opened at the first send."""
        if self._loop is not None:  # nested: the outer session owns the connection
            yield self
            return
        self._loop = asyncio.new_event_loop()
        try:
            yield self
        finally:
            self._loop.run_until_complete(self._close())
            self._loop.close()
            self._loop = None

    async def _transmit(
        self, raw: bytes, sender: str, recipients: list[str]
    ) -> dict[str, aiosmtplib.SMTPResponse]:
        """Send on the session's connection, or with one aiosmtplib.send call outside a session;
        returns the recipients refused while others were taken."""
        if self._loop is not None:
            return await self._transmit_pooled(raw, sender, recipients)
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


    async def _transmit_pooled(
        self, raw: bytes, sender: str, recipients: list[str]
    ) -> dict[str, aiosmtplib.SMTPResponse]:
        """Send on the open connection; a connection the server dropped is reopened once."""
        for attempt in (1, 2):
            client = await self._connected()
            try:
                refused, _reply = await client.sendmail(sender, recipients, raw)
                return refused
            except aiosmtplib.SMTPServerDisconnected:
                self._client = None
                if attempt == 2:
                    raise
            except (aiosmtplib.SMTPResponseException, aiosmtplib.SMTPRecipientsRefused):
                await _reset(client)  # a refused message must not spoil the next one
                raise
            except (aiosmtplib.SMTPException, OSError):
                await self._close()
                raise
        raise AssertionError("unreachable")

    async def _connected(self) -> aiosmtplib.SMTP:
        """The session's connection: connected, upgraded to TLS and logged in as the URL says."""
        if self._client is not None and self._client.is_connected:
            return self._client
        url = self.url
        client = aiosmtplib.SMTP(
            hostname=url.host,
            port=url.port,
            local_hostname=self.local_hostname,
            timeout=self.timeout,
            use_tls=url.tls == "ssl",
            start_tls=url.tls == "starttls",
            tls_context=self._ssl_context,
        )
        await client.connect()
        if url.user:
            await client.login(url.user, url.password or "")
        self._client = client
        return client

    async def _close(self) -> None:
        """Say QUIT and drop the session's connection (errors on the way out are ignored)."""
        client, self._client = self._client, None
        if client is not None and client.is_connected:
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError):
                client.close()


async def _reset(client: aiosmtplib.SMTP) -> None:
    """RSET after a refused transaction, dropping the connection if even that fails."""
    try:
        await client.rset()
    except (aiosmtplib.SMTPException, OSError):
        client.close()


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
