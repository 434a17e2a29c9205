"""The Mailer interface and its offline implementations: FileMailer and RecordingMailer.

SmtpMailer (pbem.mail.transport.smtp) sends for real; FileMailer writes .eml files for --dry-run and
demos; RecordingMailer keeps messages in memory for unit tests.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from pbem.mail.transport.smtp import SendError, SmtpMailer

ENVELOPES_FILE = "envelopes.jsonl"
_UNSAFE = re.compile(r"[^A-Za-z0-9@._+-]+")


@runtime_checkable
class Mailer(Protocol):
    """Something that delivers one raw message to envelope recipients."""

    def send_sync(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Deliver or raise TransientSendError / PermanentSendError."""
        ...


@dataclass(frozen=True)
class SentMessage:
    """One message as a mailer was asked to send it."""

    raw: bytes
    sender: str
    recipients: tuple[str, ...]


@dataclass
class RecordingMailer:
    """Keeps every message in `sent`; raises queued `failures` first, one per send."""

    sent: list[SentMessage] = field(default_factory=list)
    failures: list[SendError] = field(default_factory=list)

    def send_sync(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Record the message, or raise the next queued failure instead."""
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append(SentMessage(bytes(raw), sender, tuple(recipients)))

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Async twin of send_sync."""
        self.send_sync(raw, sender, recipients)


class FileMailer:
    """Writes each message byte for byte to DIR/NNNNNN-<recipient>.eml.

    The envelope (file, sender, recipients) is appended to DIR/envelopes.jsonl, because an
    .eml file alone does not say who it was for.
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)

    def __repr__(self) -> str:
        return f"FileMailer({str(self.directory)!r})"

    def send_sync(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Write the message and its envelope line."""
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self._new_file(raw, recipients[0] if recipients else "nobody")
        envelope = {"file": path.name, "sender": sender, "recipients": list(recipients)}
        with open(self.directory / ENVELOPES_FILE, "a", encoding="utf-8") as log:
            log.write(json.dumps(envelope, sort_keys=True) + "\n")

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Async twin of send_sync."""
        self.send_sync(raw, sender, recipients)

    def files(self) -> list[Path]:
        """The .eml files written so far, oldest first."""
        return sorted(self.directory.glob("*.eml"))

    def _new_file(self, raw: bytes, recipient: str) -> Path:
        """Create the next numbered file exclusively, so parallel writers never collide."""
        number = len(self.files()) + 1
        label = _UNSAFE.sub("_", recipient)[:60] or "recipient"
        while True:
            path = self.directory / f"{number:06d}-{label}.eml"
            try:
                with open(path, "xb") as handle:
                    handle.write(raw)
                return path
            except FileExistsError:
                number += 1


def sending(mailer: Mailer) -> AbstractContextManager[object]:
    """A context for one send pass: one SMTP connection for all of it where the mailer has
    sessions (SmtpMailer), nothing special otherwise."""
    session = getattr(mailer, "session", None)
    return session() if callable(session) else nullcontext()


def side_by_side(mailer: Mailer, count: int) -> list[Mailer]:
    """`count` mailers that may send at once: copies with sessions of their own where the
    mailer has sessions (SmtpMailer), the same mailer otherwise."""
    another = getattr(mailer, "another", None)
    if not callable(another):
        return [mailer] * count
    return [mailer, *(another() for _ in range(count - 1))]


def open_mailer(target: str) -> Mailer:
    """A mailer for `target`: an smtp(s):// URL, or file:///DIR for .eml files."""
    if target.startswith("file://"):
        return FileMailer(target.removeprefix("file://") or ".")
    return SmtpMailer(target)
