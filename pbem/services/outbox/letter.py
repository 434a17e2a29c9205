"""A letter: one message to queue, with its idempotency key and kind. It becomes the mail's
`OutgoingMessage` when it is queued, from the referee's address with a Message-ID of its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pbem.mail.outbound import Attachment, InlineImage, OutgoingMessage


@dataclass(frozen=True)
class Letter:
    """One message to queue: who, what, and how it threads."""

    key: str  # idempotency key: the same key never queues twice
    kind: str
    to: str
    subject: str
    text: str
    html: str | None = None
    reply_to: str | None = None
    in_reply_to: str | None = None
    references: Sequence[str] = ()
    images: Sequence[InlineImage] = ()
    attachments: Sequence[Attachment] = ()
    auto_submitted: str = "auto-generated"
    player_id: int | None = None  # the player it goes to, for VERP bounces

    def message(
        self, sender: str, message_id: str, date: datetime, loop_value: str
    ) -> OutgoingMessage:
        """The letter as the message sent from `sender` under `message_id` at `date`."""
        return OutgoingMessage(
            sender=sender, to=self.to, subject=self.subject, text=self.text,
            message_id=message_id, date=date, loop_value=loop_value, html=self.html,
            in_reply_to=self.in_reply_to, references=tuple(self.references),
            reply_to=self.reply_to, auto_submitted=self.auto_submitted,
            images=tuple(self.images), attachments=tuple(self.attachments),
        )  # fmt: skip
