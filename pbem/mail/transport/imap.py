"""ImapSource: read new mail from an IMAP mailbox by UID (imapclient), without setting \\Seen."""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientAbortError, IMAPClientError, LoginError
from imapclient.imapclient import SocketTimeout

from pbem.mail.transport.errors import SourceError, UrlError
from pbem.mail.transport.sources import DEFAULT_BATCH, FetchBatch, select_new
from pbem.mail.transport.urls import ServerUrl, client_ssl_context

PROCESSED_KEYWORD = b"$PbemProcessed"
SEEN = b"\\Seen"
DEFAULT_TIMEOUT = 30.0
_T = TypeVar("_T")


class ImapSource:
    """A MailSource over IMAP: UID search, BODY.PEEK[] fetch, optional processed flag."""

    def __init__(
        self,
        url: ServerUrl,
        ssl_context: ssl.SSLContext | None = None,
        batch: int = DEFAULT_BATCH,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        _check_url(url)
        self.url = url
        self.batch = max(1, batch)
        self.timeout = timeout
        self._ssl_context = ssl_context or client_ssl_context(url)
        self._client: IMAPClient | None = None
        self._permanent_flags: tuple[bytes, ...] = ()
        self._status: dict[bytes, Any] = {}

    @property
    def identity(self) -> str:
        """imap://user@host:port/MAILBOX."""
        return self.url.identity()

    def __repr__(self) -> str:
        return f"ImapSource({self.url.redacted()!r})"

    def fetch_new(self, after_uid: int | None, uidvalidity: int | None) -> FetchBatch:
        """Messages with UID > after_uid (or all, when the UIDVALIDITY changed)."""
        return self._with_retry(lambda client: self._fetch(client, after_uid, uidvalidity))

    def has_new(self, after_uid: int | None, uidvalidity: int | None) -> bool:
        """Whether fetch_new would return any message: the same UID SEARCH, no bodies."""
        return self._with_retry(lambda client: self._any_new(client, after_uid, uidvalidity))

    def mark_processed(self, uids: Sequence[int]) -> None:
        """Flag messages $PbemProcessed (or \\Seen when the server takes no keywords)."""
        if uids:
            self._with_retry(lambda client: self._add_processed_flag(client, list(uids)))

    @property
    def processed_flag(self) -> bytes:
        """The flag mark_processed sets, judged from the last SELECT's PERMANENTFLAGS."""
        allowed = self._permanent_flags
        return PROCESSED_KEYWORD if b"\\*" in allowed or PROCESSED_KEYWORD in allowed else SEEN

    def close(self) -> None:
        """Log out and drop the connection."""
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(IMAPClientError, OSError):
                client.logout()

    def __enter__(self) -> ImapSource:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ----- internals -----------------------------------------------------------------

    def _with_retry(self, action: Callable[[IMAPClient], _T]) -> _T:
        """Run an action on a selected connection; reconnect once if an old one died.

        Servers drop idle connections, and Dovecot drops clients when a mailbox's
        UIDVALIDITY changes, so a stale connection is normal rather than an error.
        """
        reused = self._client is not None
        try:
            with _translated_errors(self.url):
                return action(self._selected())
        except SourceError as error:
            self.close()
            if not reused or error.code not in _RETRYABLE:
                raise
        with _translated_errors(self.url):
            return action(self._selected())

    def _selected(self) -> IMAPClient:
        """A logged-in client with the mailbox freshly selected (read-write)."""
        client = self._client or self._connect()
        self._client = client
        try:
            status = client.select_folder(self.url.mailbox, readonly=False)
        except IMAPClientAbortError:
            raise
        except IMAPClientError as exc:
            raise SourceError(
                f"cannot open mailbox {self.url.mailbox!r}: {exc}", "imap.E_MAILBOX"
            ) from exc
        self._status = status
        self._permanent_flags = tuple(status.get(b"PERMANENTFLAGS", ()))
        return client

    def _connect(self) -> IMAPClient:
        """Connect, upgrade with STARTTLS when asked, and log in."""
        url = self.url
        client = IMAPClient(
            url.host,
            port=url.port,
            ssl=url.tls == "ssl",
            ssl_context=self._ssl_context if url.tls == "ssl" else None,
            timeout=SocketTimeout(connect=self.timeout, read=self.timeout),
        )
        try:
            if url.tls == "starttls":
                client.starttls(self._ssl_context)
            client.login(url.user or "", url.password or "")
        except BaseException:
            with contextlib.suppress(Exception):
                client.shutdown()
            raise
        return client

    def _fetch(
        self, client: IMAPClient, after_uid: int | None, uidvalidity: int | None
    ) -> FetchBatch:
        """One UID search and fetch on a selected mailbox."""
        server_validity, changed, uids, more = self._search(client, after_uid, uidvalidity)
        return FetchBatch(server_validity, _fetch_bodies(client, uids), changed, more)

    def _any_new(self, client: IMAPClient, after_uid: int | None, uidvalidity: int | None) -> bool:
        """True when the UIDVALIDITY changed or a UID above after_uid exists."""
        _, changed, uids, _ = self._search(client, after_uid, uidvalidity)
        return changed or bool(uids)

    def _search(
        self, client: IMAPClient, after_uid: int | None, uidvalidity: int | None
    ) -> tuple[int, bool, list[int], bool]:
        """The server's UIDVALIDITY, whether it changed, the next batch of UIDs and if more."""
        server_validity = int(self._status[b"UIDVALIDITY"])
        changed = uidvalidity is not None and uidvalidity != server_validity
        floor = 0 if changed or after_uid is None else max(after_uid, 0)
        # "N:*" always matches the highest UID, even when it is below N; select_new filters.
        found = client.search(["UID", f"{floor + 1}:*"])
        uids, more = select_new(found, floor, self.batch)
        return server_validity, changed, uids, more

    def _add_processed_flag(self, client: IMAPClient, uids: list[int]) -> None:
        """Set the processed flag on `uids`."""
        client.add_flags(uids, [self.processed_flag], silent=True)


_RETRYABLE = frozenset({"imap.E_CONNECTION_LOST", "imap.E_CONNECT", "imap.E_TIMEOUT"})


def _check_url(url: ServerUrl) -> None:
    """Refuse URLs an ImapSource cannot use."""
    if url.scheme != "imap":
        raise UrlError(f"not an IMAP URL: {url.redacted()}", "url.E_SCHEME")
    if not url.user or url.password is None:
        raise UrlError(f"IMAP URL needs user and password: {url.redacted()}", "url.E_CREDENTIALS")


def _fetch_bodies(client: IMAPClient, uids: list[int]) -> list[tuple[int, bytes]]:
    """Raw messages for `uids` in UID order; BODY.PEEK leaves \\Seen alone."""
    if not uids:
        return []
    data = client.fetch(uids, [b"BODY.PEEK[]"])
    # A message expunged between SEARCH and FETCH is simply missing from the answer.
    return [(uid, bytes(data[uid][b"BODY[]"])) for uid in uids if b"BODY[]" in data.get(uid, {})]


@contextlib.contextmanager
def _translated_errors(url: ServerUrl) -> Iterator[None]:
    """Turn socket, TLS and IMAP exceptions into SourceError with a stable code."""
    where = url.redacted()
    try:
        yield
    except LoginError as exc:
        raise SourceError(f"login refused for {where}: {_text(exc)}", "imap.E_LOGIN") from exc
    except IMAPClientAbortError as exc:
        raise SourceError(f"connection lost to {where}", "imap.E_CONNECTION_LOST") from exc
    except (ssl.SSLError, ssl.CertificateError) as exc:
        raise SourceError(f"TLS failed with {where}: {exc}", "imap.E_TLS") from exc
    except TimeoutError as exc:
        raise SourceError(f"timed out talking to {where}", "imap.E_TIMEOUT") from exc
    except OSError as exc:
        raise SourceError(f"cannot reach {where}: {exc}", "imap.E_CONNECT") from exc
    except IMAPClientError as exc:
        raise SourceError(f"IMAP error from {where}: {_text(exc)}", "imap.E_PROTOCOL") from exc


def _text(exc: BaseException) -> str:
    """An exception's message as text (imapclient sometimes carries bytes)."""
    arg = exc.args[0] if exc.args else exc
    return arg.decode(errors="replace") if isinstance(arg, bytes) else str(arg)
