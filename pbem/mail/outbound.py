"""Compose outbound mail as bytes: text plus optional HTML, inline images, attachments."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.policy import Policy
from email.utils import format_datetime
from io import BytesIO
from typing import Any

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


def compose(
    *,
    sender: str,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    reply_to: str | None = None,
    auto_submitted: str = AUTO_REPLIED,
    loop_value: str,
    images: Sequence[InlineImage] = (),
    attachments: Sequence[Attachment] = (),
    extra_headers: dict[str, str] | None = None,
    date: datetime,
) -> bytes:
    """Build one complete RFC 5322 message (CRLF line ends) ready for SMTP.

    The bytes are written directly where mime_writer is sure of them, which covers the mail
    pbem sends; any other input goes through the email package, whose bytes they are.
    """
    fields: dict[str, Any] = {
        "sender": sender, "to": to, "subject": subject, "text": text, "html": html,
        "message_id": message_id, "in_reply_to": in_reply_to, "references": references,
        "reply_to": reply_to, "auto_submitted": auto_submitted, "loop_value": loop_value,
        "images": images, "attachments": attachments, "extra_headers": extra_headers,
        "date": date,
    }  # fmt: skip
    try:
        return _compose_fast(**fields)
    except Exception:  # not covered, or an error: the email package decides
        pass
    return _compose_slow(**fields)


def _compose_slow(
    *,
    sender: str,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    reply_to: str | None = None,
    auto_submitted: str = AUTO_REPLIED,
    loop_value: str,
    images: Sequence[InlineImage] = (),
    attachments: Sequence[Attachment] = (),
    extra_headers: dict[str, str] | None = None,
    date: datetime,
) -> bytes:
    """compose through the email package: build_message on SEND, flattened."""
    msg = build_message(
        SEND,
        sender=sender,
        to=to,
        subject=subject,
        text=text,
        html=html,
        message_id=message_id,
        in_reply_to=in_reply_to,
        references=references,
        reply_to=reply_to,
        auto_submitted=auto_submitted,
        loop_value=loop_value,
        images=images,
        attachments=attachments,
        extra_headers=extra_headers,
        date=date,
    )
    out = BytesIO()
    LineGenerator(out, mangle_from_=False, policy=SEND).flatten(msg, unixfrom=False)
    return out.getvalue()


def _compose_fast(
    *,
    sender: str,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    reply_to: str | None = None,
    auto_submitted: str = AUTO_REPLIED,
    loop_value: str,
    images: Sequence[InlineImage] = (),
    attachments: Sequence[Attachment] = (),
    extra_headers: dict[str, str] | None = None,
    date: datetime,
) -> bytes:
    """compose's bytes written directly; raises (NotCovered or the error) for anything else.

    Same headers in the same order as build_message: the ones it sets, then Content-Type
    (and Content-Transfer-Encoding for a lone text part), which the email package appends.
    """
    extra = extra_headers or {}
    names = [name.lower() for name in extra]
    odd_extra = any(n in _RESERVED or n.startswith("content-") for n in names)
    if odd_extra or len(set(names)) != len(names):
        raise mw.NotCovered("extra headers the email package has to judge")
    if images and html is None:
        raise ValueError("inline images need an HTML part to show them")
    if date.tzinfo is None:
        raise ValueError("date must carry a time zone")
    if auto_submitted not in AUTO_SUBMITTED_VALUES or auto_submitted == AUTO_NO:
        raise ValueError(f"not an automatic Auto-Submitted value: {auto_submitted!r}")
    head = [
        mw.address_line("From", sender),
        mw.address_line("To", to),
        mw.fold_own(_Unstructured("Subject", subject)),
        mw.date_line(date),
        mw.fold_own(_MessageIds("Message-ID", [message_id])),
        mw.folded("MIME-Version", "1.0"),
    ]
    if in_reply_to and _sendable_id(in_reply_to):
        head.append(mw.fold_own(_MessageIds("In-Reply-To", [in_reply_to])))
    threaded = [ref for ref in references if _sendable_id(ref)]
    if threaded:
        head.append(mw.fold_own(_MessageIds("References", threaded)))
    if reply_to:
        head.append(mw.address_line("Reply-To", reply_to))
    head.append(mw.folded(AUTO_SUBMITTED, auto_submitted))
    head.append(mw.folded(LOOP_HEADER, loop_value))
    head.extend(mw.folded(name, extra[name]) for name in sorted(extra))
    seed = hashlib.sha256(message_id.encode("utf-8")).hexdigest()[:16]
    return mw.render(b"".join(head), _fast_tree(text, html, images, attachments), seed)


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


def build_message(
    chosen: Policy,
    *,
    sender: str,
    to: str,
    subject: str,
    text: str,
    html: str | None,
    message_id: str,
    in_reply_to: str | None,
    references: Sequence[str],
    reply_to: str | None,
    auto_submitted: str,
    loop_value: str,
    images: Sequence[InlineImage],
    attachments: Sequence[Attachment],
    extra_headers: dict[str, str] | None,
    date: datetime,
) -> EmailMessage:
    """The message `compose` sends, on policy `chosen` (SEND, or policy.SMTP in the tests)."""
    if images and html is None:
        raise ValueError("inline images need an HTML part to show them")
    msg = EmailMessage(policy=chosen)
    _set_headers(msg, sender, to, subject, message_id, date)
    _set_threading(msg, in_reply_to, references, reply_to)
    _set_auto_headers(msg, auto_submitted, loop_value)
    _set_extra(msg, extra_headers or {})
    _set_body(msg, text, html, images)
    for image in images:
        if image.also_attach:
            _attach(msg, Attachment(image.filename, image.data, image.mime_type))
    for attachment in attachments:
        _attach(msg, attachment)
    _settle_parts(msg, message_id)
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
