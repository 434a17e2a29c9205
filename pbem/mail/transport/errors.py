"""Errors raised by mail transports (URLs, IMAP, Maildir, SMTP), each with a stable code."""

from __future__ import annotations


class TransportError(Exception):
    """A mail transport failure with a stable code such as 'imap.E_LOGIN'.

    The message is a short English fallback; it never contains a password.
    """

    code = "transport.E_FAILED"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class UrlError(TransportError, ValueError):
    """A mail server URL that cannot be used."""

    code = "url.E_INVALID"


class SourceError(TransportError):
    """Reading mail from an IMAP server or a Maildir failed."""

    code = "source.E_FAILED"
