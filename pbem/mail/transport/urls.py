"""Parse mail server URLs (imap, imaps, smtp, smtps, maildir) into a ServerUrl.

Accepted forms::

    imap://user:pass@host:143/INBOX          plain IMAP
    imap://user:pass@host/INBOX?starttls=1   IMAP upgraded with STARTTLS (also imap+starttls://)
    imaps://user:pass@host:993/INBOX         IMAP over TLS
    smtp://user:pass@host:25                 plain SMTP (also ?starttls=1 or smtp+starttls://)
    smtps://user:pass@host:465               SMTP over TLS
    maildir:///var/mail/pbem/Maildir         a local Maildir

User and password are percent-decoded. Query parameters: ``starttls=1``, ``cafile=PATH``
(trust this CA bundle instead of the system store) and ``password_file=PATH`` (read the
password from a file, so it stays out of crontabs and shell history). The password is never
part of ``repr()``, ``str()`` or ``redacted()``.
"""

from __future__ import annotations

import os
import ssl
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import SplitResult, parse_qsl, quote, unquote, urlsplit

from pbem.mail.transport.errors import UrlError

TlsMode = Literal["none", "ssl", "starttls"]

# scheme as written -> (protocol, TLS mode)
_SCHEMES: dict[str, tuple[str, TlsMode]] = {
    "imap": ("imap", "none"),
    "imaps": ("imap", "ssl"),
    "imap+starttls": ("imap", "starttls"),
    "smtp": ("smtp", "none"),
    "smtps": ("smtp", "ssl"),
    "smtp+starttls": ("smtp", "starttls"),
    "maildir": ("maildir", "none"),
}
# (protocol, implicit TLS) -> default port
_DEFAULT_PORTS = {
    ("imap", False): 143,
    ("imap", True): 993,
    ("smtp", False): 25,
    ("smtp", True): 465,
}
_QUERY_KEYS = frozenset({"starttls", "cafile", "password_file"})
_TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
_FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})
MASK = "***"


@dataclass(frozen=True)
class ServerUrl:
    """A parsed mail server location; `scheme` is 'imap', 'smtp' or 'maildir'.

    The TLS flavour (imaps, smtps, STARTTLS) is in `tls`, not in `scheme`.
    """

    scheme: str
    host: str = ""
    port: int = 0
    user: str | None = None
    password: str | None = field(default=None, repr=False, compare=False)
    path: str = ""
    tls: TlsMode = "none"
    ca_file: str | None = None

    @property
    def mailbox(self) -> str:
        """The IMAP mailbox to read (INBOX when the URL names none)."""
        return self.path or "INBOX"

    def identity(self) -> str:
        """A stable key for this mailbox or server, without password or TLS details."""
        if self.scheme == "maildir":
            return f"maildir://{quote(self.path)}"
        user = f"{quote(self.user, safe='')}@" if self.user else ""
        tail = f"/{quote(self.mailbox, safe='')}" if self.scheme == "imap" else ""
        return f"{self.scheme}://{user}{_host_text(self.host)}:{self.port}{tail}"

    def redacted(self) -> str:
        """The URL with the password replaced by ***, safe for logs and error messages."""
        if self.scheme == "maildir":
            return self.identity()
        scheme = self.scheme + ("s" if self.tls == "ssl" else "")
        secret = f":{MASK}" if self.password is not None else ""
        user = f"{quote(self.user, safe='')}{secret}@" if self.user is not None else ""
        tail = f"/{quote(self.mailbox, safe='')}" if self.scheme == "imap" else ""
        query = _query_text(self.tls == "starttls", self.ca_file)
        return f"{scheme}://{user}{_host_text(self.host)}:{self.port}{tail}{query}"

    def __str__(self) -> str:
        return self.redacted()

    def __repr__(self) -> str:
        return f"ServerUrl({self.redacted()!r})"


def _host_text(host: str) -> str:
    """Bracket IPv6 literals so host:port stays readable."""
    return f"[{host}]" if ":" in host else host


def _query_text(starttls: bool, ca_file: str | None) -> str:
    """The query part of a redacted URL."""
    parts = ["starttls=1"] if starttls else []
    if ca_file:
        parts.append(f"cafile={quote(ca_file)}")
    return "?" + "&".join(parts) if parts else ""


def parse_server_url(text: str, allowed: Collection[str] | None = None) -> ServerUrl:
    """Parse a mail server URL; `allowed` (e.g. {'imap', 'maildir'}) restricts the scheme."""
    parts = urlsplit(text.strip())
    scheme = parts.scheme.lower()
    if scheme not in _SCHEMES:
        raise UrlError(f"unsupported URL scheme {scheme!r}", "url.E_SCHEME")
    protocol, tls = _SCHEMES[scheme]
    if allowed is not None and protocol not in allowed:
        wanted = " or ".join(sorted(allowed))
        raise UrlError(f"expected a {wanted} URL, got {scheme}://", "url.E_SCHEME")
    query = _parse_query(parts.query)
    if protocol == "maildir":
        return _maildir_url(parts.netloc, parts.path, query)
    tls = _tls_mode(tls, query)
    return ServerUrl(
        scheme=protocol,
        host=_host(parts.hostname),
        port=_port(parts, protocol, tls),
        user=unquote(parts.username) if parts.username is not None else None,
        password=_password(parts.password, query.get("password_file")),
        path=unquote(parts.path.lstrip("/")) if protocol == "imap" else "",
        tls=tls,
        ca_file=query.get("cafile") or None,
    )


def _parse_query(query: str) -> dict[str, str]:
    """Query parameters as a dict; unknown names are refused to catch typos."""
    pairs = parse_qsl(query, keep_blank_values=True)
    unknown = sorted({key for key, _ in pairs} - _QUERY_KEYS)
    if unknown:
        raise UrlError(f"unknown URL parameter(s): {', '.join(unknown)}", "url.E_QUERY")
    return dict(pairs)


def _tls_mode(tls: TlsMode, query: dict[str, str]) -> TlsMode:
    """Combine the scheme's TLS mode with a starttls= parameter."""
    word = query.get("starttls", "").strip().lower()
    if word not in _TRUE_WORDS | _FALSE_WORDS:
        raise UrlError(f"starttls must be 1 or 0, not {word!r}", "url.E_QUERY")
    if word not in _TRUE_WORDS:
        return tls
    if tls == "ssl":
        raise UrlError("starttls=1 makes no sense on an implicit-TLS URL", "url.E_QUERY")
    return "starttls"


def _host(hostname: str | None) -> str:
    """The host name, required for network URLs."""
    if not hostname:
        raise UrlError("the URL has no host", "url.E_HOST")
    return hostname


def _port(parts: SplitResult, protocol: str, tls: TlsMode) -> int:
    """The explicit port, or the protocol's default (143/993/25/465)."""
    try:
        port = parts.port
    except ValueError as exc:
        raise UrlError("the URL's port is not a number in 1..65535", "url.E_PORT") from exc
    if port is None:
        return _DEFAULT_PORTS[(protocol, tls == "ssl")]
    if not 0 < port < 65536:
        raise UrlError("the URL's port is not a number in 1..65535", "url.E_PORT")
    return int(port)


def _password(inline: str | None, password_file: str | None) -> str | None:
    """The percent-decoded inline password, or the first line of password_file."""
    if password_file is None:
        return unquote(inline) if inline is not None else None
    if inline is not None:
        raise UrlError("give the password inline or as password_file, not both", "url.E_QUERY")
    try:
        lines = Path(password_file).expanduser().read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        message = f"cannot read password_file {password_file}: {exc.strerror}"
        raise UrlError(message, "url.E_PASSWORD_FILE") from exc
    if not lines:
        raise UrlError(f"password_file {password_file} is empty", "url.E_PASSWORD_FILE")
    return lines[0]


def _maildir_url(netloc: str, path: str, query: dict[str, str]) -> ServerUrl:
    """A maildir:///abs/path (or maildir:relative/path) URL."""
    if netloc:
        raise UrlError("write maildir:///absolute/path (three slashes)", "url.E_PATH")
    if query:
        raise UrlError("maildir URLs take no parameters", "url.E_QUERY")
    if not path:
        raise UrlError("the maildir URL has no path", "url.E_PATH")
    return ServerUrl(scheme="maildir", path=os.path.abspath(os.path.expanduser(unquote(path))))


def client_ssl_context(url: ServerUrl) -> ssl.SSLContext | None:
    """A verifying TLS context for the URL: its cafile if given, else the system store."""
    if url.tls == "none":
        return None
    if url.ca_file:
        try:
            return ssl.create_default_context(cafile=url.ca_file)
        except (OSError, ssl.SSLError) as exc:
            raise UrlError(f"cannot load cafile {url.ca_file}: {exc}", "url.E_CAFILE") from exc
    return ssl.create_default_context()
