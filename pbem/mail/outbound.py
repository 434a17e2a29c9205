"""Compose outbound mail as bytes: text plus optional HTML, inline images, attachments."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.policy import Policy
from email.utils import format_datetime
from io import BytesIO

from pbem.mail import mime_writer as mw
from pbem.mail.headers import (
    AUTO_NO,
    AUTO_REPLIED,
    AUTO_SUBMITTED,
    AUTO_SUBMITTED_VALUES,
    LOOP_HEADER,
    fold_words,
)
from pbem.mail.policies import SEND, LineGenerator

_RESERVED = frozenset(
    name.lower()
    for name in (
        "From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References",
        "Reply-To", "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
        AUTO_SUBMITTED, LOOP_HEADER,
    )
)  # fmt: skip


class _Unstructured(str):
    """A header value folded by pbem itself; email's policies keep objects with a `name` as is.

    (CPython's own folder can drop a space between two encoded words of a long subject.)
    """

    name: str

    def __new__(cls, name: str, value: str) -> _Unstructured:
        """Keep the decoded value as the string, and remember the header name."""
        if "\n" in value or "\r" in value:
            raise ValueError("header values may not contain line breaks")
        made = super().__new__(cls, value)
        made.name = name
        return made

    def fold(self, *, policy: Policy) -> str:
        """The header as folded, encoded lines."""
        return policy.linesep.join(fold_words(self.name, str(self))) + policy.linesep


class _MessageIds(str):
    """Message-ID, In-Reply-To or References: msg-id tokens, folded between ids, never encoded.

    Left to the email package, an id of 78 characters or more comes out as an RFC 2047
    encoded word, which no mail client matches when threading.
    """

    name: str

    def __new__(cls, name: str, ids: Sequence[str]) -> _MessageIds:
        """Keep the ids as one space-separated string, and remember the header name."""
        cleaned = [_angled(i) for i in ids]
        if any(ch.isspace() for i in cleaned for ch in i):
            raise ValueError("message ids may not contain white space")
        made = super().__new__(cls, " ".join(cleaned))
        made.name = name
        return made

    def fold(self, *, policy: Policy) -> str:
        """The header folded before an id when the line would pass 78 characters."""
        lines = [f"{self.name}:"]
        for index, msg_id in enumerate(str(self).split(" ")):
            if index and len(lines[-1]) + 1 + len(msg_id) > 78:
                lines.append("")
            lines[-1] += " " + msg_id
        return policy.linesep.join(lines) + policy.linesep


@dataclass(frozen=True)
class InlineImage:
    """An image shown inside the HTML part as cid:<cid>; optionally also attached."""

    cid: str
    filename: str
    data: bytes
    mime_type: str = "image/png"
    also_attach: bool = False


@dataclass(frozen=True)
class Attachment:
    """A file attached to the mail."""

    filename: str
    data: bytes
    mime_type: str = "application/octet-stream"


def make_message_id(key: str, domain: str) -> str:
    """A deterministic Message-ID for a key; only for ids never sent as a message's own."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return f"<pbem.{digest}@{domain}>"


def new_message_id(domain: str) -> str:
    """A fresh Message-ID with 128 random bits, e.g. <pbem.r.9f2c...@example.org>."""
    return f"<pbem.r.{secrets.token_hex(16)}@{domain}>"


@dataclass(frozen=True)
class OutgoingMessage:
    """One message to send, whole: envelope headers, threading, automatic-mail marks and
    parts. `compose` turns it into the bytes SMTP sends."""

    sender: str
    to: str
    subject: str
    text: str
    message_id: str
    date: datetime
    loop_value: str
    html: str | None = None
    in_reply_to: str | None = None
    references: Sequence[str] = ()
    reply_to: str | None = None
    auto_submitted: str = AUTO_REPLIED
    images: Sequence[InlineImage] = ()
    attachments: Sequence[Attachment] = ()
    extra_headers: Mapping[str, str] = field(default_factory=dict)


def compose(message: OutgoingMessage) -> bytes:
    """Build one complete RFC 5322 message (CRLF line ends) ready for SMTP.

    The bytes are written directly where mime_writer is sure of them, which covers the mail
    pbem sends; any other input goes through the email package, whose bytes they are.
    """
    try:
        return _compose_fast(message)
    except Exception:  # not covered, or an error: the email package decides
        pass
    return _compose_slow(message)


def _compose_slow(message: OutgoingMessage) -> bytes:
    """compose through the email package: build_message on SEND, flattened."""
    out = BytesIO()
    generator = LineGenerator(out, mangle_from_=False, policy=SEND)
    generator.flatten(build_message(SEND, message), unixfrom=False)
    return out.getvalue()


def _compose_fast(message: OutgoingMessage) -> bytes:
    """compose's bytes written directly; raises (NotCovered or the error) for anything else.

    Same headers in the same order as build_message: the ones it sets, then Content-Type
    (and Content-Transfer-Encoding for a lone text part), which the email package appends.
    """
    _check_fast(message)
    head = [
        mw.address_line("From", message.sender),
        mw.address_line("To", message.to),
        mw.fold_own(_Unstructured("Subject", message.subject)),
        mw.date_line(message.date),
        mw.fold_own(_MessageIds("Message-ID", [message.message_id])),
        mw.folded("MIME-Version", "1.0"),
    ]
    if message.in_reply_to and _sendable_id(message.in_reply_to):
        head.append(mw.fold_own(_MessageIds("In-Reply-To", [message.in_reply_to])))
    threaded = [ref for ref in message.references if _sendable_id(ref)]
    if threaded:
        head.append(mw.fold_own(_MessageIds("References", threaded)))
    if message.reply_to:
        head.append(mw.address_line("Reply-To", message.reply_to))
    head.append(mw.folded(AUTO_SUBMITTED, message.auto_submitted))
    head.append(mw.folded(LOOP_HEADER, message.loop_value))
    extra = message.extra_headers
    head.extend(mw.folded(name, extra[name]) for name in sorted(extra))
    seed = hashlib.sha256(message.message_id.encode("utf-8")).hexdigest()[:16]
    tree = _fast_tree(message.text, message.html, message.images, message.attachments)
    return mw.render(b"".join(head), tree, seed)


def _check_fast(message: OutgoingMessage) -> None:
    """Raise for what the direct writer does not cover or must refuse."""
    names = [name.lower() for name in message.extra_headers]
    odd_extra = any(n in _RESERVED or n.startswith("content-") for n in names)
    if odd_extra or len(set(names)) != len(names):
        raise mw.NotCovered("extra headers the email package has to judge")
    if message.images and message.html is None:
        raise ValueError("inline images need an HTML part to show them")
    if message.date.tzinfo is None:
        raise ValueError("date must carry a time zone")
    auto = message.auto_submitted
    if auto not in AUTO_SUBMITTED_VALUES or auto == AUTO_NO:
        raise ValueError(f"not an automatic Auto-Submitted value: {auto!r}")


def _fast_tree(
    text: str, html: str | None, images: Sequence[InlineImage], attachments: Sequence[Attachment]
) -> mw.Leaf | mw.Multipart:
    """The part tree _set_body, add_attachment and _settle_parts build, with encoded bodies."""
    encoded: dict[int, tuple[bytes, bytes]] = {}  # a map both shown and attached: encoded once

    def base64(data: bytes) -> bytes:
        """data in base64, once per bytes object."""
        known = encoded.get(id(data))
        if known is None or known[0] is not data:
            known = encoded[id(data)] = (data, mw.base64_body(data))
        return known[1]

    body: mw.Leaf | mw.Multipart = mw.Leaf(mw.TEXT_HEAD, mw.qp_body(text))
    if html is not None:
        html_part = mw.Leaf(mw.HTML_HEAD, mw.qp_body(html))
        if images:
            shown = tuple(
                mw.Leaf(
                    mw.binary_head(_split_type(i.mime_type), "inline", i.filename, _angled(i.cid)),
                    base64(i.data),
                )
                for i in images
            )
            body = mw.Multipart("alternative", (body, mw.Multipart("related", (html_part, *shown))))
        else:
            body = mw.Multipart("alternative", (body, html_part))
    files = [Attachment(i.filename, i.data, i.mime_type) for i in images if i.also_attach]
    files += attachments
    if not files:
        return body
    attached = tuple(
        mw.Leaf(
            mw.binary_head(_split_type(f.mime_type), "attachment", f.filename, None),
            base64(f.data),
        )
        for f in files
    )
    return mw.Multipart("mixed", (body, *attached))


def build_message(chosen: Policy, message: OutgoingMessage) -> EmailMessage:
    """The message `compose` sends, on policy `chosen` (SEND, or policy.SMTP in the tests)."""
    if message.images and message.html is None:
        raise ValueError("inline images need an HTML part to show them")
    msg = EmailMessage(policy=chosen)
    _set_headers(msg, message.sender, message.to, message.subject, message.message_id,
                 message.date)  # fmt: skip
    _set_threading(msg, message.in_reply_to, message.references, message.reply_to)
    _set_auto_headers(msg, message.auto_submitted, message.loop_value)
    _set_extra(msg, dict(message.extra_headers))
    _set_body(msg, message.text, message.html, message.images)
    for image in message.images:
        if image.also_attach:
            _attach(msg, Attachment(image.filename, image.data, image.mime_type))
    for attachment in message.attachments:
        _attach(msg, attachment)
    _settle_parts(msg, message.message_id)
    return msg


def _settle_parts(msg: EmailMessage, message_id: str) -> None:
    """Give multiparts deterministic boundaries and drop MIME-Version from sub-parts.

    "=_" cannot occur in quoted-printable or base64 bodies, so the boundary is safe.
    """
    seed = hashlib.sha256(message_id.encode("utf-8")).hexdigest()[:16]
    for index, part in enumerate(msg.walk()):
        if part is not msg:
            del part["MIME-Version"]
        if part.is_multipart():
            part.set_boundary(f"=_pbem_{seed}_{index}")


def _set_headers(
    msg: EmailMessage, sender: str, to: str, subject: str, message_id: str, date: datetime
) -> None:
    """Originator, recipient, subject, identity and date."""
    if date.tzinfo is None:
        raise ValueError("date must carry a time zone")
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = _Unstructured("Subject", subject)
    msg["Date"] = format_datetime(date)
    msg["Message-ID"] = _MessageIds("Message-ID", [message_id])
    msg["MIME-Version"] = "1.0"


def _set_threading(
    msg: EmailMessage, in_reply_to: str | None, references: Sequence[str], reply_to: str | None
) -> None:
    """In-Reply-To, References and Reply-To, when given."""
    replied = [in_reply_to] if in_reply_to and _sendable_id(in_reply_to) else []
    if replied:
        msg["In-Reply-To"] = _MessageIds("In-Reply-To", replied)
    threaded = [ref for ref in references if _sendable_id(ref)]
    if threaded:
        msg["References"] = _MessageIds("References", threaded)
    if reply_to:
        msg["Reply-To"] = reply_to


def _set_auto_headers(msg: EmailMessage, auto_submitted: str, loop_value: str) -> None:
    """RFC 3834 Auto-Submitted and pbem's loop header, on every message."""
    if auto_submitted not in AUTO_SUBMITTED_VALUES or auto_submitted == AUTO_NO:
        raise ValueError(f"not an automatic Auto-Submitted value: {auto_submitted!r}")
    msg[AUTO_SUBMITTED] = auto_submitted
    msg[LOOP_HEADER] = loop_value


def _set_extra(msg: EmailMessage, extra: dict[str, str]) -> None:
    """Caller's additional headers; they may not replace the ones set here."""
    for name in sorted(extra):
        if name.lower() in _RESERVED:
            raise ValueError(f"header {name} is set by compose itself")
        msg[name] = extra[name]


def _set_body(
    msg: EmailMessage, text: str, html: str | None, images: Sequence[InlineImage]
) -> None:
    """text/plain, or multipart/alternative with HTML (multipart/related with images)."""
    msg.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")
    if html is None:
        return
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    html_part = list(msg.iter_parts())[-1]
    for image in images:
        maintype, subtype = _split_type(image.mime_type)
        html_part.add_related(
            image.data,
            maintype,
            subtype,
            cid=_angled(image.cid),
            filename=image.filename,
            disposition="inline",
        )


def _attach(msg: EmailMessage, attachment: Attachment) -> None:
    """Add one file as Content-Disposition: attachment (base64)."""
    maintype, subtype = _split_type(attachment.mime_type)
    msg.add_attachment(attachment.data, maintype, subtype, filename=attachment.filename)


def _split_type(mime_type: str) -> tuple[str, str]:
    """("image", "png") from "image/png"; application/octet-stream when malformed."""
    maintype, _, subtype = mime_type.partition("/")
    if not maintype or not subtype:
        return "application", "octet-stream"
    return maintype, subtype


def _sendable_id(message_id: str) -> bool:
    """Whether an id can go in a header as it is: printable ASCII, no spaces, within 998."""
    bare = message_id.strip().strip("<>")
    plain = all(" " < ch < "\x7f" and ch not in "<>" for ch in bare)
    return bool(bare) and len(bare) < 990 and plain


def _angled(message_id: str) -> str:
    """A message id wrapped in exactly one pair of angle brackets."""
    return f"<{message_id.strip().strip('<>')}>"
