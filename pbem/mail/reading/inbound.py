"""Read one raw inbound mail into an Inbound record; never raises, whatever the bytes."""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime

from pydantic import BaseModel, ConfigDict

from pbem.mail.headers import (
    HEADERS_OF_INTEREST,
    decode_words,
    raw_value,
    raw_values,
    safe_header,
    safe_message_id,
    safe_text,
)
from pbem.mail.policies import READ
from pbem.mail.reading.body import (
    E_TOO_DEEP,
    E_TOO_LARGE,
    E_TOO_MANY_PARTS,
    E_UNPARSEABLE,
    Body,
    Source,
    extract_body,
)
from pbem.mail.reading.classify import R_NORMAL, Kind, bounced_recipient, explain
from pbem.mail.reading.mimeparts import count_parts, has_long_mime_header

_ANGLED = re.compile(r"<([^<>\s]+)>")
_ADDR_SPEC = re.compile(r"^[^\s<>@,;]+@[^\s<>@,;]+$")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_HEADER_CAP = 256 * 1024
MAX_PARTS = 200  # far beyond any real order mail; the modern parser slows down past it
_NESTING_MARKERS = re.compile(rb"boundary\s*=|message/rfc822", re.IGNORECASE)


class Inbound(BaseModel):
    """Everything pbem needs from one received mail, decoded and classified."""

    model_config = ConfigDict(frozen=True)

    message_id: str
    from_address: str = ""
    from_name: str = ""
    to_addresses: tuple[str, ...] = ()
    subject: str = ""
    in_reply_to: str | None = None
    references: tuple[str, ...] = ()
    date: str = ""
    sent_at: datetime | None = None
    headers: dict[str, str] = {}
    body_text: str = ""
    body_source: Source = "none"
    attachment_name: str | None = None
    unread_attachment: str | None = None  # an order file beside the text, not read
    kind: Kind = "normal"
    kind_reason: str = R_NORMAL
    bounced_recipient: str | None = None
    refusal: str | None = None
    digest: str
    size: int


def read_message(raw: bytes, max_bytes: int = 1_000_000, max_depth: int = 10) -> Inbound:
    """Parse, decode, classify and extract the order text of `raw`; never raises."""
    digest = hashlib.sha256(raw).hexdigest()
    try:
        return _sanitised(_read(raw, digest, max_bytes, max_depth))
    except Exception:
        return _bare(raw, digest, E_UNPARSEABLE)


def _sanitised(record: Inbound) -> Inbound:
    """The record with every text value made safe to store, quote and send on."""
    return record.model_copy(
        update={
            "message_id": safe_message_id(record.message_id) or _synthetic_id(record.digest),
            "from_address": safe_header(record.from_address),
            "from_name": safe_header(record.from_name),
            "to_addresses": tuple(safe_header(a) for a in record.to_addresses),
            "subject": safe_header(record.subject),
            "in_reply_to": _safe_id(record.in_reply_to),
            "references": tuple(safe_message_id(r) for r in record.references[:50]),
            "date": safe_header(record.date),
            "headers": {k: safe_header(v) for k, v in record.headers.items()},
            "body_text": safe_text(record.body_text),
            "attachment_name": _safe_optional(record.attachment_name),
            "unread_attachment": _safe_optional(record.unread_attachment),
            "bounced_recipient": _safe_optional(record.bounced_recipient),
        }
    )


def _safe_id(value: str | None) -> str | None:
    """A safe Message-ID, or None."""
    return safe_message_id(value) if value else None


def _safe_optional(value: str | None) -> str | None:
    """A safe header value, or None."""
    return safe_header(value) if value is not None else None


def _read(raw: bytes, digest: str, max_bytes: int, max_depth: int) -> Inbound:
    """Read with the modern policy, falling back to compat32 when it trips or would crawl."""
    if len(raw) > max_bytes:
        return _headers_only(raw, digest, E_TOO_LARGE)
    if len(_NESTING_MARKERS.findall(raw)) > 4 * max_depth + 20:
        return _headers_only(raw, digest, E_TOO_DEEP)
    try:
        legacy = _parse(raw, modern=False)
        if count_parts(legacy, MAX_PARTS + 1) > MAX_PARTS:
            return _headers_only(raw, digest, E_TOO_MANY_PARTS)
        if has_long_mime_header(legacy):
            return _from_message(legacy, raw, digest, max_depth)
        try:
            return _from_message(_parse(raw, modern=True), raw, digest, max_depth)
        except Exception:
            return _from_message(legacy, raw, digest, max_depth)
    except RecursionError:
        return _headers_only(raw, digest, E_TOO_DEEP)


def _parse(raw: bytes, modern: bool, headers_only: bool = False) -> Message:
    """Parse bytes with policy.default's rules (modern) or compat32."""
    chosen = READ if modern else policy.compat32
    return BytesParser(policy=chosen).parsebytes(raw, headersonly=headers_only)


def _from_message(msg: Message, raw: bytes, digest: str, max_depth: int) -> Inbound:
    """Build the full record from a parsed message."""
    if not msg.keys():
        return _bare(raw, digest, E_UNPARSEABLE)
    body = extract_body(msg, max_depth)
    record = _header_record(msg, raw, digest)
    bounced = None
    if record.kind == "bounce" and body.refusal != E_TOO_DEEP:
        bounced = bounced_recipient(msg)
    return record.model_copy(update=_body_fields(body) | {"bounced_recipient": bounced})


def _body_fields(body: Body) -> dict[str, object]:
    """The Inbound fields that come from the body."""
    return {
        "body_text": body.text,
        "body_source": body.source,
        "attachment_name": body.attachment_name,
        "unread_attachment": body.unread_attachment,
        "refusal": body.refusal,
    }


def _headers_only(raw: bytes, digest: str, refusal: str) -> Inbound:
    """A record from the header block alone, for mail refused before full parsing."""
    match = _HEADER_END.search(raw, 0, _HEADER_CAP)
    head = raw[: match.end()] if match else raw[:_HEADER_CAP]
    try:
        msg = _parse(head, modern=False, headers_only=True)
        return _header_record(msg, raw, digest).model_copy(update={"refusal": refusal})
    except Exception:
        return _bare(raw, digest, refusal)


def _bare(raw: bytes, digest: str, refusal: str) -> Inbound:
    """The smallest record: a synthetic Message-ID, the digest and a refusal."""
    return Inbound(message_id=_synthetic_id(digest), refusal=refusal, digest=digest, size=len(raw))


def _header_record(msg: Message, raw: bytes, digest: str) -> Inbound:
    """A record of the decoded envelope, threading fields and classification."""
    name, address = _first_address(raw_value(msg, "From"))
    date = raw_value(msg, "Date")
    verdict = explain(msg)
    return Inbound(
        message_id=_first_id(raw_value(msg, "Message-ID")) or _synthetic_id(digest),
        from_address=address,
        from_name=name,
        to_addresses=_recipients(msg),
        subject=decode_words(raw_value(msg, "Subject")).strip(),
        in_reply_to=_first_id(raw_value(msg, "In-Reply-To")),
        references=tuple(_ids(raw_value(msg, "References"))),
        date=decode_words(date),
        sent_at=_parse_date(date),
        headers=_interesting(msg),
        kind=verdict.kind,
        kind_reason=verdict.reason,
        digest=digest,
        size=len(raw),
    )


def _first_address(value: str) -> tuple[str, str]:
    """(decoded display name, lower-cased address) of the first address in a header."""
    pairs = _addresses([value]) if value else []
    if not pairs:
        return "", ""
    name, address = pairs[0]
    return decode_words(name).strip(), _addr_spec(address)


def _recipients(msg: Message) -> tuple[str, ...]:
    """Addresses from To, Cc, Delivered-To and X-Original-To, lower-cased, in order, once each."""
    found: list[str] = []
    for header in ("To", "Cc", "Delivered-To", "X-Original-To"):
        values = raw_values(msg, header)
        for _, address in _addresses(values) if values else []:
            address = _addr_spec(address)
            if address and address not in found:
                found.append(address)
    return tuple(found)


def _addresses(values: list[str]) -> list[tuple[str, str]]:
    """(name, address) pairs from address headers; none when the parser gives up."""
    try:
        return getaddresses(values)
    except Exception:  # deeply nested comments exhaust the recursive legacy parser
        return []


def _addr_spec(address: str) -> str:
    """A lower-cased addr-spec, or "" when the text is not one."""
    cleaned = decode_words(address).strip().lower()
    return cleaned if _ADDR_SPEC.match(cleaned) else ""


def _synthetic_id(digest: str) -> str:
    """A stable stand-in Message-ID for mail that has none."""
    return f"nomsgid-{digest}"


def _first_id(value: str) -> str | None:
    """The first <id> in a header value, else its first word, else None."""
    ids = _ids(value)
    return ids[0] if ids else None


def _ids(value: str) -> list[str]:
    """Message ids in a header value; bare words when there are no angle brackets."""
    value = decode_words(value)
    angled = _ANGLED.findall(value)
    return angled if angled else value.split()


def _parse_date(value: str) -> datetime | None:
    """The Date header as a datetime, or None when it does not parse."""
    try:
        return parsedate_to_datetime(value) if value else None
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _interesting(msg: Message) -> dict[str, str]:
    """The headers classification and routing care about, decoded."""
    found: dict[str, str] = {}
    for name in HEADERS_OF_INTEREST:
        values = raw_values(msg, name)
        if values:
            found[name] = decode_words(values[0])
    return found
