"""Scripted players: they read their mail over IMAP and reply to pbem over SMTP, like people."""

from __future__ import annotations

import email
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.policy import default as default_policy
from email.utils import make_msgid

from imapclient import IMAPClient


@dataclass
class Mailbox:
    """Where a scripted player reads mail: an IMAP account on loopback."""

    host: str
    port: int
    user: str
    password: str


@dataclass
class Letter:
    """A received message, decoded."""

    uid: int
    message: Message

    @property
    def subject(self) -> str:
        """The decoded subject."""
        return str(self.message.get("Subject", ""))

    def part(self, mime_type: str) -> bytes | None:
        """The first part of a MIME type, decoded."""
        for part in self.message.walk():
            if part.get_content_type() == mime_type and not part.is_multipart():
                payload = part.get_payload(decode=True)
                return payload if isinstance(payload, bytes) else None
        return None

    def text(self) -> str:
        """The text/plain body."""
        raw = self.part("text/plain")
        return raw.decode("utf-8", "replace") if raw else ""


class ScriptedPlayer:
    """One player: reads new mail, replies with orders through a real SMTP server."""

    def __init__(
        self, name: str, address: str, mailbox: Mailbox, smtp_host: str, smtp_port: int
    ) -> None:
        self.name, self.address, self.mailbox = name, address, mailbox
        self.smtp_host, self.smtp_port = smtp_host, smtp_port
        self.seen = 0
        self.last: Letter | None = None  # the latest mail, which a reply answers
        self.answered = ""  # the key of the phase this player last sent input for

    def new_mail(self) -> list[Letter]:
        """Messages that arrived since the last look, oldest first."""
        client = IMAPClient(self.mailbox.host, port=self.mailbox.port, ssl=False, timeout=10)
        try:
            client.login(self.mailbox.user, self.mailbox.password)
            client.select_folder("INBOX", readonly=True)
            uids = sorted(u for u in client.search(["UID", f"{self.seen + 1}:*"]) if u > self.seen)
            fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
        finally:
            client.logout()
        letters = [
            Letter(uid, email.message_from_bytes(fetched[uid][b"BODY[]"], policy=default_policy))
            for uid in uids
        ]
        self.seen = max([self.seen, *uids])
        self.last = letters[-1] if letters else self.last
        return letters

    def reply(self, to: Letter, body: str) -> None:
        """Reply to a letter the way a mail client does: Reply-To, Re: subject, quoted text."""
        original = to.message
        reply = EmailMessage()
        reply["From"] = f"{self.name} <{self.address}>"
        reply["To"] = str(original.get("Reply-To") or original.get("From"))
        reply["Subject"] = "Re: " + to.subject
        reply["Message-ID"] = make_msgid(domain="players.localhost")
        reply["In-Reply-To"] = str(original.get("Message-ID", ""))
        quoted = "\n".join("> " + line for line in to.text().splitlines()[:20])
        reply.set_content(f"{body}\n\nOn a fine day, pbem wrote:\n{quoted}\n")
        with smtplib.SMTP(self.smtp_host, self.smtp_port, timeout=30) as smtp:
            smtp.send_message(reply)
