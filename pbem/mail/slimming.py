"""Sent mail without its pictures: the cut that keeps a stored copy's headers, text and HTML
and drops its image parts (services/outbox/sent_mail.py applies it to the ledger).

A mail pbem composed is cut on its bytes (its MIME boundaries cannot occur inside a base64 or
quoted-printable body); any other message goes through the email parser.
"""

from __future__ import annotations

import itertools
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

DROPPED_HEADER = "X-Pbem-Dropped"  # says what was taken out, so a reader of the copy knows
_IMAGE_PART = re.compile(rb"(?im)^content-type:[ \t]*image/")
# the delimiter lines of a multipart pbem composed (mail/outbound.py: _settle_parts)
_OWN_DELIMITER = re.compile(rb"(?m)^--=_pbem_[0-9a-f]{16}_[0-9]+(?:--)?\r?$")
_HEADER_END = re.compile(rb"\r?\n\r?\n")


def without_images(raw: bytes) -> bytes:
    """The message with every image part removed (the same bytes if it has none)."""
    if not _IMAGE_PART.search(raw):
        return raw
    own = _without_own_images(raw)
    return own if own is not None else _parsed_without_images(raw)


def _parsed_without_images(raw: bytes) -> bytes:
    """The cut for any MIME message, through the email parser."""
    message = BytesParser(policy=policy.SMTP).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    dropped = _drop_images(message)
    if not dropped:
        return raw
    message[DROPPED_HEADER] = f"{dropped} image part(s) after sending; resend draws the map again"
    return message.as_bytes(policy=policy.SMTP)


def _without_own_images(raw: bytes) -> bytes | None:
    """The same cut for a mail pbem composed, done on its bytes without parsing it; None when
    the mail is not one of ours (its boundaries cannot occur in a base64 or QP body)."""
    delimiters = list(_OWN_DELIMITER.finditer(raw))
    if not delimiters:
        return None
    kept, dropped, start = [], 0, 0
    for here, following in itertools.pairwise(delimiters):
        part = raw[here.end() : following.start()]
        head = _HEADER_END.split(part, maxsplit=1)[0]
        if _IMAGE_PART.search(head):
            kept.append(raw[start : here.start()])
            start, dropped = following.start(), dropped + 1
    if not dropped:
        return None
    kept.append(raw[start:])
    body = b"".join(kept)
    note = f"{DROPPED_HEADER}: {dropped} image part(s) after sending; resend draws the map again"
    end = _HEADER_END.search(body)
    if end is None:
        return None
    return body[: end.start()] + b"\r\n" + note.encode("ascii") + body[end.start() :]


def _drop_images(part: EmailMessage) -> int:
    """Remove image parts below `part`; return how many went."""
    if not part.is_multipart():
        return 0
    children = [c for c in part.iter_parts() if isinstance(c, EmailMessage)]
    kept = [c for c in children if c.get_content_maintype() != "image"]
    dropped = len(children) - len(kept) + sum(_drop_images(c) for c in kept)
    if len(kept) != len(children):
        part.set_payload(kept)  # type: ignore[arg-type]
    return dropped
