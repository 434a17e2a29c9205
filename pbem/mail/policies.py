"""The email package's policies and generator, doing the same work without repeating it.

Parsed headers are immutable strings, a pure function of their name and text: one parse can
serve every later use of the same header, in any message. Reading a mail asks for each part's
Content-Type a dozen times, and the mail pbem sends repeats the same From, Content-Type and
Auto-Submitted values; the email package parses every ask and every assignment anew.
"""

from __future__ import annotations

import re
from email.generator import BytesGenerator
from email.policy import EmailPolicy
from functools import lru_cache
from typing import Any

NLCRE = re.compile(r"\r\n|\r|\n")  # the line ends email.generator splits bodies at
MEMO_CHARS = 1024  # header values up to this long are parsed once and the result reused


class ReadPolicy(EmailPolicy):
    """policy.default, but a header value already parsed for reading is not parsed again."""

    def header_fetch_parse(self, name: str, value: str) -> Any:
        """The parsed header, from the memo when the value is short."""
        if hasattr(value, "name") or len(value) > MEMO_CHARS:
            return super().header_fetch_parse(name, value)
        return _fetched(name, value)


class SendPolicy(EmailPolicy):
    """policy.SMTP, but a header value already parsed for sending is not parsed again."""

    def header_store_parse(self, name: str, value: Any) -> tuple[str, Any]:
        """(name, parsed header), from the memo when the value is a short plain string."""
        if type(value) is str and len(value) <= MEMO_CHARS:
            return _stored(name, value)
        return super().header_store_parse(name, value)


READ = ReadPolicy()  # the same settings as policy.default
SEND = SendPolicy(linesep="\r\n")  # the same settings as policy.SMTP


@lru_cache(maxsize=512)
def _fetched(name: str, value: str) -> Any:
    """One header parsed by policy.default's rules."""
    return EmailPolicy.header_fetch_parse(READ, name, value)


@lru_cache(maxsize=512)
def _stored(name: str, value: str) -> tuple[str, Any]:
    """One header parsed by policy.SMTP's rules."""
    return EmailPolicy.header_store_parse(SEND, name, value)


class LineGenerator(BytesGenerator):
    """BytesGenerator writing a body's lines in one piece instead of two writes a line.

    The bytes are the same: the lines joined by the line separator, as the loop wrote them.
    Text without a carriage return splits at "\n" alone, so a replace does the same join.
    """

    def _write_lines(self, lines: str) -> None:
        """Write text with its line ends made the policy's."""
        if not lines:
            return
        linesep: str = self._NL  # type: ignore[attr-defined]
        if "\r" in lines:
            self.write(linesep.join(NLCRE.split(lines)))
        else:
            self.write(lines.replace("\n", linesep))
