"""Sent mail kept slim: once a mail is sent and `sent_raw_days` have passed, its stored copy
keeps the headers, the text and the HTML, and drops the map pictures.

The pictures are most of a report's bytes (nearly nine tenths in bench/ledger_growth.py).
Nothing needs them after sending: a resend (`RESEND` by mail, `pbem mail resend`) builds the
report again from the ledger and draws the map anew, and replay reads the stored inputs, never
the mail.
"""

from __future__ import annotations

import itertools
import re
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.ledger.models import Outbox
from pbem.services.base.budget import UNLIMITED, TimeBudget
from pbem.services.base.runtime import Runtime

PAGE = 200  # rows slimmed per transaction
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


def slim_sent(rt: Runtime, budget: TimeBudget = UNLIMITED) -> int:
    """Slim every sent mail older than `sent_raw_days` not yet slimmed; return how many."""
    try:
        cutoff = rt.clock.now() - timedelta(days=rt.settings.sent_raw_days)
    except OverflowError:  # kept longer than the calendar goes back: nothing is due
        return 0
    slimmed = 0
    while not budget.spent():
        with Session(rt.engine) as session:
            ids = _due(session, cutoff)
            for row_id in ids:
                _slim_one(session, rt, row_id)
            session.commit()
        slimmed += len(ids)
        if len(ids) < PAGE:
            break
    return slimmed


def _due(session: Session, cutoff: object) -> list[int]:
    """Sent rows not slimmed yet, sent before `cutoff` (index ix_outbox_slim)."""
    rows = session.exec(
        select(Outbox.id)
        .where(
            Outbox.status == "sent",
            col(Outbox.slimmed_at).is_(None),
            col(Outbox.sent_at) <= cutoff,
        )
        .order_by(col(Outbox.id))
        .limit(PAGE)
    ).all()
    return [r for r in rows if r is not None]


def _slim_one(session: Session, rt: Runtime, row_id: int) -> None:
    raw = session.exec(select(Outbox.raw).where(Outbox.id == row_id)).one()
    slim = without_images(raw)
    values: dict[str, object] = {"slimmed_at": rt.clock.now()}
    if slim is not raw:
        values["raw"] = slim
    session.exec(
        update(Outbox).where(col(Outbox.id) == row_id, col(Outbox.status) == "sent").values(values)
    )
